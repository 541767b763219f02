import { describe, expect, it } from 'vitest';
import { hasLiteralSecret, normaliseScopes, oauth2IssuerKey, type OAuth2Auth } from './auth';
import { safeAuth } from '../session/session-state';
import { resolveCallVariables } from '../env/variables';
import { buildOperation } from '../openapi/operation-build';

const base: OAuth2Auth = {
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'oidc', url: 'https://issuer.example' },
  clientId: 'client-1',
  clientSecret: { secretRef: 'corp-client' },
  scopes: ['b', 'a'],
};

describe('OAuth 2.0 auth config', () => {
  it('normalises scopes (order, blanks, repeats, space-separated entries)', () => {
    expect(normaliseScopes(['b a', '', 'a', '  c  '])).toEqual(['a', 'b', 'c']);
    expect(normaliseScopes(undefined)).toEqual([]);
    expect(normaliseScopes(['__proto__', 'constructor'])).toEqual(['__proto__', 'constructor']);
  });

  it('names the issuer by the URL the user gave', () => {
    expect(oauth2IssuerKey(base.endpoints)).toBe('https://issuer.example');
    expect(oauth2IssuerKey({ from: 'manual', tokenUrl: 'https://i.example/token' })).toBe('https://i.example/token');
  });

  it('a literal client secret counts as a literal secret; a reference or a public client does not', () => {
    expect(hasLiteralSecret(base)).toBe(false);
    expect(hasLiteralSecret({ ...base, clientSecret: { value: 's' } })).toBe(true);
    const { clientSecret: _none, ...publicClient } = base;
    expect(hasLiteralSecret(publicClient)).toBe(false);
  });

  it('the session keeps the settings but never a literal client secret', () => {
    expect(safeAuth(base)).toEqual(base);
    expect(safeAuth({ ...base, clientSecret: { value: 'literal-secret' } })).toEqual({ ...base, clientSecret: { secretRef: '' } });
    expect(safeAuth({ ...base, flow: 'implicit' })).toEqual({ type: 'none' });
    expect(safeAuth({ ...base, endpoints: { from: 'elsewhere', url: 'x' } })).toEqual({ type: 'none' });
    expect(JSON.stringify(safeAuth({ ...base, accessToken: 'tok', endpoints: { from: 'manual', tokenUrl: 'https://t', extra: 'x' } }))).not.toMatch(
      /tok"|extra/,
    );
  });

  it('{{variables}} fill the endpoints, client id, scopes and secret', () => {
    const call = {
      version: '1.0' as const,
      binding: 'JSONRPC' as const,
      endpoint: 'https://agent.example/rpc',
      method: 'SendMessage',
      body: {},
      auth: {
        ...base,
        endpoints: { from: 'manual' as const, tokenUrl: '{{issuer}}/token' },
        clientId: '{{client}}',
        clientSecret: { secretRef: '{{secretName}}' },
        scopes: ['{{scope}}'],
      },
    };
    const resolved = resolveCallVariables(
      call,
      new Map([
        ['issuer', 'https://i.example'],
        ['client', 'c-9'],
        ['secretName', 'stored'],
        ['scope', 'agent:read'],
      ]),
    );
    expect(resolved.ok && resolved.call.auth).toEqual({
      ...base,
      endpoints: { from: 'manual', tokenUrl: 'https://i.example/token' },
      clientId: 'c-9',
      clientSecret: { value: 'stored' },
      scopes: ['agent:read'],
    });
    const missing = resolveCallVariables(call, new Map());
    expect(missing.ok ? [] : missing.unknown.sort()).toEqual(['client', 'issuer', 'scope', 'secretName']);
  });
});

describe('saving OAuth 2.0 auth to a spec', () => {
  it('is saved as a scheme reference and the client secret’s name (details in shared/openapi/oauth-scheme.test.ts)', () => {
    const result = buildOperation({
      call: {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: 'https://agent.example/rpc',
        method: 'SendMessage',
        body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } },
        auth: base,
      },
    });
    expect(result.ok && result.value.fields['x-a2a'].auth).toEqual({
      scheme: 'oauth2',
      securityScheme: 'openIdConnect',
      flow: 'clientCredentials',
      clientId: 'client-1',
      secretRef: 'corp-client',
    });
  });
});
