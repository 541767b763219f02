/**
 * `powerduck run <file> <path>` for saved MCP operations against the official SDK's McpServer
 * (Streamable HTTP and stdio): reconnects, calls, prints the result; exit 0 ok, 1 when the server
 * said no (JSON-RPC error, isError, output breaking the saved outputSchema), 2 for refusals.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { openCore, type Core } from '../../electron/node/core';
import type { McpSaveRequest } from '../../shared/contract/ops-mcp';
import type { McpExchangeRecord } from '../../shared/mcp/mcp-types';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';

const TOKEN = 'run-cli-bearer-77Kq';
let server: RunningMcpServer;
let guarded: RunningMcpServer;
let home: string;
let file: string;

async function withCore<T>(use: (core: Core) => Promise<T>): Promise<T> {
  const core = await openCore({ host: 'test', dataDir: home });
  try {
    return await use(core);
  } finally {
    await core.close();
  }
}

beforeAll(async () => {
  [server, guarded] = await Promise.all([startMcpServer(), startMcpServer({ bearer: TOKEN })]);
  home = await mkdtemp(join(tmpdir(), 'powerduck-mcp-run-'));
  file = join(home, 'tools.yaml');
  const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
  const saves: Array<Omit<McpSaveRequest, 'file' | 'expectedHash'>> = [
    {
      path: '/add',
      call: { target: { transport: 'auto', endpoint: server.url }, method: 'tools/call', params: { name: 'add', arguments: { a: 20, b: 22 } } },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    {
      path: '/add-drifted',
      call: { target: { transport: 'auto', endpoint: server.url }, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      outputSchema: { type: 'object', required: ['product'] },
    },
    {
      path: '/fail',
      call: {
        target: { transport: 'streamable-http', endpoint: server.url },
        method: 'tools/call',
        params: { name: 'fail', arguments: { why: 'on purpose' } },
      },
    },
    { path: '/unknown-method', call: { target: { transport: 'auto', endpoint: server.url }, method: 'nope/never' } },
    { path: '/readme', call: { target: { transport: 'auto', endpoint: server.url }, method: 'resources/read', params: { uri: 'mem://readme' } } },
    {
      path: '/guarded',
      call: {
        target: { transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { value: TOKEN } } },
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 1 } },
      },
      secretName: 'guarded-token',
    },
    {
      path: '/guarded-env',
      call: {
        target: { transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { env: 'GUARDED_TOKEN' } } },
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 2, b: 2 } },
      },
    },
    {
      path: '/guarded-missing',
      call: {
        target: { transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { secretRef: 'not-stored' } } },
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 3, b: 3 } },
      },
    },
    {
      // Saved as written: the environment picked at run time fills the endpoint and the token.
      path: '/templated',
      call: {
        target: { transport: 'auto', endpoint: '{{mcpBase}}/mcp', auth: { type: 'bearer', token: { secretRef: '{{token}}' } } },
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 5, b: 5 } },
      },
    },
    {
      path: '/stdio',
      call: {
        target: {
          transport: 'stdio',
          command: process.execPath,
          args: ['--import', 'tsx', fixture],
          env: [{ name: 'FIXTURE_SECRET', value: { secretRef: 'guarded-token' } }],
        },
        method: 'prompts/get',
        params: { name: 'greet', arguments: { name: 'Ann' } },
      },
    },
    {
      // Arguments with variables: the start line shows them filled, a secret-backed one by its secret's name.
      path: '/stdio-args',
      call: {
        target: { transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fixture, '--who={{who}}', '--key={{apiKey}}'] },
        method: 'prompts/get',
        params: { name: 'greet', arguments: { name: 'Bo' } },
      },
    },
  ];
  await withCore(async (core) => {
    await core.dispatcher.invoke('secrets.set', { name: 'run-token', value: TOKEN });
    const envSaved = await core.dispatcher.invoke('env.save', {
      expectedHash: null,
      environments: [
        {
          name: 'local',
          variables: [
            { name: 'mcpBase', value: new URL(guarded.url).origin },
            { name: 'token', secret: 'run-token' },
            { name: 'who', value: 'env-who' },
            { name: 'apiKey', secret: 'run-token' },
          ],
        },
      ],
    });
    if (!envSaved.ok) throw new Error(envSaved.error.message);
    let hash: string | null = null;
    for (const save of saves) {
      const r: Awaited<ReturnType<typeof core.dispatcher.invoke<'mcp.save'>>> = await core.dispatcher.invoke('mcp.save', { ...save, file, expectedHash: hash });
      if (!r.ok) throw new Error(`${save.path}: ${r.error.message}`);
      hash = r.value.hash;
    }
  });
});

afterAll(async () => {
  await Promise.all([server.close(), guarded.close()]);
  await rm(home, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const cli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> => runCliCaptured(args, { home, env });

describe('powerduck run for saved MCP operations', () => {
  it('reconnects and calls a saved tool: exit 0, the structured result, checked against the saved outputSchema', async () => {
    const r = await cli(['run', 'tools.yaml', '/add']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`MCP tools/call → ${server.url}`);
    expect(r.out).toContain('"sum": 42');
    expect(r.out).toContain('Output schema: ok');
    const json = await cli(['run', 'tools.yaml', '/add', '--json']);
    const record = JSON.parse(json.out.trim().split('\n').at(-1) as string) as McpExchangeRecord;
    expect(record.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 42 } } });
    expect(record.server?.name).toBe('fixture-mcp');
    const read = await cli(['run', 'tools.yaml', '/readme']);
    expect(read.code).toBe(0);
    expect(read.out).toContain('read me');
  });

  it('exit 1 for an isError result, a JSON-RPC error and output that breaks the saved schema', async () => {
    const failed = await cli(['run', 'tools.yaml', '/fail']);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('Tool error (isError): boom: on purpose');
    const rpc = await cli(['run', 'tools.yaml', '/unknown-method']);
    expect(rpc.code).toBe(1);
    expect(rpc.out).toMatch(/JSON-RPC error -32601/);
    const drifted = await cli(['run', 'tools.yaml', '/add-drifted']);
    expect(drifted.code).toBe(1);
    expect(drifted.out).toContain('Output schema: violations');
  });

  it('resolves the saved bearer reference against a server that needs it; --env NAME=VALUE stands in for a missing secret', async () => {
    const stored = await cli(['run', 'tools.yaml', '/guarded']);
    expect(stored.code).toBe(0);
    expect(stored.out).toContain('"sum": 2');
    const fromEnv = await cli(['run', 'tools.yaml', '/guarded-env'], { GUARDED_TOKEN: TOKEN });
    expect(fromEnv.code).toBe(0);
    const runValue = await cli(['run', 'tools.yaml', '/guarded-env', '--env', `GUARDED_TOKEN=${TOKEN}`]);
    expect(runValue.code).toBe(0);
    const missing = await cli(['run', 'tools.yaml', '/guarded-missing']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('not-stored');
    const standIn = await cli(['run', 'tools.yaml', '/guarded-missing', '--env', `not-stored=${TOKEN}`]);
    expect(standIn.code).toBe(0);
    expect(standIn.out).toContain('"sum": 6');
    for (const r of [stored, fromEnv, runValue, standIn]) expect(r.out).not.toContain(TOKEN);
    // Nothing of the token is in the spec file.
    expect(await readFile(file, 'utf8')).not.toContain(TOKEN);
  });

  it('a stdio operation is refused without --allow-stdio, naming the command line it would start; with the flag it says what it starts and runs it with its environment from the secret', async () => {
    const refused = await cli(['run', 'tools.yaml', '/stdio']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`/stdio starts a process on this machine: ${process.execPath} --import tsx `);
    expect(refused.err).toContain('(environment: FIXTURE_SECRET)');
    expect(refused.err).toContain('--allow-stdio');
    expect(refused.err).not.toContain('Starting MCP server');
    expect(refused.out).toBe('');
    const r = await cli(['run', 'tools.yaml', '/stdio', '--allow-stdio']);
    expect(r.err).toContain(`Starting MCP server: ${process.execPath} --import tsx `);
    expect(r.err).toContain('(environment: FIXTURE_SECRET)');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Say hello to Ann');
    expect(r.out).not.toContain(TOKEN);
  });

  it('--env NAME fills the saved {{variables}} (endpoint, secret-backed token) at run time; the file and output keep no secret', async () => {
    const r = await cli(['run', 'tools.yaml', '/templated', '--env', 'local', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out.trim().split('\n').at(-1) as string) as McpExchangeRecord;
    expect(record.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 10 } } });
    expect(record.target.endpoint).toBe(guarded.url);
    expect(r.out).not.toContain(TOKEN);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('{{mcpBase}}/mcp');
    expect(text).not.toContain(TOKEN);
  });

  it('usage: a missing environment or variable refuses the run before connecting; a path with no operation is an error', async () => {
    const noEnv = await cli(['run', 'tools.yaml', '/templated']);
    expect(noEnv.code).toBe(2);
    expect(noEnv.err).toContain('Pass --env NAME');
    const unknown = await cli(['run', 'tools.yaml', '/templated', '--env', 'staging']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No environment named "staging"');
    // An operation without variables ignores the environment, as HTTP requests do.
    expect((await cli(['run', 'tools.yaml', '/add', '--env', 'staging'])).code).toBe(0);
    const none = await cli(['run', 'tools.yaml', '/nowhere']);
    expect(none.code).toBe(2);
  });

  it('--env NAME=VALUE fills {{NAME}} over the named environment’s value, and with no environment at all', async () => {
    const over = await cli(['run', 'tools.yaml', '/templated', '--env', 'local', '--env', `mcpBase=${new URL(server.url).origin}`, '--json']);
    expect(over.err).toBe('');
    expect(over.code).toBe(0);
    expect((JSON.parse(over.out.trim().split('\n').at(-1) as string) as McpExchangeRecord).target.endpoint).toBe(server.url);
    const none = await cli(['run', 'tools.yaml', '/templated', '--env', `mcpBase=${new URL(guarded.url).origin}`, '--env', `token=${TOKEN}`]);
    expect(none.err).toBe('');
    expect(none.code).toBe(0);
    expect(none.out).toContain('"sum": 10');
    expect(none.out).not.toContain(TOKEN);
    // A variable neither gives still refuses the run before connecting, naming only that one.
    const missing = await cli(['run', 'tools.yaml', '/templated', '--env', `token=${TOKEN}`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('{{mcpBase}}');
    expect(missing.err).not.toContain('{{token}}');
  });

  it('a stdio operation’s run values fill its arguments, never reach the data folder, and the start line shows a credential’s by name', async () => {
    const r = await cli(['run', 'tools.yaml', '/stdio-args', '--allow-stdio', '--env', 'who=run-who-5521', '--env', 'apiKey=sekrit-mcp-9931']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Say hello to Bo');
    expect(r.err).toContain(`Starting MCP server: ${process.execPath} --import tsx `);
    expect(r.err).toContain("--who=run-who-5521 '--key=‹secret: apiKey›'");
    expect(r.err + r.out).not.toContain('sekrit-mcp-9931');
    expect(await readFile(file, 'utf8')).toContain('--who={{who}}');
    for (const f of await filesUnder(home)) expect(await readFile(f, 'utf8'), f).not.toContain('sekrit-mcp-9931');
  });

  it('the --allow-stdio refusal shows the command line filled as the start line is: run values, the environment’s, a credential by name', async () => {
    const refused = await cli(['run', 'tools.yaml', '/stdio-args', '--env', 'local', '--env', 'who=refused-who']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("--who=refused-who '--key=‹secret: run-token›'");
    expect(refused.err).toContain('--allow-stdio');
    const credential = await cli(['run', 'tools.yaml', '/stdio-args', '--env', 'who=w', '--env', 'apiKey=sekrit-refused-4410']);
    expect(credential.code).toBe(2);
    expect(credential.err).toContain("--who=w '--key=‹secret: apiKey›'");
    expect(credential.err).not.toContain('sekrit-refused-4410');
    expect(credential.err).not.toContain('{{who}}');
  });

  it('the start line shows the environment’s values filled in, a secret-backed one by its secret’s name, never its value', async () => {
    const r = await cli(['run', 'tools.yaml', '/stdio-args', '--allow-stdio', '--env', 'local']);
    expect(r.code).toBe(0);
    expect(r.err).toContain("--who=env-who '--key=‹secret: run-token›'");
    expect(r.err).not.toContain(TOKEN);
    // The run's value wins over the environment's in the line as in the run.
    const over = await cli(['run', 'tools.yaml', '/stdio-args', '--allow-stdio', '--env', 'local', '--env', 'who=over-who']);
    expect(over.code).toBe(0);
    expect(over.err).toContain("--who=over-who '--key=‹secret: run-token›'");
    // powerduck mcp … --stdio prints it the same way.
    const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
    const listed = await cli([
      'mcp',
      'prompts',
      '--env',
      'local',
      '--stdio',
      '--',
      process.execPath,
      '--import',
      'tsx',
      fixture,
      '--who={{who}}',
      '--key={{apiKey}}',
    ]);
    expect(listed.code).toBe(0);
    expect(listed.err).toContain("--who=env-who '--key=‹secret: run-token›'");
    expect(listed.err).not.toContain(TOKEN);
  });

  it('spec list and validate show MCP operations in MCP terms', async () => {
    const list = await cli(['spec', 'list', 'tools.yaml']);
    expect(list.code).toBe(0);
    expect(list.out).toContain(`POST   /add  mcp tools/call add → ${server.url}  — tools/call add (MCP)`);
    expect(list.out).toContain(`POST   /stdio  mcp prompts/get greet → stdio: ${process.execPath} --import tsx `);
    const valid = await cli(['spec', 'validate', 'tools.yaml']);
    expect(valid.code).toBe(0);
    expect(valid.out).toContain('valid OpenAPI 3.2 (x-a2a, x-mcp).');
  });

  it('spec.run names an MCP operation instead of calling it not found', async () => {
    await withCore(async (core) => {
      const r = await core.dispatcher.invoke('spec.run', { file, path: '/add' });
      expect(r.ok ? 'ok' : `${r.error.code} ${r.error.message}`).toMatch(/^unsupported .*MCP operation/);
    });
  });
});
