import { describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../a2a/auth';
import xA2aSchema from '../openapi/x-a2a.schema.json';
import xAuthSchema from '../openapi/x-auth.schema.json';
import xMcpSchema from '../openapi/x-mcp.schema.json';
import { buildHttpOperation, type HttpSaveDraft } from './http-operation-build';
import { draftFromOperation } from './openapi-draft';
import { readXAuth, savedHttpOAuth } from './x-auth';

const auth: OAuth2Auth = {
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
  clientId: 'cli-1',
  clientSecret: { secretRef: 'cli-secret' },
  scopes: ['pets:read'],
  securityScheme: 'corp',
};

const draft = (oauth2?: OAuth2Auth): HttpSaveDraft => ({ method: 'GET', path: '/pets', parameters: [], ...(oauth2 ? { oauth2 } : {}) });

function fieldsOf(built: ReturnType<typeof buildHttpOperation>): Record<string, unknown> {
  if (!built.ok) throw new Error(built.message);
  return Object.fromEntries(built.fields);
}

describe('x-auth: building', () => {
  it('writes the grant, client id and the secret NAME in x-auth, and leaves the requirement to the placement', () => {
    const built = buildHttpOperation(draft(auth));
    const fields = fieldsOf(built);
    expect(fields['x-auth']).toEqual({ scheme: 'oauth2', securityScheme: 'corp', flow: 'clientCredentials', clientId: 'cli-1', secretRef: 'cli-secret' });
    expect(fields).not.toHaveProperty('security');
    // Placing the scheme needs everything but the client secret.
    const { clientSecret: _secret, ...withoutSecret } = auth;
    expect(built.ok && built.oauth2).toEqual(withoutSecret);
  });

  it('a public client names no secret; an environment variable is named as such', () => {
    const { clientSecret: _s, ...publicClient } = auth;
    expect(
      fieldsOf(buildHttpOperation(draft({ ...publicClient, flow: 'deviceCode', endpoints: { from: 'oidc', url: 'https://id.example' } })))['x-auth'],
    ).toEqual({
      scheme: 'oauth2',
      securityScheme: 'corp',
      flow: 'deviceCode',
      clientId: 'cli-1',
    });
    expect(fieldsOf(buildHttpOperation(draft({ ...auth, clientSecret: { env: 'CLI_SECRET' } })))['x-auth']).toMatchObject({ env: 'CLI_SECRET' });
  });

  it('refuses a literal client secret unless it was stored under a name, and then writes only the name', () => {
    const literal = { ...auth, clientSecret: { value: 's3cr3t-literal' } };
    const refused = buildHttpOperation(draft(literal));
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/literal value; store it as a secret/) });
    const stored = buildHttpOperation(draft(literal), { literalSecretName: 'pets-cc' });
    expect(JSON.stringify(fieldsOf(stored))).not.toContain('s3cr3t-literal');
    expect(fieldsOf(stored)['x-auth']).toMatchObject({ secretRef: 'pets-cc' });
  });

  it('an unfinished OAuth setting saves the requirement as before, without x-auth, and says what was not kept', () => {
    const built = buildHttpOperation({ ...draft({ ...auth, clientId: '' }), securityScheme: 'corp', securityScopes: ['pets:read'] });
    const fields = fieldsOf(built);
    expect(fields).not.toHaveProperty('x-auth');
    expect(fields['security']).toEqual([{ corp: ['pets:read'] }]);
    expect(built.ok && built.notes).toEqual(['The OAuth 2.0 client settings were not saved: OAuth 2.0 auth needs a client ID before it can be saved.']);
    expect(built.ok && built.oauth2).toBeUndefined();
  });

  it('refuses an oauth2 value that is not an OAuth setting', () => {
    expect(buildHttpOperation(draft({ type: 'bearer' } as unknown as OAuth2Auth))).toEqual({ ok: false, message: 'oauth2 must be an OAuth 2.0 auth setting.' });
  });
});

const doc = (op: Record<string, unknown>): Record<string, unknown> => ({
  openapi: '3.2.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example' }],
  paths: { '/pets': { get: { responses: { '200': { description: 'ok' } }, ...op } } },
  components: {
    securitySchemes: {
      corp: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { 'pets:read': '' } } } },
    },
  },
});

const xAuth = { scheme: 'oauth2', securityScheme: 'corp', flow: 'clientCredentials', clientId: 'cli-1', secretRef: 'cli-secret' };

describe('x-auth: reading', () => {
  it('an operation saved with x-auth opens with the whole Auth setting: endpoints from the scheme, scopes from the requirement', () => {
    const drafted = draftFromOperation(doc({ security: [{ corp: ['pets:read'] }], 'x-auth': xAuth }), '/pets', 'get');
    if (!drafted.ok) throw new Error(drafted.message);
    expect(drafted.draft.security).toEqual({ scheme: 'corp', auth });
  });

  it('without x-auth, the standard scheme still drafts OAuth with the client id left to fill', () => {
    const drafted = draftFromOperation(doc({ security: [{ corp: ['pets:read'] }] }), '/pets', 'get');
    if (!drafted.ok) throw new Error(drafted.message);
    expect(drafted.draft.security?.auth).toMatchObject({ type: 'oauth2', clientId: '', clientSecret: { secretRef: '' } });
  });

  it('x-auth naming a scheme the operation no longer requires, or one the document lacks, is not used (the standard part wins)', () => {
    const other = doc({ security: [{ corp: ['pets:read'] }], 'x-auth': { ...xAuth, securityScheme: 'gone' } });
    expect(savedHttpOAuth(other, (other['paths'] as Record<string, Record<string, unknown>>)['/pets']?.['get'])).toBeUndefined();
    const drafted = draftFromOperation(other, '/pets', 'get');
    expect(drafted.ok && drafted.draft.security?.auth).toMatchObject({ clientId: '' });
  });

  it('reads only Powerduck-shaped OAuth values (another tool’s x-auth is ignored)', () => {
    expect(readXAuth({ 'x-auth': xAuth })).toMatchObject({ clientId: 'cli-1' });
    expect(readXAuth({ 'x-auth': { provider: 'gateway', policy: 'jwt' } })).toBeUndefined();
    expect(readXAuth({ 'x-auth': { scheme: 'bearer', secretRef: 't' } })).toBeUndefined();
    expect(readXAuth({})).toBeUndefined();
  });
});

describe('one auth shape for x-a2a, x-mcp and x-auth', () => {
  it('the three schemas define the same auth object (only the description differs)', () => {
    const strip = (value: Record<string, unknown>): Record<string, unknown> => {
      const { description: _d, ...rest } = value;
      return rest;
    };
    const a2a = strip(xA2aSchema.$defs.auth as Record<string, unknown>);
    expect(strip(xMcpSchema.$defs.auth as Record<string, unknown>)).toEqual(a2a);
    expect(strip(xAuthSchema.$defs.auth as Record<string, unknown>)).toEqual(a2a);
    expect(xAuthSchema.$defs.secretSource).toEqual(xA2aSchema.$defs.secretSource);
  });
});
