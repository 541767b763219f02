/**
 * Base64 (RFC 4648) for every layer: the A2A/proto bytes fields, Basic credentials, file bodies,
 * MCP blobs and history summaries. Written without Buffer/btoa/atob because shared/ has neither
 * Node nor DOM types, and so that one reading of "base64 text" holds everywhere:
 *
 * - the standard (§4) and URL-safe (§5) alphabets are both read (proto3 JSON accepts either);
 * - padding is optional, at most two `=` at the very end;
 * - whitespace (line breaks of MIME-wrapped text, spaces) is skipped only when the caller says so.
 *
 * Encoding always writes the standard alphabet, padded. Both directions run in one pass over the
 * input and build the output in fixed-size chunks, so a 10 MB body costs linear time, never a
 * string grown one character at a time.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (ch) => ch.charCodeAt(0));
/** Char code → 6-bit value (URL-safe `-` `_` included), -1 for anything else. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
VALUES['-'.charCodeAt(0)] = 62;
VALUES['_'.charCodeAt(0)] = 63;
const PAD = '='.charCodeAt(0);
/** Characters per String.fromCharCode call: well under engines' argument limits. */
const CHUNK = 0x8000;

export interface Base64ReadOptions {
  /** Skip whitespace anywhere (what `\s` matches): for pasted or line-wrapped text. Default: whitespace is not base64. */
  ignoreWhitespace?: boolean;
}

function isWhitespace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  // The rare non-ASCII case keeps the exact meaning of `\s` (no-break space, line separator…).
  return code > 127 && /\s/.test(String.fromCharCode(code));
}

/** Standard base64, padded, of `bytes`. */
export function encodeBase64(bytes: Uint8Array): string {
  const codes = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    codes[o++] = ALPHABET_CODES[(n >> 18) & 63] as number;
    codes[o++] = ALPHABET_CODES[(n >> 12) & 63] as number;
    codes[o++] = ALPHABET_CODES[(n >> 6) & 63] as number;
    codes[o++] = ALPHABET_CODES[n & 63] as number;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    codes[o++] = ALPHABET_CODES[(n >> 18) & 63] as number;
    codes[o++] = ALPHABET_CODES[(n >> 12) & 63] as number;
    codes[o++] = rest === 2 ? (ALPHABET_CODES[(n >> 6) & 63] as number) : PAD;
    codes[o++] = PAD;
  }
  const parts: string[] = [];
  // apply takes the typed array as it is (an array-like of char codes); spreading it would iterate it first.
  for (let at = 0; at < codes.length; at += CHUNK) parts.push(String.fromCharCode.apply(null, codes.subarray(at, at + CHUNK) as unknown as number[]));
  return parts.join('');
}

/**
 * The 6-bit values of the base64 text (padding and, when allowed, whitespace dropped), or
 * undefined when it is not base64: a character outside both alphabets, `=` anywhere but the last
 * two places, or a length that leaves a lone character (4n+1) and so cannot be whole bytes.
 */
function sextets(text: string, options: Base64ReadOptions | undefined): Uint8Array | undefined {
  const values = new Uint8Array(text.length);
  let count = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (options?.ignoreWhitespace && isWhitespace(code)) continue;
    if (code === PAD) {
      if (++padding > 2) return undefined;
      continue;
    }
    const value = code < 128 ? (VALUES[code] as number) : -1;
    if (value < 0 || padding > 0) return undefined;
    values[count++] = value;
  }
  if (count % 4 === 1) return undefined;
  return values.subarray(0, count);
}

/** Whether `text` is base64 by the rules above (the empty text is: it holds zero bytes). */
export function isBase64(text: string, options?: Base64ReadOptions): boolean {
  return sextets(text, options) !== undefined;
}

/** The bytes of standard or URL-safe base64 text (padding optional), or undefined for anything else. */
export function decodeBase64(text: string, options?: Base64ReadOptions): Uint8Array | undefined {
  const values = sextets(text, options);
  if (!values) return undefined;
  const out = new Uint8Array(Math.floor((values.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < values.length; i += 4) {
    const n = ((values[i] as number) << 18) | ((values[i + 1] as number) << 12) | ((values[i + 2] as number) << 6) | (values[i + 3] as number);
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  const rest = values.length - i;
  if (rest >= 2) {
    const n = ((values[i] as number) << 18) | ((values[i + 1] as number) << 12) | (rest === 3 ? (values[i + 2] as number) << 6 : 0);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 0xff;
  }
  return out;
}

/**
 * How many bytes base64 text stands for, without decoding it: counts the characters of either
 * alphabet and ignores everything else (padding, line breaks, stray characters), so it is a size
 * to show, exact for well-formed text and never a validation.
 */
export function base64DecodedSize(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && (VALUES[code] as number) >= 0) count++;
  }
  return Math.floor((count * 3) / 4);
}
