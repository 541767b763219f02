import { describe, expect, it } from 'vitest';
import { redactHeaders, redactUrl, scrubValues } from './redaction';

describe('redaction', () => {
  it('redacts credential headers but keeps the auth scheme word', () => {
    expect(
      redactHeaders(
        [
          ['Authorization', 'Bearer abc.def'],
          ['X-Custom-Key', 'k-123456'],
          ['Cookie', 'sid=1'],
          ['A2A-Version', '1.0'],
        ],
        { headers: ['x-custom-key'] },
      ),
    ).toEqual([
      ['Authorization', 'Bearer [redacted]'],
      ['X-Custom-Key', '[redacted]'],
      ['Cookie', '[redacted]'],
      ['A2A-Version', '1.0'],
    ]);
  });

  it('redacts tokens in query strings, userinfo and known secret values anywhere', () => {
    expect(redactUrl('https://u:p@h/x?token=s3cr3t&a=1&api_key=zz#f')).toBe('https://[redacted]@h/x?token=%5Bredacted%5D&a=1&api_key=%5Bredacted%5D#f');
    expect(redactUrl('https://h/x?mykey=v1v1v1', { query: ['mykey'] })).toBe('https://h/x?mykey=%5Bredacted%5D');
    expect(redactUrl('https://h/a%2Fb%2Fsecret?x=1', { values: ['a/b/secret'] })).toBe('https://h/[redacted]?x=1');
    expect(scrubValues('echo tok-12345 back', { values: ['tok-12345', 'ab'] })).toBe('echo [redacted] back');
  });
});
