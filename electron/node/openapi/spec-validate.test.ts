import { validate } from '@hyperjump/json-schema/openapi-3-2';
import type { Json } from '@hyperjump/json-pointer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallJsonValue } from '../../../test/fixtures/small-json';
import { buildOperation } from '../../../shared/openapi/operation-build';
import { isValid, jsonPath, reduceXA2a, validateSpecDocument, X_A2A_SCHEMA_ID } from './spec-validate';

function docWith(xa2a: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const built = buildOperation({
    call: { version: '1.0', binding: 'JSONRPC', endpoint: 'http://127.0.0.1:1/rpc', method: 'SendMessage', body: { message: {} } },
  });
  if (!built.ok) throw new Error(built.message);
  return {
    openapi: '3.2.0',
    info: { title: 'T', version: '1' },
    paths: { '/agents/a': { post: { ...built.value.fields, 'x-a2a': { ...built.value.fields['x-a2a'], ...xa2a }, ...extra } } },
    components: { schemas: built.value.components },
  };
}

describe('validateSpecDocument', () => {
  it('accepts what Powerduck writes', async () => {
    expect(await validateSpecDocument(docWith({}))).toEqual([]);
  });

  it('names every problem with its JSON path', async () => {
    const problems = await validateSpecDocument({
      ...docWith({ version: '0.3', binding: 'GRPC', endpoint: '', auth: { scheme: 'bearer', value: 'literal-secret' } }),
      info: { title: 'T' },
    });
    const byPath = problems.map((p) => `${p.path} ${p.message}`);
    expect(byPath).toEqual(
      expect.arrayContaining([
        `$.info is missing the required property "version".`,
        `$.paths['/agents/a'].post['x-a2a'].endpoint must not be empty.`,
        `$.paths['/agents/a'].post['x-a2a'].binding must be "JSONRPC".`,
        `$.paths['/agents/a'].post['x-a2a'].auth.value "value" is not allowed here.`,
      ]),
    );
    expect(problems.find((p) => p.path === `$.paths['/agents/a'].post['x-a2a'].endpoint`)?.pointer).toBe('/paths/~1agents~1a/post/x-a2a/endpoint');
    expect(isValid(problems)).toBe(false);
  });

  it('checks what a schema cannot: the JSON-RPC method, references, unknown methods, unique operationIds', async () => {
    const doc = docWith({ method: 'GetTask', requestSchema: { $ref: '#/components/schemas/Nope' } }, { operationId: 'dup' });
    (doc['paths'] as Record<string, unknown>)['/pets'] = { get: { operationId: 'dup', responses: { '200': { description: 'ok' } } } };
    const problems = await validateSpecDocument(doc);
    expect(problems.map((p) => p.rule)).toEqual(expect.arrayContaining(['jsonrpc-method', 'dangling-ref', 'unique-operation-id']));
    const custom = await validateSpecDocument(docWith({ method: 'x/custom', example: { jsonrpc: '2.0', id: 1, method: 'x/custom' } }));
    expect(custom.map((p) => [p.severity, p.rule])).toEqual([['warning', 'known-method']]);
    expect(isValid(custom)).toBe(true);
  });

  it('reports a problem shared by several path items at each of them', async () => {
    const bad = { get: { summary: 'x', parameters: [{ name: 'q' }], 'x-note': 1 } };
    const doc = {
      openapi: '3.2.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': bad, '/b': { ...bad, get: { ...bad.get, summary: 'other', 'x-note': 'y' } }, '/c': { get: { summary: 'fine' } } },
    };
    const problems = await validateSpecDocument(doc);
    const paths = new Set(problems.map((p) => p.path.split('.get')[0]));
    expect(paths).toEqual(new Set([`$.paths['/a']`, `$.paths['/b']`]));
    expect(problems.some((p) => p.path.startsWith(`$.paths['/a'].get.parameters[0]`))).toBe(true);
    expect(await validateSpecDocument({ ...doc, paths: { 'no-slash': { get: {} } } })).toEqual([expect.objectContaining({ path: `$.paths['no-slash']` })]);
  });

  it('rejects documents that are not OpenAPI at all', async () => {
    expect(isValid(await validateSpecDocument([1, 2]))).toBe(false);
    expect(isValid(await validateSpecDocument({ openapi: '3.2.0' }))).toBe(false);
  });

  it('checks x-a2a on a reduced form that always gets the same verdict as the full value', async () => {
    await validateSpecDocument({ openapi: '3.2.0', info: { title: 'T', version: '1' }, paths: {} });
    const check = await validate(X_A2A_SCHEMA_ID);
    const anything = smallJsonValue;
    const xa2a = fc.record(
      {
        version: fc.oneof(fc.constantFrom('1.0', '0.3'), anything),
        binding: fc.oneof(fc.constantFrom('JSONRPC', 'HTTP+JSON', 'GRPC'), anything),
        endpoint: fc.oneof(fc.constantFrom('http://h', ''), anything),
        method: fc.oneof(fc.constantFrom('SendMessage', ''), anything),
        requestSchema: fc.oneof(fc.constant({ $ref: '#/x' }), fc.constant({ type: 'object', properties: { a: {} } }), anything),
        responseSchema: anything,
        agentCard: fc.oneof(fc.constant({ name: 'a', skills: [1] }), anything),
        example: fc.oneof(
          fc.record(
            { jsonrpc: fc.oneof(fc.constant('2.0'), anything), id: anything, method: fc.oneof(fc.constant('m'), anything), params: anything },
            { requiredKeys: [] },
          ),
          anything,
        ),
        auth: fc.oneof(fc.constant({ scheme: 'bearer', secretRef: 's' }), fc.constant({ scheme: 'bearer', value: 'v' }), anything),
        'x-note': anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(xa2a, (value) => check(value as Json).valid === check(reduceXA2a(value) as Json).valid),
      { numRuns: 500 },
    );
  });

  it('checks only the path items and components in scope, and an operationId clash when either side is in scope', async () => {
    const doc = docWith({ endpoint: '' }, { operationId: 'dup' });
    const paths = doc['paths'] as Record<string, unknown>;
    paths['/pets'] = { get: { operationId: 'dup', parameters: [{ name: 'q' }], responses: { '200': { description: 'ok' } } } };
    paths['/other'] = { get: { operationId: 'dup', 'x-protocol': 'mcp', responses: { '200': { description: 'ok' } } } };
    doc['components'] = { schemas: { Bad: { type: 7 } } };
    const all = await validateSpecDocument(doc);
    const where = (problems: readonly { path: string }[]): Set<string> => new Set(problems.map((p) => p.path.split(/\.(get|post|schemas)\b/)[0] ?? ''));
    expect(where(all)).toEqual(new Set([`$.paths['/agents/a']`, `$.paths['/pets']`, `$.paths['/other']`, '$.components']));

    const pets = await validateSpecDocument(doc, { paths: new Set(['/pets']), components: false });
    // /pets's own problem and its clash with /agents/a (the first user of "dup"); /other's clash names /agents/a, not /pets.
    expect(where(pets)).toEqual(new Set([`$.paths['/pets']`]));
    expect(pets.map((p) => p.rule)).toEqual(expect.arrayContaining(['required', 'unique-operation-id']));

    // /agents/a is the first user of "dup": both later clashes name it, so both are in scope.
    const agents = await validateSpecDocument(doc, { paths: new Set(['/agents/a']), components: false });
    expect(where(agents)).toEqual(new Set([`$.paths['/agents/a']`, `$.paths['/pets']`, `$.paths['/other']`]));
    expect(agents.filter((p) => !p.path.startsWith(`$.paths['/agents/a']`)).map((p) => p.rule)).toEqual(['unique-operation-id', 'unique-operation-id']);

    expect(where(await validateSpecDocument(doc, { paths: new Set(), components: true }))).toEqual(new Set(['$.components']));
    expect(await validateSpecDocument(doc, { paths: new Set(['/not-there']), components: false })).toEqual([]);
    // What a scope covers gets the same verdict as in a whole-document check.
    for (const key of Object.keys(paths)) {
      const scoped = await validateSpecDocument(doc, { paths: new Set([key]), components: false });
      const inside = (p: { path: string }): boolean => p.path.startsWith(`$.paths['${key}']`);
      expect(scoped.filter(inside)).toEqual(all.filter(inside));
    }
  });

  it('renders JSON paths', () => {
    expect(jsonPath(['paths', '/a', 'post', 'x-a2a', 'headers', '0', 'name'])).toBe(`$.paths['/a'].post['x-a2a'].headers[0].name`);
  });
});
