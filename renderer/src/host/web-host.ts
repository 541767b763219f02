import type { OperationName, Result, StreamEvent, StreamName, WireError } from '../../../shared/contract/index';
import { isTerminal } from '../../../shared/contract/index';
import { webInvokePath, webStreamPath, webTokenHeader } from '../../../shared/contract/web-wire';
import type { AnyHostStreamEvent, Host, StreamHandle } from './host';
import { mintRequestId } from './host';
import { createInvokeReader } from './invoke-reader';
import { createStreamReader } from './stream-reader';
import { inThreadPort, type WorkerPort } from './worker-port';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';
import type { HeldParts } from './held-parts';
import type { InvokeReply, InvokeRequest } from './invoke-worker-protocol';

export const tokenHeader = webTokenHeader;
const tokenStorageKey = 'powerduck.sessionToken';

/** What the web host needs from the page; injected so tests can drive it without a browser. */
export interface WebHostEnv {
  fetch: typeof fetch;
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  randomId?: () => string;
  /**
   * Reads each stream in a worker (the browser gives one); without it the same reader runs on this
   * thread (worker-port.ts), so both take one path.
   */
  streamWorker?: () => WorkerPort<ToStreamWorker, FromStreamWorker>;
  /** Absolute origin for the worker's fetch (workers resolve relative URLs against their script). */
  origin?: string;
  /** Parses agent-sized unary answers (a2a.send) in a worker; without it, on this thread, the same way. */
  invokeWorker?: () => WorkerPort<InvokeRequest, InvokeReply>;
}

/**
 * Operations a leaving page sends from `pagehide` (the last save, freeing its window's session slot): sent
 * with fetch's `keepalive` so a reload or a closed tab does not cancel them, when small enough for the
 * browser's keepalive budget (64 KiB for all such requests in flight).
 */
const leavingOps: ReadonlySet<OperationName> = new Set<OperationName>(['session.save', 'session.release']);
const keepaliveMaxChars = 32 * 1024;

/** Operations whose answer carries an agent's payload, which can be any size. */
const agentSizedOps: ReadonlySet<OperationName> = new Set<OperationName>(['a2a.send']);

/**
 * Takes the per-run token from `#token=…` once, keeps it for this tab only (sessionStorage
 * survives reloads, not new tabs), and removes it from the address bar so it does not end up
 * in screenshots, bookmarks or shared screens.
 */
export function takeSessionToken(env: Pick<WebHostEnv, 'location' | 'history' | 'storage'>): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(env.location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    env.storage.setItem(tokenStorageKey, token);
    env.history.replaceState(env.history.state, '', env.location.pathname + env.location.search);
    return token;
  }
  return env.storage.getItem(tokenStorageKey) ?? undefined;
}

function transportError(message: string, code: WireError['code'] = 'io'): WireError {
  return { code, message };
}

/** What one invoke reply means for the page: the same rules whichever reader (worker or this thread) answered. */
function resultOf(reply: InvokeReply): Result<unknown> {
  if (reply.kind === 'failed') return { ok: false, error: transportError(reply.message, reply.code) };
  if (reply.kind === 'http') {
    const error = (reply.body as { error?: WireError } | null | undefined)?.error;
    if (error?.code) return { ok: false, error };
    return { ok: false, error: transportError(`Powerduck answered HTTP ${reply.status}.`, reply.status === 401 ? 'unauthorized' : 'io') };
  }
  const result = reply.result as Result<unknown>;
  if (reply.held && result.ok) hold(result.value, { payload: reply.held });
  return result;
}

/** One reader of unary replies and the calls waiting on it. */
interface InvokeLane {
  post(message: Omit<InvokeRequest, 'id'>): Promise<Result<unknown>>;
}

function invokeLane(port: WorkerPort<InvokeRequest, InvokeReply>): InvokeLane {
  const pending = new Map<number, (reply: InvokeReply) => void>();
  let next = 1;
  port.onmessage = (message: MessageEvent<InvokeReply>) => {
    pending.get(message.data.id)?.(message.data);
    pending.delete(message.data.id);
  };
  // A worker that dies answers nothing more: its waiting calls fail instead of hanging.
  port.onerror = () => {
    for (const [id, settle] of pending) settle({ id, kind: 'failed', code: 'connect', message: 'The reader of host answers stopped unexpectedly.' });
    pending.clear();
  };
  return {
    post(message) {
      const id = next++;
      return new Promise((resolve) => {
        pending.set(id, (reply) => resolve(resultOf(reply)));
        port.postMessage({ ...message, id });
      });
    },
  };
}

export function createWebHost(env: WebHostEnv): Host {
  const token = takeSessionToken(env);
  const headers = (): Record<string, string> => ({ 'content-type': 'application/json', [tokenHeader]: token ?? '' });
  const randomId = env.randomId ?? mintRequestId;

  const makeStreamReader = env.streamWorker ?? (() => inThreadPort<ToStreamWorker, FromStreamWorker>((post) => createStreamReader({ fetch: env.fetch, post })));
  // Every unary call goes through the invoke reader: agent-sized answers in a worker when the page has one (its
  // fetch needs the absolute origin), the rest on this thread, so both follow one path with one set of error rules.
  let pageLane: InvokeLane | undefined;
  let workerLane: InvokeLane | undefined;
  const onPage = (): InvokeLane =>
    (pageLane ??= invokeLane(inThreadPort<InvokeRequest, InvokeReply>((post) => createInvokeReader({ fetch: env.fetch, post }))));

  function invokeAny(op: OperationName, request: unknown): Promise<Result<unknown>> {
    const body = JSON.stringify({ op, request });
    if (!agentSizedOps.has(op)) {
      const keepalive = leavingOps.has(op) && body.length <= keepaliveMaxChars;
      return onPage().post({ url: webInvokePath, headers: headers(), body, holdPayload: false, ...(keepalive ? { keepalive } : {}) });
    }
    if (!env.invokeWorker) return onPage().post({ url: webInvokePath, headers: headers(), body, holdPayload: true });
    workerLane ??= invokeLane(env.invokeWorker());
    return workerLane.post({ url: `${env.origin ?? ''}${webInvokePath}`, headers: headers(), body, holdPayload: true });
  }

  function streamAny(op: StreamName, request: unknown, onEvent: (event: AnyHostStreamEvent) => void): StreamHandle {
    const requestId = randomId();
    const worker = makeStreamReader();
    let seq = 0;
    let finished = false;
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    const deliver = (event: AnyHostStreamEvent): void => {
      if (finished) return;
      seq = event.seq + 1;
      if (isTerminal(event)) finished = true;
      onEvent(event);
      if (finished) {
        worker.terminate();
        resolveDone();
      }
    };
    worker.onmessage = (message: MessageEvent<FromStreamWorker>) => {
      const data = message.data;
      if (data.type === 'lines') {
        let start = 0;
        for (let i = 0; i < data.ends.length; i++) {
          const end = data.ends[i] ?? start;
          deliver(dataEventFromLine(requestId, data.seqs[i] ?? seq, data.text, start, end));
          start = end;
        }
      } else if (data.type === 'end') {
        if (data.eventsJson !== undefined && data.event.kind === 'end') hold(data.event.value, { events: data.eventsJson });
        deliver(withReadAgain(data.event));
      } else deliver({ requestId, seq, kind: 'error', error: data.error });
    };
    worker.onerror = () => deliver({ requestId, seq, kind: 'error', error: transportError('The stream reader stopped unexpectedly.') });
    const open: ToStreamWorker = {
      type: 'open',
      url: `${env.origin ?? ''}${webStreamPath}`,
      headers: headers(),
      body: JSON.stringify({ op, requestId, request }),
    };
    worker.postMessage(open);
    return {
      requestId,
      done,
      async cancel() {
        if (finished) return;
        const result = await invokeAny('stream.cancel', { requestId });
        if (!result.ok) worker.postMessage({ type: 'abort' } satisfies ToStreamWorker);
      },
    };
  }

  return {
    kind: 'web',
    invoke: (op, request) => invokeAny(op, request) as never,
    stream: (op, request, onEvent) => streamAny(op, request, onEvent as (event: AnyHostStreamEvent) => void),
  };
}

/**
 * A data event from its NDJSON line in the worker's batch text. The payload is parsed once to be
 * delivered; `readAgain` parses the line again on each call and holds only the text, so whatever
 * keeps it (the timeline's detail pane) does not keep the parsed object.
 */
export function dataEventFromLine(requestId: string, seq: number, text: string, start: number, end: number): AnyHostStreamEvent {
  const read = (): unknown => (JSON.parse(text.slice(start, end)) as { data?: unknown }).data;
  return { requestId, seq, kind: 'data', data: read(), readAgain: read };
}

/** A data event parsed on this thread: reading it again gives the same object. */
export function withReadAgain(event: StreamEvent<unknown, unknown>): AnyHostStreamEvent {
  if (event.kind !== 'data') return event;
  const data = event.data;
  return { ...event, readAgain: () => data };
}

/** Marks parts of a delivered value that stay JSON text (see held-parts.ts). */
function hold(value: unknown, held: HeldParts): void {
  if (typeof value === 'object' && value !== null) (value as { held?: HeldParts }).held = held;
}

export function hasSessionToken(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(tokenStorageKey));
  } catch {
    return false;
  }
}
