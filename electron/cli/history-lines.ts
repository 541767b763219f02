/**
 * How `powerduck history list` and `history show` print entries for a terminal: one line per entry
 * (time, binding, method, status, outcome, duration, endpoint, id) and a short block for one entry.
 * `--json` prints the contract's own values instead, so scripts never parse these lines.
 */
import type { HistoryEntry, HistorySummary } from '../../shared/history/history-types';

/** What the entry ended with, in a word or two: the A2A/JSON-RPC error, the task state, or the outcome kind. */
export function outcomeText(entry: HistorySummary): string {
  // A transport failure is recorded as an error too; "no answer" says what it means for a retry. A
  // server that did answer, with something that is not the protocol (an HTML page, JSON that is not
  // JSON-RPC) or a stream that stopped part way, answered: "no answer" would send the reader looking
  // for a network problem.
  if (entry.transportError) {
    const answered = entry.httpStatus !== undefined || entry.grpcStatus !== undefined || (entry.eventCount ?? 0) > 0;
    const what = !answered ? 'no answer' : entry.transportError === 'protocol' ? 'answer not understood' : 'answer cut short';
    return `${what} (${entry.transportError})`;
  }
  if (entry.a2aError) return `error ${entry.a2aError.code}${entry.a2aError.reason ? ` ${entry.a2aError.reason}` : ''}`;
  if (entry.taskState) return entry.taskState;
  // A plain HTTP answer's status says it all; "response" beside it would read as a second outcome.
  return entry.outcomeKind === 'response' ? 'answered' : entry.outcomeKind;
}

function durationText(ms: number): string {
  return ms < 1 ? '<1 ms' : `${Math.round(ms)} ms`;
}

function statusText(entry: HistorySummary): string {
  return entry.httpStatus !== undefined ? String(entry.httpStatus) : (entry.grpcStatus ?? '-');
}

function protocolText(entry: HistorySummary): string {
  const { binding, version } = entry.interface;
  return version === '-' ? binding : `${binding} ${version}`;
}

/** `2026-12-02T00:31:02.123Z` → `2026-12-02 00:31:02` (UTC, as stored: the same everywhere the file is read). */
function timeText(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

/**
 * The method column: an MCP call names what it was about ("tools/call touch"), since its endpoint is
 * the same for every tool; an HTTP row's path is in its endpoint column, which holds the whole URL.
 */
function methodText(entry: HistorySummary): string {
  return entry.mcp?.subject ? `${entry.method} ${entry.mcp.subject.name}` : entry.method;
}

export function historyListLines(entries: readonly HistorySummary[]): string[] {
  const rows = entries.map((e) => [
    timeText(e.startedAt),
    protocolText(e),
    methodText(e),
    statusText(e),
    outcomeText(e),
    durationText(e.durationMs),
    e.interface.endpoint,
    e.id,
  ]);
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  // The last two columns (endpoint, id) are not padded: long URLs would push every row wide.
  return rows.map((row) => row.map((cell, i) => (i < row.length - 2 ? cell.padEnd(widths[i] ?? 0) : cell)).join('  '));
}

export function historyEntryLines(entry: HistoryEntry): string[] {
  const lines = [
    `${entry.method}  ${protocolText(entry)}  ${entry.interface.endpoint}`,
    `  id          ${entry.id}`,
    `  started     ${timeText(entry.startedAt)} UTC (${durationText(entry.durationMs)}), from ${entry.source}${entry.check ? ` (check ${entry.check.checkId})` : ''}`,
    `  status      ${statusText(entry)}  ${outcomeText(entry)}`,
  ];
  if (entry.mcp) lines.push(`  mcp         ${entry.mcp.subject ? `${entry.mcp.subject.kind} ${entry.mcp.subject.name} · ` : ''}${entry.mcp.transport}`);
  if (entry.a2aError?.message) lines.push(`  message     ${entry.a2aError.message}`);
  if (entry.taskId || entry.contextId)
    lines.push(`  task        ${entry.taskId ?? '-'}  context ${entry.contextId ?? '-'}${entry.taskCreated ? '  (created)' : ''}`);
  if (entry.attempt > 1) lines.push(`  attempt     ${entry.attempt}`);
  for (const m of entry.messages) {
    const parts = m.parts.map((p) => (p.bytes === undefined ? p.mediaType : `${p.mediaType} ${p.bytes} B`)).join(', ') || 'no parts';
    lines.push(`  ${m.direction.padEnd(10)}  ${m.role ?? '-'} message ${m.messageId ?? '-'}: ${parts}`);
  }
  if (entry.eventCount !== undefined) lines.push(`  events      ${entry.eventCount}`);
  lines.push(`  request     ${entry.request.httpMethod ?? ''}${entry.request.httpMethod ? ' ' : ''}${entry.request.url}  ${digest(entry.request)}`);
  for (const step of entry.redirects ?? []) lines.push(`  redirected  ${step.status} → ${step.method} ${step.url}`);
  if (entry.response) lines.push(`  response    ${entry.response.contentType ?? '-'}  ${digest(entry.response)}`);
  for (const w of entry.warnings) lines.push(`  warning     ${w}`);
  lines.push(
    entry.bodies === 'full'
      ? '  bodies      kept (redacted): `--json` prints the whole record'
      : '  bodies      hashed (the history keeps SHA-256 digests; turn on full bodies to keep them)',
  );
  return lines;
}

function digest(body: { bytes: number; sha256?: string; incomplete?: boolean }): string {
  return `${body.bytes} B${body.sha256 ? `  sha256 ${body.sha256.slice(0, 16)}…` : ''}${body.incomplete ? '  (incomplete)' : ''}`;
}
