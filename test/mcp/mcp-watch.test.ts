/**
 * mcp.watch against the official SDK's McpServer over Streamable HTTP on loopback (and one stdio
 * server): notifications between calls (a subscribed resource updated, a tool added, a log
 * message at the chosen level), Stop closing the session, the server going away, a refused
 * subscription, the history entry without the bearer token, the bound on kept events, and the
 * browser host refusing stdio.
 */
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../shared/contract/index';
import type { McpExchangeRecord } from '../../shared/mcp/mcp-types';
import { MAX_WATCH_KEPT_EVENTS, type McpWatchEvent, type McpWatchRequest } from '../../shared/mcp/mcp-watch';
import type { Core } from '../../electron/node/core';
import type { McpDeps } from '../../electron/node/mcp/mcp-call';
import { performMcpWatch } from '../../electron/node/mcp/mcp-watch';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { buildMcpHistoryEntry } from '../../shared/mcp/mcp-history';
import { tempCore } from '../foundation/test-core';
import { addTool, askBetweenCalls, logMessage, startWatchServer, updateResource } from '../fixtures/mcp-watch-server';

const token = 'watch-s3cret-bearer-token';
const deps: McpDeps = {
  secrets: createMemorySecretStore({ 'watch-token': token }),
  environment: {},
  now: () => Date.now(),
  version: 'test',
  allowStdio: true,
};

let server: Awaited<ReturnType<typeof startWatchServer>>;
beforeAll(async () => {
  server = await startWatchServer();
});
afterAll(async () => {
  await server?.close();
});

/** A running watch: its events so far, a wait for one, Stop, and the record it ends with. */
function watch(request: McpWatchRequest, watchDeps: McpDeps = deps) {
  const events: McpWatchEvent[] = [];
  const controller = new AbortController();
  const waiters: Array<() => void> = [];
  const done = performMcpWatch(request, watchDeps, {
    signal: controller.signal,
    onEvent: (event) => {
      events.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
  });
  const until = async (name: string, timeoutMs = 15_000): Promise<McpWatchEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((e) => e.event === name);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${name} event; got ${events.map((e) => e.event).join(', ')}`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
  };
  return { events, until, stop: () => controller.abort(), done };
}

function http(endpoint: string): McpWatchRequest['target'] {
  return { transport: 'auto', endpoint };
}

describe('mcp.watch over Streamable HTTP', () => {
  it('sees a subscribed resource updated between calls, a tool added and a log message at the chosen level; Stop ends the session', async () => {
    const w = watch({ target: http(server.url), subscribe: ['mem://counter'], logLevel: 'warning' });
    await w.until('watch/subscribed');
    await w.until('watch/listening');
    await updateResource(server.world, 'mem://counter', '5');
    const updated = await w.until('notifications/resources/updated');
    expect((updated.data as { params: unknown }).params).toEqual({ uri: 'mem://counter' });
    expect(Date.parse(updated.time)).not.toBeNaN();
    addTool(server.world);
    await w.until('notifications/tools/list_changed');
    // Below the level asked for: not sent; at it: sent.
    await logMessage(server.world, 'info', 'too quiet');
    await logMessage(server.world, 'error', 'loud enough');
    const logged = await w.until('notifications/message');
    expect((logged.data as { params: { data: string } }).params.data).toBe('loud enough');
    w.stop();
    const record = await w.done;
    expect(record.method).toBe('watch');
    expect(record.outcome.kind).toBe('result');
    expect(record.watch).toMatchObject({ end: 'stopped', subscribed: ['mem://counter'], refused: [], standaloneStream: 'open', droppedEvents: 0 });
    expect(record.watch?.byMethod).toMatchObject({ 'notifications/resources/updated': 1, 'notifications/tools/list_changed': 1, 'notifications/message': 1 });
    expect(w.events.filter((e) => e.event === 'notifications/message')).toHaveLength(1);
    // The standalone GET stream was opened and recorded; Stop sent DELETE, and the server has forgotten the session.
    const get = record.http.find((h) => h.httpMethod === 'GET');
    expect(get?.status).toBe(200);
    expect(get?.responseBody).toContain('notifications/resources/updated');
    const del = record.http.find((h) => h.httpMethod === 'DELETE');
    expect(del?.status).toBe(200);
    const sessionId = record.server?.sessionId ?? '';
    const again = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(again.status).toBe(404);
  });

  it('a subscription the server refuses is an event and the watch goes on', async () => {
    const w = watch({ target: http(server.url), subscribe: ['mem://nothing', 'mem://counter'] });
    const refused = await w.until('watch/subscribe-refused');
    expect(refused.data).toMatchObject({ uri: 'mem://nothing' });
    expect(JSON.stringify(refused.data)).toContain('No resource mem://nothing');
    await w.until('watch/subscribed');
    await w.until('watch/listening');
    await updateResource(server.world, 'mem://counter', '6');
    await w.until('notifications/resources/updated');
    w.stop();
    const record = await w.done;
    expect(record.watch?.subscribed).toEqual(['mem://counter']);
    expect(record.watch?.refused).toEqual([{ uri: 'mem://nothing', message: expect.stringContaining('No resource') as unknown as string }]);
    expect(record.warnings).toContain('1 resources/subscribe refused by the server.');
  });

  it('maxEvents and timeoutMs end the watch as bounds, not failures', async () => {
    const w = watch({ target: http(server.url), maxEvents: 2 });
    await w.until('watch/listening');
    addTool(server.world);
    addTool(server.world);
    addTool(server.world);
    const record = await w.done;
    expect(record.watch).toMatchObject({ end: 'max-events', notifications: 2 });
    expect(w.events.filter((e) => !e.event.startsWith('watch/'))).toHaveLength(2);

    const timed = await performMcpWatch({ target: http(server.url), timeoutMs: 300 }, deps);
    expect(timed.outcome.kind).toBe('result');
    expect(timed.watch?.end).toBe('time-limit');
  });

  it('keeps the latest events only and counts the rest', async () => {
    const w = watch({ target: http(server.url), logLevel: 'debug', maxEvents: MAX_WATCH_KEPT_EVENTS + 50 });
    await w.until('watch/listening');
    for (let i = 0; i < MAX_WATCH_KEPT_EVENTS + 50; i++) await logMessage(server.world, 'info', `line ${i}`);
    const record = await w.done;
    expect(record.watch).toMatchObject({ end: 'max-events', notifications: MAX_WATCH_KEPT_EVENTS + 50 });
    expect(record.events).toHaveLength(MAX_WATCH_KEPT_EVENTS);
    // The ones kept are the latest, and the record says how many went.
    expect(JSON.stringify(record.events?.[record.events.length - 1]?.data)).toContain(`line ${MAX_WATCH_KEPT_EVENTS + 49}`);
    expect(record.watch?.droppedEvents).toBeGreaterThanOrEqual(50);
    expect(record.warnings.some((w) => /earlier ones were seen but not kept/.test(w))).toBe(true);
  }, 60_000);

  it('a server inventing method names is counted under one line past 50 names', async () => {
    const w = watch({ target: http(server.url), maxEvents: 60 });
    await w.until('watch/listening');
    for (const s of server.world.servers)
      for (let i = 0; i < 60; i++) await s.server.notification({ method: `notifications/x${i}` } as never).catch(() => undefined);
    const record = await w.done;
    expect(Object.keys(record.watch?.byMethod ?? {})).toHaveLength(51);
    expect(record.watch?.byMethod['(other methods)']).toBe(10);
  });

  it('a server shutting down mid-watch ends it with a clear reason', async () => {
    const own = await startWatchServer();
    const w = watch({ target: http(own.url) });
    await w.until('watch/listening');
    await own.close();
    const record = await w.done;
    expect(record.outcome.kind).toBe('result');
    expect(['server-closed', 'session-gone']).toContain(record.watch?.end);
    expect(record.watch?.reason).toMatch(/server/i);
    expect(record.warnings[0] ?? '').toMatch(/^Watch ended \((server-closed|session-gone)\)/);
  }, 30_000);

  it('over the legacy HTTP+SSE transport: sees an update, and the server closing its stream ends the watch', async () => {
    const own = await startWatchServer();
    const w = watch({ target: { transport: 'sse', endpoint: own.sseUrl }, subscribe: ['mem://counter'] });
    await w.until('watch/subscribed');
    await w.until('watch/listening');
    await updateResource(own.world, 'mem://counter', '3');
    await w.until('notifications/resources/updated');
    await own.close();
    const record = await w.done;
    expect(record.server?.transport).toBe('sse');
    expect(record.watch).toMatchObject({ end: 'server-closed', standaloneStream: 'not-applicable' });
  }, 30_000);

  it('a server without the standalone GET stream (405) is said so, and the watch still runs until its bound', async () => {
    // A front that refuses GET and passes everything else to the watch server.
    const front = createServer((req, res) => {
      void (async () => {
        if (req.method === 'GET') return void res.writeHead(405).end();
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length'),
        ) as Record<string, string>;
        const answer = await fetch(server.url, { method: req.method ?? 'POST', headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        if (answer.body) for await (const chunk of answer.body) res.write(chunk);
        res.end();
      })();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const w = watch({ target: http(`http://127.0.0.1:${(front.address() as AddressInfo).port}/mcp`), timeoutMs: 500 });
      const note = await w.until('watch/no-standalone-stream');
      expect(note.data).toMatchObject({ status: 405 });
      const record = await w.done;
      expect(record.watch).toMatchObject({ end: 'time-limit', standaloneStream: 'not-offered' });
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('a server that cannot be reached is the outcome, with no watch summary', async () => {
    const record = await performMcpWatch({ target: http('http://127.0.0.1:9/mcp') }, deps);
    expect(record.outcome.kind).toBe('transport-error');
    expect(record.watch).toBeUndefined();
  });

  it('refuses bad requests before connecting', async () => {
    await expect(performMcpWatch({ target: http(server.url), subscribe: [''] }, deps)).rejects.toThrow(/resource URIs/);
    await expect(performMcpWatch({ target: http(server.url), maxEvents: 0 }, deps)).rejects.toThrow(/maxEvents/);
    await expect(performMcpWatch({ target: http(server.url), timeoutMs: -1 }, deps)).rejects.toThrow(/timeoutMs/);
  });
});

describe('mcp.watch through the core', () => {
  let guarded: Awaited<ReturnType<typeof startWatchServer>>;
  let made: Awaited<ReturnType<typeof tempCore>>;
  let core: Core;
  beforeAll(async () => {
    guarded = await startWatchServer({ bearer: token });
    made = await tempCore();
    core = made.core;
    const stored = await core.dispatcher.invoke('secrets.set', { name: 'watch-token', value: token });
    if (!stored.ok) throw new Error(stored.error.message);
    const settings = await core.dispatcher.invoke('history.settings', { fullBodies: true });
    if (!settings.ok) throw new Error(settings.error.message);
  });
  afterAll(async () => {
    await made?.dispose();
    await guarded?.close();
  });

  it('streams events, stops on stream.cancel, and lands in history with the bearer token nowhere on disk', async () => {
    const events: McpWatchEvent[] = [];
    let record: McpExchangeRecord | undefined;
    const id = 'watch-1';
    const ended = core.dispatcher.stream(
      'mcp.watch',
      id,
      { target: { transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { secretRef: 'watch-token' } } }, subscribe: ['mem://counter'] },
      (event: StreamEvent<McpWatchEvent, McpExchangeRecord>) => {
        if (event.kind === 'data') events.push(event.data);
        else if (event.kind === 'end') record = event.value;
        else throw new Error(event.error.message);
      },
    );
    const until = async (name: string): Promise<void> => {
      for (let i = 0; i < 150 && !events.some((e) => e.event === name); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(events.map((e) => e.event)).toContain(name);
    };
    await until('watch/subscribed');
    await until('watch/listening');
    await updateResource(guarded.world, 'mem://counter', '9');
    await until('notifications/resources/updated');
    const cancelled = await core.dispatcher.invoke('stream.cancel', { requestId: id });
    expect(cancelled.ok).toBe(true);
    await ended;
    expect(record?.watch?.end).toBe('stopped');
    const listed = await core.dispatcher.invoke('history.list', { limit: 1 });
    if (!listed.ok) throw new Error(listed.error.message);
    const entry = listed.value.entries[0];
    expect(entry?.method).toBe('watch');
    expect(entry?.source).toBe('stream');
    expect(entry?.warnings.some((w) => w.startsWith('Watch ended (stopped): 1 server notification(s) (notifications/resources/updated ×1)'))).toBe(true);
    let disk = '';
    for (const file of await readdir(made.dir, { recursive: true, withFileTypes: true }))
      if (file.isFile() && !file.name.startsWith('secrets')) disk += await readFile(join(file.parentPath, file.name), 'utf8').catch(() => '');
    expect(disk).toContain('notifications/resources/updated');
    expect(disk).not.toContain(token);
  }, 30_000);

  it('under hashed bodies the entry names methods and counts, not the URIs or params', async () => {
    const record = await performMcpWatch(
      {
        target: { transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { secretRef: 'watch-token' } } },
        subscribe: ['mem://counter'],
        timeoutMs: 500,
      },
      deps,
    );
    const entry = buildMcpHistoryEntry(record, { source: 'stream', fullBodies: false, sha256: () => 'x' });
    expect(entry.mcpExchange).toBeUndefined();
    const text = JSON.stringify(entry);
    expect(text).not.toContain('mem://counter');
    expect(text).not.toContain(token);
    expect(entry.warnings[0]).toMatch(/^Watch ended \(time-limit\)/);
  });

  it('a question the server asks between calls waits for mcp.answer; unattended, it is declined at once', async () => {
    const own = await startWatchServer();
    try {
      const id = 'watch-ask';
      const events: McpWatchEvent[] = [];
      let record: McpExchangeRecord | undefined;
      const ended = core.dispatcher.stream(
        'mcp.watch',
        id,
        { target: { transport: 'auto', endpoint: own.url } },
        (event: StreamEvent<McpWatchEvent, McpExchangeRecord>) => {
          if (event.kind === 'data') events.push(event.data);
          else if (event.kind === 'end') record = event.value;
        },
      );
      for (let i = 0; i < 150 && !events.some((e) => e.event === 'watch/listening'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = askBetweenCalls(own.world);
      for (let i = 0; i < 150 && !events.some((e) => e.elicitation); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const question = events.find((e) => e.elicitation)?.elicitation;
      expect(question?.message).toBe('Which city?');
      const answered = await core.dispatcher.invoke('mcp.answer', {
        requestId: id,
        serverRequestId: question?.serverRequestId ?? '',
        result: { action: 'accept', content: { city: 'Seoul' } },
      });
      expect(answered.ok).toBe(true);
      expect(await answers).toEqual([{ action: 'accept', content: { city: 'Seoul' } }]);
      await core.dispatcher.invoke('stream.cancel', { requestId: id });
      await ended;
      expect(record?.elicitations?.[0]).toMatchObject({ answeredBy: 'user' });

      const w = watch({ target: http(own.url), unattended: true });
      await w.until('watch/listening');
      expect(await askBetweenCalls(own.world)).toEqual([{ action: 'decline' }]);
      w.stop();
      expect((await w.done).elicitations?.[0]).toMatchObject({ answeredBy: 'unattended' });
    } finally {
      await own.close();
    }
  }, 40_000);

  it('the browser host refuses a stdio watch unless started with --allow-stdio', async () => {
    const web = await tempCore('web');
    try {
      let error = '';
      await web.core.dispatcher.stream('mcp.watch', 'w-stdio', { target: { transport: 'stdio', command: process.execPath } }, (event) => {
        if (event.kind === 'error') error = event.error.code;
      });
      expect(error).toBe('unsupported');
    } finally {
      await web.dispose();
    }
  });
});

describe('mcp.watch over stdio', () => {
  it('sees the update of a subscribed resource and ends clearly when the process exits', async () => {
    const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-watch-stdio-server.ts');
    const w = watch({
      target: {
        transport: 'stdio',
        command: process.execPath,
        args: ['--import', 'tsx', fixture],
        env: [{ name: 'WATCH_EXIT_AFTER_MS', value: { value: '300' } }],
      },
      subscribe: ['mem://counter'],
    });
    await w.until('notifications/resources/updated', 30_000);
    const record = await w.done;
    expect(record.watch).toMatchObject({ end: 'server-closed', standaloneStream: 'not-applicable', subscribed: ['mem://counter'] });
    expect(record.watch?.reason).toMatch(/closed the connection/);
  }, 40_000);
});
