import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { silentLogger } from '../core-env';
import { createHistoryRecorder } from './history-recorder';
import { createHistoryStore } from './history-store';
import { withHistory, withStreamHistory } from './with-history';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-with-history-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function recordFor(call: A2aCall, events = false): ExchangeRecord {
  return {
    id: `ex-${Math.random()}`,
    startedAt: new Date().toISOString(),
    version: call.version,
    binding: call.binding,
    endpoint: call.endpoint,
    method: call.method,
    // The recorded body is cut short: the decorator must use the drafted body for the message summary.
    request: { url: call.endpoint, headers: [], body: '{"message":{"messageId":"m-', bodyBytes: 999, truncated: true },
    timings: { totalMs: 1 },
    outcome: events ? { kind: 'stream', ended: 'completed', eventCount: 0 } : { kind: 'message', message: { messageId: 'r', parts: [] } },
    ...(events ? { events: [] } : {}),
    warnings: [],
  };
}

describe('withHistory', () => {
  it('records what a2a.send and a2a.stream return, numbering resends, without changing the result', async () => {
    const store = createHistoryStore(join(dir, 'history'));
    const recorder = createHistoryRecorder({ logger: silentLogger }, store);
    const send = withHistory(recorder, {
      'a2a.send': async (call) => recordFor(call),
      'a2a.continue': async () => ({ message: {} }),
    });
    const stream = withStreamHistory(recorder, { 'a2a.stream': async (call) => recordFor(call, true) });
    const call: A2aCall = {
      version: '1.0',
      binding: 'HTTP+JSON',
      endpoint: 'http://127.0.0.1:9/rest',
      method: 'SendMessage',
      body: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi', mediaType: 'text/plain' }] } },
    };
    const ctx = { signal: new AbortController().signal };
    const first = await send['a2a.send'](call, ctx);
    await send['a2a.send'](call, ctx);
    await stream['a2a.stream']({ ...call, method: 'SendStreamingMessage' }, () => {}, ctx);
    expect(first.outcome.kind).toBe('message');
    const { entries } = await store.list();
    expect(entries.map((e) => [e.source, e.attempt])).toEqual([
      ['stream', 3],
      ['send', 2],
      ['send', 1],
    ]);
    expect(entries[2]?.messages[0]).toMatchObject({ messageId: 'm-1', parts: [{ kind: 'text', mediaType: 'text/plain', mediaTypeDeclared: true, bytes: 2 }] });
    expect(entries[2]?.request).toMatchObject({ bytes: 999, truncated: true });
  });
});

describe('withHistory, off the answer path', () => {
  it('answers before the entry is built, yet a read right after, a flush and close all find it', async () => {
    const store = createHistoryStore(join(dir, 'history-deferred'));
    const recorder = createHistoryRecorder({ logger: silentLogger }, store);
    const send = withHistory(recorder, { 'a2a.send': async (call) => recordFor(call), 'a2a.continue': async () => ({ message: {} }) });
    const call: A2aCall = {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://127.0.0.1:9/rpc',
      method: 'SendMessage',
      body: { message: { messageId: 'm-d', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    };
    const ctx = { signal: new AbortController().signal };
    let built = 0;
    const append = store.append.bind(store);
    store.append = (build) =>
      append((context) => {
        built += 1;
        return build(context);
      });
    await send['a2a.send'](call, ctx);
    // The answer came back before its entry was built (the build waits a turn of the event loop).
    expect(built).toBe(0);
    const first = await store.list();
    expect(first.entries.map((e) => e.attempt)).toEqual([1]);
    await send['a2a.send'](call, ctx);
    await send['a2a.send'](call, ctx);
    await store.close();
    const reopened = createHistoryStore(store.dir);
    expect((await reopened.list()).entries.map((e) => e.attempt)).toEqual([3, 2, 1]);
    await reopened.close();
  });
});

describe('withStreamHistory', () => {
  const call: A2aCall = {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendStreamingMessage',
    body: { message: { messageId: 'm-s', role: 'ROLE_USER', parts: [{ text: 'go' }] } },
  };
  const events = [
    { task: { id: 't-s', contextId: 'c-s', status: { state: 'TASK_STATE_WORKING' } } },
    { statusUpdate: { taskId: 't-s', contextId: 'c-s', status: { state: 'TASK_STATE_COMPLETED', message: { messageId: 'a-s', parts: [{ text: 'done' }] } } } },
  ].map((result, seq) => ({ seq, atMs: seq, event: 'message', data: { jsonrpc: '2.0', id: 1, result } }));

  /** A stream handler that delivers `events` and keeps them in its record only when asked to. */
  const handler = (asked: Array<boolean | undefined>) => ({
    'a2a.stream': async (request: A2aCall, emit: (event: (typeof events)[number]) => void, ctx: { keepEvents?: boolean }) => {
      asked.push(ctx.keepEvents);
      for (const event of events) emit(event);
      const record = recordFor(request, true);
      record.outcome = { kind: 'stream', ended: 'completed', eventCount: events.length, lastState: 'TASK_STATE_COMPLETED' };
      if (ctx.keepEvents === false) delete record.events;
      else record.events = events;
      return record;
    },
  });

  it('asks the handler not to keep the events and digests the entry from them as they pass; with full bodies it keeps them', async () => {
    const store = createHistoryStore(join(dir, 'history-stream'));
    const recorder = createHistoryRecorder({ logger: silentLogger }, store);
    const asked: Array<boolean | undefined> = [];
    const stream = withStreamHistory(recorder, handler(asked));
    const delivered: unknown[] = [];
    const ctx = { signal: new AbortController().signal };
    const record = await stream['a2a.stream'](call, (event) => delivered.push(event), ctx);
    expect(delivered).toEqual(events);
    expect(record.events).toBeUndefined();
    await store.updateSettings({ fullBodies: true });
    await stream['a2a.stream'](call, () => {}, ctx);
    expect(asked).toEqual([false, true]);

    const { entries } = await store.list();
    const [full, digested] = [entries[0], entries[1]];
    for (const entry of [digested, full]) {
      expect(entry).toMatchObject({ source: 'stream', taskId: 't-s', contextId: 'c-s', taskState: 'TASK_STATE_COMPLETED', eventCount: 2 });
      expect(entry?.messages.map((m) => [m.direction, m.messageId])).toEqual([
        ['sent', 'm-s'],
        ['received', 'a-s'],
      ]);
    }
    expect(digested?.bodies).toBe('hashed');
    const kept = await store.get(full?.id as string);
    expect(kept?.exchange?.events).toHaveLength(2);
  });
});

describe('replay facts', () => {
  const call: A2aCall = {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendMessage',
    body: { message: { messageId: 'm-9', role: 'ROLE_USER', parts: [{ text: '[12,30]' }] } },
    headers: [
      { name: 'X-Trace', value: 't1' },
      { name: 'Authorization', value: 'Bearer literal-secret-9' },
    ],
    auth: { type: 'bearer', token: { secretRef: 'demo-token' } },
  };
  const complete = (c: A2aCall): ExchangeRecord => ({
    ...recordFor(c),
    request: { url: c.endpoint, headers: [], body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: c.method, params: c.body }), bodyBytes: 10 },
  });

  it('keeps auth by secret name and headers without credentials; the body only under full bodies', async () => {
    const store = createHistoryStore(join(dir, 'replay-history'));
    const recorder = createHistoryRecorder({ logger: silentLogger }, store);
    const send = withHistory(recorder, { 'a2a.send': async (c) => complete(c), 'a2a.continue': async () => ({ message: {} }) });
    const ctx = { signal: new AbortController().signal };
    await send['a2a.send'](call, ctx);
    await store.updateSettings({ fullBodies: true });
    await send['a2a.send'](call, ctx);
    await send['a2a.send']({ ...call, auth: { type: 'bearer', token: { value: 'typed-once-123' } } }, ctx);
    const { entries } = await store.list();
    const [literal, full, hashed] = entries;
    expect(hashed?.bodies).toBe('hashed');
    expect(hashed?.replay).toEqual({
      endpoint: 'http://127.0.0.1:9/rpc',
      auth: { type: 'bearer', token: { secretRef: 'demo-token' } },
      headers: [
        { name: 'X-Trace', value: 't1' },
        { name: 'Authorization', value: '', enabled: false },
      ],
    });
    expect(full?.replay?.body).toEqual(call.body);
    expect(literal?.replay?.auth).toBeUndefined();
    expect(literal?.replay?.authNotKept).toBe(true);
    const onDisk = JSON.stringify(await Promise.all(entries.map((e) => store.get(e.id))));
    expect(onDisk).not.toContain('typed-once-123');
    expect(onDisk).not.toContain('literal-secret-9');
  });
});
