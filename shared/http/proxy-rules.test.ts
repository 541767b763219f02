import { describe, expect, it } from 'vitest';
import { bypasses, maxNoProxyLength, parseBypassList, proxyEnvironmentOf, proxySettingsOf, sameProxy, settingsProxyFor, type ProxyTarget } from './proxy-rules';

function at(url: string): ProxyTarget {
  const parsed = new URL(url);
  return { protocol: parsed.protocol, hostname: parsed.hostname, port: parsed.port };
}

const bypassed = (list: string, url: string): boolean => bypasses(parseBypassList(list), at(url));

describe('NO_PROXY matching', () => {
  it('a host matches itself and names under it, a .suffix only names under it', () => {
    expect(bypassed('example.com', 'http://example.com/')).toBe(true);
    expect(bypassed('example.com', 'https://api.example.com/')).toBe(true);
    expect(bypassed('example.com', 'http://notexample.com/')).toBe(false);
    expect(bypassed('.example.com', 'http://example.com/')).toBe(false);
    expect(bypassed('.example.com', 'http://a.b.example.com/')).toBe(true);
    expect(bypassed('*.example.com', 'http://a.example.com/')).toBe(true);
    expect(bypassed('*.example.com', 'http://example.com/')).toBe(false);
    // Case and a trailing dot are no difference.
    expect(bypassed('EXAMPLE.com.', 'http://Example.COM/')).toBe(true);
  });

  it('host:port matches that port only, the scheme’s default when the address names none', () => {
    expect(bypassed('example.com:8080', 'http://example.com:8080/')).toBe(true);
    expect(bypassed('example.com:8080', 'http://example.com/')).toBe(false);
    expect(bypassed('example.com:443', 'https://example.com/')).toBe(true);
    expect(bypassed('example.com:80', 'https://example.com/')).toBe(false);
  });

  it('IP addresses match exactly, IPv6 with or without brackets; loopback is not special', () => {
    expect(bypassed('127.0.0.1', 'http://127.0.0.1:9/')).toBe(true);
    expect(bypassed('127.0.0.1', 'http://127.0.0.10/')).toBe(false);
    expect(bypassed('0.0.1', 'http://127.0.0.1/')).toBe(false);
    expect(bypassed('::1', 'http://[::1]:3000/')).toBe(true);
    expect(bypassed('[::1]:3000', 'http://[::1]:3000/')).toBe(true);
    expect(bypassed('[::1]:3001', 'http://[::1]:3000/')).toBe(false);
    expect(bypassed('example.com', 'http://localhost/')).toBe(false);
    expect(bypassed('localhost', 'http://localhost:5173/')).toBe(true);
  });

  it('* bypasses everything; comma and space separate; empty entries are nothing', () => {
    expect(bypassed('*', 'https://anything.test/')).toBe(true);
    expect(bypassed(' a.test ,, b.test\tc.test ', 'http://c.test/')).toBe(true);
    expect(bypassed('', 'http://a.test/')).toBe(false);
    expect(bypassed(',,,', 'http://a.test/')).toBe(false);
  });

  it('hostile entries match nothing and are reported, never throw, and never widen the list', () => {
    const hostile = [
      '*.',
      '.',
      '..',
      'a..b',
      '10.0.0.0/8',
      'host:99999',
      'host:0',
      'host:-1',
      'host:http',
      '*.*',
      'a*b.com',
      '[::1',
      '[zz]',
      '%2e',
      'ex\u0000ample.com',
      '🦆.com',
      '.127.0.0.1',
    ];
    const list = parseBypassList(hostile.join(','));
    expect(list.all).toBe(false);
    expect(list.entries).toEqual([]);
    expect(list.skipped).toEqual(hostile);
    for (const url of ['http://example.com/', 'http://127.0.0.1/', 'http://[::1]/', 'http://host/', 'http://xn--ls8h.com/'])
      expect(bypasses(list, at(url))).toBe(false);
  });

  it('a huge list is read up to its bound, fast, without throwing', () => {
    const huge = `${'a.test,'.repeat(200_000)}example.com`;
    const started = Date.now();
    const list = parseBypassList(huge);
    expect(list.entries.length).toBeLessThanOrEqual(512);
    expect(bypasses(list, at('http://example.com/'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(proxySettingsOf({ mode: 'url', url: 'http://p:1', noProxy: huge }).noProxy.length).toBe(maxNoProxyLength);
  });
});

describe('the Settings default', () => {
  const env = proxyEnvironmentOf({ HTTPS_PROXY: 'http://secure-proxy:3128', http_proxy: 'plain-proxy:8080', no_proxy: 'internal.test' });

  it('off sends everything direct', () => {
    expect(settingsProxyFor({ mode: 'off', url: 'http://p:1', noProxy: '' }, env, at('https://x.test/'))).toEqual({ source: 'off' });
  });

  it('environment: HTTPS_PROXY for https, HTTP_PROXY (lower-case read too, scheme added) for http, NO_PROXY bypasses', () => {
    const settings = proxySettingsOf({ mode: 'environment' });
    expect(settingsProxyFor(settings, env, at('https://x.test/'))).toEqual({
      source: 'environment',
      proxy: 'http://secure-proxy:3128',
      variable: 'HTTPS_PROXY',
    });
    expect(settingsProxyFor(settings, env, at('http://x.test/'))).toEqual({ source: 'environment', proxy: 'http://plain-proxy:8080', variable: 'HTTP_PROXY' });
    expect(settingsProxyFor(settings, env, at('https://api.internal.test/'))).toEqual({ source: 'environment', bypassed: true });
    // No fallback from one variable to the other.
    expect(settingsProxyFor(settings, proxyEnvironmentOf({ HTTP_PROXY: 'p:1' }), at('https://x.test/'))).toEqual({ source: 'environment' });
  });

  it('url: one proxy for both schemes with its own list', () => {
    const settings = proxySettingsOf({ mode: 'url', url: 'http://corp:3128', noProxy: 'localhost' });
    expect(settingsProxyFor(settings, env, at('https://x.test/')).proxy).toBe('http://corp:3128');
    expect(settingsProxyFor(settings, env, at('http://localhost:8080/'))).toEqual({ source: 'settings', bypassed: true });
  });

  it('a settings file is read leniently: unknown modes and ill-typed fields fall back to off and empty', () => {
    expect(proxySettingsOf({ mode: 'socks', url: 5, noProxy: ['x'] })).toEqual({ mode: 'off', url: '', noProxy: '' });
    expect(proxySettingsOf(null)).toEqual({ mode: 'off', url: '', noProxy: '' });
    expect(proxySettingsOf('{"mode":"url"}')).toEqual({ mode: 'off', url: '', noProxy: '' });
  });
});

describe('sameProxy', () => {
  it('compares scheme, host and port only', () => {
    expect(sameProxy('http://p:3128/', 'http://P:3128')).toBe(true);
    expect(sameProxy('p:80', 'http://p')).toBe(true);
    expect(sameProxy('http://p:3128', 'http://p:3129')).toBe(false);
    expect(sameProxy(undefined, '')).toBe(true);
    expect(sameProxy(undefined, 'http://p')).toBe(false);
    expect(sameProxy('http://[::1]:8080', 'http://[::1]:8080/')).toBe(true);
  });
});
