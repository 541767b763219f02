/**
 * The working directory of a stdio MCP server: given absolute, relative to a base (a saved
 * operation's spec folder), filled from `{{variables}}`; a missing folder or a file is refused before
 * anything starts (not the spawn's ENOENT blaming the command); history keeps it so a replay starts in
 * the same place; a save writes it as typed and reading the operation back gives the spec's folder as base.
 */
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Core } from '../../electron/node/core';
import { mcpReplayOf } from '../../shared/history/replay-request';
import type { McpExchangeRecord, McpStdioTarget } from '../../shared/mcp/mcp-types';
import { findMcpOperation, listOperations, operationProtocolGroup } from '../../shared/openapi/operation-list';
import { workingDirectoryOf } from '../../electron/node/mcp/stdio-working-directory';
import { tempCore } from '../foundation/test-core';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
// By path, not by name: a server started in another folder would not find `tsx` from there.
const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

let core: Core;
let dir: string;
let dispose: () => Promise<void>;
let server: string;

beforeAll(async () => {
  ({ core, dir, dispose } = await tempCore());
  // The real path: the server reports process.cwd(), which has symbolic links (macOS /tmp) resolved.
  dir = await realpath(dir);
  server = join(dir, 'servers', 'one');
  await mkdir(server, { recursive: true });
  await writeFile(join(dir, 'servers', 'not-a-folder.txt'), 'x');
});
afterAll(async () => {
  await dispose();
});

function stdio(extra: Partial<McpStdioTarget> = {}): McpStdioTarget {
  return { transport: 'stdio', command: process.execPath, args: ['--import', tsx, fixture], ...extra };
}

async function call(target: McpStdioTarget, extra: Record<string, unknown> = {}): Promise<McpExchangeRecord> {
  const r = await core.dispatcher.invoke('mcp.call', { target, method: 'tools/list', ...extra });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function refusal(target: McpStdioTarget): Promise<{ code: string; message: string }> {
  const r = await core.dispatcher.invoke('mcp.call', { target, method: 'tools/list' });
  if (r.ok) throw new Error(`expected a refusal, got ${r.value.outcome.kind}`);
  return r.error;
}

describe('the working directory of a stdio MCP server', () => {
  it('starts the server in an absolute folder, and the record names it', async () => {
    const record = await call(stdio({ cwd: server }));
    expect(record.outcome.kind).toBe('result');
    expect(record.stderr).toContain(`started in ${server};`);
    expect(record.target.cwd).toBe(server);
  });

  it('reads a relative folder against its base, and fills {{variables}} as the arguments are', async () => {
    expect((await call(stdio({ cwd: 'servers/one', cwdBase: dir }))).stderr).toContain(`started in ${server};`);
    const filled = await call(stdio({ cwd: '{{root}}/one' }), { variables: { root: join(dir, 'servers') } });
    expect(filled.stderr).toContain(`started in ${server};`);
  });

  it('refuses a folder that is not there, a file, and a relative path without a base, before anything starts', async () => {
    const before = await core.dispatcher.invoke('history.list', {});
    const missing = await refusal(stdio({ cwd: join(dir, 'servers', 'gone') }));
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe(`The working directory ${join(dir, 'servers', 'gone')} does not exist. Nothing was started.`);
    // Not the spawn's error, which names the command as if it were missing.
    expect(missing.message).not.toContain(process.execPath);
    const file = await refusal(stdio({ cwd: join(dir, 'servers', 'not-a-folder.txt') }));
    expect(file).toMatchObject({ code: 'bad-request', message: expect.stringContaining('is a file, not a folder') as unknown });
    const relative = await refusal(stdio({ cwd: 'servers/one' }));
    expect(relative).toMatchObject({ code: 'bad-request', message: expect.stringContaining('"servers/one" is a relative path') as unknown });
    const unfilled = await refusal(stdio({ cwd: '{{nowhere}}' }));
    expect(unfilled.code).toBe('unresolved-variable');
    const after = await core.dispatcher.invoke('history.list', {});
    // A refusal sends nothing, so nothing is recorded either.
    expect(after.ok && before.ok && after.value.entries.length).toBe(before.ok ? before.value.entries.length : -1);
  });

  it('refuses a working directory that is not text', async () => {
    const r = await core.dispatcher.invoke('mcp.call', { target: { ...stdio(), cwd: 42 } as unknown as McpStdioTarget, method: 'tools/list' });
    expect(r.ok ? 'ok' : r.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('cwd of a stdio MCP target') as unknown });
  });

  it('is kept in history as written, with its base, so "Open as new request" and a replay start in the same place', async () => {
    await call(stdio({ cwd: 'servers/one', cwdBase: dir }));
    const listed = await core.dispatcher.invoke('history.list', {});
    const entry = await core.dispatcher.invoke('history.get', { id: listed.ok ? (listed.value.entries[0]?.id ?? '') : '' });
    if (!entry.ok) throw new Error(entry.error.message);
    expect(entry.value.replay).toMatchObject({ cwd: 'servers/one', cwdBase: dir });
    expect(mcpReplayOf(entry.value)).toMatchObject({ transport: 'stdio', cwd: 'servers/one', cwdBase: dir });
  });

  it('reads the folder the way the session will, without touching the disk', () => {
    expect(workingDirectoryOf({})).toBeUndefined();
    expect(workingDirectoryOf({ cwd: '  ' })).toBeUndefined();
    expect(workingDirectoryOf({ cwd: '/srv/./mcp/' })).toBe('/srv/mcp');
    expect(workingDirectoryOf({ cwd: '../b', cwdBase: '/srv/a' })).toBe('/srv/b');
    // A base that is itself relative is no base.
    expect(() => workingDirectoryOf({ cwd: 'b', cwdBase: 'a' })).toThrow(/relative path/);
  });
});

describe('a saved stdio operation with a working directory', () => {
  it('saves the folder as typed, reads it back with the spec file’s folder as base, and runs there', async () => {
    const file = join(dir, 'stdio.yaml');
    const saved = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: null,
      path: '/mcp/stdio/list',
      call: { target: stdio({ cwd: 'servers/one', cwdBase: '/somewhere/else' }), method: 'tools/list' },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const x = (YAML.parse(await readFile(file, 'utf8')) as { paths: Record<string, { post: { 'x-mcp': Record<string, unknown> } }> }).paths['/mcp/stdio/list']
      ?.post['x-mcp'];
    // Only the folder as typed: the base is where it was read against, never part of the file.
    expect(x).toMatchObject({ transport: 'stdio', cwd: 'servers/one' });
    expect(x).not.toHaveProperty('cwdBase');
    const drafted = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/mcp/stdio/list' });
    if (!drafted.ok) throw new Error(drafted.error.message);
    expect(drafted.value.call.target).toMatchObject({ cwd: 'servers/one', cwdBase: dir });
    const record = await call(drafted.value.call.target as McpStdioTarget);
    expect(record.stderr).toContain(`started in ${server};`);
  });

  it('an operation without a folder reads back without a base', async () => {
    const file = join(dir, 'plain.yaml');
    const saved = await core.dispatcher.invoke('mcp.save', { file, expectedHash: null, path: '/p', call: { target: stdio(), method: 'tools/list' } });
    if (!saved.ok) throw new Error(saved.error.message);
    const drafted = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/p' });
    expect(drafted.ok && drafted.value.call.target).not.toHaveProperty('cwdBase');
  });
});

describe('which operations are MCP', () => {
  const doc = {
    openapi: '3.2.0',
    info: { title: 't', version: '1' },
    paths: {
      '/only-x-mcp': { post: { 'x-mcp': { transport: 'stdio', command: 'node', method: 'tools/list' } } },
      '/only-x-protocol': { post: { 'x-protocol': 'mcp' } },
      '/a2a-wins': { post: { 'x-mcp': { transport: 'stdio', command: 'node', method: 'tools/list' }, 'x-a2a': {} } },
      '/http': { get: { responses: {} } },
    },
  };

  it('x-mcp alone is enough, x-protocol: mcp alone is MCP that says what is missing, A2A wins over both', () => {
    const groups = Object.fromEntries(listOperations(doc).map((op) => [op.path, op.protocolGroup]));
    expect(groups).toEqual({ '/only-x-mcp': 'mcp', '/only-x-protocol': 'mcp', '/a2a-wins': 'a2a', '/http': 'http' });
    expect(findMcpOperation(doc, '/only-x-mcp')?.mcp).toMatchObject({ transport: 'stdio', command: 'node' });
    expect(findMcpOperation(doc, '/only-x-protocol')?.problem).toMatch(/no x-mcp/);
    expect(operationProtocolGroup({ 'x-protocol': 'a2a', 'x-mcp': {} })).toBe('a2a');
  });

  it('an operation with x-mcp and no x-protocol opens as an MCP call, and an HTTP save will not overwrite it', async () => {
    const file = join(dir, 'hand-written.yaml');
    await writeFile(file, YAML.stringify({ ...doc, paths: { '/only-x-mcp': doc.paths['/only-x-mcp'] } }));
    const drafted = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/only-x-mcp' });
    expect(drafted.ok && drafted.value.call).toMatchObject({ target: { transport: 'stdio', command: 'node' }, method: 'tools/list' });
    const listed = await core.dispatcher.invoke('spec.open', { file });
    const http = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: listed.ok ? listed.value.hash : null,
      draft: { method: 'post', path: '/only-x-mcp', parameters: [] },
    });
    expect(http.ok ? 'ok' : http.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('already has an MCP post operation') as unknown });
  });
});
