/**
 * readSecurity's legacy import form: an operation's `x-powerduck-auth` (written by imports before
 * they wrote the standard requirement) is read as the auth it names; a malformed one is ignored,
 * never guessed at; a standard requirement on the operation wins.
 */
import { describe, expect, it } from 'vitest';
import { draftFromOperation } from '../../shared/http/openapi-draft';

const docWith = (op: Record<string, unknown>, components: Record<string, unknown> = {}) => ({
  openapi: '3.2.0',
  info: { title: 'Legacy', version: '1' },
  paths: { '/x': { get: { responses: { default: { description: 'r' } }, ...op } } },
  components,
});

const securityOf = (doc: unknown) => {
  const drafted = draftFromOperation(doc, '/x', 'GET');
  if (!drafted.ok) throw new Error(drafted.message);
  return drafted.draft.security;
};

describe('readSecurity: legacy x-powerduck-auth', () => {
  it('reads bearer, basic, API key and OAuth 2.0 references', () => {
    expect(securityOf(docWith({ 'x-powerduck-auth': { scheme: 'bearer', secretRef: 'tok' } }))).toEqual({
      scheme: 'tok',
      auth: { type: 'bearer', token: { secretRef: 'tok' } },
    });
    expect(securityOf(docWith({ 'x-powerduck-auth': { scheme: 'basic', username: 'ann', secretRef: 'pw' } }))?.auth).toEqual({
      type: 'basic',
      username: 'ann',
      password: { secretRef: 'pw' },
    });
    expect(securityOf(docWith({ 'x-powerduck-auth': { scheme: 'apiKey', in: 'query', name: 'api_key', secretRef: 'k' } }))?.auth).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'api_key',
      value: { secretRef: 'k' },
    });
    const oauth = {
      scheme: 'oauth2',
      flow: 'clientCredentials',
      endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
      clientId: 'cli',
      scopes: ['b', 'a'],
      secretRef: 'cli-secret',
    };
    expect(securityOf(docWith({ 'x-powerduck-auth': oauth }))?.auth).toEqual({
      type: 'oauth2',
      flow: 'clientCredentials',
      endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
      clientId: 'cli',
      clientSecret: { secretRef: 'cli-secret' },
      scopes: ['a', 'b'],
    });
  });

  it.each([
    ['no secret name', { scheme: 'bearer' }],
    ['an empty secret name', { scheme: 'bearer', secretRef: '' }],
    ['an API key without a place', { scheme: 'apiKey', in: 'cookie', name: 'k', secretRef: 'k' }],
    ['an API key without a name', { scheme: 'apiKey', in: 'header', secretRef: 'k' }],
    ['an unknown scheme', { scheme: 'digest', secretRef: 'k' }],
    ['OAuth without endpoints', { scheme: 'oauth2', flow: 'clientCredentials', clientId: 'c' }],
    ['OAuth with an unknown flow', { scheme: 'oauth2', flow: 'implicit', clientId: 'c', endpoints: { from: 'oidc', url: 'https://id.example' } }],
    ['not an object', 'bearer tok'],
  ])('ignores %s', (_label, value) => {
    expect(securityOf(docWith({ 'x-powerduck-auth': value }))).toBeUndefined();
  });

  it('a standard requirement on the operation wins over the legacy field', () => {
    const doc = docWith(
      { security: [{ std: [] }], 'x-powerduck-auth': { scheme: 'bearer', secretRef: 'old' } },
      { securitySchemes: { std: { type: 'http', scheme: 'bearer' } } },
    );
    expect(securityOf(doc)).toEqual({ scheme: 'std', auth: { type: 'bearer', token: { secretRef: 'std' } } });
  });

  it('a basic scheme gives back the user name it keeps', () => {
    const doc = docWith({ security: [{ acct: [] }] }, { securitySchemes: { acct: { type: 'http', scheme: 'basic', 'x-powerduck-username': 'alice' } } });
    expect(securityOf(doc)?.auth).toEqual({ type: 'basic', username: 'alice', password: { secretRef: 'acct' } });
  });
});
