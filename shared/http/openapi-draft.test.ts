import { describe, expect, it } from 'vitest';
import { declaredResponse, matchMediaType } from './declared-response';
import { buildOperationRequest, draftFromOperation, serverUrl } from './openapi-draft';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }, { url: 'http://127.0.0.1:8080' }],
  security: [{ token: [] }],
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
      get: {
        operationId: 'getPet',
        parameters: [
          { $ref: '#/components/parameters/Fields' },
          { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          '4XX': { $ref: '#/components/responses/Problem' },
        },
      },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } }, 'text/plain': {} } },
        responses: { default: { description: 'any' } },
      },
    },
  },
  components: {
    parameters: {
      Fields: {
        name: 'fields',
        in: 'query',
        explode: false,
        schema: { type: 'array', items: { type: 'string' } },
        examples: { two: { value: ['id', 'name'] } },
      },
    },
    schemas: { Pet: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string', example: 'Rex' } } } },
    responses: { Problem: { description: 'problem', content: { 'application/problem+json': { schema: { type: 'object' } } } } },
    securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
  },
};

describe('drafting from an OpenAPI operation', () => {
  it('reads servers, merged parameters with examples, body and security', () => {
    const r = draftFromOperation(doc, '/pets/{petId}', 'get');
    if (!r.ok) throw new Error(r.message);
    const d = r.draft;
    expect(d.method).toBe('GET');
    expect(d.servers).toHaveLength(2);
    expect(serverUrl(d.servers[0]!)).toBe('https://eu.example.com/v1');
    expect(serverUrl(d.servers[0]!, { region: 'us' })).toBe('https://us.example.com/v1');
    expect(d.params.map((p) => `${p.in}:${p.name}=${p.example}`)).toEqual([
      'path:petId=7',
      'query:fields=["id","name"]',
      'query:filter={}',
      'header:X-Trace=',
      'cookie:session=',
    ]);
    expect(d.security).toEqual({ scheme: 'token', auth: { type: 'bearer', token: { secretRef: 'token' } } });
    const post = draftFromOperation(doc, '/pets/{petId}', 'POST');
    if (!post.ok) throw new Error(post.message);
    expect(post.draft.body?.mediaTypes).toEqual(['application/json', 'text/plain']);
    expect(JSON.parse(post.draft.body?.text ?? '')).toEqual({ id: 0, name: 'Rex' });
  });

  it('an OAuth 2.0 or OpenID Connect scheme becomes OAuth auth (Powerduck gets the token), not a token to paste', () => {
    const withScheme = (scheme: unknown, requirement: string[] = ['pets:read']): unknown => ({
      ...doc,
      security: [{ corp: requirement }],
      components: { ...doc.components, securitySchemes: { corp: scheme } },
    });
    const securityOf = (d: unknown) => {
      const r = draftFromOperation(d, '/pets/{petId}', 'get');
      if (!r.ok) throw new Error(r.message);
      return r.draft.security;
    };
    const cc = securityOf(withScheme({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} } } }));
    expect(cc).toEqual({
      scheme: 'corp',
      auth: {
        type: 'oauth2',
        flow: 'clientCredentials',
        endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
        clientId: '',
        clientSecret: { secretRef: '' },
        scopes: ['pets:read'],
        securityScheme: 'corp',
      },
      note: 'OAuth 2.0 scheme "corp": give the client ID and the client secret in the Auth tab; Powerduck gets the token.',
    });
    // Several flows: the person-facing one first, as "Use the card's auth" orders them.
    const both = securityOf(
      withScheme({
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} },
          authorizationCode: { authorizationUrl: 'https://id.example/auth', tokenUrl: 'https://id.example/token', scopes: {} },
        },
      }),
    );
    expect(both?.auth).toMatchObject({
      flow: 'authorizationCode',
      endpoints: { from: 'manual', tokenUrl: 'https://id.example/token', authorizationUrl: 'https://id.example/auth' },
    });
    expect(both?.auth).not.toHaveProperty('clientSecret');
    const oidc = securityOf(withScheme({ type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' }, []));
    expect(oidc?.auth).toEqual({
      type: 'oauth2',
      flow: 'authorizationCode',
      endpoints: { from: 'oidc', url: 'https://id.example/.well-known/openid-configuration' },
      clientId: '',
      securityScheme: 'corp',
    });
    const metadata = securityOf(
      withScheme({ type: 'oauth2', oauth2MetadataUrl: 'https://id.example/.well-known/oauth-authorization-server', flows: { deviceAuthorization: {} } }),
    );
    expect(metadata?.auth).toMatchObject({
      flow: 'deviceCode',
      endpoints: { from: 'metadata', url: 'https://id.example/.well-known/oauth-authorization-server' },
    });
    const unusable = securityOf(withScheme({ type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://id.example/auth', scopes: {} } } }));
    expect(unusable).toMatchObject({ scheme: 'corp', auth: { type: 'none' }, note: expect.stringContaining('set the auth by hand') });
  });

  it('builds the URL with each style and puts header and cookie parameters in headers', () => {
    const r = draftFromOperation(doc, '/pets/{petId}', 'get');
    if (!r.ok) throw new Error(r.message);
    const built = buildOperationRequest(doc, r.draft, {
      serverIndex: 1,
      values: { 'path:petId': 'a b/ü', 'query:fields': 'id,name', 'query:filter': '{"kind":"cat dog"}', 'header:X-Trace': 't1', 'cookie:session': 's1' },
    });
    expect(built).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8080/pets/a%20b%2F%C3%BC?fields=id,name&filter%5Bkind%5D=cat%20dog',
      headers: [
        { name: 'X-Trace', value: 't1' },
        { name: 'Cookie', value: 'session=s1' },
      ],
    });
  });

  it('explains what is missing or wrong', () => {
    const r = draftFromOperation(doc, '/pets/{petId}', 'get');
    if (!r.ok) throw new Error(r.message);
    expect(buildOperationRequest(doc, r.draft, { values: {} })).toEqual({ ok: false, message: 'The path parameter "petId" is required.' });
    expect(buildOperationRequest(doc, r.draft, { serverIndex: 5, values: { 'path:petId': '1' } }).ok).toBe(false);
    expect(buildOperationRequest(doc, r.draft, { values: { 'path:petId': '1', 'query:filter': 'nope' } })).toEqual({
      ok: false,
      message: '"filter" must be a JSON object of plain values, e.g. {"role":"admin"}.',
    });
    expect(buildOperationRequest(doc, r.draft, { baseUrl: '/relative', values: { 'path:petId': '1' } }).ok).toBe(false);
    expect(draftFromOperation(doc, '/nope', 'get').ok).toBe(false);
    expect(draftFromOperation(doc, '/pets/{petId}', 'delete').ok).toBe(false);
    expect(draftFromOperation({ paths: { __proto__: {} } }, '__proto__', 'get').ok).toBe(false);
  });
});

describe('declared responses', () => {
  it('prefers the exact status, then the range, then default; follows response $refs', () => {
    expect(declaredResponse(doc, '/pets/{petId}', 'get', 200, 'application/json; charset=utf-8')).toEqual({
      statusKey: '200',
      mediaKey: 'application/json',
      mediaTypes: ['application/json'],
      schemaPointer: '/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema',
    });
    expect(declaredResponse(doc, '/pets/{petId}', 'get', 404, 'application/problem+json')).toMatchObject({
      statusKey: '4XX',
      schemaPointer: '/components/responses/Problem/content/application~1problem+json/schema',
    });
    expect(declaredResponse(doc, '/pets/{petId}', 'get', 500, 'application/json')).toBeUndefined();
    expect(declaredResponse(doc, '/pets/{petId}', 'post', 500, undefined)).toEqual({ statusKey: 'default', mediaTypes: [] });
    expect(declaredResponse(doc, '/pets/{petId}', 'get', 200, 'text/html')).toMatchObject({ mediaUndeclared: true });
  });

  it('matches media types exactly, then by range', () => {
    expect(matchMediaType(['text/*', 'application/json'], 'application/json')).toBe('application/json');
    expect(matchMediaType(['text/*', '*/*'], 'text/csv')).toBe('text/*');
    expect(matchMediaType(['*/*'], 'image/png')).toBe('*/*');
    expect(matchMediaType(['application/json'], 'image/png')).toBeUndefined();
  });
});

describe('an imported operation stored under another key (x-powerduck-path)', () => {
  const imported = (address: unknown) => ({
    openapi: '3.2.0',
    paths: {
      '/imported/pet-verbose': {
        get: {
          servers: [{ url: 'http://127.0.0.1:7070' }],
          'x-powerduck-path': address,
          parameters: [{ name: 'petId', in: 'path', required: true, example: '2' }],
          responses: { default: { description: 'Response' } },
        },
      },
    },
  });
  const urlOf = (doc: unknown): string => {
    const r = draftFromOperation(doc, '/imported/pet-verbose', 'get');
    if (!r.ok) throw new Error(r.message);
    const built = buildOperationRequest(doc, r.draft, { values: Object.fromEntries(r.draft.params.map((p) => [`${p.in}:${p.name}`, p.example])) });
    if (!built.ok) throw new Error(built.message);
    return built.url;
  };

  it('is sent to the path it names, not to its key', () => {
    expect(urlOf(imported('/pets/{petId}'))).toBe('http://127.0.0.1:7070/pets/2');
  });

  it('a value that is not a path (or holds {{variables}} a send would not fill) is ignored: the key is the path', () => {
    for (const bad of [42, 'pets', '/pets?x=1', '/pets/{{id}}']) expect(urlOf(imported(bad))).toBe('http://127.0.0.1:7070/imported/pet-verbose');
  });
});
