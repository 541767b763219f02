/**
 * UTF-8 without TextDecoder/TextEncoder (shared/ has no DOM or Node types). The core passes the
 * platform decoder where speed matters; these are the pure fallbacks, also used by tests.
 */

export interface Utf8Decoded {
  text: string;
  /** True when some bytes were not valid UTF-8 and were replaced by U+FFFD. */
  invalid: boolean;
}

const REPLACEMENT = 0xfffd;
const CHUNK = 0x2000;

/** WHATWG "UTF-8 decode" with replacement: each maximal invalid subpart becomes one U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): Utf8Decoded {
  const units: number[] = [];
  let out = '';
  let invalid = false;
  const flush = (): void => {
    out += String.fromCharCode(...units);
    units.length = 0;
  };
  let i = 0;
  // Skip nothing: a BOM is the caller's business (SSE strips it, JSON bodies keep it visible).
  while (i < bytes.length) {
    const b0 = bytes[i] as number;
    if (b0 < 0x80) {
      units.push(b0);
      i++;
    } else {
      let needed = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      if (b0 >= 0xc2 && b0 <= 0xdf) {
        needed = 1;
        cp = b0 & 0x1f;
      } else if (b0 >= 0xe0 && b0 <= 0xef) {
        if (b0 === 0xe0) lower = 0xa0;
        if (b0 === 0xed) upper = 0x9f;
        needed = 2;
        cp = b0 & 0x0f;
      } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        if (b0 === 0xf0) lower = 0x90;
        if (b0 === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b0 & 0x07;
      } else {
        units.push(REPLACEMENT);
        invalid = true;
        i++;
        if (units.length >= CHUNK) flush();
        continue;
      }
      let j = i + 1;
      let ok = true;
      for (let k = 0; k < needed; k++, j++) {
        const b = bytes[j];
        if (b === undefined || b < lower || b > upper) {
          ok = false;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (b & 0x3f);
      }
      if (!ok) {
        // The maximal subpart (lead byte plus the valid continuation bytes seen) is one U+FFFD.
        units.push(REPLACEMENT);
        invalid = true;
        i = j;
        if (units.length >= CHUNK) flush();
        continue;
      }
      if (cp > 0xffff) {
        cp -= 0x10000;
        units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
      } else {
        units.push(cp);
      }
      i = j;
    }
    if (units.length >= CHUNK) flush();
  }
  flush();
  return { text: out, invalid };
}

/** Encodes a JS string as UTF-8; lone surrogates become U+FFFD (as TextEncoder does). */
export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        cp = REPLACEMENT;
      }
    } else if (cp >= 0xdc00 && cp <= 0xdfff) {
      cp = REPLACEMENT;
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Uint8Array.from(out);
}

/**
 * Where to cut `bytes` (UTF-8) so that a character split by the cut is left out: decoding a split
 * one would give U+FFFD, three bytes that were never sent (a recorded body would then read as longer
 * than what was kept, and a stream's head would end in a character it never had).
 */
export function utf8Boundary(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i >= 0 && bytes.length - 1 - i < 3 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
  if (i < 0) return bytes.length;
  const lead = bytes[i] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return i + need > bytes.length ? i : bytes.length;
}

/** Byte length of a string in UTF-8, without allocating. */
export function utf8ByteLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
