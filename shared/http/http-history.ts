/**
 * The history entry of a plain HTTP request, under the same logging policy as A2A exchanges:
 * method, URL, status, sizes and timing always; bodies as SHA-256 digests unless full bodies are on.
 */
import { bodyDigest } from '../history/history-entry';
import type { HistoryEntry, HistorySource } from '../history/history-types';
import { redirectSteps } from './http-summary';
import type { HttpExchangeRecord } from './http-types';

export interface HttpEntryOptions {
  source: HistorySource;
  fullBodies: boolean;
  sha256: (text: string) => string;
}

export function buildHttpHistoryEntry(record: HttpExchangeRecord, options: HttpEntryOptions): HistoryEntry {
  const outcome = record.outcome;
  const sent = record.firstRequest ?? record.request;
  const entry: HistoryEntry = {
    id: record.id,
    startedAt: record.startedAt,
    source: options.source,
    method: record.method,
    interface: { binding: 'HTTP', version: '-', endpoint: record.url },
    attempt: 1,
    outcomeKind: outcome.kind === 'response' ? 'response' : outcome.kind,
    taskCreated: false,
    messages: [],
    durationMs: record.timings.totalMs,
    // The request as written (the first sent), so history shows and finds the URL the user typed;
    // the hops it was redirected through are kept beside it.
    request: {
      url: record.url,
      httpMethod: record.method,
      ...bodyDigest(sent.body, sent.bodyBytes, sent.truncated, options.sha256),
    },
    warnings: [...record.warnings],
    bodies: options.fullBodies ? 'full' : 'hashed',
  };
  if (record.redirects?.length) entry.redirects = redirectSteps(record);
  if (record.response) {
    entry.response = {
      ...bodyDigest(
        record.response.body ?? record.response.bodyBase64,
        record.response.bodyBytes,
        record.response.truncated,
        options.sha256,
        record.response.incomplete,
      ),
      ...(record.response.contentType ? { contentType: record.response.contentType } : {}),
    };
    if (record.response.status !== undefined) entry.httpStatus = record.response.status;
  }
  if (outcome.kind === 'transport-error') entry.a2aError = { code: outcome.code, message: outcome.message };
  else if (outcome.kind === 'stream' && outcome.error) entry.a2aError = { code: 'stream', message: outcome.error };
  if (record.events) entry.eventCount = record.events.length;
  if (options.fullBodies) entry.httpExchange = record;
  return entry;
}
