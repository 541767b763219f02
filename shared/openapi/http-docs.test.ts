import { describe, expect, it } from 'vitest';
import { buildHttpOperation } from '../http/http-operation-build';
import { copyForLlm } from './copy-for-llm';
import { renderOperationDocs } from './spec-docs';

const TOKEN = 'sk-live-4f9e2b7c1d8a6e30';

const pet = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } };

/** One pets API, written for each OpenAPI version's example keywords. */
function petsDoc(openapi: '3.0.3' | '3.1.0'): Record<string, unknown> {
  const ex = (value: unknown): Record<string, unknown> => (openapi === '3.0.3' ? { example: value } : { examples: { one: { value } } });
  return {
    openapi,
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://{region}.pets.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, ...ex(42) }],
        put: {
          operationId: 'updatePet',
          summary: 'Update a pet',
          parameters: [
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' }, ...ex(true) },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, ...ex('trace-1') },
            { name: 'tags', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, ...ex({ name: 'Rex' }) } } },
          responses: {
            '200': {
              description: 'Updated',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, ...ex({ name: 'Rex', tag: 'dog' }) } },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
    },
    components: {
      schemas: { Pet: pet },
      responses: { NotFound: { description: 'No such pet' } },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, keyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    },
  };
}

/** An operation as Powerduck's "Save to spec" writes it (OpenAPI 3.2, no x-a2a). */
function savedDoc(): Record<string, unknown> {
  const built = buildHttpOperation({
    method: 'POST',
    path: '/orders/{orderId}/items',
    serverUrl: 'http://127.0.0.1:8080/api',
    summary: 'Add an item',
    parameters: [
      { name: 'orderId', in: 'path', example: 'o 1/ü' },
      { name: 'limit', in: 'query', example: '5' },
      { name: 'X-Request-Id', in: 'header', example: 'req-9' },
    ],
    body: { mediaType: 'application/json', example: { sku: 'A-1', qty: 2 } },
    response: { status: 201, contentType: 'application/json', example: { id: 'it-1' } },
    securityScheme: 'shopKey',
  });
  if (!built.ok) throw new Error(built.message);
  return {
    openapi: '3.2.0',
    info: { title: 'Shop', version: '1' },
    paths: { '/orders/{orderId}/items': { [built.verb]: Object.fromEntries(built.fields) } },
    components: { securitySchemes: { shopKey: { type: 'apiKey', in: 'header', name: 'X-Shop-Key' } } },
  };
}

describe('docs of a plain HTTP operation', () => {
  for (const version of ['3.0.3', '3.1.0'] as const) {
    it(`OpenAPI ${version}: servers, parameters, body, responses, security and code examples`, () => {
      const result = renderOperationDocs(petsDoc(version), '/pets/{petId}', 'put');
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const d = result.docs;
      expect(d.protocolGroup).toBe('http');
      expect(d.title).toBe('Update a pet');
      expect(d.http?.openapi).toBe(version);
      expect(d.http?.servers[0]?.variables[0]).toMatchObject({ name: 'region', default: 'eu', enum: ['eu', 'us'] });
      expect(d.http?.parameters).toEqual([
        expect.objectContaining({ in: 'path', name: 'petId', required: true, style: 'simple', explode: false, example: '42' }),
        expect.objectContaining({ in: 'query', name: 'dryRun', required: false, style: 'form', explode: true, example: 'true' }),
        expect.objectContaining({ in: 'header', name: 'X-Trace', required: true, example: 'trace-1' }),
        expect.objectContaining({ in: 'query', name: 'tags', style: 'form', explode: false }),
      ]);
      expect(d.http?.requestBody?.required).toBe(true);
      expect(d.http?.requestBody?.content[0]).toMatchObject({
        mediaType: 'application/json',
        schema: { ref: '#/components/schemas/Pet', schema: pet },
        example: { name: 'Rex' },
      });
      expect(d.http?.responses.map((r) => [r.status, r.description])).toEqual([
        ['200', 'Updated'],
        ['404', 'No such pet'],
      ]);
      expect(d.http?.responses[0]?.content[0]).toMatchObject({ mediaType: 'application/json', example: { name: 'Rex', tag: 'dog' } });
      expect(d.http?.security).toEqual([[expect.objectContaining({ name: 'bearerAuth', scopes: [] })]]);
      // tags is optional with no example: the examples leave it out rather than invent "string".
      expect(d.requestLine).toBe('PUT https://eu.pets.example.com/v1/pets/42?dryRun=true');
      expect(d.codeExamples.map((c) => c.id)).toEqual(['curl', 'fetch', 'python']);
      const curl = d.codeExamples[0]?.code ?? '';
      expect(curl).toContain("curl -g -X PUT 'https://eu.pets.example.com/v1/pets/42?dryRun=true'");
      expect(curl).toContain("-H 'X-Trace: trace-1'");
      expect(curl).toContain('"$BEARERAUTH"');
      expect(curl).toContain(`--data-binary '{\n  "name": "Rex"\n}'`);
      expect(d.codeExamples[2]?.code).toContain('os.environ["BEARERAUTH"]');
      expect(d.markdown).toContain('## Parameters');
      expect(d.markdown).toContain('| path | petId | yes | simple | `{"type":"integer"}` | `42` |  |');
      expect(d.markdown).toContain('## Request body (required)');
      expect(d.markdown).toContain('### 404 — No such pet');
      expect(d.markdown).toContain('`bearerAuth`: HTTP Bearer token from the secret "bearerAuth" ($BEARERAUTH in the examples)');
      expect(d.markdown).toContain('### curl');
    });
  }

  it('a saved 3.2 operation: the path value is encoded, the secret-backed scheme is a variable', () => {
    const result = renderOperationDocs(savedDoc(), '/orders/{orderId}/items', 'post');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const d = result.docs;
    expect(d.http?.servers.map((s) => s.url)).toEqual(['http://127.0.0.1:8080/api']);
    expect(d.http?.parameters.map((p) => `${p.in}:${p.name}=${p.example}`)).toEqual(['path:orderId=o 1/ü', 'query:limit=5', 'header:X-Request-Id=req-9']);
    expect(d.http?.responses[0]).toMatchObject({ status: '201', content: [{ mediaType: 'application/json', example: { id: 'it-1' } }] });
    expect(d.requestLine).toBe('POST http://127.0.0.1:8080/api/orders/o%201%2F%C3%BC/items?limit=5');
    const curl = d.codeExamples.find((c) => c.id === 'curl')?.code ?? '';
    expect(curl).toContain(`-H 'X-Shop-Key: '"$SHOPKEY"`);
    expect(d.codeExamples.find((c) => c.id === 'fetch')?.code).toContain('`${process.env.SHOPKEY}`');
  });

  it('a required parameter without an example is a visible placeholder; no servers is said', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/users/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] } } },
    };
    const result = renderOperationDocs(doc, '/users/{id}', 'get');
    expect(result.ok && result.docs.requestLine).toBe('GET https://api.example.com/users/{id}');
    expect(result.ok && result.docs.notes.join(' ')).toMatch(/declares no servers/);
    expect(result.ok && result.docs.markdown).toContain('No security requirement.');
  });
});

describe('Copy for LLM of a plain HTTP operation', () => {
  it('is self-contained Markdown with the same facts and the examples', () => {
    const result = copyForLlm(petsDoc('3.1.0'), '/pets/{petId}', {}, 'put');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const md = result.markdown;
    expect(md).toContain('# HTTP operation: Update a pet');
    expect(md).toContain('`PUT /pets/{petId}` (operationId `updatePet`), a standard operation of an OpenAPI 3.1.0 document.');
    for (const section of [
      '## Servers',
      '## Parameters',
      '## Request body (required)',
      '## Responses',
      '## Security',
      '## Code examples',
      '### Python (requests)',
    ])
      expect(md).toContain(section);
    expect(md).toContain('Schema `#/components/schemas/Pet`:');
    expect(md).toContain('"$BEARERAUTH"');
  });

  it('never carries a secret value, even one pasted into an example', () => {
    const doc = savedDoc();
    const op = (doc['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/orders/{orderId}/items']?.['post'];
    if (!op) throw new Error('no op');
    op['description'] = `Call it with X-Shop-Key ${TOKEN}.`;
    const result = copyForLlm(doc, '/orders/{orderId}/items', { secretValues: [TOKEN] }, 'post');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.markdown).not.toContain(TOKEN);
    expect(result.markdown).toContain('‹redacted›');
    expect(result.markdown).toContain('"$SHOPKEY"');
    expect(result.markdown).toContain('`shopKey`: API key in header "X-Shop-Key" from the secret "shopKey" ($SHOPKEY in the examples)');
  });

  it('a missing operation is a clear refusal', () => {
    expect(copyForLlm(petsDoc('3.0.3'), '/nope')).toEqual({ ok: false, message: 'No operation /nope in this file.' });
    expect(copyForLlm(petsDoc('3.0.3'), '/pets/{petId}', {}, 'delete')).toMatchObject({ ok: false });
  });
});
