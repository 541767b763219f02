import { isOutcomeUnknown } from '../../../../shared/history/history-stats';
import type { HistorySummary } from '../../../../shared/history/history-types';
import { REDACTED } from '../../../../shared/a2a/redaction';
import type { Translate } from '../../i18n/i18n';

export type HistoryTone = 'ok' | 'task' | 'error' | 'neutral';

/**
 * One short status for the list: the A2A error wins, then the HTTP/gRPC status, then the outcome.
 * `unknown`: the send got no answer, so the agent may have processed it (the seed's message policy).
 */
export function statusOf(entry: HistorySummary): { text: string; tone: HistoryTone; unknown?: true } {
  if (entry.a2aError) return { text: entry.a2aError.reason ?? String(entry.a2aError.code), tone: 'error' };
  if (entry.outcomeKind === 'transport-error')
    return { text: entry.outcomeKind, tone: 'error', ...(isOutcomeUnknown(entry) ? { unknown: true as const } : {}) };
  if (entry.httpStatus !== undefined)
    return { text: String(entry.httpStatus), tone: entry.httpStatus >= 400 ? 'error' : entry.outcomeKind === 'task' ? 'task' : 'ok' };
  if (entry.grpcStatus !== undefined) return { text: entry.grpcStatus, tone: entry.grpcStatus === 'OK' ? 'ok' : 'error' };
  return { text: entry.outcomeKind, tone: 'neutral' };
}

export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint.includes('://') ? endpoint : `http://${endpoint}`).host;
  } catch {
    return endpoint;
  }
}

const encodedMarker = encodeURIComponent(REDACTED);

/**
 * A URL with the redaction marker as people read it: the marker put into a query goes through URL
 * encoding (`%E2%80%B9redacted%E2%80%BA`), which hides that a secret was taken out.
 */
export function readableUrl(url: string): string {
  return url.replaceAll(encodedMarker, REDACTED).replaceAll(encodedMarker.toLowerCase(), REDACTED);
}

/** The path and query of a URL ("/images/duck.png?size=2"), or the text itself when it does not parse. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url.includes('://') ? url : `http://${url}`);
    return readableUrl(`${parsed.pathname}${parsed.search}`);
  } catch {
    return readableUrl(url);
  }
}

/** What an HTTP row names after its method: the request's path (its host is shown, muted, on the line below). */
export function requestPathOf(entry: Pick<HistorySummary, 'interface' | 'request'>): string | undefined {
  if (entryProtocol(entry) !== 'http') return undefined;
  return pathOf(entry.request.url || entry.interface.endpoint);
}

export function timeOf(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** The duplicate-execution rate with its denominator said ("50% of retried messages"): a bare "(50%)" reads as a share of all sends. */
export function statsRateText(rate: number | null, t: Translate): string {
  if (rate === null) return t('history.statsRateNone');
  return t('history.statsRateOf', { rate: `${Math.round(rate * 1000) / 10}%` });
}

export { entryProtocol, type EntryProtocol } from '../../../../shared/history/replay-request';
import { entryProtocol } from '../../../../shared/history/replay-request';

/** The error line of an HTTP or MCP entry: "-32602: Unknown tool", "ECONNREFUSED: …"; undefined when none. */
export function entryErrorLine(entry: Pick<HistorySummary, 'a2aError' | 'outcomeKind'>): string | undefined {
  const e = entry.a2aError;
  if (!e) return undefined;
  // An MCP tool error's code is its kind ("tool-error"): the outcome already says it, the text is what matters.
  return e.code === entry.outcomeKind ? e.message : `${e.code}${e.reason ? ` ${e.reason}` : ''}: ${e.message}`;
}

/** The list row's protocol word: "JSONRPC 1.0" for A2A, "HTTP" (no A2A version "-"), "MCP" and the tool, prompt or resource. */
export function interfaceLabel(entry: Pick<HistorySummary, 'interface' | 'mcp'>): string {
  switch (entryProtocol(entry)) {
    case 'a2a':
      return `${entry.interface.binding} ${entry.interface.version}`;
    case 'http':
      return 'HTTP';
    case 'mcp':
      return entry.mcp?.subject ? `MCP ${entry.mcp.subject.name}` : 'MCP';
  }
}

/**
 * Where an entry came from. An MCP call runs as a stream inside the app, but "Stream" reads as an A2A
 * stream: an MCP entry sent from the app names its method and transport instead.
 */
export function sourceLabel(entry: Pick<HistorySummary, 'interface' | 'source' | 'method' | 'mcp'>, t: Translate): string {
  if (entryProtocol(entry) !== 'mcp' || (entry.source !== 'send' && entry.source !== 'stream')) return t(`history.source.${entry.source}`);
  return entry.mcp
    ? t('history.source.mcpVia', { method: entry.method, transport: t(`history.mcpTransport.${entry.mcp.transport}`) })
    : t('history.source.mcp', { method: entry.method });
}
