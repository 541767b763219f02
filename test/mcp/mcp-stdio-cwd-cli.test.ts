/**
 * `--cwd DIR` for stdio servers on the command line (`mcp`, `send --mcp`, `run` over the saved one), a saved operation's
 * relative working directory under `run` (read against the spec file's folder, wherever powerduck
 * runs from) and `history replay` starting where the call started: exit 0 when it ran there, 2 with a
 * clear message (and the server never started) for a folder that is missing or a file.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { openCore } from '../../electron/node/core';
import type { McpExchangeRecord } from '../../shared/mcp/mcp-types';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
// By path: a server started in another folder would not find `tsx` by name from there.
const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const server = [process.execPath, '--import', tsx, fixture];

let home: string;
let specs: string;
let elsewhere: string;

beforeAll(async () => {
  home = await realpath(await mkdtemp(join(tmpdir(), 'powerduck-mcp-cwd-cli-')));
  specs = join(home, 'specs');
  elsewhere = join(home, 'elsewhere');
  await mkdir(join(specs, 'server'), { recursive: true });
  await mkdir(join(elsewhere, 'sub'), { recursive: true });
  await writeFile(join(elsewhere, 'file.txt'), 'x');
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], cwd = elsewhere): Promise<CliRun> => runCliCaptured(args, { home, cwd });

function stderrOf(run: CliRun): string {
  return (JSON.parse(run.out) as { record: McpExchangeRecord }).record.stderr ?? '';
}

describe('powerduck mcp --stdio --cwd', () => {
  it('starts the server in the folder, a relative one read against the current folder, and says where', async () => {
    const run = await cli(['mcp', 'info', '--json', '--stdio', '--cwd', 'sub', '--', ...server]);
    expect(run.code).toBe(0);
    expect(run.err).toContain(`Starting MCP server: ${process.execPath} --import `);
    expect(run.err).toContain(` (in ${join(elsewhere, 'sub')})`);
    expect(stderrOf(run)).toContain(`started in ${join(elsewhere, 'sub')};`);
  });

  it('exits 2 for a folder that is not there or a file, before the server starts, without blaming the command', async () => {
    const missing = await cli(['mcp', 'tools', '--stdio', '--cwd', 'gone', '--', ...server]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`The working directory ${join(elsewhere, 'gone')} does not exist. Nothing was started.`);
    expect(missing.err).not.toMatch(/ENOENT|could not be started/);
    const file = await cli(['send', '--mcp', '--method', 'tools/list', '--stdio', '--cwd', 'file.txt', '--', ...server]);
    expect(file.code).toBe(2);
    expect(file.err).toContain(`The working directory ${join(elsewhere, 'file.txt')} is a file, not a folder.`);
  });

  it('is a usage error with an endpoint, or empty', async () => {
    const withEndpoint = await cli(['mcp', 'tools', '--endpoint', 'http://127.0.0.1:1/mcp', '--cwd', 'sub']);
    expect(withEndpoint.code).toBe(2);
    expect(withEndpoint.err).toContain('--cwd applies to --stdio servers only.');
    const empty = await cli(['mcp', 'tools', '--stdio', '--cwd', '', '--', ...server]);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('--cwd needs the folder');
  });
});

describe('a saved operation and a replay keep the folder', () => {
  it('run reads a relative folder against the spec file’s folder; history replay starts where the call did', async () => {
    const core = await openCore({ host: 'test', dataDir: home });
    try {
      const saved = await core.dispatcher.invoke('mcp.save', {
        file: join(specs, 'stdio.yaml'),
        expectedHash: null,
        path: '/stdio',
        call: { target: { transport: 'stdio', command: process.execPath, args: server.slice(1), cwd: 'server' }, method: 'tools/list' },
      });
      if (!saved.ok) throw new Error(saved.error.message);
    } finally {
      await core.close();
    }
    // Run from another folder: the spec's folder decides, not the current one.
    const run = await cli(['run', join(specs, 'stdio.yaml'), '/stdio', '--allow-stdio']);
    expect(run.code).toBe(0);
    expect(run.err).toContain(` (in ${join(specs, 'server')})`);
    const listed = await cli(['history', 'list', '--json']);
    const id = (JSON.parse(listed.out) as { entries: Array<{ id: string }> }).entries[0]?.id ?? '';
    const refused = await cli(['history', 'replay', id], home);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`(in ${join(specs, 'server')})`);
    const replayed = await cli(['history', 'replay', id, '--allow-stdio', '--json'], home);
    expect(replayed.code).toBe(0);
    expect((JSON.parse(replayed.out.trim().split('\n').pop() ?? '{}') as McpExchangeRecord).stderr).toContain(`started in ${join(specs, 'server')};`);
  });

  it('run --cwd starts the saved server elsewhere, read against the current folder; a missing folder or a non-stdio operation exits 2', async () => {
    const file = join(specs, 'stdio.yaml');
    const run = await cli(['run', file, '/stdio', '--allow-stdio', '--cwd', 'sub', '--json']);
    expect(run.code).toBe(0);
    expect(run.err).toContain(` (in ${join(elsewhere, 'sub')})`);
    expect((JSON.parse(run.out.trim().split('\n').pop() ?? '{}') as McpExchangeRecord).stderr).toContain(`started in ${join(elsewhere, 'sub')};`);
    // Without --allow-stdio the refusal shows the folder it would have started in.
    const refused = await cli(['run', file, '/stdio', '--cwd', 'sub']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`(in ${join(elsewhere, 'sub')})`);
    const missing = await cli(['run', file, '/stdio', '--allow-stdio', '--cwd', 'gone']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`The working directory ${join(elsewhere, 'gone')} does not exist. Nothing was started.`);
    const notStdio = await cli(['run', file, '/nothing-here', '--cwd', 'sub']);
    expect(notStdio.code).toBe(2);
    expect(notStdio.err).toContain('--cwd applies to an MCP operation whose server is a stdio command; /nothing-here is not one.');
  });
});
