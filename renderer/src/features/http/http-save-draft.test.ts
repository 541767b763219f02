import { describe, expect, it } from 'vitest';
import { draftFromOperation } from '../../../../shared/http/openapi-draft';
import { createHttpDraft, withOperation } from './http-draft';
import { responseOrigin, saveDraftFor, splitForSpec } from './http-save-draft';

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

describe('responseOrigin: which request a response answered, for keeping it as the saved example', () => {
  const adHoc = (method: string, url: string): string | undefined => responseOrigin(createHttpDraft('t', { method, url }));

  it('the same method, server and path are the same request, whatever the query', () => {
    expect(adHoc('GET', 'http://127.0.0.1:9/summ?x=1')).toBeDefined();
    expect(adHoc('GET', 'http://127.0.0.1:9/summ?x=2')).toBe(adHoc('GET', 'http://127.0.0.1:9/summ?x=1'));
  });

  it('another path, server or method is another request', () => {
    const sent = adHoc('GET', 'http://127.0.0.1:9/html');
    expect(adHoc('GET', 'http://127.0.0.1:9/echo?page=2')).not.toBe(sent);
    expect(adHoc('GET', '{{baseUrl}}/html')).not.toBe(sent);
    expect(adHoc('POST', 'http://127.0.0.1:9/html')).not.toBe(sent);
    expect(adHoc('GET', 'http://127.0.0.1:10/html')).not.toBe(sent);
  });

  it('a URL that names no request has no origin (nothing it sent can be kept)', () => {
    expect(adHoc('GET', 'not a url')).toBeUndefined();
  });

  it('an operation tab: the fields’ values are examples, the chosen server is part of the request', () => {
    const servers = { ...doc, servers: [{ url: 'https://api.example' }, { url: 'https://staging.example' }] };
    const drafted = draftFromOperation(servers, '/pets', 'get');
    if (!drafted.ok) throw new Error(drafted.message);
    const tab = (serverIndex: number, values: Record<string, string>): string | undefined =>
      responseOrigin(
        withOperation(createHttpDraft('t'), {
          file: 'api.json',
          path: '/pets',
          httpMethod: 'get',
          draft: drafted.draft,
          serverIndex,
          serverVariables: {},
          values,
        }),
      );
    expect(tab(0, { 'query:limit': '20' })).toBe(tab(0, {}));
    expect(tab(1, {})).not.toBe(tab(0, {}));
  });
});
