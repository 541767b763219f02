import { describe, expect, it } from 'vitest';
import { draftFromOperation } from '../../../../shared/http/openapi-draft';
import { createHttpDraft, withOperation } from './http-draft';
import { saveDraftFor, splitForSpec } from './http-save-draft';

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

describe('splitForSpec', () => {
  it('a leading {{variable}} is the server, as the Postman import writes it, and the rest is the path', () => {
    expect(splitForSpec('{{base}}/echo?v={{val}}')).toEqual({ serverUrl: '{{base}}', path: '/echo' });
    expect(splitForSpec('{{base}}/v1/pets#top')).toEqual({ serverUrl: '{{base}}', path: '/v1/pets' });
    expect(splitForSpec('{{base}}')).toEqual({ serverUrl: '{{base}}', path: '/' });
    expect(splitForSpec(' {{ base }}/x ')).toEqual({ serverUrl: '{{ base }}', path: '/x' });
  });

  it('a variable host and port stay in the server; a {{name}} path segment becomes the template {name}', () => {
    expect(splitForSpec('http://{{host}}:{{port}}/x')).toEqual({ serverUrl: 'http://{{host}}:{{port}}', path: '/x' });
    expect(splitForSpec('https://api.example/users/{{userId}}/posts')).toEqual({ serverUrl: 'https://api.example', path: '/users/{userId}/posts' });
    expect(splitForSpec('https://{{host}}')).toEqual({ serverUrl: 'https://{{host}}', path: '/' });
  });

  it('plain URLs split as before: origin and decoded path', () => {
    expect(splitForSpec('https://API.example:443/a%20b/c?q=1')).toEqual({ serverUrl: 'https://api.example', path: '/a b/c' });
    expect(splitForSpec('http://127.0.0.1:8080')).toEqual({ serverUrl: 'http://127.0.0.1:8080', path: '/' });
    expect(splitForSpec('not a url')).toBeUndefined();
    expect(splitForSpec('{{unclosed/x')).toBeUndefined();
  });

  it('credentials typed into the URL never reach the server entry', () => {
    expect(splitForSpec('https://bob:s3cret@api.example/x')).toEqual({ serverUrl: 'https://api.example', path: '/x' });
    expect(splitForSpec('https://bob:s3cret@{{host}}/x')).toEqual({ serverUrl: 'https://{{host}}', path: '/x' });
    expect(splitForSpec('https://{{user}}:{{pass}}@{{host}}:8443/x')).toEqual({ serverUrl: 'https://{{host}}:8443', path: '/x' });
  });
});

describe('saveDraftFor with {{variables}} in the URL', () => {
  it('keeps the server, the query rows, a {{id}} path parameter and header rows with their references', () => {
    const draft = createHttpDraft('t', {
      method: 'GET',
      url: '{{base}}/users/{{id}}?v={{val}}',
      headers: [
        { name: 'X-Api-Key', value: '{{apiKey}}' },
        { name: 'X-Off', value: 'x', enabled: false },
      ],
    });
    const saved = saveDraftFor(draft, undefined, { path: '/users/{id}', summary: '', withResponse: false });
    expect(saved.serverUrl).toBe('{{base}}');
    expect(saved.parameters).toEqual([
      { name: 'id', in: 'path', example: '{{id}}' },
      { name: 'v', in: 'query', example: '{{val}}' },
      { name: 'X-Api-Key', in: 'header', example: '{{apiKey}}' },
    ]);
  });
});
