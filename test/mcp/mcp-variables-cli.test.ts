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
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'baseUrl', value: new URL(server.url).origin },
          { name: 'token', secret: 'mcp-token' },
          { name: 'four', value: '4' },
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
