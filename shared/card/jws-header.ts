import type { JsonObject } from './card-types';
import { isObject } from '../a2a/payload';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** RFC 4648 §5 base64url (no padding) to bytes; undefined for anything that is not strict base64url. */
export function base64UrlToBytes(text: string): number[] | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Strict UTF-8 decode; undefined on malformed input. */
export function utf8Decode(bytes: readonly number[]): string | undefined {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b0 = bytes[i] as number;
    let code: number;
    let extra: number;
    if (b0 < 0x80) [code, extra] = [b0, 0];
    else if (b0 >= 0xc2 && b0 < 0xe0) [code, extra] = [b0 & 0x1f, 1];
    else if (b0 >= 0xe0 && b0 < 0xf0) [code, extra] = [b0 & 0x0f, 2];
    else if (b0 >= 0xf0 && b0 < 0xf5) [code, extra] = [b0 & 0x07, 3];
    else return undefined;
    for (let k = 1; k <= extra; k++) {
      const b = bytes[i + k];
      if (b === undefined || (b & 0xc0) !== 0x80) return undefined;
      code = (code << 6) | (b & 0x3f);
    }
    if ((extra === 2 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))) || (extra === 3 && (code < 0x10000 || code > 0x10ffff))) return undefined;
    out += String.fromCodePoint(code);
    i += extra + 1;
  }
  return out;
}

export type DecodedHeader = { ok: true; header: JsonObject } | { ok: false; error: string };

/** Decodes an AgentCardSignature `protected` value (BASE64URL(UTF8(JSON))), A2A §8.4.2. */
export function decodeProtectedHeader(value: unknown): DecodedHeader {
  if (typeof value !== 'string' || value === '') return { ok: false, error: 'The protected header is missing or not a string.' };
  const bytes = base64UrlToBytes(value);
  if (!bytes) return { ok: false, error: 'The protected header is not base64url (RFC 4648 §5, no padding).' };
  const text = utf8Decode(bytes);
  if (text === undefined) return { ok: false, error: 'The protected header is not UTF-8 once decoded.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The protected header does not decode to JSON.' };
  }
  if (!isObject(parsed)) return { ok: false, error: 'The protected header decodes to JSON that is not an object.' };
  return { ok: true, header: parsed };
}
