import { describe, expect, it } from 'vitest';
import { encodeMultipart } from './body-encode';
import { multipartBoundary, readMultipart } from './multipart-read';

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('reading a recorded multipart/form-data body', () => {
  it('reads back what the encoder wrote: text parts, typed text parts, files, escaped names', () => {
    const body = decode(
      encodeMultipart(
        [
          { name: 'title', value: 'héllo\r\nworld' },
          { name: 'meta', value: '{"a":1}', contentType: 'application/json' },
          {
            name: 'a "quoted"\nname',
            file: { filename: 'notes "v2".txt', contentType: 'text/plain', bytes: new TextEncoder().encode('line 1\r\n--not-a-boundary\r\n') },
          },
          { name: '__proto__', value: '' },
        ],
        'B0UND',
      ),
    );
    expect(readMultipart(body, 'multipart/form-data; boundary=B0UND')).toEqual([
      { name: 'title', text: 'héllo\r\nworld' },
      { name: 'meta', contentType: 'application/json', text: '{"a":1}' },
      { name: 'a "quoted"\nname', filename: 'notes "v2".txt', contentType: 'text/plain', text: 'line 1\r\n--not-a-boundary\r\n' },
      { name: '__proto__', text: '' },
    ]);
  });

  it('reads a quoted boundary, a preamble and the header case curl and browsers use', () => {
    const body =
      'preamble\r\n--abc\r\ncontent-disposition: form-data; name=field\r\n\r\nv\r\n--abc\r\nContent-Disposition: form-data; name="f"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--abc--\r\n';
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="abc"')).toBe('abc');
    expect(readMultipart(body, 'multipart/form-data; boundary="abc"')).toEqual([
      { name: 'field', text: 'v' },
      { name: 'f', filename: '', contentType: 'application/octet-stream', text: '' },
    ]);
  });

  it('answers undefined, never a guess, for what it cannot read', () => {
    const ok = '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--';
    expect(readMultipart(ok, 'multipart/form-data; boundary=b')).toEqual([{ name: 'x', text: '1' }]);
    expect(readMultipart(ok, 'multipart/form-data')).toBeUndefined(); // no boundary
    expect(readMultipart(ok, 'multipart/form-data; boundary=other')).toBeUndefined();
    expect(readMultipart('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1', 'multipart/form-data; boundary=b')).toBeUndefined(); // cut short
    expect(readMultipart('--b\r\nContent-Disposition: form-data\r\n\r\n1\r\n--b--', 'multipart/form-data; boundary=b')).toBeUndefined(); // no name
    expect(readMultipart('--b\r\nContent-Disposition: attachment; name="x"\r\n\r\n1\r\n--b--', 'multipart/form-data; boundary=b')).toBeUndefined();
    expect(readMultipart('--b\r\nno headers end\r\n--b--', 'multipart/form-data; boundary=b')).toBeUndefined();
    expect(readMultipart('--bX\r\n', 'multipart/form-data; boundary=b')).toBeUndefined();
  });

  it('reads a large body in one pass', () => {
    const parts = Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, value: 'x'.repeat(500) }));
    const read = readMultipart(decode(encodeMultipart(parts, 'q')), 'multipart/form-data; boundary=q');
    expect(read).toHaveLength(2000);
    expect(read?.[1999]).toEqual({ name: 'f1999', text: 'x'.repeat(500) });
  });
});
