import type {
  OperationName,
  RequestOf,
  ResponseOf,
  Result,
  StreamDataOf,
  StreamEndOf,
  StreamName,
  StreamRequestOf,
  WireError,
} from '../../../shared/contract/index';
import type { AnyHostStreamEvent, Host, StreamHandle } from './host';
import type { Delivered } from './held-parts';

type OpImpl<K extends OperationName> = (request: RequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>> | Result<ResponseOf<K>>;
type StreamImpl<K extends StreamName> = (request: StreamRequestOf<K>, emit: (data: StreamDataOf<K>) => void, signal: AbortSignal) => Promise<StreamEndOf<K>>;

export interface FakeHostSetup {
  ops?: { [K in OperationName]?: OpImpl<K> };
  streams?: { [K in StreamName]?: StreamImpl<K> };
}

export interface FakeCall {
  op: string;
  request: unknown;
  requestId?: string;
}

export interface FakeHost extends Host {
  /** Every invoke and stream start, in order, for assertions. */
  calls: FakeCall[];
}

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof (value as { ok: unknown }).ok === 'boolean';
}

function asWireError(error: unknown): WireError {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) return error as WireError;
  return { code: 'internal', message: (error as Error)?.message ?? String(error) };
}

/** An in-memory Host for unit and component tests: scripted answers, recorded calls. */
export function createFakeHost(setup: FakeHostSetup = {}): FakeHost {
  const calls: FakeCall[] = [];
  const running = new Map<string, AbortController>();
  let next = 1;

  async function invokeAny(op: OperationName, request: unknown): Promise<Result<unknown>> {
    calls.push({ op, request });
    if (op === 'stream.cancel') {
      const id = (request as { requestId: string }).requestId;
      const controller = running.get(id);
      controller?.abort();
      return { ok: true, value: { cancelled: Boolean(controller) } };
    }
    const impl = setup.ops?.[op] as ((request: unknown) => unknown) | undefined;
    if (!impl) return { ok: false, error: { code: 'unknown-operation', message: `The fake host has no ${op}.` } };
    try {
      const value = await impl(request);
      return isResult(value) ? value : { ok: true, value };
    } catch (error) {
      return { ok: false, error: asWireError(error) };
    }
  }

  function streamAny(op: StreamName, request: unknown, onEvent: (event: AnyHostStreamEvent) => void): StreamHandle {
    const requestId = `fake-${next++}`;
    calls.push({ op, request, requestId });
    const controller = new AbortController();
    running.set(requestId, controller);
    let seq = 0;
    const impl = setup.streams?.[op] as StreamImpl<StreamName> | undefined;
    const done = (async () => {
      // Let the caller store the handle before the first event arrives, as a real transport would.
      await Promise.resolve();
      try {
        if (!impl) throw { code: 'unknown-operation', message: `The fake host has no ${op}.` };
        const value = await impl(request as never, (data) => onEvent({ requestId, seq: seq++, kind: 'data', data, readAgain: () => data }), controller.signal);
        onEvent({ requestId, seq: seq++, kind: 'end', value });
      } catch (error) {
        onEvent({ requestId, seq: seq++, kind: 'error', error: asWireError(error) });
      } finally {
        running.delete(requestId);
      }
    })();
    return {
      requestId,
      done,
      async cancel() {
        await invokeAny('stream.cancel', { requestId });
      },
    };
  }

  return {
    kind: 'fake',
    calls,
    invoke: <K extends OperationName>(op: K, request: RequestOf<K>) => invokeAny(op, request) as Promise<Result<Delivered<ResponseOf<K>>>>,
    stream: (op, request, onEvent) => streamAny(op, request, onEvent as (event: AnyHostStreamEvent) => void),
  };
}
