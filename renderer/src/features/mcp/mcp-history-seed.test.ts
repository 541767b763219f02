import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { mcpSubjectMaxLength } from '../../../../shared/mcp/mcp-history';
import type { McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import { buildCall, createMcpDraft } from './mcp-draft';
import { mcpSeedFromHistory } from './mcp-history-seed';

function entry(endpoint: string, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'h1',
    startedAt: '2026-12-01T00:00:00.000Z',
    source: 'send',
    method: 'tools/call',
    interface: { binding: 'MCP', version: '-', endpoint },
    attempt: 1,
    outcomeKind: 'result',
    taskCreated: false,
    messages: [],
    durationMs: 12,
    request: { url: endpoint, bytes: 42, sha256: 'abc' },
    warnings: [],
    bodies: 'hashed',
    ...extra,
  } as HistoryEntry;
}

describe('Open as new request on an MCP history entry', () => {
  it('hashed bodies: the method and the endpoint come back, the params stay empty and the tab says why', () => {
    const seed = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp'));
    expect(seed).toEqual({
      transport: 'auto',
      endpoint: 'http://127.0.0.1:9/mcp',
      method: 'tools/call',
      bodyText: '{}\n',
      paramsNotKept: { bytes: 42 },
      fromHistory: 'h1',
    });
    // Never an HTTP tab calling "tools/call" as an HTTP method: a runnable MCP call.
    const built = buildCall(createMcpDraft('t', seed));
    expect(built).toMatchObject({ ok: true, value: { target: { transport: 'auto', endpoint: 'http://127.0.0.1:9/mcp' }, method: 'tools/call' } });
  });

  it('hashed bodies: the tool, prompt or resource the entry names comes back in the params; the arguments do not', () => {
    const tool = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { mcp: { transport: 'auto', subject: { kind: 'tool', name: 'greet' } } }));
    expect(JSON.parse(tool.bodyText ?? '')).toEqual({ name: 'greet', arguments: {} });
    expect(tool.paramsNotKept).toEqual({ bytes: 42 });
    expect(buildCall(createMcpDraft('t', tool))).toMatchObject({ ok: true, value: { method: 'tools/call', params: { name: 'greet' } } });

    const prompt = mcpSeedFromHistory(
      entry('http://127.0.0.1:9/mcp', { method: 'prompts/get', mcp: { transport: 'auto', subject: { kind: 'prompt', name: 'review' } } }),
    );
    expect(JSON.parse(prompt.bodyText ?? '')).toEqual({ name: 'review', arguments: {} });

    const resource = mcpSeedFromHistory(
      entry('http://127.0.0.1:9/mcp', { method: 'resources/read', mcp: { transport: 'auto', subject: { kind: 'resource', name: 'file:///notes.md' } } }),
    );
    expect(JSON.parse(resource.bodyText ?? '')).toEqual({ uri: 'file:///notes.md' });
  });

  it('hashed bodies: a name cut at the record limit, or a subject that does not fit the method, is not given back', () => {
    const long = 'x'.repeat(mcpSubjectMaxLength);
    const cut = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { mcp: { transport: 'auto', subject: { kind: 'tool', name: long } } }));
    expect(cut.bodyText).toBe('{}\n');
    const mismatched = mcpSeedFromHistory(
      entry('http://127.0.0.1:9/mcp', { method: 'prompts/get', mcp: { transport: 'auto', subject: { kind: 'tool', name: 'greet' } } }),
    );
    expect(mismatched.bodyText).toBe('{}\n');
    // A name that is a prototype member is a name like any other, held as an own property.
    const proto = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { mcp: { transport: 'auto', subject: { kind: 'tool', name: '__proto__' } } }));
    expect(JSON.parse(proto.bodyText ?? '')).toEqual({ name: '__proto__', arguments: {} });
  });

  it('hashed bodies of a stdio call: the command line comes back split into the program and its arguments', () => {
    const seed = mcpSeedFromHistory(entry('stdio: node server.mjs --port 3'));
    expect(seed).toMatchObject({ transport: 'stdio', command: 'node', argsText: 'server.mjs\n--port\n3' });
  });

  it('full bodies: the target and the params as sent', () => {
    const record = {
      protocol: 'mcp',
      target: { transport: 'streamable-http', endpoint: 'http://127.0.0.1:9/mcp' },
      params: { name: 'add', arguments: { a: 1, b: 2 } },
    } as unknown as McpExchangeRecord;
    const seed = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { bodies: 'full', mcpExchange: record }));
    expect(seed).toEqual({
      transport: 'streamable-http',
      endpoint: 'http://127.0.0.1:9/mcp',
      method: 'tools/call',
      bodyText: expect.any(String),
      fromHistory: 'h1',
    });
    const built = buildCall(createMcpDraft('t', seed));
    expect(built).toMatchObject({ ok: true, value: { method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } } });
    const stdio = mcpSeedFromHistory(
      entry('stdio: node s.mjs', { mcpExchange: { ...record, target: { transport: 'stdio', command: 'node', args: ['my server.mjs'] } } as McpExchangeRecord }),
    );
    expect(stdio).toMatchObject({ transport: 'stdio', command: 'node', argsText: 'my server.mjs' });
  });

  it('a stdio entry brings back its working directory as written, with the folder a relative one is read against', () => {
    const record = { protocol: 'mcp', target: { transport: 'stdio', command: 'node', args: ['s.mjs'], cwd: '/specs/server' } } as unknown as McpExchangeRecord;
    const kept = entry('stdio: node s.mjs', {
      bodies: 'full',
      mcpExchange: record,
      replay: { command: 'node', args: ['s.mjs'], cwd: '{{root}}/server', cwdBase: '/specs' },
    });
    const seed = mcpSeedFromHistory(kept);
    expect(seed).toMatchObject({ transport: 'stdio', cwd: '{{root}}/server', cwdBase: '/specs' });
    expect(buildCall(createMcpDraft('t', seed))).toMatchObject({ ok: true, value: { target: { cwd: '{{root}}/server', cwdBase: '/specs' } } });
    // An entry that kept no template: the folder the record says it started in.
    expect(mcpSeedFromHistory(entry('stdio: node s.mjs', { bodies: 'full', mcpExchange: record }))).toMatchObject({ cwd: '/specs/server' });
    expect(mcpSeedFromHistory(entry('stdio: node s.mjs'))).not.toHaveProperty('cwd');
  });

  it('a watch entry opens on its server with tools/list (a watch is not a JSON-RPC method to call)', () => {
    const seed = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { method: 'watch' }));
    expect(seed).toEqual({ transport: 'auto', endpoint: 'http://127.0.0.1:9/mcp', method: 'tools/list', bodyText: '{}\n', fromHistory: 'h1' });
  });
});

describe('Open as new request on an MCP entry that kept the target as written', () => {
  const replay = {
    endpoint: '{{mcpBase}}/mcp',
    headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }],
    auth: { type: 'bearer' as const, token: { secretRef: 'mcp-token' } },
  };

  it('full bodies: the endpoint, header rows and auth as written, the params as sent; the call builds with them', () => {
    const record = {
      protocol: 'mcp',
      target: { transport: 'streamable-http', endpoint: 'http://127.0.0.1:9/mcp' },
      params: { name: 'add', arguments: { a: 1 } },
    } as unknown as McpExchangeRecord;
    const seed = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { bodies: 'full', mcpExchange: record, replay }));
    expect(seed).toMatchObject({ transport: 'streamable-http', endpoint: '{{mcpBase}}/mcp', headers: replay.headers, auth: replay.auth });
    const built = buildCall(createMcpDraft('t', seed));
    expect(built).toMatchObject({
      ok: true,
      value: { target: { transport: 'streamable-http', endpoint: '{{mcpBase}}/mcp', headers: replay.headers, auth: replay.auth } },
    });
  });

  it('hashed bodies: the template too', () => {
    expect(mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { replay }))).toMatchObject({
      transport: 'auto',
      endpoint: '{{mcpBase}}/mcp',
      headers: replay.headers,
      auth: replay.auth,
      paramsNotKept: { bytes: 42 },
    });
  });

  it('stdio: the program and its arguments as written', () => {
    const seed = mcpSeedFromHistory(entry('stdio: node /srv/s.mjs', { replay: { command: 'node', args: ['{{serverDir}}/s.mjs', '--v'] } }));
    expect(seed).toMatchObject({ transport: 'stdio', command: 'node', argsText: '{{serverDir}}/s.mjs\n--v' });
    expect(seed.env).toBeUndefined();
  });

  it('stdio: the environment by reference, as the entry kept it', () => {
    const env = [
      { name: 'API_KEY', value: { secretRef: '{{apiKey}}' } },
      { name: 'LITERAL', value: { secretRef: '' } },
    ];
    const seed = mcpSeedFromHistory(entry('stdio: node /srv/s.mjs', { replay: { command: 'node', env } }));
    expect(seed).toMatchObject({ transport: 'stdio', command: 'node', env });
  });

  it('an older entry without the template opens with the target as sent', () => {
    const seed = mcpSeedFromHistory(entry('http://127.0.0.1:9/mcp', { replay: {} }));
    expect(seed).toMatchObject({ transport: 'auto', endpoint: 'http://127.0.0.1:9/mcp' });
    expect(seed.headers).toBeUndefined();
  });

  it('HTTPS: the client certificate and CA by path and the passphrase by reference come back, and the call sends them', () => {
    const tls = { caFile: '{{certs}}/ca.pem', pfxFile: '{{certs}}/client.p12', passphrase: { secretRef: 'p12-pass' }, insecureSkipVerify: true as const };
    const seed = mcpSeedFromHistory(entry('https://127.0.0.1:9/mcp', { replay: { endpoint: 'https://127.0.0.1:9/mcp', tls } }));
    expect(seed.tls).toEqual(tls);
    expect(buildCall(createMcpDraft('t', seed))).toMatchObject({ ok: true, value: { target: { tls } } });
  });

  it('HTTPS: a passphrase history did not keep comes back as one to choose again, and is not sent as anything', () => {
    const seed = mcpSeedFromHistory(
      entry('https://127.0.0.1:9/mcp', { replay: { endpoint: 'https://127.0.0.1:9/mcp', tls: { pfxFile: '/c.p12', passphraseNotKept: true } } }),
    );
    expect(seed.tls).toEqual({ pfxFile: '/c.p12', passphrase: { secretRef: '' } });
    const built = buildCall(createMcpDraft('t', seed));
    expect(built.ok && built.value.target.transport !== 'stdio' ? built.value.target.tls : undefined).toEqual({ pfxFile: '/c.p12' });
  });
});
