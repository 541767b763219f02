/** `powerduck mcp …` and `powerduck send --mcp` against the official SDK's server: output and exit codes. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { openCore } from '../../electron/node/core';
import type { HistoryEntry } from '../../shared/history/history-types';
import type { McpExchangeRecord } from '../../shared/mcp/mcp-types';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';

let server: RunningMcpServer;
let guarded: RunningMcpServer;
let home: string;

beforeAll(async () => {
  server = await startMcpServer();
  guarded = await startMcpServer({ bearer: 'cli-bearer-secret' });
  home = await mkdtemp(join(tmpdir(), 'powerduck-mcp-cli-'));
  const core = await openCore({ host: 'test', dataDir: home });
  await core.dispatcher.invoke('secrets.set', { name: 'mcp-cli', value: 'cli-bearer-secret' });
  await core.close();
});

afterAll(async () => {
  await server.close();
  await guarded.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, env: { MCP_TOKEN: 'cli-bearer-secret' }, stdin });

describe('powerduck mcp', () => {
  it('tools lists names and arguments; --json gives the lists and the record', async () => {
    const text = await cli(['mcp', 'tools', '--endpoint', server.url]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Server: Fixture MCP 1.2.3 · MCP 2025-11-25 · streamable-http · session ');
    expect(text.out).toMatch(/^add \(Add\) — Adds two numbers$/m);
    // Each argument with its type and required mark; descriptions keep to their first line.
    expect(text.out).toContain('add (Add) — Adds two numbers\n  arguments (* required):\n    a* number\n    b* number\n');
    expect(text.out).toContain('tag — Echoes its arguments\n  arguments (* required):\n    name* string\n    tags array of string\n');
    expect(text.out).toMatch(/^blocks — Returns every content block kind$/m);
    const json = await cli(['mcp', 'tools', '--endpoint', server.url, '--json']);
    const parsed = JSON.parse(json.out) as { tools: Array<{ name: string }>; record: McpExchangeRecord };
    expect(parsed.tools.map((t) => t.name)).toContain('slow');
    expect(parsed.record.http.length).toBeGreaterThan(2);
  });

  it('resources lists resources and templates; prompts lists arguments; info shows instructions', async () => {
    const resources = await cli(['mcp', 'resources', '--endpoint', server.url]);
    expect(resources.out).toContain('mem://readme (readme) · text/plain');
    expect(resources.out).toContain('mem://items/{id} [template] (item) — One item by id');
    const prompts = await cli(['mcp', 'prompts', '--endpoint', server.url]);
    expect(prompts.out).toContain('greet — Greets someone');
    expect(prompts.out).toContain('  arguments: name');
    const info = await cli(['mcp', 'info', '--endpoint', server.url]);
    expect(info.out).toContain('  Call add to add numbers.');
  });

  it('bearer from --auth-secret or --token-env; without it, exit 1 and what the server asks for', async () => {
    expect((await cli(['mcp', 'tools', '--endpoint', guarded.url, '--auth-secret', 'mcp-cli'])).code).toBe(0);
    expect((await cli(['mcp', 'tools', '--endpoint', guarded.url, '--token-env', 'MCP_TOKEN'])).code).toBe(0);
    const refused = await cli(['mcp', 'tools', '--endpoint', guarded.url]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Authorization servers: https://auth.example.test');
    expect(refused.out).toContain('does not start the flow from this metadata');
  });

  it('a literal --token works too, and the record it prints has it redacted', async () => {
    const run = await cli(['mcp', 'tools', '--endpoint', guarded.url, '--token', 'cli-bearer-secret', '--json']);
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.out) as { tools: Array<{ name: string }>; record: McpExchangeRecord };
    expect(parsed.tools.map((t) => t.name)).toContain('add');
    expect(run.out + run.err).not.toContain('cli-bearer-secret');
    expect(JSON.stringify(parsed.record.http)).toContain('‹redacted›');
  });

  it('--api-key-header sends the --auth-secret value as an API key in that header', async () => {
    const keyed = await startMcpServer({ apiKey: { header: 'X-Api-Key', value: 'cli-bearer-secret' } });
    try {
      expect((await cli(['mcp', 'tools', '--endpoint', keyed.url, '--auth-secret', 'mcp-cli', '--api-key-header', 'X-Api-Key'])).code).toBe(0);
      expect((await cli(['mcp', 'tools', '--endpoint', keyed.url])).code).toBe(1);
    } finally {
      await keyed.close();
    }
  });

  it('usage and network problems exit 2', async () => {
    expect((await cli(['mcp', 'tool', '--endpoint', server.url])).code).toBe(2);
    expect((await cli(['mcp', 'tools'])).code).toBe(2);
    expect((await cli(['mcp', 'tools', '--endpoint', server.url, '--stdio', '--', 'x'])).code).toBe(2);
    expect((await cli(['mcp', 'tools', '--endpoint', 'http://127.0.0.1:1/mcp'])).code).toBe(2);
  });

  it('--stdio prints the command line before starting it', async () => {
    const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
    const run = await cli(['mcp', 'prompts', '--stdio', '--', process.execPath, '--import', 'tsx', fixture]);
    expect(run.err).toContain(`Starting MCP server: ${process.execPath} --import tsx ${fixture}`);
    expect(run.code).toBe(0);
    expect(run.out).toContain('greet');
  });
});

describe('powerduck send --mcp', () => {
  it('tools/call prints the structured result; exit 0', async () => {
    const run = await cli(['send', '--mcp', '--endpoint', server.url, '--method', 'tools/call', '--body', '{"name":"add","arguments":{"a":4,"b":5}}']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('"sum": 9');
    expect(run.out).toContain('Output schema: ok');
  });

  it('isError and JSON-RPC errors exit 1, each named as what it is', async () => {
    const tool = await cli(['send', '--mcp', '--endpoint', server.url, '--body', '{"name":"fail","arguments":{"why":"quota"}}']);
    expect(tool.code).toBe(1);
    expect(tool.out).toContain('Tool error (isError): boom: quota');
    const rpc = await cli(['send', '--mcp', '--endpoint', server.url, '--method', 'resources/read', '--body', '{"uri":"mem://none"}']);
    expect(rpc.code).toBe(1);
    expect(rpc.out).toMatch(/JSON-RPC error -?\d+: /);
  });

  it('the call’s header comes before its notifications, once', async () => {
    const run = await cli(['send', '--mcp', '--endpoint', `${server.url}?token=hunter2`, '--body', '{"name":"slow","arguments":{"steps":2,"delayMs":1}}']);
    expect(run.code).toBe(0);
    const lines = run.out.split('\n');
    expect(lines[0]).toBe(`MCP tools/call → ${server.url}?token=‹redacted›`);
    expect(lines.filter((l) => l.startsWith('MCP tools/call → '))).toHaveLength(1);
    const progress = lines.findIndex((l) => l.startsWith('notifications/progress '));
    expect(progress).toBeGreaterThan(0);
    expect(lines.findIndex((l) => l.startsWith('Result ('))).toBeGreaterThan(progress);
    expect(run.out).not.toContain('hunter2');
  });

  it('notifications print as they arrive; --json streams them as lines before the record', async () => {
    const run = await cli(['send', '--mcp', '--endpoint', server.url, '--body', '{"name":"slow","arguments":{"steps":2,"delayMs":1}}', '--json']);
    expect(run.code).toBe(0);
    const lines = run.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event?: string; protocol?: string });
    expect(lines.filter((l) => l.event === 'notifications/progress')).toHaveLength(2);
    expect(lines.at(-1)?.protocol).toBe('mcp');
  });

  it('bad bodies are usage errors (exit 2)', async () => {
    expect((await cli(['send', '--mcp', '--endpoint', server.url, '--body', '{nope'])).code).toBe(2);
    expect((await cli(['send', '--mcp', '--endpoint', server.url, '--body', '[1]'])).code).toBe(2);
    expect((await cli(['send', '--mcp', '--endpoint', server.url, '--body', '{"arguments":{}}'])).code).toBe(2);
  });

  it("options after a stdio command's -- belong to the server: a usage error says so and shows the send --mcp usage", async () => {
    const r = await cli(['send', '--mcp', '--stdio', '--', process.execPath, '-e', '0', '--method', 'tools/list']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("(--method after -- went to the server's command line: put Powerduck's options before --.)");
    expect(r.err).toContain('Usage: powerduck send --mcp ');
    // Without Powerduck option names after --, the error is the plain one.
    const plain = await cli(['send', '--mcp', '--stdio', '--', process.execPath, '-e', '0', '--verbose']);
    expect(plain.err).toContain('tools/call needs --body \'{"name":"TOOL","arguments":{…}}\'.\n');
  });

  it('history keeps the call under the logging policy: digests, no body, no secret', async () => {
    await cli(['send', '--mcp', '--endpoint', guarded.url, '--auth-secret', 'mcp-cli', '--body', '{"name":"add","arguments":{"a":1,"b":2}}']);
    const core = await openCore({ host: 'test', dataDir: home });
    try {
      const listed = await core.dispatcher.invoke('history.list', {});
      if (!listed.ok) throw new Error(listed.error.message);
      const entries = (listed.value as { entries: HistoryEntry[] }).entries;
      const entry = entries.find((e) => e.interface.binding === 'MCP' && e.interface.endpoint === guarded.url && e.method === 'tools/call');
      expect(entry).toMatchObject({ outcomeKind: 'result', bodies: 'hashed', httpStatus: 200 });
      expect(entry?.request.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(entries)).not.toContain('cli-bearer-secret');
    } finally {
      await core.close();
    }
  });
});
