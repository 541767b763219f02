import { describe, expect, it } from 'vitest';
import { hasClientCertificate, usableTls, type A2aCall } from './call';
import { sanitiseSession, safeTls } from '../session/session-state';
import { callVariableNames, resolveCallVariables } from '../env/variables';

describe('client certificate settings', () => {
  it('a send carries only filled-in fields, and nothing when the form is empty (gRPC then is not refused)', () => {
    expect(usableTls(undefined)).toBeUndefined();
    expect(usableTls({ certFile: ' ', keyFile: '', caFile: '' })).toBeUndefined();
    expect(usableTls({ pfxFile: '', passphrase: { secretRef: '' } })).toBeUndefined();
    expect(usableTls({ pfxFile: ' /c.p12 ', passphrase: { secretRef: 'p12' }, caFile: '/ca.crt' })).toEqual({
      pfxFile: '/c.p12',
      passphrase: { secretRef: 'p12' },
      caFile: '/ca.crt',
    });
    // An unchosen passphrase secret is no passphrase.
    expect(usableTls({ pfxFile: '/c.p12', passphrase: { secretRef: '' } })).toEqual({ pfxFile: '/c.p12' });
    expect(hasClientCertificate({ caFile: '/ca.crt' })).toBe(false);
    expect(hasClientCertificate({ certFile: '/c.crt', keyFile: '/c.key' })).toBe(true);
  });

  it('the session keeps paths and the passphrase secret name, never PEM text or a literal passphrase; hostile input is dropped', () => {
    expect(
      safeTls({ certFile: '/c.crt', keyFile: '/c.key', keyPem: { value: '-----BEGIN PRIVATE KEY-----x' }, certPem: 'PEM', passphrase: { value: 'hunter2' } }),
    ).toEqual({
      certFile: '/c.crt',
      keyFile: '/c.key',
      passphrase: { secretRef: '' },
    });
    expect(safeTls({ pfxFile: '/c.p12', passphrase: { secretRef: 'p12-pass' } })).toEqual({ pfxFile: '/c.p12', passphrase: { secretRef: 'p12-pass' } });
    expect(safeTls({ __proto__: { certFile: '/evil' }, constructor: 'x', caFile: 42 })).toBeUndefined();
    expect(safeTls(JSON.parse('{"__proto__": {"certFile": "/evil"}, "certFile": "/ok"}'))).toEqual({ certFile: '/ok' });
    expect(safeTls({ caFile: 'x'.repeat(5000) })).toBeUndefined();
    const { state } = sanitiseSession({
      tabs: [
        { draft: { id: 'a', kind: 'a2a', tls: { certFile: '/c.crt', keyPem: { value: 'KEY' } } } },
        { draft: { id: 'b', kind: 'a2a', tls: { keyPem: { value: 'KEY' } } } },
      ],
    });
    expect(JSON.stringify(state)).not.toContain('KEY');
    expect(state.tabs[0]?.draft).toMatchObject({ tls: { certFile: '/c.crt' } });
    expect(state.tabs[1]?.draft).not.toHaveProperty('tls');
  });

  it('certificate paths and the passphrase source take environment variables', () => {
    const call: A2aCall = {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'https://a.example/rpc',
      method: 'SendMessage',
      body: {},
      tls: { pfxFile: '{{certDir}}/client.p12', passphrase: { secretRef: '{{p12Pass}}' }, caFile: '{{certDir}}/ca.crt' },
    };
    expect(callVariableNames(call)).toEqual(['certDir', 'p12Pass']);
    const resolved = resolveCallVariables(
      call,
      new Map([
        ['certDir', '/certs/staging'],
        ['p12Pass', 'the-passphrase'],
      ]),
    );
    expect(resolved).toEqual({
      ok: true,
      texts: [],
      call: { ...call, tls: { pfxFile: '/certs/staging/client.p12', passphrase: { value: 'the-passphrase' }, caFile: '/certs/staging/ca.crt' } },
    });
    expect(resolveCallVariables(call, new Map([['certDir', '/x']]))).toEqual({ ok: false, unknown: ['p12Pass'] });
  });
});
