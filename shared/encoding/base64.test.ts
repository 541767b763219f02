import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64DecodedSize, decodeBase64, encodeBase64, isBase64 } from './base64';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('base64', () => {
  it('encodes as the platform does (standard alphabet, padded) and decodes back', () => {
    fc.assert(
      // A predicate, not expect() calls: three matchers a run times 1000 runs took seconds under load, and
      // fast-check names the failing bytes (with its seed) either way.
      fc.property(fc.uint8Array({ maxLength: 200 }), (input) => {
        const bytes = Buffer.from(input);
        const encoded = encodeBase64(input);
        return (
          encoded === bytes.toString('base64') &&
          bytes.equals(Buffer.from(decodeBase64(encoded) ?? [])) &&
          // Unpadded and URL-safe forms of the same bytes read the same.
          bytes.equals(Buffer.from(decodeBase64(bytes.toString('base64url')) ?? []))
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('pads the last group to four characters and reads it with or without the padding', () => {
    expect(encodeBase64(bytes())).toBe('');
    expect(encodeBase64(text('h'))).toBe('aA==');
    expect(encodeBase64(text('hi'))).toBe('aGk=');
    expect(encodeBase64(text('hi!'))).toBe('aGkh');
    for (const [written, plain] of [
      ['aA==', 'h'],
      ['aA', 'h'],
      ['aGk=', 'hi'],
      ['aGk', 'hi'],
      ['aGVsbG8=', 'hello'],
      ['', ''],
    ] as const) {
      expect(decodeBase64(written)).toEqual(text(plain));
    }
  });

  it('reads the URL-safe alphabet (RFC 4648 §5) as well as the standard one, even mixed', () => {
    expect(decodeBase64('-_8')).toEqual(bytes(0xfb, 0xff));
    expect(decodeBase64('+/8=')).toEqual(bytes(0xfb, 0xff));
    expect(decodeBase64('a-_b')).toEqual(decodeBase64('a+/b'));
    expect(isBase64('a-_b')).toBe(true);
  });

  it('refuses whitespace unless asked to skip it, then skips line breaks, spaces and tabs anywhere', () => {
    const wrapped = 'aGVs\r\nbG8g\nd29y bGQ=\t';
    expect(decodeBase64(wrapped)).toBeUndefined();
    expect(isBase64(wrapped)).toBe(false);
    expect(decodeBase64(wrapped, { ignoreWhitespace: true })).toEqual(text('hello world'));
    expect(isBase64(wrapped, { ignoreWhitespace: true })).toBe(true);
    // What `\s` matches, beyond ASCII too (a no-break space pasted from a page).
    expect(decodeBase64('aGk\u00a0=', { ignoreWhitespace: true })).toEqual(text('hi'));
    expect(decodeBase64('aG k=\n', { ignoreWhitespace: true })).toEqual(text('hi'));
  });

  it('refuses what is not base64: other characters, padding inside or over two, a lone last character', () => {
    for (const bad of ['{bad', 'ab*c', 'abc=d', 'aGk===', '=aGk', 'a', 'aGVsb', 'é', 'aGk=\u0000', 'a.b']) {
      expect(decodeBase64(bad), bad).toBeUndefined();
      expect(decodeBase64(bad, { ignoreWhitespace: true }), bad).toBeUndefined();
      expect(isBase64(bad), bad).toBe(false);
    }
  });

  it('tells the decoded size without decoding, ignoring padding and line breaks', () => {
    expect(base64DecodedSize('')).toBe(0);
    expect(base64DecodedSize('aA==')).toBe(1);
    expect(base64DecodedSize('aGk=')).toBe(2);
    expect(base64DecodedSize('aGk')).toBe(2);
    expect(base64DecodedSize('aGVsbG8=')).toBe(5);
    expect(base64DecodedSize('aGVs\r\nbG8=')).toBe(5);
    expect(base64DecodedSize('-_8')).toBe(2);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (input) => {
        expect(base64DecodedSize(encodeBase64(input))).toBe(input.length);
      }),
    );
  });

  // A generous time limit: the machine is shared; linear time is what the chunked loops guarantee, not a number.
  it('handles a 10 MB body in one pass each way (the same bytes back, wrapped or not)', () => {
    const size = 10 * 1024 * 1024 + 1;
    const input = new Uint8Array(size);
    for (let i = 0; i < size; i++) input[i] = (i * 2654435761) >>> 24;
    const encoded = encodeBase64(input);
    expect(encoded.length).toBe(Math.ceil(size / 3) * 4);
    expect(encoded).toBe(Buffer.from(input).toString('base64'));
    expect(base64DecodedSize(encoded)).toBe(size);
    // Buffer.equals: a deep toEqual over ten million elements would take minutes.
    expect(Buffer.from(decodeBase64(encoded) ?? []).equals(Buffer.from(input))).toBe(true);
    // MIME-style 76-character lines, as a pasted file would have them.
    const wrapped = encoded.replace(/.{76}/g, '$&\r\n');
    const decoded = decodeBase64(wrapped, { ignoreWhitespace: true });
    expect(decoded?.length).toBe(size);
    expect(Buffer.from(decoded ?? []).equals(Buffer.from(input))).toBe(true);
  }, 120_000);
});
