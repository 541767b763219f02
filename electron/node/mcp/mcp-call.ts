/**
 * One MCP request from start to finish: connect (initialize), call one method (every page of a
 * list method), check a tool's structured output, close; one record of all of it. Failures of the
 * server or the network are outcomes in the record; only refusals (bad input, a missing secret,
 * stdio where it is not allowed) throw.
 */
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { McpError, ErrorCode, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { redactDeep } from '../../../shared/history/history-redaction';
import { redactUrl } from '../../../shared/a2a/redaction';
import { answerHead, answerStart } from '../../../shared/http/answer-quote';
import {
  mcpListMethods,
  mcpLogLevels,
  mcpTransports,
  type McpCallRequest,
  type McpConnectRequest,
  type McpConnectResult,
  type McpExchangeRecord,
  type McpLogLevel,
  type McpOutcome,
  type McpStreamEvent,
  type McpPrompt,
  type McpResource,
  type McpResourceTemplate,
  type McpStdioTarget,
  type McpTarget,
  type McpTool,
} from '../../../shared/mcp/mcp-types';
import { CoreError, shownValue } from '../core-error';
import { toTransportError } from '../a2a/http-transport';
import { describeChallenge } from './mcp-auth-challenge';
import { checkToolOutput } from './mcp-output-check';
import { McpRecorder } from './mcp-recorder';
import { openMcpSession, phaseSignal, type McpDeps, type McpSession } from './mcp-session';
import { workingDirectoryOf } from './stdio-working-directory';
import type { Askers } from './mcp-question-broker';
import {
  clientSetup,
  DEFAULT_ELICITATION_TIMEOUT_MS,
  heldServerRequests,
  refusedServerRequests,
  validateElicitAnswer,
  validateRoots,
  validateSamplingAnswer,
  type ClientSetup,
  type ServerRequestOptions,
} from './mcp-server-requests';
import { isObject } from '../../../shared/a2a/payload';

export type { McpDeps };

export interface McpHooks {
  signal?: AbortSignal;
  /** Each server notification or request as it arrives (progress, logging, list changes, elicitations, sampling). */
  onEvent?: (event: McpStreamEvent) => void;
  /**
   * Asks the user (a stream): elicitations and sampling requests. Without it elicitations are declined
   * at once and sampling is not declared.
   */
  ask?: Askers;
  /**
   * tools/call: the type check of arguments written as a whole `{{variable}}` (mcp-variables.ts),
   * when the request did not bring the tool's inputSchema. The call's session lists the tool first
   * and runs it; a refusal (CoreError) closes the session without calling the tool.
   */
  checkArguments?: (inputSchema: Record<string, unknown>) => void;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** A list that keeps answering with a nextCursor stops here (a looping server is a normal input). */
export const MAX_LIST_PAGES = 100;

export function timeoutOf(ms: number | undefined): number {
  if (ms === undefined) return DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(ms) || ms <= 0) throw new CoreError('bad-request', 'timeoutMs must be a positive number of milliseconds.');
  return ms;
}

/**
 * A failure below MCP, worded as the HTTP and A2A tabs word it: fetch only says "fetch failed",
 * and its cause is the socket error (refused, DNS, TLS) that says what went wrong.
 */
function networkOutcome(error: unknown, target: McpTarget, recorder: McpRecorder): McpOutcome {
  const cause = isObject(error) && error['cause'] !== undefined ? error['cause'] : error;
  let url: URL | undefined;
  if (target.transport !== 'stdio') {
    try {
      url = new URL(target.endpoint);
    } catch {
      url = undefined;
    }
  }
  if (url && isObject(cause) && cause['message'] === 'bad port') {
    // The Fetch standard's blocked ports (1, 6000, 6665–6669…): fetch, which the MCP SDK uses, never dials them.
    return {
      kind: 'transport-error',
      code: 'connect',
      message: `Cannot reach ${url.host}: port ${url.port} is one the Fetch standard blocks (as browsers do), and the MCP client sends through fetch; run the server on another port.`,
    };
  }
  const failure = url ? toTransportError(cause, url) : undefined;
  if (failure) return { kind: 'transport-error', code: failure.code, message: recorder.scrub(failure.message) };
  const e = error as Error;
  return { kind: 'transport-error', code: 'connect', message: recorder.scrub(e?.message ?? String(error)) };
}

/**
 * The server answered (a 2xx the SDK could not read: a body that is not JSON, a content type that is
 * neither JSON nor an event stream): that is a wrong answer, not a server out of reach. Undefined when
 * the last request got no answer at all (then it is a network failure).
 */
async function unreadableAnswer(error: unknown, recorder: McpRecorder, target: McpTarget): Promise<McpOutcome | undefined> {
  if (target.transport === 'stdio') return undefined;
  const sdkRefused = (error instanceof StreamableHTTPError || error instanceof SseError) && recorder.lastFailure === undefined;
  if (!(error instanceof SyntaxError) && !sdkRefused) return undefined;
  const answered = [...recorder.http].reverse().find((h) => h.status !== undefined);
  if (!answered || answered.error !== undefined || answered.status === undefined) return undefined;
  // The recorder reads its copy of the body alongside the SDK: let it catch up before quoting it.
  await recorder.settle(200);
  const quoted = answerStart(answered.responseBody);
  const head = `The server at ${redactUrl(target.endpoint, recorder.rules)} answered ${answerHead(answered.status, answered.contentType)}`;
  const why = error instanceof SyntaxError ? `a body that is not JSON (${error.message})` : `something an MCP client cannot read (${(error as Error).message})`;
  return {
    kind: 'transport-error',
    code: error instanceof SyntaxError ? 'not-json' : 'protocol',
    message: recorder.scrub(`${head} with ${why}, so not an MCP (JSON-RPC 2.0) message. It began: ${quoted}. The raw exchange shows all of it.`),
  };
}

/** The SDK checks every message it receives against the MCP schema; a failed check carries `issues`. */
function isSchemaError(error: unknown): boolean {
  return isObject(error) && Array.isArray(error['issues']);
}

/** Turns whatever the SDK threw into the record's outcome (never matching on message text where a code exists). */
export async function outcomeOf(error: unknown, recorder: McpRecorder, target: McpTarget, signal: AbortSignal): Promise<McpOutcome> {
  if (signal.aborted) return { kind: 'cancelled', message: 'Stopped by the user; the server was sent notifications/cancelled for the request in flight.' };
  if (error instanceof CoreError) throw error;
  // The server went away under the request: that, not the SDK's generic "Connection closed", is the answer.
  if (recorder.connectionLost !== undefined)
    return { kind: 'transport-error', code: 'connect', message: recorder.scrub(`The server closed the connection: ${recorder.connectionLost}`) };
  const failure = recorder.lastFailure;
  if ((error instanceof StreamableHTTPError || error instanceof SseError) && failure) {
    if (failure.status === 401 && target.transport !== 'stdio') {
      const challenge = await describeChallenge(failure.status, failure.headers, target.endpoint, recorder.recordingFetch());
      return {
        kind: 'auth-required',
        message: `The server requires authorization (HTTP 401)${challenge.authorizationServers?.length ? `; it names the authorization server ${challenge.authorizationServers.join(', ')}` : ''}. Get a token from it with OAuth 2.0 (client credentials, authorization code or device code: the request's Auth in the app, --oauth2 with --issuer on the command line), or send a bearer token or API key from a named secret; Powerduck does not start the flow from this metadata on its own.`,
        challenge: redactDeep(challenge, recorder.rules) as typeof challenge,
      };
    }
    return { kind: 'http-error', status: failure.status, message: recorder.scrub(error.message) };
  }
  if (error instanceof McpError) {
    if (error.code === (ErrorCode.RequestTimeout as number)) return { kind: 'transport-error', code: 'timeout', message: recorder.scrub(error.message) };
    if (error.code === (ErrorCode.ConnectionClosed as number))
      return { kind: 'transport-error', code: 'connect', message: `The connection closed before an answer. ${recorder.scrub(error.message)}` };
    const data = error.data === undefined ? {} : { data: redactDeep(error.data, recorder.rules) };
    // McpError prefixes its message, and the SDK's server already sent a prefixed one (so it comes
    // twice); the record keeps the server's own words.
    const own = error.message.replace(/^(?:MCP error -?\d+: )+/, '');
    return { kind: 'rpc-error', code: error.code, message: recorder.scrub(own), ...data };
  }
  const e = error as Error;
  if (isObject(error) && (error as { code?: unknown }).code === 'ENOENT')
    return { kind: 'transport-error', code: 'connect', message: recorder.scrub(`The command could not be started: ${e.message}`) };
  if (isSchemaError(error)) {
    // The schema library's own text is a JSON dump of every union branch it tried: useless to a reader.
    const where = target.transport === 'stdio' ? 'The server process' : `The server at ${redactUrl(target.endpoint, recorder.rules)}`;
    return {
      kind: 'transport-error',
      code: 'protocol',
      message: `${where} answered with something that is not an MCP (JSON-RPC 2.0) message, so this does not look like an MCP server; the raw exchange shows what it sent.`,
    };
  }
  return (await unreadableAnswer(error, recorder, target)) ?? networkOutcome(error, target, recorder);
}

/** The folder the record names (absolute); a relative one without a base is the session's refusal to make, not the record's. */
function startedIn(target: McpStdioTarget): string | undefined {
  try {
    return workingDirectoryOf(target);
  } catch {
    return target.cwd?.trim() || undefined;
  }
}

export function targetSummary(target: McpTarget, recorder: McpRecorder): McpExchangeRecord['target'] {
  if (target.transport === 'stdio') {
    const cwd = startedIn(target);
    return {
      transport: 'stdio',
      command: target.command,
      args: [...(target.args ?? [])].map((a) => recorder.scrub(a)),
      envNames: (target.env ?? []).map((e) => e.name),
      ...(cwd !== undefined ? { cwd: recorder.scrub(cwd) } : {}),
    };
  }
  return { transport: target.transport, endpoint: redactUrl(target.endpoint, recorder.rules) };
}

/** URL-mode elicitations the server said are done (notifications/elicitation/complete names their id). */
function markCompletedPages(recorder: McpRecorder): void {
  for (const e of recorder.elicitations) {
    if (!e.page) continue;
    const done = recorder.messages.find((m) => {
      const params = isObject(m.message) ? m.message['params'] : undefined;
      return (
        m.direction === 'received' && m.method === 'notifications/elicitation/complete' && isObject(params) && params['elicitationId'] === e.page?.elicitationId
      );
    });
    if (done) e.completedAtMs = done.atMs;
  }
}

export function finish(
  recorder: McpRecorder,
  setup: ClientSetup,
  base: Pick<McpExchangeRecord, 'method' | 'target'> & Partial<McpExchangeRecord>,
  outcome: McpOutcome,
): McpExchangeRecord {
  recorder.releaseAll();
  markCompletedPages(recorder);
  recorder.warnings.push(...refusedServerRequests(recorder, setup.answers));
  const record: McpExchangeRecord = {
    protocol: 'mcp',
    id: recorder.id,
    startedAt: recorder.startedAt,
    ...base,
    outcome: redactDeep(outcome, recorder.rules) as McpOutcome,
    http: recorder.http.map((h) => ({ ...h })),
    messages: recorder.messages,
    timings: { totalMs: recorder.elapsed(), ...(base.timings?.initializeMs !== undefined ? { initializeMs: base.timings.initializeMs } : {}) },
    warnings: recorder.warnings,
  };
  if (recorder.events.length) record.events = recorder.events;
  if (recorder.elicitations.length) record.elicitations = recorder.elicitations;
  if (recorder.samplings.length) record.samplings = recorder.samplings;
  const stderr = recorder.stderrText;
  if (stderr) record.stderr = stderr;
  return record;
}

/** One request whose cancellation follows `signal` only while it is in flight (see phaseSignal). */
export async function requestOnce(
  session: McpSession,
  message: { method: string; params?: Record<string, unknown> },
  signal: AbortSignal,
  options: Omit<RequestOptions, 'signal'>,
): Promise<Record<string, unknown>> {
  const phase = phaseSignal(signal);
  try {
    return await session.client.request(message, ResultSchema, { ...options, signal: phase.signal });
  } finally {
    phase.done();
  }
}

/** Reads every page of a list method, with the cursor the server hands out. */
async function listAll(
  session: McpSession,
  method: string,
  params: Record<string, unknown> | undefined,
  signal: AbortSignal,
  timeout: number,
): Promise<{ result: Record<string, unknown>; pages: number; warning?: string }> {
  const field = mcpListMethods[method] as string;
  const items: unknown[] = [];
  let cursor = typeof params?.['cursor'] === 'string' ? params['cursor'] : undefined;
  let last: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const pageParams = { ...(params ?? {}), ...(cursor !== undefined ? { cursor } : {}) };
    last = await requestOnce(session, { method, params: pageParams }, signal, { timeout });
    const pageItems = last[field];
    if (Array.isArray(pageItems)) items.push(...(pageItems as unknown[]));
    const next = last['nextCursor'];
    if (typeof next !== 'string' || next === '') return { result: { ...last, [field]: items, nextCursor: undefined }, pages: page };
    if (seen.has(next))
      return { result: { ...last, [field]: items }, pages: page, warning: `The server repeated the cursor "${next}"; the list stopped there.` };
    if (page >= MAX_LIST_PAGES)
      return {
        result: { ...last, [field]: items },
        pages: page,
        warning: `Stopped after ${MAX_LIST_PAGES} pages; the server still offered nextCursor "${next}".`,
      };
    seen.add(next);
    cursor = next;
  }
}

export function signalFor(hooks: McpHooks): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  // A string reason: the SDK sends String(reason) as the `reason` of notifications/cancelled.
  const onAbort = (): void => controller.abort('Stopped by the user in Powerduck.');
  if (hooks.signal?.aborted) onAbort();
  else hooks.signal?.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => hooks.signal?.removeEventListener('abort', onAbort) };
}

/** The target's transport is read (for the record) before the session checks the rest: refuse a wrong type first. */
export function validateTarget(target: unknown): void {
  if (!isObject(target)) throw new CoreError('bad-request', 'An MCP request needs a target (an endpoint or a stdio command).');
  if (typeof target['transport'] !== 'string' || !(mcpTransports as readonly string[]).includes(target['transport']))
    throw new CoreError('bad-request', `Unknown MCP transport ${shownValue(target['transport'])} (auto, streamable-http, sse or stdio).`);
  if (target['transport'] === 'stdio') {
    if (typeof target['command'] !== 'string') throw new CoreError('bad-request', 'A stdio MCP target needs the command to start (text).');
    if (target['args'] !== undefined && (!Array.isArray(target['args']) || !target['args'].every((a) => typeof a === 'string')))
      throw new CoreError('bad-request', 'args of a stdio MCP target must be a list of texts.');
    if (target['env'] !== undefined && (!Array.isArray(target['env']) || !target['env'].every((e) => isObject(e) && typeof e['name'] === 'string')))
      throw new CoreError('bad-request', 'env of a stdio MCP target must be a list of {name, value} entries.');
    for (const key of ['cwd', 'cwdBase'] as const)
      if (target[key] !== undefined && typeof target[key] !== 'string')
        throw new CoreError('bad-request', `${key} of a stdio MCP target must be a folder's path (text).`);
  } else if (typeof target['endpoint'] !== 'string') throw new CoreError('bad-request', 'An MCP target needs its endpoint (an http:// or https:// URL).');
}

function validateRequest(request: McpCallRequest): void {
  if (!isObject(request)) throw new CoreError('bad-request', 'An MCP request must be an object.');
  validateTarget(request.target);
  if (typeof request.method !== 'string' || !/^[\w./-]+$/.test(request.method))
    throw new CoreError('bad-request', `${shownValue(request.method)} is not an MCP method name (such as tools/call).`);
  if (request.params !== undefined && !isObject(request.params)) throw new CoreError('bad-request', 'MCP params must be a JSON object.');
  if (request.method === 'tools/call' && typeof request.params?.['name'] !== 'string')
    throw new CoreError('bad-request', 'tools/call needs params.name (the tool to call) and usually params.arguments.');
  validateRoots(request.roots);
  validateElicitAnswer(request.elicitAnswer);
  validateSamplingAnswer(request.samplingAnswer, request.offerSampling);
  if (request.logLevel !== undefined && !(mcpLogLevels as readonly unknown[]).includes(request.logLevel))
    throw new CoreError('bad-request', `logLevel must be one of ${mcpLogLevels.join(', ')}, not ${shownValue(request.logLevel)}.`);
}

/**
 * logging/setLevel before the call, when asked: a server that does not declare logging is told
 * nothing (the record says so), and one that refuses the level does not stop the call.
 */
export async function setLogLevel(session: McpSession, level: McpLogLevel, recorder: McpRecorder, signal: AbortSignal, timeout: number): Promise<void> {
  if (!isObject(session.server.capabilities['logging'])) {
    recorder.warnings.push(`The server does not declare logging, so logging/setLevel ${level} was not sent.`);
    return;
  }
  try {
    await requestOnce(session, { method: 'logging/setLevel', params: { level } }, signal, { timeout });
  } catch (error) {
    if (signal.aborted) throw error;
    recorder.warnings.push(`logging/setLevel ${level} failed: ${recorder.scrub(error instanceof Error ? error.message : String(error))}`);
  }
}

/** What the client answers the server during this call (elicitations, sampling, roots). */
export function serverRequests(
  request: McpCallRequest | McpConnectRequest,
  deps: McpDeps,
  hooks: McpHooks,
  signal: AbortSignal,
): Omit<ServerRequestOptions, 'onWaiting'> {
  const elicitAnswer = 'elicitAnswer' in request ? request.elicitAnswer : undefined;
  const samplingAnswer = 'samplingAnswer' in request ? request.samplingAnswer : undefined;
  const offerSampling = 'offerSampling' in request ? request.offerSampling : undefined;
  return {
    timeoutMs: deps.elicitationTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS,
    signal,
    ...(request.roots !== undefined ? { roots: request.roots } : {}),
    ...(elicitAnswer !== undefined ? { elicitAnswer } : {}),
    ...(samplingAnswer !== undefined ? { samplingAnswer } : {}),
    ...(offerSampling !== undefined ? { offerSampling } : {}),
    ...(hooks.ask ? { ask: hooks.ask } : {}),
  };
}

/**
 * The call's own timeout (the SDK's cannot pause): restarted by progress, paused while an
 * elicitation or a sampling request waits for the user, so a person taking their time is not a
 * server timing out.
 */
class CallTimer {
  readonly #controller = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #waiting = 0;
  #running = false;
  constructor(private readonly ms: number) {}
  get signal(): AbortSignal {
    return this.#controller.signal;
  }
  start(): void {
    this.#running = true;
    this.#arm();
  }
  #arm(): void {
    clearTimeout(this.#timer);
    if (!this.#running || this.#waiting > 0) return;
    this.#timer = setTimeout(() => this.#controller.abort(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: this.ms })), this.ms);
    this.#timer.unref?.();
  }
  reset(): void {
    this.#arm();
  }
  waiting(on: boolean): void {
    this.#waiting = Math.max(0, this.#waiting + (on ? 1 : -1));
    this.#arm();
  }
  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }
}

/** The longest timeout setTimeout takes: the SDK's own timer must never fire before the CallTimer. */
const NO_SDK_TIMEOUT = 2_147_483_647;

export async function performMcpCall(request: McpCallRequest, deps: McpDeps, hooks: McpHooks = {}): Promise<McpExchangeRecord> {
  validateRequest(request);
  const timeout = timeoutOf(request.timeoutMs);
  const { signal, dispose } = signalFor(hooks);
  const answers = serverRequests(request, deps, hooks, signal);
  const recorder = new McpRecorder(deps.now, {
    ...(request.recordBodyLimit ? { recordBodyLimit: request.recordBodyLimit } : {}),
    ...(hooks.onEvent ? { onEvent: hooks.onEvent } : {}),
    held: heldServerRequests(answers),
    ...(deps.redactValues ? { redactValues: deps.redactValues } : {}),
  });
  const timer = new CallTimer(timeout);
  const setup = clientSetup(recorder, { ...answers, onWaiting: (on) => timer.waiting(on) });
  const base: Pick<McpExchangeRecord, 'method' | 'target'> & Partial<McpExchangeRecord> = {
    method: request.method,
    target: targetSummary(request.target, recorder),
  };
  let session: McpSession | undefined;
  let outcome: McpOutcome;
  try {
    session = await openMcpSession(request.target, deps, recorder, signal, timeout, setup);
    base.target = targetSummary(request.target, recorder);
    if (request.params !== undefined) base.params = redactDeep(request.params, recorder.rules);
    base.server = session.server;
    base.timings = { totalMs: 0, initializeMs: recorder.elapsed() };
    outcome = await callOn(session, request, base, recorder, signal, timeout, timer, hooks.checkArguments);
  } catch (error) {
    // A refusal (the arguments' types) is thrown to the caller: the session it opened is closed first.
    if (error instanceof CoreError) await session?.close();
    outcome = await outcomeOf(error, recorder, request.target, signal);
  } finally {
    timer.stop();
    dispose();
  }
  // Closed before the record is made, so it shows the session's end (DELETE) and every body in full.
  await session?.close();
  await recorder.settle(200);
  return finish(recorder, setup, base, outcome);
}

async function callOn(
  session: McpSession,
  request: McpCallRequest,
  base: Partial<McpExchangeRecord>,
  recorder: McpRecorder,
  signal: AbortSignal,
  timeout: number,
  timer: CallTimer,
  checkArguments: McpHooks['checkArguments'],
): Promise<McpOutcome> {
  if (request.method === 'initialize') return { kind: 'result', result: session.initializeResult };
  // The tool as the server lists it: its inputSchema checks the arguments before the call, and its
  // outputSchema the answer after (listed once for both).
  let listedTool: Record<string, unknown> | undefined;
  const listedFirst = request.method === 'tools/call' && checkArguments !== undefined;
  if (listedFirst) {
    listedTool = await listedToolOf(session, request.params?.['name'], signal, timeout);
    if (isObject(listedTool?.['inputSchema'])) checkArguments?.(listedTool['inputSchema']);
    else
      recorder.warnings.push(
        `The arguments written as {{variables}} were not type-checked: the server's tools/list ${listedTool ? 'gives this tool no inputSchema' : 'does not list this tool'}.`,
      );
  }
  if (request.logLevel !== undefined && request.method !== 'logging/setLevel') await setLogLevel(session, request.logLevel, recorder, signal, timeout);
  let result: Record<string, unknown>;
  if (mcpListMethods[request.method] !== undefined && request.allPages !== false) {
    const listed = await listAll(session, request.method, request.params, signal, timeout);
    result = listed.result;
    base.pages = listed.pages;
    if (listed.warning) recorder.warnings.push(listed.warning);
  } else {
    const meta = isObject(request.params?.['_meta']) ? request.params['_meta'] : undefined;
    // Asks for progress (the SDK mints the token) unless the user set their own progressToken; progress restarts the timeout.
    const progress = meta?.['progressToken'] === undefined ? { onprogress: () => timer.reset() } : {};
    timer.start();
    try {
      result = await requestOnce(
        session,
        { method: request.method, ...(request.params ? { params: request.params } : {}) },
        AbortSignal.any([signal, timer.signal]),
        { timeout: NO_SDK_TIMEOUT, ...progress },
      );
    } finally {
      timer.stop();
    }
  }
  if (request.method !== 'tools/call') return { kind: 'result', result };
  let schema = request.outputSchema;
  if (!schema) {
    // The tool's declared outputSchema, as the server lists it.
    const tool = listedFirst ? listedTool : await listedToolOf(session, request.params?.['name'], signal, timeout);
    if (isObject(tool?.['outputSchema'])) schema = tool['outputSchema'];
  }
  base.outputCheck = await checkToolOutput(result, schema);
  return result['isError'] === true ? { kind: 'tool-error', result } : { kind: 'result', result };
}

/** The tool named `name` as the server's tools/list gives it; undefined when it is not listed or the list fails (nothing is checked then). */
async function listedToolOf(session: McpSession, name: unknown, signal: AbortSignal, timeout: number): Promise<Record<string, unknown> | undefined> {
  const tools = await listAll(session, 'tools/list', undefined, signal, timeout).catch(() => undefined);
  const tool = (tools?.result['tools'] as unknown[] | undefined)?.find((t) => isObject(t) && t['name'] === name);
  return isObject(tool) ? tool : undefined;
}

function pick<T>(value: unknown, field: string, valid: (item: Record<string, unknown>) => boolean): T[] {
  const items = isObject(value) ? value[field] : undefined;
  return Array.isArray(items) ? (items.filter((i) => isObject(i) && valid(i)) as T[]) : [];
}

/** Connect: initialize, then every list the server's capabilities offer (each to its last page). */
export async function performMcpConnect(request: McpConnectRequest, deps: McpDeps, hooks: McpHooks = {}): Promise<McpConnectResult> {
  if (!isObject(request)) throw new CoreError('bad-request', 'An MCP request must be an object.');
  validateTarget(request.target);
  validateRoots(request.roots);
  const timeout = timeoutOf(request.timeoutMs);
  const { signal, dispose } = signalFor(hooks);
  const answers = serverRequests(request, deps, hooks, signal);
  const recorder = new McpRecorder(deps.now, {
    ...(hooks.onEvent ? { onEvent: hooks.onEvent } : {}),
    held: heldServerRequests(answers),
    ...(deps.redactValues ? { redactValues: deps.redactValues } : {}),
  });
  const setup = clientSetup(recorder, answers);
  const base: Pick<McpExchangeRecord, 'method' | 'target'> & Partial<McpExchangeRecord> = {
    method: 'initialize',
    target: targetSummary(request.target, recorder),
  };
  const out: Omit<McpConnectResult, 'record'> = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
  let session: McpSession | undefined;
  let outcome: McpOutcome;
  try {
    session = await openMcpSession(request.target, deps, recorder, signal, timeout, setup);
    base.target = targetSummary(request.target, recorder);
    base.server = out.server = session.server;
    base.timings = { totalMs: 0, initializeMs: recorder.elapsed() };
    const caps = session.server.capabilities;
    const lists: Array<[string, boolean]> = [
      ['tools/list', isObject(caps['tools'])],
      ['resources/list', isObject(caps['resources'])],
      ['resources/templates/list', isObject(caps['resources'])],
      ['prompts/list', isObject(caps['prompts'])],
    ];
    for (const [method, offered] of lists) {
      if (!offered) continue;
      try {
        const listed = await listAll(session, method, undefined, signal, timeout);
        if (listed.warning) recorder.warnings.push(listed.warning);
        if (method === 'tools/list') out.tools = pick<McpTool>(listed.result, 'tools', (t) => typeof t['name'] === 'string');
        if (method === 'resources/list') out.resources = pick<McpResource>(listed.result, 'resources', (r) => typeof r['uri'] === 'string');
        if (method === 'resources/templates/list')
          out.resourceTemplates = pick<McpResourceTemplate>(listed.result, 'resourceTemplates', (r) => typeof r['uriTemplate'] === 'string');
        if (method === 'prompts/list') out.prompts = pick<McpPrompt>(listed.result, 'prompts', (p) => typeof p['name'] === 'string');
      } catch (error) {
        if (signal.aborted) throw error;
        const failed = await outcomeOf(error, recorder, request.target, signal);
        recorder.warnings.push(`${method} failed: ${'message' in failed ? failed.message : failed.kind}`);
      }
    }
    outcome = { kind: 'result', result: session.initializeResult };
  } catch (error) {
    outcome = await outcomeOf(error, recorder, request.target, signal);
  } finally {
    dispose();
  }
  await session?.close();
  await recorder.settle(200);
  return { ...out, record: finish(recorder, setup, base, outcome) };
}
