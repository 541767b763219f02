import { describe, expect, it } from 'vitest';
import { endpointCredentialAdvice, endpointCredentials } from './endpoint-credentials';

describe('credentials in an endpoint URL', () => {
  it('finds userinfo (user, password, or both)', () => {
    expect(endpointCredentials('http://bob:PASSWORD@host/rpc')).toEqual([{ where: 'userinfo' }]);
    expect(endpointCredentials('https://token@host:8443/rpc')).toEqual([{ where: 'userinfo' }]);
    expect(endpointCredentials('http://:pw@[::1]:9/rpc')).toEqual([{ where: 'userinfo' }]);
  });

  it('finds userinfo in every spelling new URL reads as one: no slashes, one slash, backslashes, padding, several @', () => {
    for (const endpoint of [
      'http:bob:pw@h/rpc',
      'http:/bob:pw@h/rpc',
      'http:\\\\bob:pw@h/rpc',
      'HTTPS:\\/bob:pw@h/rpc',
      '  http://bob:pw@h/rpc\t',
      '\u0000http://bob:pw@h/rpc ',
      'ht\ntp://bob:pw@h/rpc',
      'http://erin:x@ATPW-5521@host/rpc',
      'ws:token@h',
    ]) {
      const url = new URL(endpoint);
      expect(url.username + url.password).not.toBe('');
      expect({ endpoint, found: endpointCredentials(endpoint) }).toEqual({ endpoint, found: [{ where: 'userinfo' }] });
    }
    expect(endpointCredentials(' http:\\\\h/cb#ACCESS_TOKEN=x ')).toEqual([{ where: 'query', name: 'ACCESS_TOKEN' }]);
  });

  it('finds every listed query parameter, case-insensitively, percent-encoded or in the fragment', () => {
    for (const name of [
      'token',
      'access_token',
      'key',
      'api_key',
      'apikey',
      'sig',
      'signature',
      'password',
      'secret',
      'auth',
      'X-Amz-Signature',
      'session_id',
    ]) {
      expect(endpointCredentials(`http://h/rpc?x=1&${name}=v`)).toEqual([{ where: 'query', name }]);
      expect(endpointCredentials(`http://h/rpc?${name.toUpperCase()}=v`)).toEqual([{ where: 'query', name: name.toUpperCase() }]);
    }
    expect(endpointCredentials('http://h/rpc?%61ccess_token=X')).toEqual([{ where: 'query', name: 'access_token' }]);
    expect(endpointCredentials('http://h/cb#access_token=X&state=1')).toEqual([{ where: 'query', name: 'access_token' }]);
    expect(endpointCredentials('http://u:p@h/rpc?Sig=1&key=2')).toEqual([
      { where: 'userinfo' },
      { where: 'query', name: 'Sig' },
      { where: 'query', name: 'key' },
    ]);
  });

  it('leaves clean URLs alone, including look-alike names and an @ in the path', () => {
    for (const url of [
      'http://127.0.0.1:9/rpc',
      'http://h/rpc?tokens=1&keyboard=2&monkey=3',
      'http://h/users/@me?page=2',
      'http://h/path@x',
      'http://h\\path@x',
      'http://[::1]:8080/rpc',
      'mailto:bob:pw@example.com',
      'foo:bob:pw@h',
      'http://@h/rpc',
      'localhost:50051',
      'http://h/rpc?%zz=1',
      '',
    ]) {
      expect(endpointCredentials(url)).toEqual([]);
    }
  });

  it('advises Auth and a named secret, naming what it found but never a value', () => {
    const advice = endpointCredentialAdvice(endpointCredentials('http://bob:hunter2@h/rpc?api_key=SEKRIT'));
    expect(advice).toContain('Auth');
    expect(advice).toContain('api_key');
    expect(advice).not.toContain('hunter2');
    expect(advice).not.toContain('SEKRIT');
  });
});
