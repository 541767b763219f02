/**
 * mcp.watch: one MCP connection kept open so the server's notifications between calls are seen
 * (resources/updated for subscribed resources, list changes, log messages). Same session, recorder,
 * redaction and answers to server requests as a call; what is new is following the connection
 * itself: on Streamable HTTP the standalone GET stream the SDK opens after initialize carries these
 * notifications, so the watch follows that stream (through the fetch under the recorder) to tell a
 * stream the SDK reopens from a server that has gone away.
 */
import { redactDeep } from '../../../shared/history/history-redaction';
import { mcpLogLevels, type McpExchangeRecord, type McpOutcome, type McpStreamEvent } from '../../../shared/mcp/mcp-types';
import {
  MAX_WATCH_EVENTS,
  MAX_WATCH_KEPT_EVENTS,
  watchEventNames,
  type McpWatchEnd,
  type McpWatchEvent,
  type McpWatchRequest,
  type McpWatchSummary,
} from '../../../shared/mcp/mcp-watch';
import { isObject } from '../../../shared/a2a/payload';
import { CoreError, shownValue } from '../core-error';
import { finish, outcomeOf, requestOnce, serverRequests, setLogLevel, signalFor, targetSummary, validateTarget, type McpDeps } from './mcp-call';
import type { Askers } from './mcp-question-broker';
import { McpRecorder, type FetchLike } from './mcp-recorder';
import { clientSetup, heldServerRequests, validateRoots } from './mcp-server-requests';
import { openMcpSession, type McpSession } from './mcp-session';

export interface McpWatchHooks {
  signal?: AbortSignal;
  onEvent?: (event: McpWatchEvent) => void;
  ask?: Askers;
}

/** initialize, logging/setLevel and each resources/subscribe get this long. */
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * How the SDK reopens the GET stream when it ends; after the last attempt fails the server is taken
 * to be gone. A quiet stream is also ended by Node's fetch after 5 minutes without data, so
 * reopening it is ordinary and not an event.
 */
const RECONNECTION = { initialReconnectionDelay: 500, maxReconnectionDelay: 4_000, reconnectionDelayGrowFactor: 2, maxRetries: 3 };
/** JSON-RPC messages and HTTP exchanges a watch record keeps (the first ones, initialize among them). */
const WATCH_KEPT_MESSAGES = 2_000;
const WATCH_KEPT_HTTP = 200;
/** Bytes of each recorded HTTP body (the GET stream's body is one long text). */
const WATCH_RECORD_BODY_LIMIT = 256 * 1024;
/** Distinct SDK errors kept as warnings. */
const MAX_ERROR_WARNINGS = 20;

function validateWatch(request: McpWatchRequest): void {
  if (!isObject(request)) throw new CoreError('bad-request', 'An MCP watch request must be an object.');
  validateTarget(request.target);
  validateRoots(request.roots);
  if (request.subscribe !== undefined) {
    if (!Array.isArray(request.subscribe) || !request.subscribe.every((u) => typeof u === 'string' && u.trim() !== ''))
      throw new CoreError('bad-request', 'subscribe must be a list of resource URIs (non-empty texts).');
  }
  if (request.unattended !== undefined && typeof request.unattended !== 'boolean') throw new CoreError('bad-request', 'unattended must be true or false.');
  if (request.logLevel !== undefined && !(mcpLogLevels as readonly unknown[]).includes(request.logLevel))
    throw new CoreError('bad-request', `logLevel must be one of ${mcpLogLevels.join(', ')}, not ${shownValue(request.logLevel)}.`);
  if (request.timeoutMs !== undefined && (typeof request.timeoutMs !== 'number' || !Number.isFinite(request.timeoutMs) || request.timeoutMs <= 0))
    throw new CoreError('bad-request', 'timeoutMs must be a positive number of milliseconds (how long to watch).');
  if (
    request.maxEvents !== undefined &&
    (typeof request.maxEvents !== 'number' || !Number.isInteger(request.maxEvents) || request.maxEvents < 1 || request.maxEvents > MAX_WATCH_EVENTS)
  )
    throw new CoreError('bad-request', `maxEvents must be a whole number from 1 to ${MAX_WATCH_EVENTS}.`);
}

/** Resolves once with how the watch ended; later calls are ignored (the first reason wins). */
class WatchEnd {
  readonly done: Promise<{ end: McpWatchEnd; reason: string }>;
  #settle: ((value: { end: McpWatchEnd; reason: string }) => void) | undefined;
  constructor() {
    this.done = new Promise((resolve) => (this.#settle = resolve));
  }
  get settled(): boolean {
    return this.#settle === undefined;
  }
  end(end: McpWatchEnd, reason: string): void {
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.({ end, reason });
  }
}

/**
 * Follows the GET streams of the connection: the standalone stream opening (or 405), ending, and the
 * SDK's attempts to reopen it. A 404 on reopening means the server forgot the session; as many failed
 * attempts as the SDK makes mean it is gone.
 */
class StreamFollower {
  state: McpWatchSummary['standaloneStream'] = 'not-applicable';
  reconnects = 0;
  #opened = false;
  #failures = 0;
  #endedOnce = false;
  constructor(
    /** Which HTTP transport the session uses (`auto` may fall back to the legacy one). */
    public transport: 'streamable-http' | 'sse',
    private readonly watchEnd: WatchEnd,
    private readonly notes: { noStream: (status: number) => void; listening: () => void },
  ) {}

  fetch(base: FetchLike): FetchLike {
    return async (input, init) => {
      if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return base(input, init);
      let response: Response;
      try {
        response = await base(input, init);
      } catch (error) {
        this.#failed(`the server could not be reached (${error instanceof Error ? error.message : String(error)})`);
        throw error;
      }
      if (!response.ok || !response.body) {
        this.#refused(response.status);
        return response;
      }
      if (this.#opened) this.reconnects++;
      else if (this.transport === 'streamable-http') this.notes.listening();
      this.#opened = true;
      this.#failures = 0;
      this.state = this.transport === 'streamable-http' ? 'open' : 'not-applicable';
      return new Response(this.#followed(response.body), { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /** The same bytes, with a note when the stream ends or breaks (a Stop's abort ends it too; the watch has ended by then). */
  #followed(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            this.#ended();
          } else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          this.#ended();
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  #ended(): void {
    if (this.watchEnd.settled) return;
    // The legacy transport's session lives and dies with its one stream.
    if (this.transport === 'sse') this.watchEnd.end('server-closed', 'The server closed the SSE stream (a legacy HTTP+SSE session ends with it).');
    this.#endedOnce = true;
  }

  #refused(status: number): void {
    if (this.watchEnd.settled) return;
    // The first GET refused: the SDK does not try again, so the watch goes on without the stream (405 is the spec's way to say so).
    if (!this.#opened && !this.#endedOnce) {
      this.state = 'not-offered';
      this.notes.noStream(status);
      return;
    }
    if (status === 405) {
      // The SDK takes 405 as "no stream" and stops trying: nothing more can arrive.
      this.watchEnd.end('server-closed', 'The server closed the stream and refuses to open it again (HTTP 405).');
      return;
    }
    if (status === 404) {
      this.watchEnd.end(
        'session-gone',
        'The server no longer knows the session (HTTP 404 when the stream was reopened): it was restarted or ended the session.',
      );
      return;
    }
    this.#failed(`HTTP ${status}`);
  }

  #failed(why: string): void {
    if (this.watchEnd.settled) return;
    this.#failures++;
    if (this.transport === 'sse' || this.#failures >= RECONNECTION.maxRetries)
      this.watchEnd.end('server-closed', `The server closed the connection and could not be reached again (${this.#failures} attempt(s); last: ${why}).`);
  }
}

/** Distinct methods counted by name; a server inventing names past this is counted under one line. */
const MAX_COUNTED_METHODS = 50;
const OTHER_METHODS = '(other methods)';

function countBy(counts: Map<string, number>, name: string): void {
  const short = name.slice(0, 200);
  const key = counts.has(short) || counts.size < MAX_COUNTED_METHODS ? short : OTHER_METHODS;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

export async function performMcpWatch(request: McpWatchRequest, deps: McpDeps, hooks: McpWatchHooks = {}): Promise<McpExchangeRecord> {
  validateWatch(request);
  const { signal, dispose } = signalFor(hooks.signal ? { signal: hooks.signal } : {});
  const watchEnd = new WatchEnd();
  const byMethod = new Map<string, number>();
  let notifications = 0;
  const onEvent = (event: McpStreamEvent): void => {
    // Once the watch has ended (a bound, Stop) nothing more is passed on while the session closes.
    if (watchEnd.settled) return;
    hooks.onEvent?.(event as McpWatchEvent);
    if (event.event.startsWith('watch/') || event.event.endsWith('/answer')) return;
    notifications++;
    countBy(byMethod, event.event);
    if (request.maxEvents !== undefined && notifications >= request.maxEvents)
      watchEnd.end('max-events', `Stopped after ${notifications} server notification(s) (maxEvents).`);
  };
  const answers = serverRequests(
    { target: request.target, ...(request.roots ? { roots: request.roots } : {}) },
    deps,
    hooks.ask && request.unattended !== true ? { ask: hooks.ask } : {},
    signal,
  );
  const recorder = new McpRecorder(deps.now, {
    onEvent,
    held: heldServerRequests(answers),
    maxEvents: MAX_WATCH_KEPT_EVENTS,
    maxMessages: WATCH_KEPT_MESSAGES,
    maxHttp: WATCH_KEPT_HTTP,
    recordBodyLimit: WATCH_RECORD_BODY_LIMIT,
    stampTime: true,
    ...(deps.redactValues ? { redactValues: deps.redactValues } : {}),
  });
  const setup = clientSetup(recorder, answers);
  const base: Pick<McpExchangeRecord, 'method' | 'target'> & Partial<McpExchangeRecord> = {
    method: 'watch',
    target: targetSummary(request.target, recorder),
  };
  if (request.subscribe?.length) base.params = redactDeep({ subscribe: request.subscribe }, recorder.rules);
  const follower =
    request.target.transport === 'stdio'
      ? undefined
      : new StreamFollower(request.target.transport === 'sse' ? 'sse' : 'streamable-http', watchEnd, {
          noStream: (status) =>
            recorder.event(watchEventNames.noStream, {
              status,
              message: `The server ${status === 405 ? 'offers no' : 'refused the'} standalone stream (HTTP ${status} on GET): only notifications tied to a request can arrive.`,
            }),
          listening: () => recorder.event(watchEventNames.listening, { stream: 'GET' }),
        });
  const subscribed: string[] = [];
  const refused: McpWatchSummary['refused'] = [];
  const errors = new Set<string>();
  // The watch's own bound starts once it is connected: a short watch still gets the time to connect.
  const timeout = REQUEST_TIMEOUT_MS;
  let session: McpSession | undefined;
  let outcome: McpOutcome;
  let ended: { end: McpWatchEnd; reason: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const onStop = (): void => watchEnd.end('stopped', 'Stopped by the user; the session was closed.');
  try {
    session = await openMcpSession(request.target, deps, recorder, signal, timeout, setup, {
      ...(follower ? { fetch: (base: FetchLike) => follower.fetch(base) } : {}),
      reconnection: RECONNECTION,
    });
    base.target = targetSummary(request.target, recorder);
    base.server = session.server;
    base.timings = { totalMs: 0, initializeMs: recorder.elapsed() };
    if (follower && session.server.transport === 'sse') follower.transport = 'sse';
    const open = session;
    // With the reason when it is known (the process's exit code and last stderr lines, the stream that ended).
    session.client.onclose = () =>
      watchEnd.end('server-closed', open.lost ? recorder.scrub(`The server closed the connection: ${open.lost}`) : 'The server closed the connection.');
    session.client.onerror = (error) => {
      if (errors.size < MAX_ERROR_WARNINGS) errors.add(recorder.scrub(error.message));
    };
    if (signal.aborted) onStop();
    else signal.addEventListener('abort', onStop, { once: true });
    if (request.timeoutMs !== undefined) {
      const ms = request.timeoutMs;
      timer = setTimeout(() => watchEnd.end('time-limit', `Watched for the time asked (${Math.round(ms / 1000)} s).`), ms);
    }
    if (request.logLevel !== undefined) await setLogLevel(session, request.logLevel, recorder, signal, timeout);
    for (const uri of request.subscribe ?? []) {
      if (watchEnd.settled) break;
      try {
        await requestOnce(session, { method: 'resources/subscribe', params: { uri } }, signal, { timeout });
        subscribed.push(uri);
        recorder.event(watchEventNames.subscribed, { uri });
      } catch (error) {
        if (signal.aborted) break;
        const failed = await outcomeOf(error, recorder, request.target, signal);
        const message = 'message' in failed ? failed.message : failed.kind;
        refused.push({ uri, message });
        recorder.event(watchEventNames.subscribeRefused, { uri, error: message });
      }
    }
    // stdio and legacy SSE listen on the connection they already have.
    if (session.server.transport !== 'streamable-http') recorder.event(watchEventNames.listening, { stream: session.server.transport });
    ended = await watchEnd.done;
    outcome = { kind: 'result', result: { end: ended.end, reason: ended.reason, notifications } };
  } catch (error) {
    outcome = await outcomeOf(error, recorder, request.target, signal);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onStop);
    // Our own close is not the server closing, and the errors of streams it aborts are not the server's.
    if (session) {
      session.client.onclose = () => undefined;
      session.client.onerror = () => undefined;
    }
  }
  // Ends the session (DELETE on Streamable HTTP), even when the server ended the stream: it may still hold the session.
  await session?.close();
  dispose();
  await recorder.settle(200);
  const record = finish(recorder, setup, base, outcome);
  if (session) {
    record.watch = {
      end: ended?.end ?? 'stopped',
      reason: ended?.reason ?? (outcome.kind === 'cancelled' ? outcome.message : 'The watch ended while it was starting.'),
      subscribed: redactDeep(subscribed, recorder.rules) as string[],
      refused: redactDeep(refused, recorder.rules) as McpWatchSummary['refused'],
      notifications,
      byMethod: Object.fromEntries(byMethod),
      keptEvents: recorder.events.length,
      droppedEvents: recorder.droppedEvents,
      standaloneStream: follower?.state ?? 'not-applicable',
      reconnects: follower?.reconnects ?? 0,
      watchedMs: Math.max(0, record.timings.totalMs - (record.timings.initializeMs ?? 0)),
    };
    // Methods and counts only: under hashed bodies the entry says what came, not what it carried.
    record.warnings.unshift(watchLine(record.watch));
    if (refused.length) record.warnings.push(`${refused.length} resources/subscribe refused by the server.`);
    if (record.watch.droppedEvents)
      record.warnings.push(`The record keeps the latest ${record.watch.keptEvents} events; ${record.watch.droppedEvents} earlier ones were seen but not kept.`);
    for (const e of errors) record.warnings.push(`Connection: ${e}`);
  }
  return record;
}

/** "Watch ended (stopped): 3 notifications (notifications/resources/updated ×2, notifications/message ×1)." */
export function watchLine(watch: McpWatchSummary): string {
  const methods = Object.entries(watch.byMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ×${n}`)
    .join(', ');
  return `Watch ended (${watch.end}): ${watch.notifications} server notification(s)${methods ? ` (${methods})` : ''}. ${watch.reason}`;
}
