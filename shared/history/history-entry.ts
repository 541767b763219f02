import type { A2aCall } from '../a2a/call';
import type { ExchangeRecord } from '../a2a/exchange';
import { REDACTED } from '../a2a/redaction';
import { safeAuth, safeHeaders } from '../session/session-state';
import type { BodyDigest, HistoryA2aError, HistoryEntry, HistoryReplay, HistorySource, MessageSummary } from './history-types';
import { summarizeMessage } from './message-summary';
import { isObject } from '../a2a/payload';

type Json = Record<string, unknown>;

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
  call?: Pick<A2aCall, 'auth' | 'headers' | 'tenant' | 'body'>;
}

/**
 * The replay facts of a call. The body is kept only under full bodies, and then from the recorded
 * (redacted) copy when the drafted body may carry a scrubbed secret.
 */
export function replayOf(record: ExchangeRecord, call: NonNullable<EntryOptions['call']>, fullBodies: boolean): HistoryReplay {
  const replay: HistoryReplay = {};
  if (call.auth && call.auth.type !== 'none') {
    const auth = safeAuth(call.auth) as unknown as NonNullable<HistoryReplay['auth']>;
    if (auth.type === 'none') replay.authNotKept = true;
    else replay.auth = auth;
  }
  if (call.headers?.length) replay.headers = safeHeaders(call.headers) as unknown as NonNullable<HistoryReplay['headers']>;
  if (call.tenant) replay.tenant = call.tenant;
  if (fullBodies) {
    const scrubbed = record.request.body?.includes(REDACTED) ?? false;
    const body = scrubbed ? requestParams(record) : call.body;
    if (body !== undefined && !record.request.truncated) replay.body = body;
  }
  return replay;
}

/** The request's params/body object, from the call when known, else from the recorded request. */
export function requestParams(record: ExchangeRecord, callBody?: unknown): unknown {
  if (callBody !== undefined) return callBody;
  const body = parse(record.request.body);
  return record.binding === 'JSONRPC' && isObject(body) ? body['params'] : body;
}

/** The user's message of a send, in any binding's body. */
export function sentMessageOf(record: ExchangeRecord, callBody?: unknown): unknown {
  const params = requestParams(record, callBody);
  return isObject(params) ? (params['message'] ?? params['request']) : undefined;
}

function digest(text: string | undefined, bytes: number, truncated: boolean | undefined, sha256: (t: string) => string): BodyDigest {
  const out: BodyDigest = { bytes };
  if (text !== undefined && text !== '') out.sha256 = sha256(text);
  if (truncated) out.truncated = true;
  return out;
}

/** Unwraps a JSON-RPC envelope and the 1.0 `{task}` / `{message}` wrappers around a payload. */
function payloadOf(data: unknown, binding: ExchangeRecord['binding']): { task?: Json; message?: Json; statusMessage?: Json } {
  const value = binding === 'JSONRPC' && isObject(data) && 'result' in data ? data['result'] : data;
  if (!isObject(value)) return {};
  const kind = value['kind'];
  if (kind === 'task' || (typeof value['id'] === 'string' && isObject(value['status']))) return taskPayload(value);
  if (kind === 'message') return { message: value };
  if (kind === 'status-update') return statusPayload(value);
  if (isObject(value['task'])) return taskPayload(value['task']);
  if (isObject(value['message'])) return { message: value['message'] };
  if (isObject(value['statusUpdate'])) return statusPayload(value['statusUpdate']);
  return {};
}

function taskPayload(task: Json): { task: Json; statusMessage?: Json } {
  const message = isObject(task['status']) ? task['status']['message'] : undefined;
  return isObject(message) ? { task, statusMessage: message } : { task };
}

function statusPayload(update: Json): { task?: Json; statusMessage?: Json } {
  const message = isObject(update['status']) ? update['status']['message'] : undefined;
  const task: Json = { id: update['taskId'], contextId: update['contextId'], status: update['status'] };
  return isObject(message) ? { task, statusMessage: message } : { task };
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

/** Builds the history entry for one exchange under the logging policy (bodies hashed unless full bodies are on). */
export function buildHistoryEntry(record: ExchangeRecord, options: EntryOptions): HistoryEntry {
  const messages: MessageSummary[] = [];
  const sent = summarizeMessage(sentMessageOf(record, options.callBody), 'sent');
  if (sent) messages.push(sent);

  // One pass, payload by payload (a long stream has tens of thousands): nothing is collected first.
  let task: Json | undefined;
  let state: string | undefined;
  const receivedMessage = (message: Json | undefined): void => {
    if (message && messages.length <= maxReceivedMessages) {
      const summary = summarizeMessage(message, 'received');
      if (summary) messages.push(summary);
    }
  };
  const consider = (payload: ReturnType<typeof payloadOf>): void => {
    if (payload.task && typeof payload.task['id'] === 'string') {
      task ??= payload.task;
      const status = payload.task['status'];
      if (isObject(status) && typeof status['state'] === 'string') state = status['state'];
    }
    receivedMessage(payload.message);
    receivedMessage(payload.statusMessage);
  };
  const outcome = record.outcome;
  if (outcome.kind === 'task') consider(taskPayload(isObject(outcome.task) ? outcome.task : {}));
  else if (outcome.kind === 'message') consider({ ...(isObject(outcome.message) ? { message: outcome.message } : {}) });
  else if (outcome.kind === 'result') consider(payloadOf(outcome.value, 'HTTP+JSON'));
  const events = record.events;
  if (events) for (let i = 0; i < events.length; i++) consider(payloadOf((events[i] as (typeof events)[number]).data, record.binding));
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
      ...digest(record.request.body, record.request.bodyBytes, record.request.truncated, options.sha256),
    },
    warnings: [...record.warnings],
    bodies: options.fullBodies ? 'full' : 'hashed',
  };
  if (options.check) entry.check = options.check;
  if (record.response) {
    entry.response = {
      ...digest(record.response.body, record.response.bodyBytes, record.response.truncated, options.sha256),
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
  if (options.fullBodies) entry.exchange = record;
  if (options.call) entry.replay = replayOf(record, options.call, options.fullBodies);
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
