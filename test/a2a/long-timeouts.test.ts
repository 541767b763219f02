/**
 * Timers cap at 2^31 − 1 ms; a longer delay fires at once. A timeout the user gives above that is
 * refused with a clear error, and the largest allowed one does not cut a slow call short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIMER_MS } from '../../shared/a2a/call';
import { runCli } from '../../electron/cli/main';
import { tempCore } from '../foundation/test-core';
import { a2aTarget } from '../fixtures/cli-args';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let ctx: Awaited<ReturnType<typeof tempCore>>;
let server: RecordingServer;
let base = '';

beforeAll(async () => {
  ctx = await tempCore();
  // Answers after 150 ms: a timer that fired at once would abort first.
  server = await startRecordingServer((request, res) => {
    setTimeout(() => {
      if (request.url.endsWith('.json')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'Slow',
            description: 'd',
            version: '1',
            supportedInterfaces: [],
            capabilities: {},
            defaultInputModes: [],
            defaultOutputModes: [],
            skills: [],
          }),
        );
        return;
      }
      const id = (JSON.parse(request.text) as { id: unknown }).id;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: { message: { messageId: 'm1', role: 'ROLE_AGENT', parts: [{ text: 'late' }] } } }));
    }, 150);
  });
  base = server.base;
});

afterAll(async () => {
  await server?.close();
  await ctx?.dispose();
});

const call = (timeouts: { connectMs?: number; totalMs?: number }) => ({
  version: '1.0' as const,
  binding: 'JSONRPC' as const,
  endpoint: `${base}/rpc`,
  method: 'SendMessage',
  body: { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  timeouts,
});

describe('timeouts beyond the longest timer', () => {
  it('a2a.send refuses totalMs and connectMs above 2^31 − 1 ms, naming the limit', async () => {
    for (const timeouts of [{ totalMs: MAX_TIMER_MS + 1 }, { connectMs: 3_000_000_000 }, { totalMs: Number.MAX_SAFE_INTEGER }]) {
      const result = await ctx.core.dispatcher.invoke('a2a.send', call(timeouts));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('bad-request');
        expect(result.error.message).toContain('2147483647');
      }
    }
  });

  it('a2a.send with the largest allowed timeouts waits for a slow answer instead of timing out at once', async () => {
    const result = await ctx.core.dispatcher.invoke('a2a.send', call({ connectMs: MAX_TIMER_MS, totalMs: MAX_TIMER_MS }));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.outcome.kind).toBe('message');
  });

  it('a2a.stream refuses it as well', async () => {
    const events: string[] = [];
    await ctx.core.dispatcher.stream('a2a.stream', 'long-1', { ...call({ totalMs: MAX_TIMER_MS * 2 }), method: 'SendStreamingMessage' }, (event) => {
      events.push(event.kind === 'error' ? `error:${event.error.code}` : event.kind);
    });
    expect(events).toEqual(['error:bad-request']);
  });

  it('card.fetch refuses it, and waits with the largest allowed value', async () => {
    const refused = await ctx.core.dispatcher.invoke('card.fetch', { url: `${base}/card.json`, timeouts: { totalMs: MAX_TIMER_MS + 1 } });
    expect(!refused.ok && refused.error.code).toBe('bad-request');
    const fetched = await ctx.core.dispatcher.invoke('card.fetch', { url: `${base}/card.json`, timeouts: { connectMs: MAX_TIMER_MS, totalMs: MAX_TIMER_MS } });
    if (!fetched.ok) throw new Error(fetched.error.message);
    expect(fetched.value.summary.name).toBe('Slow');
  });

  it('powerduck send --timeout refuses it as a usage error', async () => {
    let stderr = '';
    const code = await runCli(['send', ...a2aTarget(`${base}/rpc`, 'SendMessage'), '--text', 'hi', '--timeout', String(MAX_TIMER_MS + 1)], {
      env: { POWERDUCK_HOME: ctx.dir },
      stdout: () => {},
      stderr: (text: string) => (stderr += text),
      readStdin: async () => '',
      readStdinBytes: async () => new Uint8Array(),
      cwd: process.cwd(),
    });
    expect(code).not.toBe(0);
    expect(stderr).toContain('2147483647');
  });
});
