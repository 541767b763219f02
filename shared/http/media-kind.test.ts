import { describe, expect, it } from 'vitest';
import { charsetOf, mediaTypeParam } from './media-kind';

describe('media type parameters', () => {
  it('reads a charset bare or quoted, in any case and position, and nothing when there is none', () => {
    expect(charsetOf('text/plain; charset=iso-8859-1')).toBe('iso-8859-1');
    expect(charsetOf('text/html;CHARSET="Shift_JIS"; q=1')).toBe('Shift_JIS');
    expect(charsetOf('text/plain; format=flowed ; charset = utf-8')).toBe('utf-8');
    expect(charsetOf('text/plain')).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
    // A parameter whose name only ends in "charset" is not the charset.
    expect(charsetOf('text/plain; x-charset=koi8-r')).toBeUndefined();
  });

  it('reads any parameter by name (a multipart boundary)', () => {
    expect(mediaTypeParam('multipart/form-data; boundary="a b"', 'boundary')).toBe('a b');
    expect(mediaTypeParam('multipart/form-data', 'boundary')).toBeUndefined();
  });
});
