import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpCallRequest, McpExchangeRecord, McpHttpTarget } from '../../shared/mcp/mcp-types';
import { CoreError } from '../../electron/node/core-error';
import { performMcpCall, performMcpConnect, type McpDeps } from '../../electron/node/mcp/mcp-call';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { buildPagedServer, startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { startRecordingServer, unusedPort } from '../fixtures/recording-server';
import { mcpSeverity, mcpSummaryLines } from '../../shared/mcp/mcp-summary';

const store = createMemorySecretStore({ 'mcp-token': 's3cret-bearer-token' });
const deps: McpDeps = { secrets: store, environment: { MCP_ENV_TOKEN: 's3cret-bearer-token' }, now: () => Date.now(), version: 'test', allowStdio: true };

let server: RunningMcpServer;
beforeAll(async () => {
  server = await startMcpServer();
});
afterAll(async () => {
  await server.close();
});

function http(endpoint: string, extra: Partial<McpHttpTarget> = {}): McpHttpTarget {
  return { transport: 'auto', endpoint, ...extra };
}

function call(method: string, params?: Record<string, unknown>, extra: Partial<McpCallRequest> = {}): McpCallRequest {
  return { target: http(server.url), method, ...(params ? { params } : {}), ...extra };
}

function resultOf(record: McpExchangeRecord): Record<string, unknown> {
  if (record.outcome.kind !== 'result' && record.outcome.kind !== 'tool-error') throw new Error(`expected a result, got ${JSON.stringify(record.outcome)}`);
  return record.outcome.result as Record<string, unknown>;
}

describe('MCP over Streamable HTTP (official SDK server)', () => {
  it('connect: initialize shows the server, session id and protocol version in the raw exchange, then every list', async () => {
    const connected = await performMcpConnect({ target: http(server.url) }, deps);
    expect(connected.record.outcome.kind).toBe('result');
    expect(connected.server).toMatchObject({
      name: 'fixture-mcp',
      version: '1.2.3',
      title: 'Fixture MCP',
      protocolVersion: '2025-11-25',
      instructions: 'Call add to add numbers.',
      transport: 'streamable-http',
    });
    expect(connected.server?.capabilities).toHaveProperty('tools');
    expect(connected.server?.sessionId).toMatch(/[0-9a-f-]{36}/);
    expect(connected.tools.map((t) => t.name).sort()).toEqual(['add', 'blocks', 'fail', 'forecast', 'slow', 'tag']);
    expect(connected.tools.find((t) => t.name === 'add')?.outputSchema).toMatchObject({ type: 'object', properties: { sum: { type: 'number' } } });
    expect(connected.resources.map((r) => r.uri).sort()).toEqual(['mem://logo.png', 'mem://readme']);
    expect(connected.resourceTemplates.map((r) => r.uriTemplate)).toEqual(['mem://items/{id}']);
    expect(connected.prompts.map((p) => p.name)).toEqual(['greet']);
    const http0 = connected.record.http;
    // The initialize answer carries the session id; every later request sends it and the negotiated version.
    expect(http0[0]?.responseHeaders?.find(([n]) => n === 'mcp-session-id')?.[1]).toBe(connected.server?.sessionId);
    const later = http0.slice(1).filter((h) => h.httpMethod === 'POST');
    expect(later.length).toBeGreaterThan(1);
    for (const h of later) {
      expect(h.requestHeaders).toContainEqual(['mcp-session-id', connected.server?.sessionId]);
      expect(h.requestHeaders).toContainEqual(['mcp-protocol-version', '2025-11-25']);
    }
    // The session is ended politely.
    expect(http0.some((h) => h.httpMethod === 'DELETE')).toBe(true);
    expect(connected.record.messages.some((m) => m.direction === 'sent' && m.method === 'notifications/initialized')).toBe(true);
  });

  it('tools/call: structuredContent checked against the tool outputSchema', async () => {
    const record = await performMcpCall(call('tools/call', { name: 'add', arguments: { a: 2, b: 3 } }), deps);
    expect(resultOf(record)['structuredContent']).toEqual({ sum: 5 });
    expect(record.outputCheck).toEqual({ verdict: 'ok', violations: [], notes: [] });
    expect(record.server?.name).toBe('fixture-mcp');
  });

  it('tools/call: a schema the output breaks is reported with the path and rule', async () => {
    const record = await performMcpCall(
      call(
        'tools/call',
        { name: 'add', arguments: { a: 2, b: 3 } },
        { outputSchema: { type: 'object', properties: { sum: { type: 'string' } }, required: ['sum', 'unit'] } },
      ),
      deps,
    );
    expect(record.outcome.kind).toBe('result');
    expect(record.outputCheck?.verdict).toBe('violations');
    expect(record.outputCheck?.violations.map((v) => `${v.path} ${v.rule}`).sort()).toEqual(['$ required', '$.sum type']);
  });

  it('isError is a tool error, distinct from a JSON-RPC error', async () => {
    const failed = await performMcpCall(call('tools/call', { name: 'fail', arguments: { why: 'disk full' } }), deps);
    expect(failed.outcome.kind).toBe('tool-error');
    expect(JSON.stringify(failed.outcome)).toContain('boom: disk full');
    const unknown = await performMcpCall(call('tools/call', { name: 'no-such-tool', arguments: {} }), deps);
    // The 2025-11-25 SDK answers an unknown tool as a tool error; an unknown method is a JSON-RPC error.
    expect(['tool-error', 'rpc-error']).toContain(unknown.outcome.kind);
    const method = await performMcpCall(call('nope/nothing', {}), deps);
    expect(method.outcome).toMatchObject({ kind: 'rpc-error', code: -32601 });
  });

  it('every content block kind comes back as sent', async () => {
    const record = await performMcpCall(call('tools/call', { name: 'blocks', arguments: {} }), deps);
    const content = resultOf(record)['content'] as Array<{ type: string }>;
    expect(content.map((c) => c.type)).toEqual(['text', 'image', 'audio', 'resource', 'resource_link', 'resource_link']);
  });

  it("a resource link of a tool result reads through resources/read on the same server; a link to nothing is the server's JSON-RPC error", async () => {
    const called = await performMcpCall(call('tools/call', { name: 'blocks', arguments: {} }), deps);
    const links = (resultOf(called)['content'] as Array<{ type: string; uri?: string }>).filter((c) => c.type === 'resource_link');
    const [item, gone] = await Promise.all(links.map((link) => performMcpCall(call('resources/read', { uri: link.uri }), deps)));
    expect(resultOf(item!)['contents']).toEqual([{ uri: 'mem://items/7', mimeType: 'application/json', text: '{"id":"7"}' }]);
    expect(gone!.outcome).toMatchObject({ kind: 'rpc-error', message: expect.stringContaining('mem://gone') });
  });

  it('progress, logging and list-change notifications arrive as events during the call', async () => {
    const events: string[] = [];
    const record = await performMcpCall(call('tools/call', { name: 'slow', arguments: { steps: 3, delayMs: 5 } }), deps, {
      onEvent: (e) => events.push(e.event),
    });
    expect(record.outcome.kind).toBe('result');
    expect(events.filter((e) => e === 'notifications/progress')).toHaveLength(3);
    expect(events.filter((e) => e === 'notifications/message')).toHaveLength(3);
    // A list change the server announces during the call is on the same timeline, before the progress.
    expect(events[0]).toBe('notifications/tools/list_changed');
    expect(record.events?.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const progress = record.events?.find((e) => e.event === 'notifications/progress')?.data as { params: { progress: number; total: number } };
    expect(progress.params).toMatchObject({ progress: 1, total: 3 });
  });

  it('Stop sends notifications/cancelled for the request in flight', async () => {
    const controller = new AbortController();
    const record = await performMcpCall(call('tools/call', { name: 'slow', arguments: { steps: 50, delayMs: 20 } }), deps, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.event === 'notifications/progress') controller.abort();
      },
    });
    expect(record.outcome.kind).toBe('cancelled');
    const sentCall = record.messages.find((m) => m.direction === 'sent' && m.method === 'tools/call');
    const cancel = record.messages.find((m) => m.direction === 'sent' && m.method === 'notifications/cancelled');
    expect(cancel?.message).toMatchObject({ params: { requestId: sentCall?.id, reason: 'Stopped by the user in Powerduck.' } });
    // Only the request in flight is cancelled, not initialize (already answered).
    expect(record.messages.filter((m) => m.method === 'notifications/cancelled')).toHaveLength(1);
    await expect.poll(() => server.log.cancelled.length, { timeout: 3000 }).toBeGreaterThan(0);
  });

  it('resources: read text and blob, read through a template; prompts: get with arguments', async () => {
    const text = await performMcpCall(call('resources/read', { uri: 'mem://readme' }), deps);
    expect(resultOf(text)['contents']).toEqual([{ uri: 'mem://readme', mimeType: 'text/plain', text: 'read me' }]);
    const blob = await performMcpCall(call('resources/read', { uri: 'mem://logo.png' }), deps);
    expect((resultOf(blob)['contents'] as Array<{ blob?: string }>)[0]?.blob).toMatch(/^iVBOR/);
    const templated = await performMcpCall(call('resources/read', { uri: 'mem://items/42' }), deps);
    expect((resultOf(templated)['contents'] as Array<{ text?: string }>)[0]?.text).toBe('{"id":"42"}');
    const missing = await performMcpCall(call('resources/read', { uri: 'mem://nothing' }), deps);
    expect(missing.outcome.kind).toBe('rpc-error');
    const probe = await performMcpCall(call('prompts/get', { name: 'greet', arguments: {} }), deps);
    // The server's words, without the SDK's "MCP error -32602: " prefix (which arrives twice).
    expect(probe.outcome).toMatchObject({ kind: 'rpc-error', code: -32602, message: expect.stringMatching(/^Invalid arguments for prompt greet: /) });
    const prompt = await performMcpCall(call('prompts/get', { name: 'greet', arguments: { name: 'Ada' } }), deps);
    expect(resultOf(prompt)['messages']).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hello to Ada' } }]);
  });

  it('refuses bad input before connecting', async () => {
    await expect(performMcpCall(call('tools/call', { arguments: {} }), deps)).rejects.toThrow(CoreError);
    await expect(performMcpCall({ target: http('ftp://x'), method: 'tools/list' }, deps)).rejects.toThrow(/http/);
    await expect(performMcpCall({ target: http(server.url), method: 'bad method name' }, deps)).rejects.toThrow(/method/);
    await expect(performMcpCall({ target: http(server.url), method: 'tools/list', params: [] as unknown as Record<string, unknown> }, deps)).rejects.toThrow(
      /object/,
    );
  });

  it('a closed port is a transport error worded as the HTTP tab words it, not a throw and not "fetch failed"', async () => {
    const port = await unusedPort();
    const record = await performMcpCall({ target: http(`http://127.0.0.1:${port}/mcp`), method: 'tools/list' }, deps);
    expect(record.outcome).toEqual({
      kind: 'transport-error',
      code: 'connect',
      message: `Connection refused by 127.0.0.1:${port}: nothing is listening there.`,
    });
    const blocked = await performMcpCall({ target: http('http://127.0.0.1:6000/mcp'), method: 'tools/list' }, deps);
    expect(blocked.outcome).toMatchObject({
      kind: 'transport-error',
      code: 'connect',
      message: expect.stringContaining('port 6000 is one the Fetch standard blocks'),
    });
    const dns = await performMcpCall({ target: http('http://no-such-host.invalid/mcp'), method: 'tools/list' }, deps);
    expect(dns.outcome).toMatchObject({ kind: 'transport-error', code: 'dns', message: expect.stringContaining('Cannot resolve no-such-host.invalid') });
  });

  it('an endpoint that answers JSON that is not JSON-RPC is named as not an MCP server, without the schema dump', async () => {
    const plain = await startRecordingServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', items: [1, 2] }));
    });
    try {
      const record = await performMcpCall({ target: http(`${plain.base}/api`), method: 'tools/list' }, deps);
      expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'protocol' });
      const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
      expect(message).toContain(`The server at ${plain.base}/api answered with something that is not an MCP (JSON-RPC 2.0) message`);
      expect(message).not.toContain('invalid_union');
      // What it did send stays in the raw exchange.
      expect(JSON.stringify(record.http)).toContain('items');
    } finally {
      await plain.close();
    }
  });
});

describe('an endpoint that answers, but not with MCP', () => {
  it('a 200 application/json body that is not JSON is named as that, with the status, type and first bytes, not as unreachable', async () => {
    const plain = await startRecordingServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1,,,<html>oops');
    });
    try {
      const record = await performMcpCall({ target: http(`${plain.base}/garbage`), method: 'tools/list' }, deps);
      expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'not-json' });
      const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
      expect(message).toContain(`The server at ${plain.base}/garbage answered HTTP 200 (application/json) with a body that is not JSON`);
      expect(message).toContain('It began: "{"a":1,,,<html>oops"');
      expect(message).not.toMatch(/Cannot reach|connect/);
      expect(mcpSeverity(record)).toBe('refused');
      expect(mcpSummaryLines(record).join('\n')).toContain('Not an MCP answer:');
    } finally {
      await plain.close();
    }
  });

  it('a 200 with a content type MCP cannot read says so too', async () => {
    const plain = await startRecordingServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hello</body></html>');
    });
    try {
      const record = await performMcpCall({ target: http(`${plain.base}/page`), method: 'tools/list' }, deps);
      expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'protocol' });
      const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
      expect(message).toContain('answered HTTP 200 (text/html)');
      expect(message).toContain('<html><body>Hello');
    } finally {
      await plain.close();
    }
  });

  it('a server that is not there is still a failure to connect (exit 2)', async () => {
    const port = await unusedPort();
    const record = await performMcpCall({ target: http(`http://127.0.0.1:${port}/mcp`), method: 'tools/list' }, deps);
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'connect' });
    expect(mcpSeverity(record)).toBe('failed');
  });
});

describe('MCP pagination', () => {
  it('tools/list follows nextCursor to the last page', async () => {
    const paged = await startMcpServer({ build: () => buildPagedServer(5) });
    try {
      const record = await performMcpCall({ target: http(paged.url), method: 'tools/list' }, deps);
      expect(record.pages).toBe(3);
      expect((resultOf(record)['tools'] as Array<{ name: string }>).map((t) => t.name)).toEqual(['tool0', 'tool1', 'tool2', 'tool3', 'tool4']);
      const one = await performMcpCall({ target: http(paged.url), method: 'tools/list', allPages: false, params: { cursor: '2' } }, deps);
      expect(resultOf(one)).toMatchObject({ tools: [{ name: 'tool2' }, { name: 'tool3' }], nextCursor: '4' });
    } finally {
      await paged.close();
    }
  });
});

describe('MCP legacy HTTP+SSE', () => {
  it('auto falls back to HTTP+SSE when the endpoint refuses the POST', async () => {
    const record = await performMcpCall({ target: http(server.sseUrl), method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } }, deps);
    expect(record.server?.transport).toBe('sse');
    expect(resultOf(record)['structuredContent']).toEqual({ sum: 2 });
    expect(record.warnings.join(' ')).toMatch(/legacy HTTP\+SSE/);
  });
});

describe('MCP auth', () => {
  let guarded: RunningMcpServer;
  beforeAll(async () => {
    guarded = await startMcpServer({ bearer: 's3cret-bearer-token' });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it('a bearer token from a named secret is sent and redacted everywhere in the record', async () => {
    const record = await performMcpCall(
      { target: http(guarded.url, { auth: { type: 'bearer', token: { secretRef: 'mcp-token' } } }), method: 'tools/list' },
      deps,
    );
    expect(record.outcome.kind).toBe('result');
    expect(guarded.log.authorizations.at(-1)).toBe('Bearer s3cret-bearer-token');
    expect(JSON.stringify(record)).not.toContain('s3cret-bearer-token');
    expect(record.http[0]?.requestHeaders).toContainEqual(['authorization', 'Bearer ‹redacted›']);
  });

  it('a token from an environment variable works too', async () => {
    const record = await performMcpCall(
      { target: http(guarded.url, { auth: { type: 'bearer', token: { env: 'MCP_ENV_TOKEN' } } }), method: 'tools/list' },
      deps,
    );
    expect(record.outcome.kind).toBe('result');
  });

  it('401 with OAuth metadata: reports what the server asks for', async () => {
    const record = await performMcpCall({ target: http(guarded.url), method: 'tools/list' }, deps);
    expect(record.outcome.kind).toBe('auth-required');
    if (record.outcome.kind !== 'auth-required') return;
    expect(record.outcome.challenge).toMatchObject({ status: 401, authorizationServers: ['https://auth.example.test'], scopes: ['mcp:tools'] });
    expect(record.outcome.challenge.resourceMetadataUrl).toContain('/.well-known/oauth-protected-resource/mcp');
    expect(record.outcome.message).toMatch(
      /OAuth 2.0 .*the request's Auth in the app, --oauth2 with --issuer on the command line.*does not start the flow from this metadata/,
    );
  });

  it('an API key from a named secret goes in the header the server names, redacted in the record; without it, HTTP 401', async () => {
    const keyed = await startMcpServer({ apiKey: { header: 'X-Api-Key', value: 's3cret-bearer-token' } });
    try {
      const record = await performMcpCall(
        {
          target: http(keyed.url, { auth: { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: { secretRef: 'mcp-token' } } }),
          method: 'tools/list',
        },
        deps,
      );
      expect(record.outcome.kind).toBe('result');
      expect(JSON.stringify(record)).not.toContain('s3cret-bearer-token');
      expect(record.http[0]?.requestHeaders).toContainEqual(['x-api-key', '‹redacted›']);
      const refused = await performMcpCall({ target: http(keyed.url), method: 'tools/list' }, deps);
      expect(refused.outcome.kind).toMatch(/^(http-error|auth-required)$/);
    } finally {
      await keyed.close();
    }
  });

  it('a missing secret is a refusal', async () => {
    await expect(
      performMcpCall({ target: http(guarded.url, { auth: { type: 'bearer', token: { secretRef: 'nope' } } }), method: 'tools/list' }, deps),
    ).rejects.toThrow(/not in the secret store/);
  });
});

describe('MCP over stdio', () => {
  const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
  const target = {
    transport: 'stdio' as const,
    command: process.execPath,
    args: ['--import', 'tsx', fixture],
    env: [{ name: 'FIXTURE_SECRET', value: { secretRef: 'mcp-token' } }],
  };

  it('starts the command, calls a tool, records stderr with the secret redacted', async () => {
    const record = await performMcpCall({ target, method: 'tools/call', params: { name: 'add', arguments: { a: 20, b: 22 } } }, deps);
    expect(record.server).toMatchObject({ name: 'fixture-mcp', transport: 'stdio' });
    expect(resultOf(record)['structuredContent']).toEqual({ sum: 42 });
    expect(record.target).toMatchObject({ transport: 'stdio', command: process.execPath, envNames: ['FIXTURE_SECRET'] });
    expect(record.stderr).toContain('19 chars: ‹redacted›');
    expect(JSON.stringify(record)).not.toContain('s3cret-bearer-token');
  });

  it('a variable with no secret chosen names the Environment tab where it is chosen, not the Auth settings', async () => {
    const unchosen = { ...target, env: [{ name: 'FIXTURE_SECRET', value: { secretRef: '' } }] };
    const refused = performMcpCall({ target: unchosen, method: 'tools/list' }, deps);
    await expect(refused).rejects.toThrow(/No environment variable FIXTURE_SECRET is chosen: pick or store one in the Environment tab of the MCP request/);
    await expect(refused).rejects.not.toThrow(/Auth settings/);
    const missing = { ...target, env: [{ name: 'FIXTURE_SECRET', value: { secretRef: 'nowhere' } }] };
    await expect(performMcpCall({ target: missing, method: 'tools/list' }, deps)).rejects.toThrow(
      /secret "nowhere", which is not in the secret store: .* in the Environment tab of the MCP request/,
    );
  });

  it('is refused where stdio is not allowed', async () => {
    await expect(performMcpCall({ target, method: 'tools/list' }, { ...deps, allowStdio: false })).rejects.toThrow(/--allow-stdio/);
  });

  it('a command that does not exist is a transport error', async () => {
    const record = await performMcpCall({ target: { transport: 'stdio', command: '/nonexistent/mcp-server' }, method: 'tools/list' }, deps);
    expect(record.outcome.kind).toBe('transport-error');
  });
});

describe('MCP stdio and the browser host', () => {
  it('the browser host refuses stdio by default and allows it when started with --allow-stdio', async () => {
    const web = await tempCore('web');
    try {
      const refused = await web.core.dispatcher.invoke('mcp.call', {
        target: { transport: 'stdio', command: '/nonexistent/mcp-server' },
        method: 'tools/list',
      });
      expect(refused.ok ? 'ok' : refused.error.code).toBe('unsupported');
      const connect = await web.core.dispatcher.invoke('mcp.connect', { target: { transport: 'stdio', command: '/nonexistent/mcp-server' } });
      expect(connect.ok ? 'ok' : connect.error.code).toBe('unsupported');
    } finally {
      await web.dispose();
    }
    const dir = await mkdtemp(join(tmpdir(), 'powerduck-mcp-web-'));
    const allowed = await openCore({ host: 'web', dataDir: dir, environment: {}, allowStdio: true });
    try {
      const result = await allowed.dispatcher.invoke('mcp.call', { target: { transport: 'stdio', command: '/nonexistent/mcp-server' }, method: 'tools/list' });
      // Allowed: the command is attempted (and, not existing, fails as a transport error).
      expect(result.ok && result.value.outcome.kind).toBe('transport-error');
    } finally {
      await allowed.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
