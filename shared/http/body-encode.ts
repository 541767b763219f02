/**
 * Request bodies as bytes: `application/x-www-form-urlencoded` (WHATWG URL "urlencoded
 * serializer": space → `+`, only `*-._` and alphanumerics left as they are) and
 * `multipart/form-data` (RFC 7578, with the WHATWG escaping of `"`, CR and LF in names).
 * Pure: files arrive as bytes (the core reads paths).
 */
import { decodeUtf8, encodeUtf8 } from '../a2a/utf8';
import type { FormField } from './http-types';

const formSafe = /[A-Za-z0-9*\-._]/;

function formEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === ' ') out += '+';
    else if (formSafe.test(ch)) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

export function encodeUrlencoded(fields: readonly FormField[]): string {
  return fields
    .filter((f) => f.enabled !== false && f.name !== '')
    .map((f) => `${formEncode(f.name)}=${formEncode(f.value)}`)
    .join('&');
}

export interface MultipartPart {
  name: string;
  /** A text part. */
  value?: string;
  /** A file part. */
  file?: { filename: string; contentType: string; bytes: Uint8Array };
  /** Content-Type of a text part (omitted by default). */
  contentType?: string;
}

// WHATWG HTML "multipart/form-data encoding algorithm": these three are escaped in names/filenames.
function escapeName(text: string): string {
  return text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/** A boundary that does not occur in any part (checked; a clash picks another). */
export function chooseBoundary(parts: readonly MultipartPart[], random: () => string): string {
  for (;;) {
    const boundary = `----powerduck${random()}`;
    const clash = parts.some((p) => (p.value ?? '').includes(boundary) || (p.file ? decodeUtf8(p.file.bytes).text.includes(boundary) : false));
    if (!clash) return boundary;
  }
}

export function encodeMultipart(parts: readonly MultipartPart[], boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"`;
    if (part.file) head += `; filename="${escapeName(part.file.filename)}"\r\nContent-Type: ${part.file.contentType}`;
    else if (part.contentType) head += `\r\nContent-Type: ${part.contentType}`;
    head += '\r\n\r\n';
    chunks.push(encodeUtf8(head));
    chunks.push(part.file ? part.file.bytes : encodeUtf8(part.value ?? ''));
    chunks.push(encodeUtf8('\r\n'));
  }
  chunks.push(encodeUtf8(`--${boundary}--\r\n`));
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
