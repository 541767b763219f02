/**
 * "Open as new request" on a plain HTTP history entry: the tab it opens. Hashed bodies keep only
 * the method and the URL. With full bodies the record also holds the headers and a text body as
 * sent, so those come back too, except what the core redacted (a redacted header returns empty, to
 * be set from a secret again) and what the client adds itself (Host, Content-Length, Connection).
 */
import { REDACTED } from '../../../../shared/a2a/redaction';
import type { HeaderEntry } from '../../../../shared/a2a/call';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import type { FormField } from '../../../../shared/http/http-types';
import type { HttpDraft } from './http-draft';

/** Headers the sender sets on every request; copying them would pin stale values. */
const automatic = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'cookie']);

function headerValue(name: string, value: string): HeaderEntry {
  // A redacted value is not the secret: leave it empty (and off) so nothing sends the placeholder.
  return value.includes(REDACTED) ? { name, value: '', enabled: false } : { name, value };
}

function formFields(text: string): FormField[] {
  return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
}

export function httpSeedFromHistory(entry: HistoryEntry): Partial<HttpDraft> {
  const record = entry.httpExchange;
  if (!record) return { method: entry.method, url: entry.interface.endpoint };
  const seed: Partial<HttpDraft> = { method: record.method, url: record.url };
  const headers = record.request.headers.filter(([name]) => !automatic.has(name.toLowerCase())).map(([name, value]) => headerValue(name, value));
  if (headers.length) seed.headers = headers;
  const body = record.request.body;
  if (body === undefined || body === '' || record.request.truncated) return seed;
  const type = record.request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/multipart\//i.test(type)) return seed; // parts and files are not rebuilt from the wire form
  if (/json/i.test(type)) return { ...seed, bodyKind: 'json', bodyText: body };
  if (/application\/x-www-form-urlencoded/i.test(type)) return { ...seed, bodyKind: 'urlencoded', formFields: formFields(body) };
  return { ...seed, bodyKind: 'text', bodyText: body, ...(type ? { textType: type } : {}) };
}
