import { appendFile, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { silentLogger } from '../core-env';
import { createHistoryRecorder, sha256Hex } from './history-recorder';
import { createHistoryStore, type HistoryStore } from './history-store';

let dir: string;
let store: HistoryStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-history-'));
  store = createHistoryStore(join(dir, 'history'));
});

afterEach(async () => {
  await store.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

function recorderFor(s: HistoryStore) {
  return createHistoryRecorder({ logger: silentLogger }, s);
}

let counter = 0;
function send(messageId: string, extra: Partial<ExchangeRecord> = {}): ExchangeRecord {
  counter += 1;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: counter,
    method: 'SendMessage',
    params: { message: { messageId, role: 'ROLE_USER', parts: [{ text: 'top secret text' }] } },
  });
  return {
    id: `ex-${counter}`,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendMessage',
    request: { url: 'http://127.0.0.1:9/rpc', httpMethod: 'POST', headers: [], body, bodyBytes: body.length },
    response: { status: 200, headers: [], body: '{"result":"top secret answer"}', bodyBytes: 30 },
    timings: { totalMs: 3 },
    outcome: { kind: 'message', message: { messageId: `reply-${counter}`, role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } },
    warnings: [],
    ...extra,
  };
}

describe('history store', () => {
  it('records every exchange newest first, numbers resends of a messageId, and keeps only digests by default', async () => {
    const recorder = recorderFor(store);
    await recorder.record(send('m-a'));
    await recorder.record(send('m-b'));
    const resent = await recorder.record(send('m-a'));
    expect(resent?.attempt).toBe(2);
    const { entries, total, stored } = await store.list();
    expect(total).toBe(3);
    expect(stored).toBe(3);
    expect(entries.map((e) => e.attempt)).toEqual([2, 1, 1]);
    expect(entries[0]?.messages[0]).toMatchObject({ messageId: 'm-a', parts: [{ kind: 'text', mediaType: 'text/plain', bytes: 15 }] });
    await store.flush();
    const onDisk = (await Promise.all((await readdir(store.dir)).map((n) => readFile(join(store.dir, n), 'utf8')))).join('');
    expect(onDisk).not.toContain('top secret');
    const probe = send('m-hash');
    await recorder.record(probe);
    expect((await store.list({ limit: 1 })).entries[0]?.request.sha256).toBe(sha256Hex(probe.request.body as string));
  });

  it('concurrent records of the same messageId still get distinct attempt numbers', async () => {
    const recorder = recorderFor(store);
    const results = await Promise.all([1, 2, 3, 4].map(() => recorder.record(send('same'))));
    expect(results.map((r) => r?.attempt).sort()).toEqual([1, 2, 3, 4]);
  });

  it('keeps full bodies only after the user turns them on', async () => {
    const recorder = recorderFor(store);
    expect(await store.settings()).toEqual({ fullBodies: false, maxBytes: 20 * 1024 * 1024 });
    await recorder.record(send('before'));
    expect(await store.updateSettings({ fullBodies: true })).toMatchObject({ fullBodies: true });
    const after = await recorder.record(send('after'));
    const full = await store.get(after?.id ?? '');
    expect(full?.bodies).toBe('full');
    expect(full?.exchange?.response?.body).toContain('top secret answer');
    const { entries } = await store.list({ query: 'message:after' });
    expect(entries).toHaveLength(1);
    expect('exchange' in (entries[0] ?? {})).toBe(false); // list rows never carry bodies
    expect((await store.get(entries[0]?.id ?? ''))?.id).toBe(after?.id);
    const before = (await store.list({ query: 'message:before' })).entries[0];
    expect((await store.get(before?.id ?? ''))?.exchange).toBeUndefined();
  });

  it('searches, limits and clears', async () => {
    const recorder = recorderFor(store);
    for (let i = 0; i < 5; i++) await recorder.record(send(`m-${i}`));
    await recorder.record(send('m-err', { outcome: { kind: 'rpc-error', code: -32001, message: 'Task not found', reason: 'TASK_NOT_FOUND' } }));
    expect((await store.list({ query: 'error:TASK_NOT_FOUND' })).entries.map((e) => e.messages[0]?.messageId)).toEqual(['m-err']);
    const limited = await store.list({ limit: 2 });
    expect(limited.entries).toHaveLength(2);
    expect(limited.total).toBe(6);
    expect(await store.clear()).toBe(6);
    expect((await store.list()).total).toBe(0);
  });

  it('stays within its size bound by dropping the oldest entries', async () => {
    await store.updateSettings({ maxBytes: 1024 * 1024, fullBodies: true });
    const recorder = recorderFor(store);
    const big = 'x'.repeat(40 * 1024);
    for (let i = 0; i < 60; i++) {
      await recorder.record(send(`big-${i}`, { response: { status: 200, headers: [], body: big, bodyBytes: big.length } }));
    }
    await store.flush();
    const sizes = await Promise.all((await readdir(store.dir)).filter((n) => n.endsWith('.jsonl')).map(async (n) => (await stat(join(store.dir, n))).size));
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1024 * 1024);
    const { entries, stored } = await store.list({ limit: 5000 });
    expect(stored).toBeLessThan(60);
    expect(entries[0]?.messages[0]?.messageId).toBe('big-59');
    expect(entries.some((e) => e.messages[0]?.messageId === 'big-0')).toBe(false);
  });

  it('refuses a size bound outside 1 MiB..1 GiB', async () => {
    await expect(store.updateSettings({ maxBytes: 10 })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('skips a line torn by a crash and reads on (also what another process appended)', async () => {
    const recorder = recorderFor(store);
    await recorder.record(send('first'));
    await store.flush();
    const [segment] = (await readdir(store.dir)).filter((n) => n.endsWith('.jsonl'));
    await appendFile(join(store.dir, segment as string), '{"id":"torn","mess');
    await appendFile(join(store.dir, segment as string), '\n');
    const other = createHistoryStore(store.dir);
    await recorderFor(other).record(send('second'));
    await other.close();
    const { entries } = await store.list();
    expect(entries.map((e) => e.messages[0]?.messageId)).toEqual(['second', 'first']);
  });

  it('never throws into the call path when the history cannot be written', async () => {
    // A directory below a regular file can never be created (ENOTDIR).
    await appendFile(join(dir, 'a-file'), 'x');
    const broken = createHistoryStore(join(dir, 'a-file', 'history'));
    const warnings: string[] = [];
    const recorder = createHistoryRecorder({ logger: { ...silentLogger, warn: (m) => warnings.push(m) } }, broken);
    await expect(recorder.record(send('lost'))).resolves.toBeUndefined();
    expect(warnings[0]).toContain('could not record');
  });
});
