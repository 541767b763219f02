import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { prettyBody } from '../../ui/format';

/**
 * The response as text to copy or search: the body as received (re-indented when it is JSON), or
 * for a stream one JSON line per event. Empty when nothing came back.
 */
export function responseText(record: ExchangeRecord): string {
  if (record.events?.length) return record.events.map((event) => (event.raw !== undefined ? event.raw : JSON.stringify(event.data))).join('\n');
  const body = record.response?.body;
  if (body) return prettyBody(body);
  const outcome = record.outcome;
  if (outcome.kind === 'transport-error') return outcome.message;
  return '';
}

/** Start offsets of every case-insensitive occurrence of `query` (at most `limit`). */
export function findMatches(text: string, query: string, limit = 10_000): number[] {
  const needle = query.toLowerCase();
  if (!needle) return [];
  const haystack = text.toLowerCase();
  const found: number[] = [];
  let at = haystack.indexOf(needle);
  while (at !== -1 && found.length < limit) {
    found.push(at);
    at = haystack.indexOf(needle, at + needle.length);
  }
  return found;
}

export interface TimingRow {
  phase: 'dns' | 'tcp' | 'tls' | 'connect' | 'firstByte' | 'total';
  /** Milliseconds since the call started. */
  atMs: number;
}

/** The known phases in order; TLS only for https/grpcs, and nothing invented for a reused connection. */
export function timingRows(record: ExchangeRecord): TimingRow[] {
  const t = record.timings;
  const secure = /^(https|grpcs):/i.test(record.request.url);
  const rows: TimingRow[] = [];
  if (t.dnsMs !== undefined) rows.push({ phase: 'dns', atMs: t.dnsMs });
  if (t.tcpMs !== undefined) rows.push({ phase: 'tcp', atMs: t.tcpMs });
  if (t.connectMs !== undefined) rows.push({ phase: secure && t.tcpMs !== undefined ? 'tls' : 'connect', atMs: t.connectMs });
  if (t.firstByteMs !== undefined) rows.push({ phase: 'firstByte', atMs: t.firstByteMs });
  rows.push({ phase: 'total', atMs: t.totalMs });
  return rows;
}
