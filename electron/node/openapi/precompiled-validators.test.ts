import { BASIC } from '@hyperjump/json-schema/experimental';
import { validate } from '@hyperjump/json-schema/openapi-3-2';
import type { Json } from '@hyperjump/json-pointer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOperation } from '../../../shared/openapi/operation-build';
import { compileAll, loadValidator, OAS_SCHEMA, X_A2A_SCHEMA_ID, X_MCP_SCHEMA_ID } from './precompiled-validators';

describe('precompiled validators', () => {
  // Fails when hyperjump or one of our schemas changed: `npx vitest run electron/node/openapi/precompiled-validators.test.ts -u` writes the file again.
  it('are what the installed hyperjump compiles from the schemas now', async () => {
    await expect(await compileAll()).toMatchFileSnapshot('./precompiled-validators.json');
  });

  it('give the same verdicts and the same errors as a fresh compile', async () => {
    const built = buildOperation({
      call: { version: '1.0', binding: 'JSONRPC', endpoint: 'http://127.0.0.1:1/rpc', method: 'SendMessage', body: { message: {} } },
    });
    if (!built.ok) throw new Error(built.message);
    const op = built.value.fields;
    const xa2a: Record<string, unknown> = { ...op['x-a2a'] };
    // Keys named like Object.prototype members must stay ordinary keys (hyperjump's own restore mistakes them for compiled properties).
    const hostile = JSON.parse(
      '{"__proto__": {"method": "x"}, "constructor": 1, "toString": {}, "method": "tools/call", "endpoint": "http://127.0.0.1:1/mcp"}',
    ) as unknown;
    const hostileSchema = JSON.parse(
      '{"type": "object", "properties": {"__proto__": {"type": "object"}, "constructor": {"type": 7}}, "required": ["__proto__"]}',
    ) as unknown;
    const cases: Array<[string, unknown[]]> = [
      [
        OAS_SCHEMA,
        [
          { openapi: '3.2.0', info: { title: 'T', version: '1' }, paths: { '/a': { post: op } }, components: { schemas: built.value.components } },
          { openapi: '3.2.0', info: { title: 'T' }, paths: { '/a': { get: { parameters: [{ name: 'q' }], responses: { '200': {} } } } } },
          { openapi: '3.2.0', info: { title: 'T', version: '1' }, components: { schemas: { Bad: { type: 7, $dynamicRef: 1 } } } },
          {
            openapi: '3.2.0',
            info: { title: 'T', version: '1' },
            components: { schemas: { S: hostileSchema } },
            paths: JSON.parse('{"/__proto__": {}}') as unknown,
          },
        ],
      ],
      [X_A2A_SCHEMA_ID, [xa2a, { ...xa2a, binding: 'GRPC', endpoint: '', auth: { scheme: 'bearer', value: 'v' } }, 5, hostile]],
      [X_MCP_SCHEMA_ID, [{ method: 'tools/call', tool: 'echo', endpoint: 'http://127.0.0.1:1/mcp' }, { method: 'tools/call', command: 3 }, [], hostile]],
    ];
    for (const [uri, instances] of cases) {
      const restored = await loadValidator(uri);
      const compiled = await validate(uri);
      for (const instance of instances) {
        expect(restored(instance as Json, BASIC), `${uri} ${JSON.stringify(instance).slice(0, 80)}`).toEqual(compiled(instance as Json, BASIC));
      }
      expect(instances.some((i) => !compiled(i as Json).valid)).toBe(true);
    }
  });

  it('agree with a fresh compile on arbitrary x-a2a and x-mcp values, prototype-named keys included', async () => {
    const key = fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'version',
      'binding',
      'endpoint',
      'method',
      'auth',
      'example',
      'tool',
      'params',
      'command',
      'x-n',
    );
    const leaf = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.constantFrom('1.0', 'JSONRPC', 'tools/call', 'http://h/x'),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 3 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
    })).object;
    for (const uri of [X_A2A_SCHEMA_ID, X_MCP_SCHEMA_ID]) {
      const restored = await loadValidator(uri);
      const compiled = await validate(uri);
      fc.assert(
        fc.property(value, (v) => {
          const instance = JSON.parse(JSON.stringify(v)) as Json;
          expect(restored(instance, BASIC)).toEqual(compiled(instance, BASIC));
        }),
        { numRuns: 300 },
      );
    }
  });
});
