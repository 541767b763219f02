import type {
  OperationName,
  RequestOf,
  ResponseOf,
  Result,
  StreamDataOf,
  StreamEndOf,
  StreamEvent,
  StreamName,
  StreamRequestOf,
  WireError,
} from '../../shared/contract/index';
import { isObject } from '../../shared/a2a/payload';
import { isOperationName, isStreamName } from '../../shared/contract/index';
import { CoreError, toWireError } from './core-error';
import type { HandlerContext, HandlerTable } from './handler-types';
import { maxRequestDepth, nestsDeeperThan } from './request-depth';
import { neverAborted } from './never-aborted';

export type AnyStreamEvent = StreamEvent<unknown, unknown>;
type EventBody = AnyStreamEvent extends infer E ? (E extends AnyStreamEvent ? Omit<E, 'requestId' | 'seq'> : never) : never;

/**
 * The one place where contract names meet handlers. Electron IPC, the browser host and the
 * back-to-back tests all call through this, so every transport behaves identically.
 */
export interface Dispatcher {
  invoke<K extends OperationName>(op: K, request: RequestOf<K>): Promise<Result<ResponseOf<K>>>;
  /** Untyped entry for transports that receive names off the wire. */
  invokeUnknown(op: unknown, request: unknown): Promise<Result<unknown>>;
  stream<K extends StreamName>(
    op: K,
    requestId: string,
    request: StreamRequestOf<K>,
    onEvent: (event: StreamEvent<StreamDataOf<K>, StreamEndOf<K>>) => void,
  ): Promise<void>;
  /**
   * `sink` lets a transport say it is full (a browser tab that stopped reading): handlers that read
   * a network source wait for `sink.ready()` before reading more, so the source is paused instead
   * of buffered.
   */
  streamUnknown(op: unknown, requestId: unknown, request: unknown, onEvent: (event: AnyStreamEvent) => void, sink?: StreamSink): Promise<void>;
  cancel(requestId: string): boolean;
  activeStreams(): number;
}

/** A transport's view of its outgoing buffer. */
export interface StreamSink {
  /** undefined when there is room; otherwise resolves once the sink drained or went away. */
  ready(): Promise<void> | undefined;
}

const tooDeep = { code: 'bad-request', message: `The request nests deeper than ${maxRequestDepth} levels; nothing was done.` } as const;

/**
 * Every request in the contract is an object of named fields (or nothing). Anything else is refused
 * here, once: a handler that spreads its request (`{ ...request }`) would otherwise turn a 2 MB string
 * sent to the browser host into an object of two million keys, seconds of work before its refusal.
 */
function shapeProblem(request: unknown): WireError | undefined {
  if (request === undefined || request === null || isObject(request)) return undefined;
  const got = Array.isArray(request) ? 'a list' : typeof request === 'string' ? 'text' : `a ${typeof request}`;
  return { code: 'bad-request', message: `A request is an object of named fields, not ${got}; nothing was done.` };
}

export function createDispatcher(table: HandlerTable): Dispatcher {
  const running = new Map<string, AbortController>();

  async function invokeUnknown(op: unknown, request: unknown): Promise<Result<unknown>> {
    if (!isOperationName(op)) return { ok: false, error: { code: 'unknown-operation', message: `Unknown operation: ${String(op)}` } };
    if (op === 'stream.cancel') {
      const requestId = (request as { requestId?: unknown } | null)?.requestId;
      if (typeof requestId !== 'string') return { ok: false, error: { code: 'bad-request', message: 'stream.cancel needs a requestId.' } };
      return { ok: true, value: { cancelled: cancel(requestId) } };
    }
    const badShape = shapeProblem(request);
    if (badShape) return { ok: false, error: badShape };
    if (nestsDeeperThan(request)) return { ok: false, error: { ...tooDeep } };
    const handler = table.ops[op] as (req: unknown, ctx: { signal: AbortSignal }) => Promise<unknown>;
    try {
      return { ok: true, value: await handler(request ?? {}, { signal: neverAborted }) };
    } catch (error) {
      return { ok: false, error: toWireError(error) };
    }
  }

  async function streamUnknown(op: unknown, requestId: unknown, request: unknown, onEvent: (event: AnyStreamEvent) => void, sink?: StreamSink): Promise<void> {
    let seq = 0;
    const id = typeof requestId === 'string' ? requestId : '';
    const send = (event: Exclude<EventBody, { kind: 'data' }>): void => {
      onEvent(
        event.kind === 'end'
          ? { requestId: id, seq: seq++, kind: 'end', value: event.value }
          : { requestId: id, seq: seq++, kind: 'error', error: event.error },
      );
    };
    if (!id) return send({ kind: 'error', error: { code: 'bad-request', message: 'A stream needs a requestId minted by the caller.' } });
    if (!isStreamName(op)) return send({ kind: 'error', error: { code: 'unknown-operation', message: `Unknown stream: ${String(op)}` } });
    const badShape = shapeProblem(request);
    if (badShape) return send({ kind: 'error', error: badShape });
    if (nestsDeeperThan(request)) return send({ kind: 'error', error: { ...tooDeep } });
    if (running.has(id)) return send({ kind: 'error', error: { code: 'bad-request', message: `Stream ${id} is already running.` } });
    const controller = new AbortController();
    running.set(id, controller);
    const handler = table.streams[op] as (req: unknown, emit: (data: unknown) => void, ctx: HandlerContext) => Promise<unknown>;
    let ended = false;
    try {
      const value = await handler(
        request ?? {},
        (data) => {
          // The hot path of a long stream: one object per event, no spread.
          if (!ended) onEvent({ requestId: id, seq: seq++, kind: 'data', data });
        },
        sink ? { signal: controller.signal, requestId: id, sinkReady: () => sink.ready() } : { signal: controller.signal, requestId: id },
      );
      ended = true;
      send({ kind: 'end', value });
    } catch (error) {
      ended = true;
      send({ kind: 'error', error: toWireError(error) });
    } finally {
      running.delete(id);
    }
  }

  function cancel(requestId: string): boolean {
    const controller = running.get(requestId);
    if (!controller) return false;
    controller.abort(new CoreError('cancelled', 'Stopped by the user.'));
    return true;
  }

  return {
    invoke: (op, request) => invokeUnknown(op, request) as never,
    invokeUnknown,
    stream: (op, requestId, request, onEvent) => streamUnknown(op, requestId, request, onEvent as (event: AnyStreamEvent) => void),
    streamUnknown,
    cancel,
    activeStreams: () => running.size,
  };
}
