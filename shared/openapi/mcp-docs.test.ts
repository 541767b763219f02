import { describe, expect, it } from 'vitest';
import type { McpExchangeRecord } from '../mcp/mcp-types';
import { copyForLlm } from './copy-for-llm';
import { listOperations } from './operation-list';
import { renderOperationDocs } from './spec-docs';
import { mcpCodeExamples, mcpSettings } from './mcp-docs';

const SECRET = 'tok-4f9a-never-in-docs';

const doc = {
  openapi: '3.2.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/pets': { get: { summary: 'Pets', responses: {} } },
    '/agents/a': {
      post: {
        summary: 'Ask',
        'x-protocol': 'a2a',
        'x-a2a': {
          version: '1.0',
          binding: 'GRPC',
          endpoint: 'http://127.0.0.1:3',
          method: 'GetTask',
          requestSchema: {},
          responseSchema: {},
          example: { id: 't' },
        },
        responses: {},
      },
    },
    '/mcp/weather': {
      post: {
        summary: 'Forecast',
        'x-protocol': 'mcp',
        'x-mcp': {
          transport: 'auto',
          endpoint: 'https://weather.example.com/mcp',
          auth: { scheme: 'bearer', secretRef: 'weather-token' },
          method: 'tools/call',
          params: { name: 'get_forecast', arguments: { city: 'Paris', note: SECRET } },
          tool: 'get_forecast',
          requestSchema: { $ref: '#/components/schemas/ForecastIn' },
          responseSchema: { type: 'object', properties: { forecast: { type: 'array' } } },
        },
        responses: {},
      },
    },
    '/mcp/local': {
      post: {
        'x-protocol': 'mcp',
        'x-mcp': {
          transport: 'stdio',
          command: 'npx',
          args: ['-y', 'my server'],
          env: [{ name: 'API_KEY', secretRef: 'local-key' }],
          method: 'resources/read',
          params: { uri: 'file:///r' },
          resource: 'file:///r',
        },
        responses: {},
      },
    },
    '/mcp/broken': { post: { 'x-protocol': 'mcp', responses: {} } },
  },
  components: { schemas: { ForecastIn: { type: 'object', properties: { city: { type: 'string' } } } } },
};

describe('MCP operations in lists, docs and Copy for LLM', () => {
  it('lists every operation with its protocol group', () => {
    const ops = listOperations(doc);
    expect(ops.map((o) => [o.path, o.protocolGroup, o.kind])).toEqual([
      ['/pets', 'http', 'other'],
      ['/agents/a', 'a2a', 'a2a'],
      ['/mcp/weather', 'mcp', 'other'],
      ['/mcp/local', 'mcp', 'other'],
      ['/mcp/broken', 'mcp', 'other'],
    ]);
    expect(ops[2]?.mcp).toMatchObject({ transport: 'auto', method: 'tools/call', tool: 'get_forecast' });
    expect(ops[4]?.problem).toMatch(/no x-mcp/);
  });

  it('documents an HTTP MCP operation in MCP terms, with a runnable powerduck line', () => {
    const r = renderOperationDocs(doc, '/mcp/weather', undefined, '/w/tools.yaml');
    if (!r.ok) throw new Error(r.message);
    const d = r.docs;
    expect(d.protocolGroup).toBe('mcp');
    expect(d.settings).toEqual(
      expect.arrayContaining([
        { label: 'Server endpoint', value: 'https://weather.example.com/mcp' },
        { label: 'Method', value: 'tools/call (JSON-RPC 2.0, after initialize)' },
        { label: 'Tool', value: 'get_forecast' },
        { label: 'Auth', value: 'Bearer token from the secret "weather-token"' },
      ]),
    );
    expect(d.methodDescription).toMatch(/Calls a tool/);
    expect(d.example).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Paris', note: SECRET } } });
    expect(d.requestSchema?.schema).toEqual({ type: 'object', properties: { city: { type: 'string' } } });
    expect(d.codeExamples.map((e) => e.code)).toEqual([
      `powerduck send --mcp --endpoint https://weather.example.com/mcp --auth-secret weather-token --method tools/call --body '{"name":"get_forecast","arguments":{"city":"Paris","note":"${SECRET}"}}'`,
      'powerduck run /w/tools.yaml /mcp/weather',
    ]);
    expect(d.markdown).toContain('MCP operation (the path is an identifier; the call goes to the MCP server below)');
    expect(d.markdown).toContain('### Arguments schema (inputSchema)');
    expect(d.markdown).toContain('## Response (structuredContent, outputSchema)');
  });

  it('says "variable" for a stdio environment value taken from a {{variable}}, "secret" for a named secret', () => {
    const settings = mcpSettings({
      transport: 'stdio',
      command: 'srv',
      env: [
        { name: 'API_KEY', secretRef: 'local-key' },
        { name: 'REGION', secretRef: '{{region}}' },
      ],
      method: 'tools/list',
    } as Parameters<typeof mcpSettings>[0]);
    expect(settings).toEqual(
      expect.arrayContaining([
        { label: 'Environment API_KEY', value: 'from the secret "local-key"' },
        { label: 'Environment REGION', value: 'from the variable {{region}} of the picked environment' },
      ]),
    );
  });

  it('send --mcp example: a secret-backed stdio variable names its secret; a plain one passes the picked environment', () => {
    const x = {
      transport: 'stdio',
      command: 'srv',
      env: [
        { name: 'API_KEY', secretRef: 'local-key' },
        { name: 'TOKEN', secretRef: '{{token}}' },
        { name: 'REGION', secretRef: '{{region}}' },
      ],
      method: 'tools/list',
    } as Parameters<typeof mcpCodeExamples>[0];
    const variables = { environment: 'local demo', values: new Map([['region', 'eu']]), secrets: new Map([['token', 'demo-token']]) };
    const send = (v?: Parameters<typeof mcpCodeExamples>[3]): string | undefined => mcpCodeExamples(x, undefined, '/mcp/local', v)[0]?.code;
    expect(send(variables)).toBe(
      `powerduck send --mcp --env-secret API_KEY=local-key --env-secret TOKEN=demo-token --env-secret 'REGION={{region}}' --method tools/list --env 'local demo' --stdio -- srv`,
    );
    // Only secret-backed variables: the command runs without the environment.
    const secretsOnly = {
      ...variables,
      values: new Map<string, string>(),
      secrets: new Map([
        ['token', 'demo-token'],
        ['region', 'region-secret'],
      ]),
    };
    expect(send(secretsOnly)).toBe(
      'powerduck send --mcp --env-secret API_KEY=local-key --env-secret TOKEN=demo-token --env-secret REGION=region-secret --method tools/list --stdio -- srv',
    );
    // No environment picked: the references stay, as every other example keeps {{name}}.
    expect(send()).toBe(
      `powerduck send --mcp --env-secret API_KEY=local-key --env-secret 'TOKEN={{token}}' --env-secret 'REGION={{region}}' --method tools/list --stdio -- srv`,
    );
  });

  it('documents a stdio operation: the command line and where each variable comes from', () => {
    const r = renderOperationDocs(doc, '/mcp/local');
    if (!r.ok) throw new Error(r.message);
    expect(r.docs.settings).toEqual(
      expect.arrayContaining([
        { label: 'Transport', value: 'stdio (a local process)' },
        { label: 'Command', value: 'npx -y "my server"' },
        { label: 'Environment API_KEY', value: 'from the secret "local-key"' },
        { label: 'Resource', value: 'file:///r' },
      ]),
    );
    expect(r.docs.codeExamples[0]?.code).toBe(
      `powerduck send --mcp --env-secret API_KEY=local-key --method resources/read --body '{"uri":"file:///r"}' --stdio -- npx -y 'my server'`,
    );
    expect(r.docs.notes.join(' ')).toMatch(/starts the command/);
    // Its powerduck run line carries the confirmation the CLI asks for.
    const inFile = renderOperationDocs(doc, '/mcp/local', undefined, '/w/tools.yaml');
    if (!inFile.ok) throw new Error(inFile.message);
    expect(inFile.docs.codeExamples.map((e) => e.code)).toContain('powerduck run /w/tools.yaml /mcp/local --allow-stdio');
  });

  it('Copy for LLM speaks MCP, names no secret reference and scrubs resolved values', () => {
    const record: McpExchangeRecord = {
      protocol: 'mcp',
      id: 'r1',
      startedAt: '2026-12-01T00:00:00.000Z',
      method: 'tools/call',
      target: { transport: 'auto', endpoint: 'https://weather.example.com/mcp' },
      outcome: { kind: 'result', result: { content: [{ type: 'text', text: `sunny ${SECRET}` }] } },
      http: [],
      messages: [{ seq: 0, atMs: 0, direction: 'received', kind: 'response', id: 1, message: { jsonrpc: '2.0', id: 1, result: { echoed: SECRET } } }],
      timings: { totalMs: 12 },
      warnings: [],
    };
    const r = copyForLlm(doc, '/mcp/weather', { mcpExchange: record, secretValues: [SECRET] });
    if (!r.ok) throw new Error(r.message);
    expect(r.markdown).toContain('# MCP operation: Forecast');
    expect(r.markdown).toContain('calls `tools/call` for the tool "get_forecast"');
    expect(r.markdown).toContain('- Server endpoint: https://weather.example.com/mcp');
    expect(r.markdown).toContain('## Arguments');
    expect(r.markdown).toContain('## Tool input schema (inputSchema)');
    expect(r.markdown).toContain('### JSON-RPC messages (1)');
    expect(r.markdown).not.toContain(SECRET);
    expect(r.markdown).not.toContain('weather-token');
    const local = copyForLlm(doc, '/mcp/local');
    if (!local.ok) throw new Error(local.message);
    expect(local.markdown).toContain('- Environment API_KEY: supplied at run time, not included here');
    expect(local.markdown).not.toContain('local-key');
    expect(copyForLlm(doc, '/mcp/broken')).toMatchObject({ ok: false, message: expect.stringMatching(/no x-mcp/) });
    // A plain HTTP operation beside MCP ones is documented as HTTP, not refused.
    const http = copyForLlm(doc, '/pets');
    expect(http.ok && http.markdown).toContain('# HTTP operation:');
  });
});
