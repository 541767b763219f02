import { describe, expect, it } from 'vitest';
import { base64ToBytes } from './download';

describe('base64ToBytes (saving bytes a server sent)', () => {
  it('reads padded, unpadded, line-wrapped and URL-safe base64', () => {
    expect([...base64ToBytes('aGVsbG8=')]).toEqual([...new TextEncoder().encode('hello')]);
    expect([...base64ToBytes('aGVs\r\nbG8')]).toEqual([...new TextEncoder().encode('hello')]);
    expect([...base64ToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('throws on text that is not base64 rather than saving wrong bytes', () => {
    expect(() => base64ToBytes('not base64!')).toThrow('not valid base64');
    expect(() => base64ToBytes('a')).toThrow('not valid base64');
  });
});
