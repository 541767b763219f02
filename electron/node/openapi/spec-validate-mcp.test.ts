import { validate } from '@hyperjump/json-schema/openapi-3-2';
import type { Json } from '@hyperjump/json-pointer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallJsonValue } from '../../../test/fixtures/small-json';
import type { SpecProblem } from './spec-validate';
import { isValid, reduceXMcp, validateSpecDocument, X_MCP_SCHEMA_ID } from './spec-validate';

const good = {
  transport: 'streamable-http',
  endpoint: 'http://127.0.0.1:1/mcp',
  method: 'tools/call',
  params: { name: 'add', arguments: { a: 1 } },
  tool: 'add',
  requestSchema: { type: 'object' },
  responseSchema: { type: 'object' },
};

function docWith(xmcp: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    openapi: '3.2.0',
    info: { title: 'T', version: '1' },
    paths: { '/mcp/add': { post: { summary: 'Add', 'x-protocol': 'mcp', 'x-mcp': xmcp, responses: { '200': { description: 'ok' } }, ...extra } } },
  };
}

async function problems(xmcp: unknown, extra: Record<string, unknown> = {}): Promise<SpecProblem[]> {
  return validateSpecDocument(docWith(xmcp, extra));
}

describe('x-mcp validation', () => {
  it('accepts what Powerduck writes, over HTTP and stdio', async () => {
    expect(await problems(good)).toEqual([]);
    expect(
      await problems({
        transport: 'stdio',
        command: 'node',
        args: ['s.js'],
        env: [
          { name: 'KEY', secretRef: 'k' },
          { name: 'HOME_DIR', env: 'HOME' },
        ],
        method: 'prompts/get',
        params: { name: 'greet' },
        prompt: 'greet',
      }),
    ).toEqual([]);
  });

  it('reports each kind of mistake at its place', async () => {
    const at = async (xmcp: unknown, extra: Record<string, unknown> = {}): Promise<string[]> =>
      (await problems(xmcp, extra)).filter((p) => p.severity === 'error').map((p) => `${p.pointer} ${p.rule}`);
    expect(await at({ ...good, transport: 'pigeon' })).toContain('/paths/~1mcp~1add/post/x-mcp/transport enum');
    expect(await at({ transport: 'auto', method: 'tools/list' })).toContain('/paths/~1mcp~1add/post/x-mcp required');
    expect(await at({ transport: 'stdio', endpoint: 'http://h', method: 'tools/list' })).toEqual(
      expect.arrayContaining(['/paths/~1mcp~1add/post/x-mcp required']),
    );
    expect(await at({ ...good, command: 'node' })).toContain('/paths/~1mcp~1add/post/x-mcp/command not-allowed');
    expect(await at({ ...good, params: [1] })).toContain('/paths/~1mcp~1add/post/x-mcp/params type');
    expect(await at({ ...good, auth: { scheme: 'bearer', value: 'literal' } })).toEqual(
      expect.arrayContaining(['/paths/~1mcp~1add/post/x-mcp/auth/value additionalProperties']),
    );
    expect(await at({ transport: 'stdio', command: 'node', env: [{ name: 'K', value: 'literal' }], method: 'tools/list' })).toEqual(
      expect.arrayContaining(['/paths/~1mcp~1add/post/x-mcp/env/0/value additionalProperties']),
    );
    expect(await at({ ...good, tool: 'subtract' })).toContain('/paths/~1mcp~1add/post/x-mcp/tool mcp-subject');
    expect(await at({ ...good, prompt: 'add' })).toContain('/paths/~1mcp~1add/post/x-mcp not');
    expect((await problems({ ...good, prompt: 'add' })).find((p) => p.rule === 'not')?.message).toBe(
      'breaks the rule: At most one subject: a tool, a resource or a prompt.',
    );
    expect((await problems({ ...good, command: 'node' })).find((p) => p.rule === 'not-allowed')?.message).toBe('"command" is not allowed here.');
    expect(await at({ ...good, endpoint: 'http://bob:pw@h/mcp' })).toContain('/paths/~1mcp~1add/post/x-mcp/endpoint credential-in-url');
    expect(await at({ ...good, requestSchema: { $ref: '#/components/schemas/Nope' } })).toContain(
      '/paths/~1mcp~1add/post/x-mcp/requestSchema/$ref dangling-ref',
    );
    const warnings = (
      await validateSpecDocument({
        openapi: '3.2.0',
        info: { title: 'T', version: '1' },
        paths: {
          '/m': { post: { 'x-protocol': 'mcp', responses: { '200': { description: 'ok' } } } },
          '/n': { post: { 'x-mcp': good, responses: { '200': { description: 'ok' } } } },
        },
      })
    ).map((p) => `${p.severity} ${p.rule}`);
    expect(warnings).toEqual(['warning x-mcp', 'warning x-protocol']);
    expect(isValid(await problems(good))).toBe(true);
  });

  it('checks x-mcp on a reduced form that always gets the same verdict as the full value', async () => {
    await validateSpecDocument(docWith(good));
    const check = await validate(X_MCP_SCHEMA_ID);
    const anything = smallJsonValue;
    const xmcp = fc.record(
      {
        transport: fc.oneof(fc.constantFrom('auto', 'streamable-http', 'sse', 'stdio'), anything),
        endpoint: fc.oneof(fc.constantFrom('http://h', ''), anything),
        command: fc.oneof(fc.constantFrom('node', ''), anything),
        method: fc.oneof(fc.constantFrom('tools/call', ''), anything),
        params: fc.oneof(fc.constant({ name: 'a', arguments: { __proto__: 1 } }), anything),
        requestSchema: fc.oneof(fc.constant({ $ref: '#/x' }), fc.constant({ type: 'object', properties: { a: {} } }), anything),
        responseSchema: anything,
        example: anything,
        tool: anything,
        env: fc.oneof(fc.constant([{ name: 'A', secretRef: 's' }]), anything),
        'x-note': anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(xmcp, (value) => check(value as Json).valid === check(reduceXMcp(value) as Json).valid),
      { numRuns: 500 },
    );
  });
});

describe('OAuth 2.0 references on MCP and plain HTTP operations', () => {
  const oauth = { scheme: 'oauth2', securityScheme: 'corp', flow: 'clientCredentials', clientId: 'cli', secretRef: 'cli-secret' };

  it('x-mcp.auth takes the OAuth reference x-a2a.auth takes, with the same rules', async () => {
    expect(await problems({ ...good, auth: oauth })).toEqual([]);
    const { clientId: _c, ...noClient } = oauth;
    const bad = await problems({ ...good, auth: noClient });
    expect(isValid(bad)).toBe(false);
    expect(isValid(await problems({ ...good, auth: { ...oauth, env: 'ALSO' } }))).toBe(false);
  });

  function httpDoc(xAuth: unknown): Record<string, unknown> {
    return {
      openapi: '3.2.0',
      info: { title: 'T', version: '1' },
      paths: { '/pets': { get: { 'x-auth': xAuth, responses: { '200': { description: 'ok' } } } } },
    };
  }

  it('x-auth on a plain HTTP operation is checked against its schema; another tool’s x-auth (no scheme) is left alone', async () => {
    expect(await validateSpecDocument(httpDoc(oauth))).toEqual([]);
    const missing = await validateSpecDocument(httpDoc({ scheme: 'oauth2', securityScheme: 'corp', flow: 'clientCredentials' }));
    expect(isValid(missing)).toBe(false);
    expect(missing[0]?.path).toMatch(/^\$\.paths\['\/pets'\]\.get\['x-auth'\]/);
    expect(isValid(await validateSpecDocument(httpDoc({ ...oauth, value: 'never-a-secret' })))).toBe(false);
    expect(isValid(await validateSpecDocument(httpDoc({ scheme: 'bearer', secretRef: 't' })))).toBe(false);
    expect(await validateSpecDocument(httpDoc({ provider: 'gateway' }))).toEqual([]);
  });
});
