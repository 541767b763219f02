import { describe, expect, it } from 'vitest';
import { bareHost, isLoopbackHost } from './host-names';

describe('host names', () => {
  it('strips the brackets of an IPv6 literal only', () => {
    expect([bareHost('[::1]'), bareHost('::1'), bareHost('example.com'), bareHost('[fe80::1]')]).toEqual(['::1', '::1', 'example.com', 'fe80::1']);
  });

  it('knows the names that stay on this machine, and no others', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['10.0.0.1', '128.0.0.1', 'localhost.example.com', 'mylocalhost', '127.0.0.1.nip.io', '[::2]', '0.0.0.0', ''])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
