/**
 * `powerduck history list|show|settings|clear`: the history a CLI user reads without the app,
 * against a loopback server, with the usage errors and the secret rules of the rest of the CLI.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryListResponse } from '../../shared/contract/ops-history';
import type { HistoryEntry } from '../../shared/history/history-types';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let home: string;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    const status = request.url.startsWith('/missing') ? 404 : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: request.headers['authorization'] ?? null }));
  });
  home = await mkdtemp(join(tmpdir(), 'powerduck-cli-history-'));
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home });

async function json<T>(args: string[]): Promise<T> {
  const r = await cli([...args, '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as T;
}

describe('history list, show, settings and clear', () => {
  it('lists newest first, searches like the History view, limits, and says when more matched', async () => {
    expect((await cli(['history', 'list'])).out).toBe('The history is empty.\n');
    for (const path of ['/a', '/missing', '/b']) expect((await cli(['send', '--http', '--url', `${server.base}${path}`])).code).toBeLessThan(2);

    const all = await json<HistoryListResponse>(['history', 'list']);
    expect(all.entries.map((e) => e.request.url)).toEqual([`${server.base}/b`, `${server.base}/missing`, `${server.base}/a`]);
    const text = (await cli(['history', 'list'])).out.trimEnd().split('\n');
    expect(text).toHaveLength(3);
    expect(text[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}HTTP {2}GET {2}404 {2}answered {2}\d+ ms +http:\/\/127\.0\.0\.1:\d+\/missing {2}[0-9a-f-]{36}$/,
    );

    const missing = await json<HistoryListResponse>(['history', 'list', 'status:404']);
    expect(missing.entries.map((e) => e.httpStatus)).toEqual([404]);
    expect((await cli(['history', 'list', 'status:418'])).out).toBe('No entry of 3 matches "status:418".\n');
    expect((await cli(['history', 'list', '--limit', '1'])).out).toContain('(1 of 3 shown, newest first: --limit shows more)');
    // A search for a prototype member's name is only text.
    expect((await json<HistoryListResponse>(['history', 'list', '__proto__', 'constructor:x'])).entries).toEqual([]);
    // Exclusions and the protocol field: a single-dash word is the query's, not an option.
    const notMissing = await json<HistoryListResponse>(['history', 'list', '-status:404', 'protocol:http']);
    expect(notMissing.entries.map((e) => e.request.url)).toEqual([`${server.base}/b`, `${server.base}/a`]);
    expect((await json<HistoryListResponse>(['history', 'list', 'protocol:mcp'])).entries).toEqual([]);
    expect((await json<HistoryListResponse>(['history', 'list', '-source:check'])).entries).toHaveLength(3);
  });

  it('shows one entry: hashed by default; with full bodies on, the redacted record and never the token', async () => {
    const [last] = (await json<HistoryListResponse>(['history', 'list', '--limit', '1'])).entries;
    const shown = await cli(['history', 'show', last!.id]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`GET  HTTP  ${server.base}/b`);
    expect(shown.out).toMatch(/response +application\/json +\d+ B +sha256 [0-9a-f]{16}…/);
    expect(shown.out).toContain('bodies      hashed');

    expect(await json(['history', 'settings', '--full-bodies', 'on', '--max-mb', '64'])).toEqual({ fullBodies: true, maxBytes: 64 * 1024 * 1024 });
    expect((await cli(['history', 'settings'])).out).toBe('full bodies  on (kept redacted)\nkept under   64 MiB\n');
    expect((await cli(['send', '--http', '--url', `${server.base}/secret`, '--header', 'Authorization: Bearer tok-CLI-7788'])).code).toBe(0);
    const [secret] = (await json<HistoryListResponse>(['history', 'list', 'endpoint:/secret'])).entries;
    const full = await cli(['history', 'show', secret!.id, '--json']);
    const entry = JSON.parse(full.out) as HistoryEntry;
    expect(entry.bodies).toBe('full');
    expect(entry.httpExchange?.response?.body).toContain('echo');
    expect(full.out).not.toContain('tok-CLI-7788');
    expect((await cli(['history', 'show', secret!.id])).out).toContain('bodies      kept (redacted)');
    await json(['history', 'settings', '--full-bodies', 'off']);
  });

  it("refuses bad input with the subcommand's usage and changes nothing", async () => {
    const before = await json<HistoryListResponse>(['history', 'list']);
    const cases: Array<[string[], string]> = [
      [['history', 'show'], 'Usage: powerduck history show ID'],
      [['history', 'show', 'a', 'b'], 'Unexpected argument "b"'],
      [['history', 'list', '--limit', '0'], 'Usage: powerduck history list'],
      [['history', 'list', '--limit', 'many'], '--limit takes a whole number from 1 to 5000'],
      [['history', 'settings', '--full-bodies', 'yes'], '--full-bodies takes on or off'],
      [['history', 'settings', '--max-mb', '0'], '--max-mb takes a whole number from 1 to 1024'],
      [['history', 'settings', '--max-mb', '1.5'], 'Usage: powerduck history settings'],
      [['history', 'clear'], 'add --yes to go ahead'],
      [['history', 'frobnicate'], 'use: history list|show|replay|stats|settings|clear'],
      [['history', 'replay'], 'Usage: powerduck history replay ID'],
      [['history', 'replay', 'a', 'b'], 'Unexpected argument "b"'],
      [['history', 'replay', 'a', '--env', ''], '--env needs an environment name'],
      [['history', 'replay', 'a', '--frob'], 'Usage: powerduck history replay ID'],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toContain(message);
    }
    const missing = await cli(['history', 'show', 'no-such-id']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No history entry no-such-id');
    expect((await json<HistoryListResponse>(['history', 'list'])).stored).toBe(before.stored);
    expect(await json(['history', 'settings'])).toEqual({ fullBodies: false, maxBytes: 64 * 1024 * 1024 });
  });

  it('clears with --yes', async () => {
    const { stored } = await json<HistoryListResponse>(['history', 'list']);
    expect(stored).toBeGreaterThan(0);
    expect((await cli(['history', 'clear', '--yes'])).out).toBe(`Removed ${stored} entries.\n`);
    expect((await cli(['history', 'list'])).out).toBe('The history is empty.\n');
  });
});
