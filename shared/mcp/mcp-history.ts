/**
 * The history entry of an MCP request, under the same logging policy as A2A and HTTP exchanges:
 * method, server, status, outcome, sizes and timing always; params and result as SHA-256 digests
 * unless full bodies are on (then the whole record, already redacted by the core, is kept).
 */
import type { BodyDigest, HistoryEntry, HistoryMcpFacts, HistorySource } from '../history/history-types';
import { utf8ByteLength } from '../a2a/utf8';
import type { McpElicitation } from './mcp-elicitation';
import { samplingContentText, type McpSampling } from './mcp-sampling';
import type { McpExchangeRecord } from './mcp-types';

export interface McpEntryOptions {
  source: HistorySource;
  fullBodies: boolean;
  sha256: (text: string) => string;
}

function digest(value: unknown, sha256: (t: string) => string): BodyDigest {
  if (value === undefined) return { bytes: 0 };
  const text = JSON.stringify(value);
  return { bytes: utf8ByteLength(text), sha256: sha256(text) };
}

/** How a stdio server's line starts (history keeps it as the entry's endpoint; "Open as new request" reads it back). */
export const stdioTargetPrefix = 'stdio: ';

/** Where the request went, as one line: the endpoint, or the command line of a stdio server. */
export function mcpTargetLine(target: McpExchangeRecord['target']): string {
  if (target.transport === 'stdio') return `${stdioTargetPrefix}${[target.command ?? '', ...(target.args ?? [])].join(' ')}`;
  return target.endpoint ?? '';
}

/** The text of a failed tool's first text block, for one-line summaries. */
export function toolErrorText(result: unknown): string {
  const content = typeof result === 'object' && result !== null ? (result as { content?: unknown }).content : undefined;
  if (Array.isArray(content)) {
    for (const block of content) {
      if (
        typeof block === 'object' &&
        block !== null &&
        (block as { type?: unknown }).type === 'text' &&
        typeof (block as { text?: unknown }).text === 'string'
      )
        return (block as { text: string }).text;
    }
  }
  return 'The tool reported an error (isError).';
}

const answeredBy: Record<McpElicitation['answeredBy'], string> = {
  user: 'by the user',
  preset: 'answered without asking',
  unattended: 'nobody could be asked',
  timeout: 'no answer in time',
  stopped: 'the call was stopped',
};

const actionWords: Record<McpElicitation['answer']['action'], string> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

const samplingBy: Record<McpSampling['answeredBy'], string> = {
  user: 'by the user',
  preset: 'answered without asking',
  timeout: 'no answer in time',
  stopped: 'the call was stopped',
  refused: 'it offered tools',
};

/** The last message the server put to the model, in one line (at most `max` characters). */
export function samplingQuestionLine(s: McpSampling, max = 200): string {
  const last = s.request.messages[s.request.messages.length - 1];
  const text = last ? samplingContentText(last.content) : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "answered as model x (by the user)", "rejected (no answer in time)"… */
export function samplingAnswerLine(s: McpSampling): string {
  const how = samplingBy[s.answeredBy];
  return s.answer.action === 'accept' ? `answered as model ${JSON.stringify(s.answer.message.model)} (${how})` : `rejected (${how})`;
}

/** "accepted (by the user)", "declined (nobody could be asked)"… */
export function elicitationAnswerLine(e: McpElicitation): string {
  return `${actionWords[e.answer.action]} (${answeredBy[e.answeredBy]})`;
}

/** A subject's name is kept up to this many characters (a longer one is cut there). */
export const mcpSubjectMaxLength = 500;

/** The tool, prompt or resource a call names in its params (tools/call, prompts/get, resources/read, subscriptions). */
export function mcpSubject(method: string, params: unknown): HistoryMcpFacts['subject'] {
  const p = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.slice(0, mcpSubjectMaxLength) : undefined);
  if (method === 'tools/call' && text(p['name'])) return { kind: 'tool', name: text(p['name']) as string };
  if (method === 'prompts/get' && text(p['name'])) return { kind: 'prompt', name: text(p['name']) as string };
  if (/^resources\/(read|subscribe|unsubscribe)$/.test(method) && text(p['uri'])) return { kind: 'resource', name: text(p['uri']) as string };
  return undefined;
}

export function buildMcpHistoryEntry(record: McpExchangeRecord, options: McpEntryOptions): HistoryEntry {
  const outcome = record.outcome;
  const endpoint = mcpTargetLine(record.target);
  const entry: HistoryEntry = {
    id: record.id,
    startedAt: record.startedAt,
    source: options.source,
    method: record.method,
    interface: { binding: 'MCP', version: '-', endpoint },
    attempt: 1,
    outcomeKind: outcome.kind,
    taskCreated: false,
    messages: [],
    durationMs: record.timings.totalMs,
    request: { url: endpoint, ...(record.target.transport === 'stdio' ? {} : { httpMethod: 'POST' }), ...digest(record.params, options.sha256) },
    warnings: [...record.warnings],
    bodies: options.fullBodies ? 'full' : 'hashed',
  };
  if (outcome.kind === 'result' || outcome.kind === 'tool-error')
    entry.response = { ...digest(outcome.result, options.sha256), contentType: 'application/json' };
  const posts = record.http.filter((h) => h.httpMethod === 'POST' && h.status !== undefined);
  const status = outcome.kind === 'http-error' ? outcome.status : outcome.kind === 'auth-required' ? outcome.challenge.status : posts[posts.length - 1]?.status;
  if (status !== undefined) entry.httpStatus = status;
  if (outcome.kind === 'rpc-error') entry.a2aError = { code: outcome.code, message: outcome.message };
  else if (outcome.kind === 'tool-error') entry.a2aError = { code: 'tool-error', message: toolErrorText(outcome.result) };
  else if (outcome.kind === 'http-error' || outcome.kind === 'auth-required' || outcome.kind === 'cancelled')
    entry.a2aError = { code: outcome.kind, message: outcome.message };
  else if (outcome.kind === 'transport-error') {
    entry.transportError = outcome.code;
    entry.a2aError = { code: outcome.code, message: outcome.message };
  }
  const subject = mcpSubject(record.method, record.params);
  entry.mcp = { transport: record.server?.transport ?? record.target.transport, ...(subject ? { subject } : {}) };
  if (record.events) entry.eventCount = record.events.length;
  // The question and the answer's action under any policy; what was typed only with full bodies.
  // A page's URL may carry a state or a token: the entry says a page was asked for, not which.
  for (const e of record.elicitations ?? [])
    entry.warnings.push(`Elicitation${e.page ? ' (a page to open)' : ''} ${JSON.stringify(e.message.slice(0, 200))}: ${elicitationAnswerLine(e)}`);
  // The server's prompt and what was written are bodies: under hashed bodies only who answered and how.
  for (const s of record.samplings ?? [])
    entry.warnings.push(`Sampling (${s.request.messages.length} message${s.request.messages.length === 1 ? '' : 's'}): ${samplingAnswerLine(s)}`);
  if (options.fullBodies) entry.mcpExchange = record;
  return entry;
}
