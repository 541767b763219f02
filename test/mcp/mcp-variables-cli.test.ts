/** `--env NAME` on `powerduck mcp …`, `mcp watch` and `send --mcp`: the environment's {{variables}} fill the request; the secret is never printed. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore } from '../../electron/node/core';
import type { McpExchangeRecord } from '../../shared/mcp/mcp-types';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';

const SECRET = 'cli-env-bearer-9c1e';
let server: RunningMcpServer;
let home: string;

beforeAll(async () => {
  server = await startMcpServer({ bearer: SECRET });
  home = await mkdtemp(join(tmpdir(), 'powerduck-mcp-env-cli-'));
  const core = await openCore({ host: 'test', dataDir: home });
  await core.dispatcher.invoke('secrets.set', { name: 'mcp-token', value: SECRET });
  await core.dispatcher.invoke('secrets.set', { name: 'count-secret', value: '"s3cret-count"' });
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'baseUrl', value: new URL(server.url).origin },
          { name: 'token', secret: 'mcp-token' },
          { name: 'four', value: '4' },
          { name: 'yes', value: 'true' },
          { name: 'count', secret: 'count-secret' },
        ],
      },
    ],
  });
  await core.close();
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home });
const endpoint = ['--endpoint', '{{baseUrl}}/mcp', '--token', '{{token}}'];

describe('MCP commands with --env NAME', () => {
  it('mcp tools and send --mcp fill endpoint and token from the environment', async () => {
    const tools = await cli(['mcp', 'tools', ...endpoint, '--env', 'local']);
    expect(tools.err).toBe('');
    expect(tools.code).toBe(0);
    expect(tools.out).toContain('add');
    const sent = await cli([
      'send',
      '--mcp',
      ...endpoint,
      '--env',
      'local',
      '--method',
      'tools/call',
      '--body',
      // An unquoted {{four}} is the number 4 (the same JSON-text rule as the app).
      '{"name":"add","arguments":{"a":{{four}},"b":5}}',
      '--json',
    ]);
    expect(sent.code).toBe(0);
    const record = JSON.parse(sent.out.trim().split('\n').at(-1) as string) as McpExchangeRecord;
    expect(record.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 9 } } });
    expect(record.target.endpoint).toBe(server.url);
    for (const r of [tools, sent]) expect(r.out + r.err).not.toContain(SECRET);
  });

  it('mcp watch takes --env too', async () => {
    const watched = await cli(['mcp', 'watch', ...endpoint, '--env', 'local', '--for', '0.3']);
    expect(watched.code).toBe(0);
    expect(watched.out + watched.err).not.toContain(SECRET);
  });

  it('without --env, or with an unknown one, the variables are refused before connecting (exit 2)', async () => {
    const requests = server.log.authorizations.length;
    const none = await cli(['mcp', 'tools', ...endpoint]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Pass --env NAME');
    const unknown = await cli(['send', '--mcp', ...endpoint, '--env', 'staging', '--method', 'tools/list']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No environment named "staging"');
    expect((await cli(['mcp', 'tools', ...endpoint, '--env', 'a=b'])).code).toBe(2);
    expect(server.log.authorizations.length).toBe(requests);
  });
});

describe("send --mcp checks a {{variable}} argument against the tool's inputSchema, as the app does", () => {
  const call = (args: string, extra: string[] = [], tool = 'add'): Promise<CliRun> =>
    cli(['send', '--mcp', ...endpoint, '--env', 'local', '--method', 'tools/call', '--body', `{"name":"${tool}","arguments":${args}}`, ...extra]);

  it('a value of another type is refused naming the argument and its variable (exit 2); the tool is never called', async () => {
    const before = server.log.methods.length;
    const refused = await call('{"a":{{yes}},"b":{{count}}}');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      'The argument "a" takes a number (the tool\'s inputSchema, as the server lists it), but {{yes}} in the environment "local" holds a boolean.',
    );
    expect(refused.err).toContain('"b" takes a number');
    expect(refused.err).toContain('The tool was not called.');
    // A secret-backed value is never quoted.
    expect(refused.out + refused.err).not.toContain('s3cret-count');
    const sent = server.log.methods.slice(before);
    expect(sent).toContain('tools/list');
    expect(sent).not.toContain('tools/call');
  });

  it('a value of the declared type goes through, the tool listed once for both checks', async () => {
    const before = server.log.methods.length;
    const ok = await call('{"a":{{four}},"b":1}', ['--json']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('"sum":5');
    expect(server.log.methods.slice(before).filter((m) => m === 'tools/list')).toHaveLength(1);
  });

  it('an argument of a tool the server does not list is left to the server, and the record says it was not checked', async () => {
    const before = server.log.methods.length;
    const ok = await call('{"a":{{yes}}}', ['--json'], 'nope');
    const record = JSON.parse(ok.out.trim().split('\n').at(-1) as string) as McpExchangeRecord;
    expect(record.warnings.join(' ')).toContain('not type-checked');
    expect(server.log.methods.slice(before)).toContain('tools/call');
  });
});
