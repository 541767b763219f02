/** `powerduck mcp watch` against the official SDK's McpServer: lines per notification, NDJSON, bounds and exit codes. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../fixtures/cli-run';
import { addTool, startWatchServer, updateResource } from '../fixtures/mcp-watch-server';

let server: Awaited<ReturnType<typeof startWatchServer>>;
let home: string;

beforeAll(async () => {
  server = await startWatchServer();
  home = await mkdtemp(join(tmpdir(), 'powerduck-mcp-watch-cli-'));
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

/** Calls `act` once, when everything in `needles` has appeared on stderr (the watch is ready). */
function onceReady(needles: string[], act: () => Promise<unknown>): (text: string) => Promise<unknown> | undefined {
  let seen = '';
  let done = false;
  return (text) => {
    seen += text;
    if (done || !needles.every((n) => seen.includes(n))) return undefined;
    done = true;
    return act();
  };
}

describe('powerduck mcp watch', () => {
  it('--json prints one JSON object per notification and --max-events stops it (exit 0)', async () => {
    const run = await runCliCaptured(['mcp', 'watch', '--endpoint', server.url, '--subscribe', 'mem://counter', '--max-events', '2', '--json'], {
      home,
      onStderr: onceReady(['Subscribed to mem://counter', 'Listening'], async () => {
        await updateResource(server.world, 'mem://counter', '11');
        await updateResource(server.world, 'mem://counter', '12');
      }),
    });
    expect(run.code).toBe(0);
    const lines = run.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const parsed = JSON.parse(line) as { time: string; method: string; params: unknown };
      expect(parsed.method).toBe('notifications/resources/updated');
      expect(parsed.params).toEqual({ uri: 'mem://counter' });
      expect(Date.parse(parsed.time)).not.toBeNaN();
    }
    expect(run.err).toMatch(/Watch ended \(max-events\): 2 server notification\(s\)/);
  });

  it('prints a line per notification and --for ends it (exit 0)', async () => {
    const run = await runCliCaptured(['mcp', 'watch', '--endpoint', server.url, '--for', '1.5'], {
      home,
      onStderr: onceReady(['Listening'], async () => addTool(server.world)),
    });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^\d{4}-\d\d-\d\dT\S+ notifications\/tools\/list_changed \{\}$/m);
    expect(run.err).toContain('Watch ended (time-limit)');
  });

  it('a refused subscription is printed and the watch goes on', async () => {
    const run = await runCliCaptured(['mcp', 'watch', '--endpoint', server.url, '--subscribe', 'mem://missing', '--for', '0.5'], { home });
    expect(run.code).toBe(0);
    expect(run.err).toContain('The server refused the subscription to mem://missing');
  });

  it('exit 1 when the server ends the session first, 2 when it cannot connect', async () => {
    const own = await startWatchServer();
    const closed = await runCliCaptured(['mcp', 'watch', '--endpoint', own.url], { home, onStderr: onceReady(['Listening'], () => own.close()) });
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(/Watch ended \((server-closed|session-gone)\)/);
    const unreachable = await runCliCaptured(['mcp', 'watch', '--endpoint', 'http://127.0.0.1:9/mcp'], { home });
    expect(unreachable.code).toBe(2);
  }, 30_000);

  it('refuses watch options elsewhere and bad bounds', async () => {
    expect((await runCliCaptured(['mcp', 'tools', '--endpoint', server.url, '--subscribe', 'mem://counter'], { home })).err).toContain(
      '--subscribe applies to mcp watch only',
    );
    expect((await runCliCaptured(['mcp', 'watch', '--endpoint', server.url, '--max-events', '0'], { home })).err).toContain('--max-events must be');
    expect((await runCliCaptured(['mcp', 'watch', '--endpoint', server.url, '--for', 'soon'], { home })).err).toContain('--for must be');
    const help = await runCliCaptured(['mcp', '--help'], { home });
    expect(help.out + help.err).toContain('powerduck mcp watch');
  });
});
