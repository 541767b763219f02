/**
 * Reads a recorded `multipart/form-data` body back into its parts (RFC 7578), so a history entry
 * kept with full bodies can be opened as a request again. It reads what Powerduck's own encoder
 * (body-encode.ts) writes and what browsers and curl send: CRLF line ends, a quoted or bare
 * boundary, names escaped the WHATWG way (%22, %0D, %0A).
 */

import { mediaTypeParam } from './media-kind';

export interface ReadPart {
  name: string;
  /** Present on file parts (an empty filename still marks a file part). */
  filename?: string;
  contentType?: string;
  /** The part's content as the record holds it (text; binary bytes were decoded lossily). */
  text: string;
}

/** The `boundary` parameter of a multipart media type, or undefined when there is none. */
export function multipartBoundary(contentType: string): string | undefined {
  return mediaTypeParam(contentType, 'boundary');
}

function unescapeName(text: string): string {
  return text.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** One `key="value"` (or bare `key=value`) parameter of a Content-Disposition header. */
function dispositionParam(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return undefined;
  return unescapeName(match[1] ?? match[2] ?? '');
}

function readPart(chunk: string): ReadPart | undefined {
  const split = chunk.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const headers = chunk.slice(0, split).split('\r\n');
  const text = chunk.slice(split + 4);
  let disposition: string | undefined;
  let contentType: string | undefined;
  for (const line of headers) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\b/i.test(disposition)) return undefined;
  const name = dispositionParam(disposition, 'name');
  if (name === undefined) return undefined;
  const filename = dispositionParam(disposition, 'filename');
  return { name, ...(filename !== undefined ? { filename } : {}), ...(contentType ? { contentType } : {}), text };
}

/**
 * The parts of `body`, or undefined when it is not a multipart body this can read (no boundary,
 * no closing delimiter, a part without a name): the caller then keeps only method and URL rather
 * than open a request that would send something other than what was sent.
 */
export function readMultipart(body: string, contentType: string): ReadPart[] | undefined {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return undefined;
  const delimiter = `--${boundary}`;
  const start = body.startsWith(delimiter) ? 0 : body.indexOf(`\r\n${delimiter}`);
  if (start < 0) return undefined;
  let at = start === 0 ? delimiter.length : start + 2 + delimiter.length;
  const parts: ReadPart[] = [];
  for (;;) {
    if (body.startsWith('--', at)) return parts; // the closing delimiter
    if (!body.startsWith('\r\n', at)) return undefined;
    const next = body.indexOf(`\r\n${delimiter}`, at + 2);
    if (next < 0) return undefined;
    const part = readPart(body.slice(at + 2, next));
    if (!part) return undefined;
    parts.push(part);
    at = next + 2 + delimiter.length;
  }
}
