import { describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../a2a/auth';
import type { A2aCall } from '../a2a/call';
import { callFromXA2a } from './call-from-operation';
import { buildOperation } from './operation-build';
import { listOperations } from './operation-list';
import { endpointsFromScheme, securitySchemeFor, securitySchemeNameFor } from './oauth-scheme';
import { placeSecurityScheme } from './oauth-scheme-placement';
import { applyEditsToModel } from './spec-edits';

const cc: OAuth2Auth = {
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: 'https://issuer.example/token' },
  clientId: 'agent-client',
  clientSecret: { secretRef: 'agent-client-secret' },
  scopes: ['b', 'a'],
  securityScheme: 'agentAuth',
};

const call = (auth: OAuth2Auth): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'https://agent.example/rpc',
  method: 'SendMessage',
  body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  auth,
});

/** Saves `auth` at `path` into `model` the way spec.save does (built, placed, applied) and reads the operation back. */
function saveAndReopen(model: Record<string, unknown>, path: string, auth: OAuth2Auth): { model: Record<string, unknown>; reopened: unknown } {
  const built = buildOperation({ call: call(auth) });
  if (!built.ok) throw new Error(built.message);
  const placed = placeSecurityScheme(model, path, 'post', built.value);
  const next = applyEditsToModel(model, [{ kind: 'setOperationFields', path, verb: 'post', fields: Object.entries(placed.built.fields) }, ...placed.edits]);
  const op = listOperations(next).find((o) => o.path === path);
  return { model: next, reopened: op?.a2a ? callFromXA2a(op.a2a).auth : undefined };
}

const empty = (): Record<string, unknown> => ({ openapi: '3.2.0', info: { title: 't', version: '1' }, paths: {} });

describe('OAuth 2.0 auth in a spec file', () => {
  it('writes a standard security scheme and requirement, and Powerduck’s part (grant, client id, secret name) in x-a2a.auth', () => {
    const { model, reopened } = saveAndReopen(empty(), '/a', cc);
    const op = (model['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/a']?.['post'];
    expect(op?.['security']).toEqual([{ agentAuth: ['a', 'b'] }]);
    expect((op?.['x-a2a'] as Record<string, unknown>)['auth']).toEqual({
      scheme: 'oauth2',
      securityScheme: 'agentAuth',
      flow: 'clientCredentials',
      clientId: 'agent-client',
      secretRef: 'agent-client-secret',
    });
    expect((model['components'] as Record<string, unknown>)['securitySchemes']).toEqual({
      agentAuth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://issuer.example/token', scopes: { a: '', b: '' } } } },
    });
    expect(reopened).toEqual({ ...cc, scopes: ['a', 'b'] });
  });

  it('round-trips every grant and every way to name the issuer', () => {
    const { clientSecret: _none, ...publicClient } = cc;
    const cases: OAuth2Auth[] = [
      { ...publicClient, flow: 'authorizationCode', endpoints: { from: 'oidc', url: 'https://issuer.example' } },
      {
        ...cc,
        flow: 'deviceCode',
        clientSecret: { env: 'CLIENT_SECRET' },
        endpoints: { from: 'metadata', url: 'https://issuer.example/.well-known/oauth-authorization-server' },
      },
      {
        ...cc,
        flow: 'authorizationCode',
        endpoints: { from: 'manual', tokenUrl: 'https://i.example/token', authorizationUrl: 'https://i.example/authorize' },
        resource: 'urn:agent',
      },
      { ...cc, flow: 'deviceCode', endpoints: { from: 'manual', tokenUrl: 'https://i.example/token', deviceAuthorizationUrl: 'https://i.example/device' } },
    ];
    for (const auth of cases) {
      const { reopened } = saveAndReopen(empty(), '/a', auth);
      expect(reopened).toEqual({ ...auth, scopes: ['a', 'b'] });
    }
  });

  it('refuses what it cannot save faithfully, with the reason', () => {
    const refused = (auth: OAuth2Auth): string => {
      const built = buildOperation({ call: call(auth) });
      return built.ok ? 'saved' : built.message;
    };
    expect(refused({ ...cc, clientId: ' ' })).toMatch(/client ID/);
    expect(refused({ ...cc, clientSecret: { secretRef: '' } })).toMatch(/secret that holds the client secret/);
    expect(refused({ ...cc, endpoints: { from: 'manual', tokenUrl: '' } })).toMatch(/token URL/);
    expect(refused({ ...cc, flow: 'authorizationCode' })).toMatch(/authorization URL/);
    expect(refused({ ...cc, flow: 'deviceCode' })).toMatch(/device authorization URL/);
    expect(refused({ ...cc, endpoints: { from: 'oidc', url: '' } })).toMatch(/issuer/);
    // A literal client secret is stored first; the file only gets its name.
    const literal = buildOperation({ call: call({ ...cc, clientSecret: { value: 's3cr3t-value' } }), literalSecretName: 'stored-name' });
    expect(literal.ok && literal.value.fields['x-a2a'].auth).toMatchObject({ secretRef: 'stored-name' });
    expect(JSON.stringify(literal)).not.toContain('s3cr3t-value');
  });

  it('hostile scheme and scope names are data: no prototype is touched, and they round-trip', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'has space/slash']) {
      const auth: OAuth2Auth = { ...cc, securityScheme: name, scopes: ['__proto__', 'constructor'] };
      const { model, reopened } = saveAndReopen(empty(), '/a', auth);
      const schemes = (model['components'] as Record<string, unknown>)['securitySchemes'] as Record<string, unknown>;
      const saved = securitySchemeNameFor(auth);
      expect(Object.keys(schemes)).toEqual([saved]);
      expect(Object.getPrototypeOf(schemes)).toBe(Object.prototype);
      expect(reopened).toEqual({ ...auth, securityScheme: saved, scopes: ['__proto__', 'constructor'] });
    }
    expect(securitySchemeNameFor({ ...cc, securityScheme: 'has space/slash' })).toBe('has_space_slash');
    expect(({} as Record<string, unknown>)['type']).toBeUndefined();
    // A document whose scheme is named like an Object.prototype member, but has none: not found, not inherited.
    expect(endpointsFromScheme('clientCredentials', 'constructor', undefined)).toMatchObject({ ok: false });
  });

  it('updates the scheme it references in place, keeping other flows, descriptions and scope texts', () => {
    const existing = {
      type: 'oauth2',
      description: 'The agent’s issuer',
      flows: {
        authorizationCode: { authorizationUrl: 'https://issuer.example/auth', tokenUrl: 'https://issuer.example/token', scopes: { a: 'read things' } },
        clientCredentials: { tokenUrl: 'https://old.example/token', scopes: { a: 'read things' } },
      },
      'x-note': 'mine',
    };
    const next = securitySchemeFor(cc, existing);
    expect(next).toEqual({
      type: 'oauth2',
      description: 'The agent’s issuer',
      flows: {
        authorizationCode: existing.flows.authorizationCode,
        clientCredentials: { tokenUrl: 'https://issuer.example/token', scopes: { a: 'read things', b: '' } },
      },
      'x-note': 'mine',
    });
  });

  it('never re-points another operation: a scheme it relies on that would change goes under a new name', () => {
    const first = saveAndReopen(empty(), '/one', cc);
    const other: OAuth2Auth = { ...cc, endpoints: { from: 'manual', tokenUrl: 'https://elsewhere.example/token' } };
    const second = saveAndReopen(first.model, '/two', other);
    const schemes = (second.model['components'] as Record<string, unknown>)['securitySchemes'] as Record<string, unknown>;
    expect(Object.keys(schemes)).toEqual(['agentAuth', 'agentAuth_2']);
    expect(second.reopened).toEqual({ ...other, securityScheme: 'agentAuth_2', scopes: ['a', 'b'] });
    const one = listOperations(second.model).find((o) => o.path === '/one');
    expect(one?.a2a && callFromXA2a(one.a2a).auth).toEqual(first.reopened);
    // Saving /one again with the same auth changes nothing; with a new URL it updates its own scheme.
    const again = saveAndReopen(second.model, '/one', cc);
    expect((again.model['components'] as Record<string, unknown>)['securitySchemes']).toEqual(schemes);
    const moved = saveAndReopen(second.model, '/one', { ...cc, endpoints: { from: 'manual', tokenUrl: 'https://new.example/token' } });
    expect(Object.keys((moved.model['components'] as Record<string, Record<string, unknown>>)['securitySchemes'] ?? {})).toEqual(['agentAuth', 'agentAuth_2']);
    expect(moved.reopened).toMatchObject({ securityScheme: 'agentAuth', endpoints: { from: 'manual', tokenUrl: 'https://new.example/token' } });
  });

  it('a scheme missing from the document leaves the token URL blank to fill in', () => {
    const { model } = saveAndReopen(empty(), '/a', cc);
    const without = { ...model, components: {} };
    const op = listOperations(without).find((o) => o.path === '/a');
    expect(op?.a2a && callFromXA2a(op.a2a).auth).toMatchObject({ type: 'oauth2', endpoints: { from: 'manual', tokenUrl: '' }, clientId: 'agent-client' });
  });
});
