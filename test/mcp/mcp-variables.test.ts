/**
 * `{{variables}}` in MCP requests, against the official SDK's server: the core fills the endpoint,
 * headers, auth and params (a stdio command's arguments and literal env values) from the picked
 * environment at send time; a secret-backed value reaches the server only (never the record,
 * history or any file but secrets.json); a missing variable is refused before anything connects.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { variablesContext } from '../../electron/node/env/send-variables';
import { resolveMcpVariables } from '../../electron/node/mcp/mcp-variables';
import type { StreamEvent } from '../../shared/contract/index';
import type { McpCallRequest, McpExchangeRecord, McpHttpTarget, McpStreamEvent } from '../../shared/mcp/mcp-types';
import { tempCore } from '../foundation/test-core';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { toolText } from '../fixtures/mcp-calls';

const SECRET = 'mcp-var-secret-4d2f9a';
let server: RunningMcpServer;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  server = await startMcpServer({ bearer: SECRET });
  ({ core, dir, dispose } = await tempCore());
  expect((await core.dispatcher.invoke('secrets.set', { name: 'mcp-token', value: SECRET })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'baseUrl', value: new URL(server.url).origin },
          { name: 'who', value: 'rex' },
          { name: 'token', secret: 'mcp-token' },
          { name: 'two', value: '2' },
          { name: 'word', value: 'abc' },
          { name: 'quoted', value: '"five"' },
          { name: 'origin', value: '{{baseUrl}}' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await server.close();
  await dispose();
});

const target: McpHttpTarget = {
  transport: 'auto',
  endpoint: '{{baseUrl}}/mcp',
  headers: [{ name: 'X-Trace', value: 'trace-{{$uuid}}' }],
  auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
};

function stream(request: McpCallRequest): Promise<{ record?: McpExchangeRecord; error?: { code: string; details?: unknown } }> {
  return new Promise((resolve) => {
    void core.dispatcher.stream('mcp.stream', `s-${Math.random()}`, request, (event: StreamEvent<McpStreamEvent, McpExchangeRecord>) => {
      if (event.kind === 'end') resolve({ record: event.value });
      else if (event.kind === 'error') resolve({ error: event.error });
    });
  });
}

/** Every file under the data folder but the secret store, as text. */
async function dataFiles(root: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = [];
  for (const name of await readdir(root)) {
    const path = join(root, name);
    if ((await stat(path)).isDirectory()) out.push(...(await dataFiles(path)));
    else if (name !== 'secrets.json') out.push({ path, text: await readFile(path, 'utf8') });
  }
  return out;
}

describe('MCP requests with {{variables}}', () => {
  it('mcp.call fills endpoint, headers, a secret-backed token and params; the record shows what was sent, the secret scrubbed', async () => {
    const before = server.log.authorizations.length;
    const request: McpCallRequest = {
      target,
      method: 'tools/call',
      // The tool echoes its argument back: the secret in the answer must be scrubbed too.
      params: { name: 'fail', arguments: { why: '{{who}} {{token}}' } },
      environment: 'local',
    };
    const result = await core.dispatcher.invoke('mcp.call', request);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const record = result.value;
    expect(record.outcome.kind).toBe('tool-error');
    expect(toolText(record)).toMatch(/^boom: rex /);
    expect(server.log.authorizations.slice(before).every((a) => a === `Bearer ${SECRET}`)).toBe(true);
    expect(record.target.endpoint).toBe(server.url);
    expect(record.params).toMatchObject({ name: 'fail', arguments: { why: expect.stringMatching(/^rex /) } });
    const sent = record.http[0]?.requestHeaders.find(([name]) => name.toLowerCase() === 'x-trace')?.[1];
    expect(sent).toMatch(/^trace-[0-9a-f-]{36}$/);
    expect(JSON.stringify(record)).not.toContain(SECRET);
    // The caller's request is not written back into.
    expect(request.target).toBe(target);
    expect((request.target as McpHttpTarget).endpoint).toBe('{{baseUrl}}/mcp');
  });

  it('paramsText: an unquoted {{name}} is its JSON value (the tool adds numbers), a quoted one stays text', async () => {
    const result = await core.dispatcher.invoke('mcp.call', {
      target,
      method: 'tools/call',
      paramsText: '{"name": "add", "arguments": {"a": {{two}}, "b": {{ two }}}}',
      environment: 'local',
    });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.value.outcome.kind).toBe('result');
    expect(toolText(result.value)).toBe('4');
    expect(result.value.params).toEqual({ name: 'add', arguments: { a: 2, b: 2 } });
    const streamed = await stream({
      target,
      method: 'tools/call',
      paramsText: '{"name": "fail", "arguments": {"why": "{{two}} \\"{{who}}\\""}}',
      environment: 'local',
    });
    expect(streamed.record?.params).toEqual({ name: 'fail', arguments: { why: '2 "rex"' } });
  });

  it('paramsText: a value that is not JSON in an unquoted place, or an unknown variable, is refused by name before connecting', async () => {
    const sessions = server.log.sessions.length;
    const notJson = await core.dispatcher.invoke('mcp.call', {
      target,
      method: 'tools/call',
      paramsText: '{"name": "add", "arguments": {"a": {{word}}, "b": 1}}',
      environment: 'local',
    });
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) {
      expect(notJson.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'not-json', variables: ['word'] } });
      expect(notJson.error.message).toMatch(/\{\{word\}\}.*unquoted.*Nothing was sent/);
    }
    const unknown = await stream({ target, method: 'tools/call', paramsText: '{"name": "add", "arguments": {"a": {{nope}}}}', environment: 'local' });
    expect(unknown.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'not-defined', variables: ['nope'] } });
    const both = await core.dispatcher.invoke('mcp.call', { target, method: 'tools/call', params: {}, paramsText: '{}', environment: 'local' });
    expect(both.ok ? undefined : both.error.code).toBe('bad-request');
    const notObject = await core.dispatcher.invoke('mcp.call', { target, method: 'tools/call', paramsText: '[{{two}}]', environment: 'local' });
    expect(notObject.ok ? undefined : notObject.error.message).toMatch(/JSON object/);
    expect(server.log.sessions.length).toBe(sessions);
  });

  it('an argument written as a whole {{variable}} is checked against the inputSchema once filled; a value of another type is refused before connecting', async () => {
    const inputSchema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } };
    const sessions = server.log.sessions.length;
    const wrong = await core.dispatcher.invoke('mcp.call', {
      target,
      method: 'tools/call',
      paramsText: '{"name": "add", "arguments": {"a": {{quoted}}, "b": 1}}',
      inputSchema,
      environment: 'local',
    });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error.code).toBe('bad-request');
      expect(wrong.error.message).toBe(
        'The argument "a" takes a number (the tool\'s inputSchema), but {{quoted}} in the environment "local" holds text. Change the value, or edit the argument. Nothing was sent.',
      );
    }
    expect(server.log.sessions.length).toBe(sessions);
    // A number passes, and the target's nested {{origin}} → {{baseUrl}} is filled as well.
    const right = await core.dispatcher.invoke('mcp.call', {
      target: { ...target, endpoint: '{{origin}}/mcp' },
      method: 'tools/call',
      paramsText: '{"name": "add", "arguments": {"a": {{two}}, "b": 1}}',
      inputSchema,
      environment: 'local',
    });
    if (!right.ok) throw new Error(right.error.message);
    expect(toolText(right.value)).toBe('3');
  });

  it('mcp.stream and mcp.connect resolve the same way', async () => {
    const streamed = await stream({ target, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } }, environment: 'local' });
    expect(streamed.record?.outcome.kind).toBe('result');
    expect(streamed.record && toolText(streamed.record)).toBe('5');
    expect(JSON.stringify(streamed.record)).not.toContain(SECRET);
    const connected = await core.dispatcher.invoke('mcp.connect', { target, environment: 'local' });
    if (!connected.ok) throw new Error(connected.error.message);
    expect(connected.value.tools.map((t) => t.name)).toContain('add');
    expect(JSON.stringify(connected.value)).not.toContain(SECRET);
  });

  it('mcp.watch resolves the target and keeps the secret out of its record', async () => {
    const record = await new Promise<McpExchangeRecord | undefined>((resolve) => {
      void core.dispatcher.stream('mcp.watch', 'w-1', { target, environment: 'local', timeoutMs: 300, unattended: true }, (event) => {
        if (event.kind === 'end') resolve(event.value as McpExchangeRecord);
        else if (event.kind === 'error') resolve(undefined);
      });
    });
    expect(record?.server?.name).toBe('fixture-mcp');
    expect(record?.target.endpoint).toBe(server.url);
    expect(JSON.stringify(record)).not.toContain(SECRET);
  });

  it('a connection that fails before any answer still keeps a secret used in the endpoint out of the record', async () => {
    const closed = await startMcpServer();
    const origin = new URL(closed.url).origin;
    await closed.close();
    const result = await core.dispatcher.invoke('mcp.call', {
      target: { transport: 'streamable-http', endpoint: `${origin}/mcp?q={{token}}` },
      method: 'tools/list',
      environment: 'local',
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.outcome.kind).toBe('transport-error');
    expect(result.value.target.endpoint).toContain(`${origin}/mcp?q=`);
    expect(JSON.stringify(result.value)).not.toContain(SECRET);
  });

  it('refuses a missing variable, or variables without an environment, before connecting', async () => {
    const sessions = server.log.sessions.length;
    const requests = server.log.authorizations.length;
    const missing = await core.dispatcher.invoke('mcp.call', {
      target: { ...target, endpoint: '{{baseUrl}}/{{path}}' },
      method: 'tools/list',
      environment: 'local',
    });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.code).toBe('unresolved-variable');
      expect(missing.error.details).toEqual({ reason: 'not-defined', variables: ['path'], environment: 'local' });
    }
    const none = await core.dispatcher.invoke('mcp.connect', { target });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'no-environment', variables: ['baseUrl', 'token'] } });
    const streamed = await stream({ target, method: 'tools/list', params: { cursor: '{{nope}}' }, environment: 'local' });
    expect(streamed.error).toMatchObject({ code: 'unresolved-variable', details: { variables: ['nope'] } });
    const watched = await new Promise<{ code: string } | undefined>((resolve) => {
      void core.dispatcher.stream('mcp.watch', 'w-2', { target: { ...target, endpoint: '{{elsewhere}}' }, environment: 'local' }, (event) => {
        if (event.kind === 'error') resolve(event.error);
        else if (event.kind === 'end') resolve(undefined);
      });
    });
    expect(watched?.code).toBe('unresolved-variable');
    const completed = await core.dispatcher.invoke('mcp.complete', {
      target: { ...target, endpoint: '{{elsewhere}}' },
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: '' },
      environment: 'local',
    });
    expect(completed.ok).toBe(false);
    if (!completed.ok) expect(completed.error.code).toBe('unresolved-variable');
    expect(server.log.sessions.length).toBe(sessions);
    expect(server.log.authorizations.length).toBe(requests);
  });

  it("fills a stdio command's arguments and literal env values, leaving secret references to the session", async () => {
    const resolved = await resolveMcpVariables(variablesContext(core.env), {
      target: {
        transport: 'stdio',
        command: 'server-{{who}}',
        args: ['--user', '{{who}}', '--id={{$uuid}}'],
        env: [
          { name: 'WHO', value: { value: '{{who}}' } },
          { name: 'TOKEN', value: { secretRef: 'mcp-token' } },
        ],
      },
      environment: 'local',
    });
    expect(resolved.request.target).toMatchObject({
      transport: 'stdio',
      // The program itself is run as written: a variable does not pick what runs.
      command: 'server-{{who}}',
      args: ['--user', 'rex', expect.stringMatching(/^--id=[0-9a-f-]{36}$/)],
      env: [
        { name: 'WHO', value: { value: 'rex' } },
        { name: 'TOKEN', value: { secretRef: 'mcp-token' } },
      ],
    });
    expect(resolved.request).not.toHaveProperty('environment');
  });

  it('keeps the secret out of every file under the data folder but secrets.json', async () => {
    await core.close();
    const files = await dataFiles(dir);
    expect(files.some((f) => f.path.includes('history'))).toBe(true);
    expect(files.filter((f) => f.text.includes(SECRET)).map((f) => f.path)).toEqual([]);
  });
});
