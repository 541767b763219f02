/**
 * "Open as new request" on a plain HTTP history entry: the tab it opens. Hashed bodies keep only
 * the method and the URL. With full bodies the record also holds the headers and a text body as
 * sent, so those come back too, except what the core redacted (a redacted header returns empty, to
 * be set from a secret again) and what the client adds itself (Host, Content-Length, Connection).
 * An entry that kept the request as written (`replay`) gives back its URL, header rows and auth
 * instead (templateSeed). Multipart bodies come back part by part; a text file comes back as the file it was, a binary
 * file (whose bytes the record holds only as lossy text) as a row that asks for the file again:
 * Send refuses until it is chosen or the row is turned off, so nothing sends less than was sent.
 */
import { REDACTED } from '../../../../shared/a2a/redaction';
import type { HeaderEntry } from '../../../../shared/a2a/call';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import type { FormField, MultipartField } from '../../../../shared/http/http-types';
import { isTextualMediaType } from '../../../../shared/http/media-kind';
import { readMultipart } from '../../../../shared/http/multipart-read';
import type { HttpDraft } from './http-draft';
import { encodeBase64 } from '../../../../shared/encoding/base64';

/** Headers the sender sets on every request; copying them would pin stale values. */
const automatic = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'cookie']);

function headerValue(name: string, value: string): HeaderEntry {
  // A redacted value is not the secret: leave it empty (and off) so nothing sends the placeholder.
  return value.includes(REDACTED) ? { name, value: '', enabled: false } : { name, value };
}

function formFields(text: string): FormField[] {
  return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
}

/** A recorded file's bytes are the record's text only when it was text and decoded cleanly. */
function textKept(text: string, contentType: string | undefined): boolean {
  return isTextualMediaType(contentType) && !text.includes('\uFFFD');
}

function multipartSeed(body: string, type: string): Partial<HttpDraft> | undefined {
  const parts = readMultipart(body, type);
  if (!parts) return undefined;
  const notKept: string[] = [];
  const fields = parts.map((part): MultipartField => {
    if (part.filename === undefined) return { name: part.name, value: part.text, ...(part.contentType ? { contentType: part.contentType } : {}) };
    const contentType = part.contentType ? { contentType: part.contentType } : {};
    if (textKept(part.text, part.contentType))
      return { name: part.name, file: { name: part.filename, base64: encodeBase64(new TextEncoder().encode(part.text)), ...contentType } };
    notKept.push(part.filename);
    return { name: part.name, file: { name: part.filename, base64: '', ...contentType } };
  });
  return { bodyKind: 'multipart', multipartFields: fields, ...(notKept.length ? { filesNotKept: notKept } : {}) };
}

/** What the core records for a binary raw-file body instead of its bytes (http-send.ts). */
const binaryFilePlaceholder = /^‹\d+ bytes of (.+) from (.*)›$/;

/**
 * The request as the user wrote it, when the entry kept it: the URL with its `{{variables}}`, the header
 * rows as typed (not the ones the client added: Accept, User-Agent…) and auth by secret name, so a
 * replay fills them from the environment active now. Older entries have none and open as sent.
 */
function templateSeed(entry: HistoryEntry): Partial<HttpDraft> | undefined {
  const replay = entry.replay;
  if (replay?.endpoint === undefined) return undefined;
  return {
    url: replay.endpoint,
    headers: (replay.headers ?? []).map((h) => ({ ...h })),
    ...(replay.auth ? { auth: replay.auth } : {}),
  };
}

export function httpSeedFromHistory(entry: HistoryEntry): Partial<HttpDraft> {
  const record = entry.httpExchange;
  const template = templateSeed(entry);
  if (!record) {
    // Hashed: the tab says a body was sent and is not here (size and hash), rather than sending none silently.
    const { bytes, sha256 } = entry.request;
    return {
      method: entry.method,
      url: entry.interface.endpoint,
      ...template,
      ...(bytes > 0 ? { bodyNotKept: { bytes, ...(sha256 ? { sha256 } : {}) } } : {}),
    };
  }
  const seed: Partial<HttpDraft> = { method: record.method, url: record.url };
  const headers = record.request.headers.filter(([name]) => !automatic.has(name.toLowerCase())).map(([name, value]) => headerValue(name, value));
  if (headers.length) seed.headers = headers;
  Object.assign(seed, template);
  const body = record.request.body;
  if (body === undefined || body === '' || record.request.truncated) return seed;
  const type = record.request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/multipart\/form-data/i.test(type)) {
    // A body that does not read as multipart keeps only method, URL and headers: never a guess.
    const multipart = multipartSeed(body, type);
    return multipart ? { ...seed, ...multipart } : seed;
  }
  const placeholder = isTextualMediaType(type) ? null : binaryFilePlaceholder.exec(body);
  if (placeholder) {
    const name = placeholder[2] ?? '';
    return { ...seed, bodyKind: 'file', file: { name, base64: '', contentType: placeholder[1] ?? type }, filesNotKept: [name] };
  }
  if (/json/i.test(type)) return { ...seed, bodyKind: 'json', bodyText: body };
  if (/application\/x-www-form-urlencoded/i.test(type)) return { ...seed, bodyKind: 'urlencoded', formFields: formFields(body) };
  return { ...seed, bodyKind: 'text', bodyText: body, ...(type ? { textType: type } : {}) };
}
