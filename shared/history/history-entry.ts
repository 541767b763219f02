import type { A2aCall } from '../a2a/call';
import type { ExchangeRecord } from '../a2a/exchange';
import { REDACTED, type RedactionRules } from '../a2a/redaction';
import { replayTemplate } from './replay-template';
import type { BodyDigest, HistoryA2aError, HistoryEntry, HistoryReplay, HistorySource, MessageSummary } from './history-types';
import { summarizeMessage } from './message-summary';
import { isMessageShaped, isObject, isTaskShaped, kind03Of, oneofMemberKey } from '../a2a/payload';

type Json = Record<string, unknown>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A recorded JSON body read back. A secret-backed value filled in unquoted (`"n": {{token}}`) is
 * scrubbed to a bare placeholder, which is not JSON: it is read as the placeholder string, so the body
 * keeps its shape and says where the secret was (a replay then refuses to send the placeholder).
 */
export function parseRecordedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const read = parse(text);
  if (read !== undefined || !text.includes(REDACTED)) return read;
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (!quoted && text.startsWith(REDACTED, i)) {
      out += JSON.stringify(REDACTED);
      i += REDACTED.length - 1;
      continue;
    }
    const c = text[i] as string;
    out += c;
    if (quoted && c === '\\') out += text[++i] ?? '';
    else if (c === '"') quoted = !quoted;
  }
  return parse(out);
}

const sendMethods = new Set(['SendMessage', 'SendStreamingMessage', 'message/send', 'message/stream']);
const maxReceivedMessages = 20;

export interface EntryOptions {
  source: HistorySource;
  fullBodies: boolean;
  /** Hex SHA-256 of a string (injected: shared/ has no crypto). */
  sha256: (text: string) => string;
  /** Attempt number of the sent messageId (1 = first send). */
  attempt: number;
  /** The drafted call body when the caller has it (JSON-RPC: the params); else the recorded body is parsed. */
  callBody?: unknown;
  check?: { runId: string; checkId: string };
  /** The call as drafted, when the caller has it: what a replay needs (secrets by name only). */
  call?: Pick<A2aCall, 'auth' | 'headers' | 'tenant' | 'body' | 'bodyText' | 'proxy' | 'proxyFromSettings' | 'timeouts'> & { endpoint?: string };
  /** The call's redaction rules (secrets it resolved or carried): the replay template keeps none of them. */
  callRules?: RedactionRules;
  /**
   * A stream's received payloads, digested while its events were delivered (createStreamDigest), for
   * records that did not keep their events; used instead of walking `record.events`.
   */
  streamDigest?: ReceivedDigest;
}

/**
 * The replay facts of a call. The body is kept only under full bodies, and then from the recorded
 * (redacted) copy, what was sent, when the drafted body may carry a scrubbed secret or was JSON text
 * with unquoted references (`"n": {{n}}`): its drafted `body` has null where each of them stood.
 */
export function replayOf(record: ExchangeRecord, call: NonNullable<EntryOptions['call']>, fullBodies: boolean, rules: RedactionRules = {}): HistoryReplay {
  // The endpoint, headers and auth as drafted (`{{variables}}` kept, secrets by name only).
  // The proxy is the one the record says the call went through (a Settings choice resolved), not the one asked for.
  const { proxy: asked, proxyFromSettings, ...drafted } = call;
  const used = record.request.proxy?.url;
  const replay: HistoryReplay = replayTemplate(
    { ...drafted, ...(used ? { proxy: used } : {}), ...(proxyFromSettings === true && !asked ? { proxyFromSettings: true } : {}) },
    rules,
  );
  if (call.tenant) replay.tenant = call.tenant;
  if (fullBodies) {
    const asSent = call.bodyText !== undefined || (record.request.body?.includes(REDACTED) ?? false);
    const body = asSent ? requestParams(record) : call.body;
    if (body !== undefined && !record.request.truncated) replay.body = body;
  }
  return replay;
}

/** The request's params/body object, from the call when known, else from the recorded request. */
export function requestParams(record: ExchangeRecord, callBody?: unknown): unknown {
  if (callBody !== undefined) return callBody;
  const body = parseRecordedJson(record.request.body);
  return record.binding === 'JSONRPC' && isObject(body) ? body['params'] : body;
}

/** The user's message of a send, in any binding's body. */
export function sentMessageOf(record: ExchangeRecord, callBody?: unknown): unknown {
  const params = requestParams(record, callBody);
  return isObject(params) ? (params['message'] ?? params['request']) : undefined;
}

/** A body as history keeps it without full bodies: its size and SHA-256, never its text (every exchange kind). */
export function bodyDigest(
  text: string | undefined,
  bytes: number,
  truncated: boolean | undefined,
  sha256: (t: string) => string,
  incomplete?: boolean,
): BodyDigest {
  const out: BodyDigest = { bytes };
  if (text !== undefined && text !== '') out.sha256 = sha256(text);
  if (truncated) out.truncated = true;
  if (incomplete) out.incomplete = true;
  return out;
}

function a2aErrorOf(record: ExchangeRecord): HistoryA2aError | undefined {
  const outcome = record.outcome;
  const withReason = (code: number | string, message: string, reason: string | undefined): HistoryA2aError =>
    reason === undefined ? { code, message } : { code, message, reason };
  switch (outcome.kind) {
    case 'rpc-error':
      return withReason(outcome.code, outcome.message, outcome.reason);
    case 'http-error':
      return withReason(outcome.status, outcome.message, outcome.reason);
    case 'grpc-error':
      return withReason(outcome.codeName, outcome.message, outcome.reason);
    case 'stream':
      return outcome.error ? withReason(outcome.error.code, outcome.error.message, outcome.error.reason) : undefined;
    default:
      return undefined;
  }
}

/**
 * What a history entry keeps of the payloads an exchange received: the first task (or the task a
 * status update names), the last state, and the first received messages. Fed one payload at a time,
 * so a long stream is summarised as it arrives and nobody has to keep its events for the entry.
 */
export interface ReceivedDigest {
  task?: Json;
  state?: string;
  /** Received messages in order, at most `maxReceivedMessages + 1` (the entry keeps that many with no sent message). */
  messages: Json[];
}

/**
 * Digests one received payload in any dialect: a JSON-RPC envelope (when `binding` is JSONRPC), the
 * 1.0 `{task}` / `{message}` / `{statusUpdate}` wrappers, or a bare 0.3 object (`kind`), read by the
 * shared payload reader. Keeps nothing per payload: a long stream passes through here event by event.
 */
function digestData(digest: ReceivedDigest, data: unknown, binding: ExchangeRecord['binding']): void {
  const value = binding === 'JSONRPC' && isObject(data) && 'result' in data ? data['result'] : data;
  if (!isObject(value)) return;
  if (isTaskShaped(value)) return digestTask(digest, value);
  // The strict reading of streamObject, without its result object: this runs once per stream event.
  const kind03 = kind03Of(value);
  const member = kind03 ? undefined : oneofMemberKey(value);
  const kind = kind03 ?? member;
  const object = member ? value[member] : value;
  if (!isObject(object)) return;
  if (kind === 'task') return digestTask(digest, object);
  if (kind === 'message') return digestMessage(digest, object);
  if (kind === 'statusUpdate') return digestStatus(digest, object);
}

function digestTask(digest: ReceivedDigest, task: Json): void {
  const status = task['status'];
  if (typeof task['id'] === 'string') {
    digest.task ??= task;
    if (isObject(status) && typeof status['state'] === 'string') digest.state = status['state'];
  }
  if (isObject(status)) digestMessage(digest, status['message']);
}

/** A status update names its task: the first one stands for the task when no Task came before it. */
function digestStatus(digest: ReceivedDigest, update: Json): void {
  const status = update['status'];
  if (typeof update['taskId'] === 'string') {
    digest.task ??= { id: update['taskId'], contextId: update['contextId'], status };
    if (isObject(status) && typeof status['state'] === 'string') digest.state = status['state'];
  }
  if (isObject(status)) digestMessage(digest, status['message']);
}

function digestMessage(digest: ReceivedDigest, message: unknown): void {
  // Only what summarizeMessage can summarise counts towards the kept messages.
  if (isMessageShaped(message) && digest.messages.length <= maxReceivedMessages) digest.messages.push(message);
}

/** A digest fed with each stream event's data as it is delivered (see ReceivedDigest). */
export function createStreamDigest(binding: ExchangeRecord['binding']): { add(data: unknown): void; readonly digest: ReceivedDigest } {
  const digest: ReceivedDigest = { messages: [] };
  return { add: (data) => digestData(digest, data, binding), digest };
}

/** Builds the history entry for one exchange under the logging policy (bodies hashed unless full bodies are on). */
export function buildHistoryEntry(record: ExchangeRecord, options: EntryOptions): HistoryEntry {
  const messages: MessageSummary[] = [];
  const sent = summarizeMessage(sentMessageOf(record, options.callBody), 'sent');
  if (sent) messages.push(sent);

  // One pass, payload by payload (a long stream has tens of thousands): nothing is collected first.
  const received: ReceivedDigest = options.streamDigest ? { ...options.streamDigest, messages: [...options.streamDigest.messages] } : { messages: [] };
  const outcome = record.outcome;
  if (outcome.kind === 'task') digestTask(received, isObject(outcome.task) ? outcome.task : {});
  else if (outcome.kind === 'message') digestMessage(received, outcome.message);
  else if (outcome.kind === 'result') digestData(received, outcome.value, 'HTTP+JSON');
  const events = options.streamDigest ? undefined : record.events;
  if (events) for (let i = 0; i < events.length; i++) digestData(received, (events[i] as (typeof events)[number]).data, record.binding);
  for (const message of received.messages) {
    if (messages.length > maxReceivedMessages) break;
    const summary = summarizeMessage(message, 'received');
    if (summary) messages.push(summary);
  }
  const task = received.task;
  let state = received.state;
  if (outcome.kind === 'task' && outcome.state) state = outcome.state;
  if (outcome.kind === 'stream' && outcome.lastState) state = outcome.lastState;
  const taskId = typeof task?.['id'] === 'string' ? task['id'] : undefined;
  const contextId = typeof task?.['contextId'] === 'string' ? task['contextId'] : (messages.find((m) => m.contextId)?.contextId ?? undefined);
  const entry: HistoryEntry = {
    id: record.id,
    startedAt: record.startedAt,
    source: options.source,
    method: record.method,
    interface: { binding: record.binding, version: record.version, endpoint: record.endpoint },
    attempt: options.attempt,
    outcomeKind: outcome.kind,
    taskCreated: sendMethods.has(record.method) && taskId !== undefined && sent?.taskId !== taskId,
    messages,
    durationMs: record.timings.totalMs,
    request: {
      url: record.request.url,
      ...(record.request.httpMethod ? { httpMethod: record.request.httpMethod } : {}),
      ...bodyDigest(record.request.body, record.request.bodyBytes, record.request.truncated, options.sha256),
    },
    warnings: [...record.warnings],
    bodies: options.fullBodies ? 'full' : 'hashed',
  };
  if (options.check) entry.check = options.check;
  if (record.response) {
    entry.response = {
      ...bodyDigest(record.response.body, record.response.bodyBytes, record.response.truncated, options.sha256, record.response.incomplete),
      ...(record.response.contentType ? { contentType: record.response.contentType } : {}),
    };
    if (record.response.status !== undefined) entry.httpStatus = record.response.status;
    if (record.response.grpcStatusName !== undefined) entry.grpcStatus = record.response.grpcStatusName;
  }
  const error = a2aErrorOf(record);
  if (error) entry.a2aError = error;
  if (outcome.kind === 'transport-error') entry.transportError = outcome.code;
  if (taskId !== undefined) entry.taskId = taskId;
  if (contextId !== undefined) entry.contextId = contextId;
  if (state !== undefined) entry.taskState = state;
  if (record.events) entry.eventCount = record.events.length;
  else if (options.streamDigest && outcome.kind === 'stream') entry.eventCount = outcome.eventCount;
  if (options.fullBodies) entry.exchange = record;
  if (options.call) entry.replay = replayOf(record, options.call, options.fullBodies, options.callRules);
  return entry;
}

/** The messageId of the message a send carried, used to number attempts. */
export function sentMessageId(record: ExchangeRecord, callBody?: unknown): string | undefined {
  const message = sentMessageOf(record, callBody);
  return isObject(message) && typeof message['messageId'] === 'string' ? message['messageId'] : undefined;
}

export function toSummary(entry: HistoryEntry): Omit<HistoryEntry, 'exchange' | 'httpExchange' | 'mcpExchange'> {
  const { exchange: _full, httpExchange: _http, mcpExchange: _mcp, ...summary } = entry;
  return summary;
}
