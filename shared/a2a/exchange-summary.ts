/**
 * Human-readable one-liners for an exchange record (CLI summary, history rows, "Copy for LLM").
 * Pure text; every fact comes from the record.
 */
import { explainError } from './a2a-errors';
import type { ExchangeRecord, Outcome, RecordedStreamEvent } from './exchange';
import { isObject, messageParts, readPart } from './payload';
import { isOutcomeUnknown, outcomeUnknownText } from '../history/history-stats';

/** One part as a short phrase: text as is, data as compact JSON, files by name or URL (1.0 and 0.3 shapes, read by readPart). */
function partPhrase(part: unknown): string {
  const view = readPart(part);
  if (view.kind === 'text') return view.text;
  if (view.kind === 'data') return `data ${JSON.stringify(view.data)}`;
  if (view.kind === 'file' && view.url) return `[file ${view.filename ?? view.url}]`;
  if (view.kind === 'file' && view.bytes !== undefined) return `[file ${view.filename ?? 'bytes'}]`;
  return '[part]';
}

/** A message's parts as one line: text first, then data and files (so `Sum: 42 data {"total":42}`). */
export function messageText(message: unknown, max = 200): string {
  // The one reader of a message's parts (payload.ts): the same list the response view and history show.
  const text = messageParts(message).map(partPhrase).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How a caller should treat the outcome: the CLI maps these to exit codes 0 / 1 / 2. */
export type OutcomeSeverity = 'ok' | 'refused' | 'failed';

export function outcomeSeverity(outcome: Outcome): OutcomeSeverity {
  switch (outcome.kind) {
    case 'message':
    case 'task':
    case 'result':
      return 'ok';
    case 'rpc-error':
    case 'http-error':
    case 'grpc-error':
      return 'refused';
    case 'transport-error':
      return 'failed';
    case 'stream': {
      if (outcome.ended !== 'error') return 'ok';
      const code = outcome.error?.code;
      // The agent said no (JSON-RPC code, gRPC status name, an `event: error` frame) vs the transport broke.
      if (typeof code === 'number' || (typeof code === 'string' && (/^[A-Z_]+$/.test(code) || code === 'sse-error-event'))) return 'refused';
      return 'failed';
    }
  }
}

/**
 * The server was reached and answered something that is not the binding (a 200 whose body is not
 * JSON, an HTML page, JSON that is not a JSON-RPC response, a gRPC message that does not decode):
 * it answered wrongly, as MCP's not-MCP answer, so the agent said no rather than being out of reach.
 * A reply that was not even HTTP (no status was read) stays a transport failure.
 */
function answeredWrongly(record: ExchangeRecord): boolean {
  const { outcome, response } = record;
  // A stream event that is not the binding, whatever came before or after it.
  if (outcome.kind === 'stream') return outcome.wrongEvents !== undefined;
  if (outcome.kind !== 'transport-error' || (outcome.code !== 'not-json' && outcome.code !== 'protocol')) return false;
  return response?.status !== undefined || response?.grpcStatus !== undefined;
}

/** outcomeSeverity, with what the record knows about the answer (the CLI's exit code: 0 / 1 / 2). */
export function recordSeverity(record: ExchangeRecord): OutcomeSeverity {
  return answeredWrongly(record) ? 'refused' : outcomeSeverity(record.outcome);
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'message':
      return `Message: ${messageText(outcome.message) || '(no text)'}`;
    case 'task': {
      const task = isObject(outcome.task) ? outcome.task : {};
      return `Task ${String(task['id'] ?? '?')}${outcome.state ? ` — ${outcome.state}` : ''}`;
    }
    case 'result':
      return outcome.value === null || outcome.value === undefined ? 'Result: (empty)' : `Result: ${truncate(JSON.stringify(outcome.value), 160)}`;
    case 'rpc-error':
      return `JSON-RPC error ${outcome.code}: ${outcome.message}${reasonText(outcome.code, outcome.reason)}`;
    case 'http-error':
      return `HTTP ${outcome.status}: ${outcome.message}${reasonText(undefined, outcome.reason)}`;
    case 'grpc-error':
      return `gRPC ${outcome.codeName} (${outcome.code}): ${outcome.message}${reasonText(undefined, outcome.reason)}`;
    case 'transport-error':
      return `${outcome.code}: ${outcome.message}`;
    case 'stream': {
      const how = { completed: 'completed', closed: 'closed by the server', stopped: 'stopped locally', error: 'ended with an error' }[outcome.ended];
      const err = outcome.error ? ` — ${outcome.error.code}: ${outcome.error.message}${outcome.error.reason ? ` [${outcome.error.reason}]` : ''}` : '';
      // gRPC ends at the message that does not decode: its error already names it.
      const wrong =
        outcome.wrongEvents && outcome.wrongEvents.first !== outcome.error?.message
          ? `; ${outcome.wrongEvents.count === 1 ? '1 event was' : `${outcome.wrongEvents.count} events were`} not A2A: ${outcome.wrongEvents.first}`
          : '';
      return `Stream ${how} after ${outcome.eventCount} event${outcome.eventCount === 1 ? '' : 's'}${outcome.lastState ? ` (last state ${outcome.lastState})` : ''}${err}${wrong}`;
    }
  }
}

function reasonText(code: number | undefined, reason: string | undefined): string {
  const explained = explainError(code, reason);
  if (reason && explained) return ` [${reason}] — ${explained}`;
  if (reason) return ` [${reason}]`;
  return explained ? ` — ${explained}` : '';
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function describeEvent(event: RecordedStreamEvent): string {
  const head = `#${event.seq} +${Math.round(event.atMs)}ms`;
  if (event.error)
    return `${head} ${event.event === 'message' ? '' : `${event.event} `}error ${event.error.code}: ${event.error.message}${event.error.reason ? ` [${event.error.reason}]` : ''}`;
  const payload = isObject(event.data) && isObject(event.data['result']) ? event.data['result'] : event.data;
  let detail = '';
  if (isObject(payload)) {
    const inner = event.objectKind && isObject(payload[event.objectKind]) ? payload[event.objectKind] : payload;
    if (isObject(inner)) {
      if (event.objectKind === 'message' || inner['kind'] === 'message') detail = messageText(inner, 120);
      else if (isObject(inner['status']) && isObject(inner['status']['message'])) detail = messageText(inner['status']['message'], 120);
      else if (isObject(inner['artifact'])) detail = `artifact ${String(inner['artifact']['artifactId'] ?? '')} ${messageText(inner['artifact'], 100)}`.trim();
    }
  }
  return `${head} ${event.objectKind ?? event.event}${event.state ? ` ${event.state}` : ''}${detail ? ` — ${detail}` : ''}`;
}

/**
 * A send that got no answer: the agent may have acted on it (the history's rule, for a record just made:
 * a connection refused or never opened is `connect`, and the agent cannot have seen that request).
 */
export function recordOutcomeUnknown(record: ExchangeRecord): boolean {
  const { outcome, response } = record;
  return isOutcomeUnknown(
    {
      outcomeKind: outcome.kind,
      ...(response?.status !== undefined ? { httpStatus: response.status } : {}),
      ...(response?.grpcStatusName !== undefined ? { grpcStatus: response.grpcStatusName } : {}),
      ...(record.events ? { eventCount: record.events.length } : {}),
      ...(outcome.kind === 'transport-error' ? { transportError: outcome.code } : {}),
    },
    { recordedNow: true },
  );
}

/** A short multi-line summary of the whole exchange. */
export function summarizeExchange(record: ExchangeRecord): string[] {
  const lines: string[] = [];
  const req = record.request;
  lines.push(`${req.httpMethod ? `${req.httpMethod} ` : ''}${req.url}  (A2A ${record.version}, ${record.binding}, ${record.method})`);
  const res = record.response;
  const t = record.timings;
  const timing = [
    `${Math.round(t.totalMs)} ms`,
    t.connectMs !== undefined ? `connect ${Math.round(t.connectMs)} ms` : t.reusedConnection ? 'reused connection' : '',
    t.firstByteMs !== undefined ? `first byte ${Math.round(t.firstByteMs)} ms` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (res) {
    const status = res.status !== undefined ? `${res.status} ${res.statusText ?? ''}`.trim() : res.grpcStatusName ? `gRPC ${res.grpcStatusName}` : '';
    lines.push(
      `← ${status}${res.contentType ? `  ${res.contentType}` : ''}  ${res.bodyBytes} B${res.truncated ? ' (truncated in the record)' : ''}  in ${timing}`,
    );
  } else {
    lines.push(`← no response  in ${timing}`);
  }
  lines.push(describeOutcome(record.outcome));
  if (recordOutcomeUnknown(record)) lines.push(outcomeUnknownText);
  const task = record.outcome.kind === 'task' && isObject(record.outcome.task) ? record.outcome.task : undefined;
  const message = record.outcome.kind === 'message' && isObject(record.outcome.message) ? record.outcome.message : undefined;
  const ctx = task?.['contextId'] ?? message?.['contextId'];
  if (typeof ctx === 'string') lines.push(`contextId: ${ctx}`);
  if (record.authNote) lines.push(`auth: ${record.authNote}`);
  for (const warning of record.warnings) lines.push(`warning: ${warning}`);
  return lines;
}
