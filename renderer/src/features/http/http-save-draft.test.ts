import { describe, expect, it } from 'vitest';
import { draftFromOperation } from '../../../../shared/http/openapi-draft';
import { createHttpDraft, withOperation } from './http-draft';
import { saveDraftFor } from './http-save-draft';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example' }],
  paths: { '/pets': { get: { security: [{ corp: ['pets:write', 'pets:read'] }], responses: { '200': { description: 'ok' } } } } },
  components: { securitySchemes: { corp: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} } } } } },
};

describe('saveDraftFor', () => {
  it('a request drafted from an OAuth 2.0 scheme saves the requirement naming it, with the scopes it asks for', () => {
    const drafted = draftFromOperation(doc, '/pets', 'get');
    if (!drafted.ok) throw new Error(drafted.message);
    const auth = drafted.draft.security?.auth;
    if (auth?.type !== 'oauth2') throw new Error(`not OAuth: ${JSON.stringify(auth)}`);
    const draft = withOperation(createHttpDraft('t1', { method: 'GET', auth: { ...auth, clientId: 'cli' } }), {
      file: 'api.json',
      path: '/pets',
      httpMethod: 'get',
      draft: drafted.draft,
      serverIndex: 0,
      serverVariables: {},
      values: {},
    });
    const saved = saveDraftFor(draft, undefined, { path: '/pets', summary: 'List pets', withResponse: false });
    expect(saved.securityScheme).toBe('corp');
    expect(saved.securityScopes).toEqual(['pets:read', 'pets:write']);
    // The whole OAuth setting goes to the core, which writes the client settings to x-auth.
    expect(saved.oauth2).toMatchObject({ type: 'oauth2', clientId: 'cli', securityScheme: 'corp' });
  });
});
