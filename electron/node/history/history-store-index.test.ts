import { appendFile, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../shared/history/history-types';
import { withFileLock } from '../store/file-store';
import { createHistoryStore, nodeHistoryFs, type HistoryFs, type HistoryStore } from './history-store';

let dir: string;
const open: HistoryStore[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-history-index-'));
});

afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** Counts every call the store makes to the file system, so a test can prove what it does not do. */
function countingFs(overrides: Partial<HistoryFs> = {}): { fs: HistoryFs; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const fs = {} as HistoryFs;
  for (const key of Object.keys(nodeHistoryFs) as Array<keyof HistoryFs>) {
    const impl = (overrides[key] ?? nodeHistoryFs[key]) as (...args: unknown[]) => unknown;
    (fs as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      calls[key] = (calls[key] ?? 0) + 1;
      return impl(...args);
    };
  }
  return { fs, calls };
}

function storeAt(options: Parameters<typeof createHistoryStore>[1] = {}): HistoryStore {
  const s = createHistoryStore(join(dir, 'history'), options);
  open.push(s);
  return s;
}

let n = 0;
function entry(messageId: string, attempt: number, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  n += 1;
  return {
    id: `e-${n}`,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    source: 'send',
    method: 'SendMessage',
    interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://127.0.0.1:9/rpc' },
    attempt,
    outcomeKind: 'message',
    taskCreated: false,
    messages: [{ direction: 'sent', messageId, role: 'ROLE_USER', parts: [{ kind: 'text', mediaType: 'text/plain', mediaTypeDeclared: false, bytes: 5 }] }],
    durationMs: 1,
    request: { url: 'http://127.0.0.1:9/rpc', bytes: 100, sha256: 'a'.repeat(64) },
    warnings: [],
    bodies: 'hashed',
    ...extra,
  };
}

/** Appends like the recorder does: the attempt is the stored count for the messageId plus one. */
function send(s: HistoryStore, messageId: string, extra: Partial<HistoryEntry> = {}): Promise<HistoryEntry> {
  return s.append(({ countSent }) => entry(messageId, countSent(messageId) + 1, extra));
}

async function diskBytes(): Promise<number> {
  const names = (await readdir(join(dir, 'history'))).filter((x) => x.endsWith('.jsonl'));
  const sizes = await Promise.all(names.map(async (x) => (await stat(join(dir, 'history', x))).size));
  return sizes.reduce((a, b) => a + b, 0);
}

describe('history store index', () => {
  it('reads the history once at open; appends never read it again (a stat and a readdir per batch at most)', async () => {
    const seed = storeAt();
    for (let i = 0; i < 300; i++) await send(seed, `seed-${i % 50}`);
    await seed.close();

    const { fs, calls } = countingFs();
    const s = storeAt({ fs });
    await send(s, 'first-after-open');
    const readsAtOpen = (calls['readFile'] ?? 0) + (calls['readRange'] ?? 0);
    const statsAtOpen = calls['stat'] ?? 0;
    const dirsAtOpen = calls['readdir'] ?? 0;
    expect(readsAtOpen).toBeGreaterThan(0);
    for (let i = 0; i < 500; i++) await send(s, `more-${i}`);
    await s.flush();
    expect((calls['readFile'] ?? 0) + (calls['readRange'] ?? 0)).toBe(readsAtOpen);
    // 501 appends went out in a handful of batched writes, not one write each.
    const batches = calls['appendFile'] ?? 0;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(50);
    // Checking for other processes' entries costs a readdir and a stat when a batch starts, not per append.
    expect((calls['stat'] ?? 0) - statsAtOpen).toBeLessThanOrEqual(batches);
    expect((calls['readdir'] ?? 0) - dirsAtOpen).toBeLessThanOrEqual(batches);
    expect((await s.list({ limit: 1 })).stored).toBe(801);
  });

  it('keeps attempt numbers exact across a restart', async () => {
    const a = storeAt();
    expect((await send(a, 'again')).attempt).toBe(1);
    expect((await send(a, 'again')).attempt).toBe(2);
    expect((await send(a, 'other')).attempt).toBe(1);
    await a.close();

    const b = storeAt();
    expect((await send(b, 'again')).attempt).toBe(3);
    expect((await send(b, 'other')).attempt).toBe(2);
    expect((await send(b, 'new')).attempt).toBe(1);
    await b.close();

    const c = storeAt();
    const { entries } = await c.list({ query: 'message:again' });
    expect(entries.map((e) => e.attempt)).toEqual([3, 2, 1]);
  });

  it('numbers concurrent appends of one messageId 1..n and writes every one of them', async () => {
    const s = storeAt();
    const results = await Promise.all(Array.from({ length: 40 }, () => send(s, 'same')));
    expect(results.map((r) => r.attempt).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await s.close();
    const lines = (await readFile(join(dir, 'history', 'segment-000001.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(40);
    expect(new Set(lines.map((l) => (JSON.parse(l) as HistoryEntry).attempt)).size).toBe(40);
  });

  it('keeps the size bound as it goes, dropping whole oldest segments, and a rotated-out messageId starts again at 1', async () => {
    const s = storeAt();
    await s.updateSettings({ maxBytes: 1024 * 1024 });
    const pad = 'w'.repeat(4000);
    for (let i = 0; i < 600; i++) {
      await send(s, `m-${i}`, { warnings: [pad] });
      if (i % 100 === 99) {
        await s.flush();
        expect(await diskBytes()).toBeLessThanOrEqual(1024 * 1024);
      }
    }
    await s.flush();
    expect(await diskBytes()).toBeLessThanOrEqual(1024 * 1024);
    const { stored, entries } = await s.list({ limit: 5000 });
    expect(stored).toBeLessThan(600);
    expect(stored).toBeGreaterThan(150);
    expect(entries[0]?.messages[0]?.messageId).toBe('m-599');
    expect(entries.some((e) => e.messages[0]?.messageId === 'm-0')).toBe(false);
    expect((await send(s, 'm-0')).attempt).toBe(1);
    expect((await send(s, 'm-599')).attempt).toBe(2);
  });

  it('an acknowledged entry survives a normal close; full bodies are read back by offset', async () => {
    const s = storeAt({ flushDelayMs: 60_000 });
    const full = await send(s, 'kept', { bodies: 'full', exchange: { marker: 'the full record' } as unknown as HistoryEntry['exchange'] });
    await send(s, 'kept-too');
    await s.close();
    // The batch's lease on the history is given back with it.
    expect((await readdir(join(dir, 'history'))).filter((name) => name.includes('lock'))).toEqual([]);
    const again = storeAt();
    const got = await again.get(full.id);
    expect((got?.exchange as unknown as { marker: string }).marker).toBe('the full record');
    expect((await again.list()).entries.map((e) => e.messages[0]?.messageId)).toEqual(['kept-too', 'kept']);
    expect('exchange' in ((await again.list()).entries[1] ?? {})).toBe(false);
  });

  it('starts a new line after a torn tail instead of gluing the next entry onto it', async () => {
    const a = storeAt();
    await send(a, 'before');
    await a.close();
    await appendFile(join(dir, 'history', 'segment-000001.jsonl'), '{"id":"torn","mess');
    const b = storeAt();
    await send(b, 'after');
    await b.close();
    const c = storeAt();
    expect((await c.list()).entries.map((e) => e.messages[0]?.messageId)).toEqual(['after', 'before']);
  });

  it('a failed write is reported by flush and the lost entries are not shown as stored', async () => {
    const { fs } = countingFs({ appendFile: () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })) });
    const s = storeAt({ fs });
    await send(s, 'lost');
    await expect(s.flush()).rejects.toThrow('disk full');
    expect((await s.list()).stored).toBe(0);
    expect((await send(s, 'lost')).attempt).toBe(1);
  });

  it('keeps __proto__ and constructor message ids as plain keys', async () => {
    const s = storeAt();
    expect((await send(s, '__proto__')).attempt).toBe(1);
    expect((await send(s, '__proto__')).attempt).toBe(2);
    expect((await send(s, 'constructor')).attempt).toBe(1);
  });
  it('catches up with another writer by reading only the bytes it added', async () => {
    const ranges: number[] = [];
    const { fs, calls } = countingFs({
      readRange: (path, offset, length) => {
        ranges.push(length);
        return nodeHistoryFs.readRange(path, offset, length);
      },
    });
    const a = storeAt({ fs });
    for (let i = 0; i < 200; i++) await send(a, `bulk-${i}`);
    expect((await send(a, 'shared')).attempt).toBe(1);
    await a.flush();
    const filesRead = calls['readFile'] ?? 0;
    const before = await diskBytes();

    // Another writer (a second store on the folder, as the CLI would be) sends the same messageId twice.
    const other = storeAt();
    expect((await send(other, 'shared')).attempt).toBe(2);
    expect((await send(other, 'shared')).attempt).toBe(3);
    await other.flush();
    const added = (await diskBytes()) - before;

    expect((await send(a, 'shared')).attempt).toBe(4);
    expect(calls['readFile'] ?? 0).toBe(filesRead);
    // One read, of exactly the other writer's two lines, not of the segment.
    expect(ranges).toEqual([added]);
    expect(added).toBeLessThan(before / 50);
    await a.flush();
    expect((await a.list({ query: 'message:shared' })).entries.map((e) => e.attempt)).toEqual([4, 3, 2, 1]);
  });

  it('follows another writer into a segment it started, and into one where it deleted the oldest', async () => {
    const a = storeAt();
    const b = storeAt();
    await a.updateSettings({ maxBytes: 1024 * 1024 });
    const pad = 'w'.repeat(4000);
    // Both fill segments in turns, so each starts segments the other has not seen and evicts old ones.
    for (let round = 0; round < 6; round++) {
      const writer = round % 2 === 0 ? a : b;
      for (let i = 0; i < 60; i++) await send(writer, `turn-${round}-${i}`, { warnings: [pad] });
      expect((await send(writer, 'across')).attempt).toBe(round + 1);
      await writer.flush();
    }
    const names = (await readdir(join(dir, 'history'))).filter((x) => x.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(2);
    expect(await diskBytes()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
    const fresh = storeAt();
    // The oldest sends were rotated out; the ones kept are numbered without a gap or a repeat.
    const attempts = (await fresh.list({ query: 'message:across' })).entries.map((e) => e.attempt);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts).toEqual(Array.from({ length: attempts.length }, (_, i) => 6 - i));
    expect((await fresh.list({ query: 'message:turn-0-0' })).total).toBe(0);
    // Each writer's index ends up as what a fresh open reads.
    const onDisk = (await fresh.list({ limit: 5000 })).entries.map((e) => e.id);
    for (const s of [a, b]) expect((await s.list({ limit: 5000 })).entries.map((e) => e.id)).toEqual(onDisk);
  });

  it('a line another process is still writing is neither misread nor lost, and the next attempt counts it', async () => {
    const a = storeAt();
    expect((await send(a, 'half')).attempt).toBe(1);
    await a.flush();
    const file = join(dir, 'history', 'segment-000001.jsonl');
    const theirs = `${JSON.stringify(entry('half', 2))}\n`;
    const cut = Math.floor(theirs.length / 2);

    // The other process holds the history's lease and has written half of its line so far.
    let finish: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => (finish = resolve));
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const other = withFileLock(join(dir, 'history', 'segments'), async () => {
      await appendFile(file, theirs.slice(0, cut));
      holding();
      await writing;
      await appendFile(file, theirs.slice(cut));
    });
    await held;

    // A read meanwhile shows what is complete and does not choke on the half line.
    expect((await a.list()).entries.map((e) => e.attempt)).toEqual([1]);
    // An append waits for the other writer's batch, then numbers after it.
    const next = send(a, 'half');
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await other;
    expect((await next).attempt).toBe(3);
    await a.flush();
    expect((await a.list()).entries.map((e) => e.attempt)).toEqual([3, 2, 1]);
    const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
    expect(lines.map((l) => (JSON.parse(l) as HistoryEntry).attempt)).toEqual([1, 2, 3]);
  });

  it('a line left half-written by a process that died is skipped, and later lines start on a line of their own', async () => {
    const a = storeAt();
    expect((await send(a, 'died')).attempt).toBe(1);
    await a.flush();
    // Written by another process that was killed mid-write (its lease went stale); this store stays open.
    await appendFile(join(dir, 'history', 'segment-000001.jsonl'), JSON.stringify(entry('died', 2)).slice(0, 80));
    expect((await a.list()).stored).toBe(1);
    expect((await send(a, 'died')).attempt).toBe(2);
    expect((await send(a, 'died')).attempt).toBe(3);
    await a.close();
    const fresh = storeAt();
    expect((await fresh.list()).entries.map((e) => e.attempt)).toEqual([3, 2, 1]);
  });
});
