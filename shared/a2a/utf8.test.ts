import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8, utf8ByteLength } from './utf8';

describe('utf8', () => {
  it('matches the platform decoder (WHATWG replacement) on arbitrary bytes', () => {
    const platform = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const ours = decodeUtf8(bytes);
        expect(ours.text).toBe(platform.decode(bytes));
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
        } catch {
          valid = false;
        }
        expect(ours.invalid).toBe(!valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips strings and agrees with TextEncoder on byte length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const bytes = encodeUtf8(text);
        expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(text)));
        expect(utf8ByteLength(text)).toBe(bytes.length);
      }),
    );
  });
});
