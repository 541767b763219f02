import { describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../a2a/auth';
import { listOperations } from './operation-list';
import { placeOAuthScheme } from './oauth-scheme-placement';
import { buildXMcp, literalSecretsOf, targetFromXMcp } from './x-mcp-model';

const auth: OAuth2Auth = {
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
  clientId: 'mcp-client',
  clientSecret: { secretRef: 'mcp-secret' },
  scopes: ['mcp:tools'],
  securityScheme: 'mcpAuth',
};

const target = (a: OAuth2Auth) => ({ transport: 'streamable-http' as const, endpoint: 'http://127.0.0.1:1/mcp', auth: a });

describe('x-mcp with OAuth 2.0', () => {
  it('buildXMcp writes the same auth reference as x-a2a: grant, client id, the secret NAME; no endpoints or token', () => {
    const x = buildXMcp({ target: target(auth), method: 'tools/list' });
    expect(x.auth).toEqual({ scheme: 'oauth2', securityScheme: 'mcpAuth', flow: 'clientCredentials', clientId: 'mcp-client', secretRef: 'mcp-secret' });
    expect(JSON.stringify(x)).not.toContain('id.example');
  });

  it('a literal client secret is one of the values to store first, then written by its name only', () => {
    const literal = { ...auth, clientSecret: { value: 'literal-mcp-secret' } };
    expect(literalSecretsOf(target(literal))).toEqual([{ where: 'auth', value: 'literal-mcp-secret' }]);
    expect(() => buildXMcp({ target: target(literal), method: 'tools/list' })).toThrow(/literal secret cannot be written/);
    const x = buildXMcp({ target: target(literal), method: 'tools/list', storedSecrets: { auth: 'stored-name' } });
    expect(x.auth).toMatchObject({ secretRef: 'stored-name' });
    expect(JSON.stringify(x)).not.toContain('literal-mcp-secret');
  });

  it('refuses an OAuth setting that cannot be saved, saying what is missing', () => {
    expect(() => buildXMcp({ target: target({ ...auth, clientId: ' ' }), method: 'tools/list' })).toThrow(
      'OAuth 2.0 auth needs a client ID before it can be saved.',
    );
    expect(() => buildXMcp({ target: target({ ...auth, endpoints: { from: 'manual', tokenUrl: '' } }), method: 'tools/list' })).toThrow(/token URL/);
  });

  it('reads back through the document: endpoints from the scheme, scopes from the requirement, the same target as saved', () => {
    const x = buildXMcp({ target: target(auth), method: 'tools/list' });
    const doc = {
      openapi: '3.2.0',
      info: { title: 'T', version: '1' },
      paths: { '/mcp/list': { post: { 'x-protocol': 'mcp', 'x-mcp': x, security: [{ mcpAuth: ['mcp:tools'] }], responses: {} } } },
      components: { securitySchemes: { mcpAuth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} } } } } },
    };
    const [op] = listOperations(doc);
    expect(op?.mcp && targetFromXMcp(op.mcp)).toEqual(target(auth));
  });

  it('placement for an MCP operation: the scheme entry and requirement; saved without OAuth, only the requirement it placed goes', () => {
    const empty = { openapi: '3.2.0', info: { title: 'T', version: '1' }, paths: {} };
    const placed = placeOAuthScheme(empty, '/mcp/list', 'post', auth, 'x-mcp');
    expect(placed.securityScheme).toBe('mcpAuth');
    expect(placed.security).toEqual([{ mcpAuth: ['mcp:tools'] }]);
    expect(placed.edits).toEqual([
      {
        kind: 'setComponent',
        section: 'securitySchemes',
        name: 'mcpAuth',
        value: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { 'mcp:tools': '' } } } },
      },
    ]);
    const saved = {
      ...empty,
      paths: {
        '/mcp/list': {
          post: { 'x-mcp': { auth: { scheme: 'oauth2', securityScheme: 'mcpAuth' } }, security: [{ mcpAuth: ['mcp:tools'] }, { partnerKey: [] }] },
        },
      },
    };
    expect(placeOAuthScheme(saved, '/mcp/list', 'post', undefined, 'x-mcp')).toEqual({ security: [{ partnerKey: [] }], edits: [], remove: [] });
    const alone = { ...saved, paths: { '/mcp/list': { post: { ...saved.paths['/mcp/list'].post, security: [{ mcpAuth: [] }] } } } };
    expect(placeOAuthScheme(alone, '/mcp/list', 'post', undefined, 'x-mcp')).toEqual({ edits: [], remove: ['security'] });
    // The holder matters: an x-a2a reference is not read on an MCP operation.
    expect(placeOAuthScheme(saved, '/mcp/list', 'post', undefined, 'x-a2a')).toEqual({ edits: [], remove: [] });
  });
});
