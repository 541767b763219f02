import { appendFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { toSummary } from '../../../shared/history/history-entry';
import { matchesQuery, parseQuery } from '../../../shared/history/history-query';
import type { HistoryEntry, HistorySettings, HistorySummary } from '../../../shared/history/history-types';
import { defaultHistorySettings, historyMaxBytesRange } from '../../../shared/history/history-types';
import { CoreError } from '../core-error';
import { updateFile, withFileLock } from '../store/file-store';
import { ByteArena } from './byte-arena';

/**
 * The history on disk: append-only JSON Lines segments (`segment-000001.jsonl`, …) plus
 * `settings.json`. The files are read once, when the store is first used, into an in-memory
 * index (each entry's summary, segment, byte offset and length; the attempts per messageId; the
 * byte total). After that an append never re-reads what it already indexed: the line is queued and
 * written in a batch shortly after (at most `flushDelayMs` later, or sooner once `flushBytes` are
 * queued), and the size bound is kept by deleting whole oldest segments as the running total passes it.
 *
 * Several processes share one history (the app, the CLI, a second window on the same data folder),
 * and the attempt number per messageId must stay exact across them. So a batch is written under a
 * cross-process lease (the data folder's file lock on `.segments.powerduck-lock`), taken by the
 * first append of a batch and given back once the batch is on disk. Taking it, the store catches up
 * with what others wrote: one readdir and one stat of the last segment, and when that segment grew,
 * a read of only the new bytes. Appends inside a batch touch no file at all. Only the lease holder
 * writes, rotates or numbers attempts, so two processes never number the same send alike, never
 * interleave a line, and never both start the next segment. A process that sees another writer
 * writes its batches at once (not after `flushDelayMs`) for a while, so the other waits less.
 *
 * Each core owns its store (createCore). Two cores on one data folder in one process share the
 * history the way two processes do, through the lease.
 *
 * Durability: `flush()`/`close()` write everything queued (the CLI, the browser host and Electron
 * main close their core on a normal quit, and openCore's process `exit` hook calls `flushSync()`);
 * a crash loses at most the last batch (see `defaultFlushDelayMs`).
 */
export interface HistoryStore {
  readonly dir: string;
  /**
   * Builds and appends one entry. The builder runs after the index is loaded and before any other
   * append is indexed, so the attempt number it derives cannot race with another append.
   */
  append(build: (context: AppendContext) => HistoryEntry): Promise<HistoryEntry>;
  list(request?: { query?: string; limit?: number }): Promise<{ entries: HistorySummary[]; total: number; stored: number }>;
  get(id: string): Promise<HistoryEntry | undefined>;
  /** Every stored entry as a summary, oldest first, optionally from an ISO time on (for figures over the whole history). */
  summaries(since?: string): Promise<HistorySummary[]>;
  clear(): Promise<number>;
  settings(): Promise<HistorySettings>;
  updateSettings(patch: Partial<HistorySettings>): Promise<HistorySettings>;
  /** Writes every queued entry; rejects with the write error if the disk refused them. */
  flush(): Promise<void>;
  /** flush() and stop the batch timer; the store opens again on next use. */
  close(): Promise<void>;
  /** Writes what is queued synchronously: for a process `exit` hook, the last resort when nobody called close(). */
  flushSync(): void;
}

export interface AppendContext {
  settings: HistorySettings;
  /**
   * The highest attempt number stored for this messageId (0 when none), so the next send is
   * attempt n + 1. Equal to the number of stored sends unless older ones were rotated out.
   */
  countSent(messageId: string): number;
}

/** The file operations the store uses; injected by tests to count reads and to fail writes. */
export interface HistoryFs {
  readdir(path: string): Promise<string[]>;
  readFile(path: string): Promise<Buffer>;
  /** Reads `length` bytes at `offset` (an entry line for `get`, the new tail of a segment). */
  readRange(path: string, offset: number, length: number): Promise<Buffer>;
  stat(path: string): Promise<{ size: number }>;
  /**
   * Appends `data` with one O_APPEND write (so another process's line never lands inside it) and
   * answers the file's size right after, which tells whether anyone else wrote meanwhile.
   */
  appendFile(path: string, data: Buffer): Promise<{ size: number }>;
  rm(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
}

export const nodeHistoryFs: HistoryFs = {
  readdir: (path) => fsp.readdir(path),
  readFile: (path) => fsp.readFile(path),
  async readRange(path, offset, length) {
    const handle = await fsp.open(path, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  stat: (path) => fsp.stat(path),
  async appendFile(path, data) {
    const handle = await fsp.open(path, 'a', 0o600);
    try {
      // fsp.appendFile writes in 512 KiB chunks; one write() keeps a batch in one piece on disk.
      let done = 0;
      while (done < data.length) {
        const { bytesWritten } = await handle.write(data, done, data.length - done);
        if (bytesWritten <= 0) throw Object.assign(new Error(`Could not append to ${path}`), { code: 'EIO' });
        done += bytesWritten;
      }
      return { size: (await handle.stat()).size };
    } finally {
      await handle.close();
    }
  },
  rm: (path) => fsp.rm(path, { force: true }),
  mkdir: async (path) => {
    await fsp.mkdir(path, { recursive: true, mode: 0o700 });
  },
};

export interface HistoryStoreOptions {
  fs?: HistoryFs;
  /** Longest time an acknowledged entry waits in memory before it is written (ms). */
  flushDelayMs?: number;
  /** Queued bytes that trigger a write at once. */
  flushBytes?: number;
}

/** A crash (not a normal quit) loses at most the entries of the last 100 ms, and never more than 256 KiB. */
export const defaultFlushDelayMs = 100;
export const defaultFlushBytes = 256 * 1024;
/** A lease not refreshed for this long belongs to a dead process and is taken over (proper-lockfile's minimum). */
const leaseStaleMs = 2000;
/** After seeing another process's entries, write batches at once for this long. */
const sharedWindowMs = 2000;

const segmentPattern = /^segment-(\d{6,})\.jsonl$/;
const settingsFile = 'settings.json';
export const defaultListLimit = 200;
export const maxListLimit = 5000;

/**
 * One stored entry in the index. The summary is kept as its JSON bytes, not as objects: a 20 MiB
 * history as object graphs is hundreds of thousands of small objects that every full garbage
 * collection of the process has to walk (it slowed stream ingest threefold). Not as strings either:
 * each new one was copied by the young-generation collector and promoted, on every send; the bytes
 * live in a ByteArena outside the JS heap.
 */
interface Indexed {
  id: string;
  /** The entry without `exchange`/`httpExchange`/`mcpExchange`, as UTF-8 JSON (parsed when listed or fetched). */
  summary: Buffer;
  /** The stored line carries the full exchange (read back from disk by `get`). */
  full: boolean;
  /** messageIds this entry sent, joined by NUL ('' when none). */
  sent: string;
  attempt: number;
  /** Byte offset in its segment; -1 until written. */
  offset: number;
  bytes: number;
  /** The line while it waits to be written. */
  line?: Buffer;
}

interface Segment {
  name: string;
  index: number;
  /** Bytes this store accounts to the segment (indexed + queued). */
  size: number;
  /** Bytes of the file already indexed: a catch-up reads from here on. Always the end of a line. */
  written: number;
  /** Someone else wrote while our batch went out, so our offsets are unknown: index it again. */
  stale?: boolean;
  entries: Indexed[];
}

function segmentName(index: number): string {
  return `segment-${String(index).padStart(6, '0')}.jsonl`;
}

function isEntry(value: unknown): value is HistoryEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    Array.isArray((value as { messages?: unknown }).messages)
  );
}

function sentIds(entry: HistoryEntry): string {
  const out: string[] = [];
  for (const m of entry.messages) if (m.direction === 'sent' && typeof m.messageId === 'string' && !out.includes(m.messageId)) out.push(m.messageId);
  return out.join('\u0000');
}

function sentList(entry: Indexed): string[] {
  return entry.sent === '' ? [] : entry.sent.split('\u0000');
}

function isFull(entry: HistoryEntry): boolean {
  return entry.exchange !== undefined || entry.httpExchange !== undefined || entry.mcpExchange !== undefined;
}

/**
 * `summary`: the stored line's bytes when the line has no full exchange (it then is the summary's JSON);
 * undefined for a full line, whose summary is made here. Callers know which (isFull) already.
 */
function indexed(entry: HistoryEntry, summary: Buffer | undefined, offset: number, bytes: number, summaries: ByteArena): Indexed {
  return {
    id: entry.id,
    summary: summary ?? summaries.put(JSON.stringify(toSummary(entry))),
    full: summary === undefined,
    sent: sentIds(entry),
    attempt: entry.attempt,
    offset,
    bytes,
  };
}

function summaryOf(entry: Indexed): HistorySummary {
  return JSON.parse(entry.summary.toString('utf8')) as HistorySummary;
}

/**
 * Splits a segment's bytes (read from file offset `base`) into entries with their file offsets.
 * Only lines ended by a newline are read: bytes after the last newline are a line another process
 * is still writing, or one torn by a crash; `complete` is where the ended lines stop. Lines that
 * do not parse as an entry are skipped.
 */
function parseLines(buffer: Buffer, base: number, summaries: ByteArena): { entries: Indexed[]; complete: number } {
  const out: Indexed[] = [];
  let start = 0;
  for (;;) {
    const end = buffer.indexOf(10, start);
    if (end < 0) break;
    if (end > start) {
      try {
        const text = buffer.toString('utf8', start, end);
        const value: unknown = JSON.parse(text);
        // Copied into the arena: a slice of `buffer` would keep the whole segment (full bodies included) in memory.
        if (isEntry(value)) out.push(indexed(value, isFull(value) ? undefined : summaries.put(text), base + start, end - start, summaries));
      } catch {
        // A line torn by a crash mid-append and completed by another line: skip it, keep the rest.
      }
    }
    start = end + 1;
  }
  return { entries: out, complete: start };
}

function validSettings(value: unknown): HistorySettings {
  const out = { ...defaultHistorySettings };
  if (typeof value !== 'object' || value === null) return out;
  const raw = value as Record<string, unknown>;
  if (typeof raw['fullBodies'] === 'boolean') out.fullBodies = raw['fullBodies'];
  if (typeof raw['maxBytes'] === 'number' && Number.isFinite(raw['maxBytes'])) {
    out.maxBytes = Math.min(historyMaxBytesRange.max, Math.max(historyMaxBytesRange.min, Math.floor(raw['maxBytes'])));
  }
  return out;
}

/** Segments are an eighth of the bound, so eviction drops about 12% at a time. */
function segmentBudget(settings: HistorySettings): number {
  return Math.max(64 * 1024, Math.floor(settings.maxBytes / 8));
}

function entryLine(entry: HistoryEntry, settings: HistorySettings): { line: string; stored: HistoryEntry } {
  const line = JSON.stringify(entry);
  // One exchange may not take more than a quarter of the history: its full record goes, its digests stay.
  if (line.length > settings.maxBytes / 4 && (entry.exchange || entry.httpExchange || entry.mcpExchange)) {
    const { exchange: _dropped, httpExchange: _droppedHttp, mcpExchange: _droppedMcp, ...rest } = entry;
    const stored: HistoryEntry = {
      ...rest,
      bodies: 'hashed',
      warnings: [...rest.warnings, 'Full bodies dropped: the exchange is too large for the history size limit.'],
    };
    return { line: JSON.stringify(stored), stored };
  }
  return { line, stored: entry };
}

interface State {
  settings: HistorySettings;
  segments: Segment[];
  byId: Map<string, Indexed>;
  /** messageId → highest stored attempt and how many stored entries sent it. */
  attempts: Map<string, { max: number; stored: number }>;
  total: number;
  /** The last segment on disk does not end with a newline (a torn line): the next write starts one. */
  needsNewline: boolean;
}

export function createHistoryStore(dir: string, options: HistoryStoreOptions = {}): HistoryStore {
  const fs = options.fs ?? nodeHistoryFs;
  const flushDelayMs = options.flushDelayMs ?? defaultFlushDelayMs;
  const flushBytes = options.flushBytes ?? defaultFlushBytes;
  /** The lease's lock folder is `.segments.powerduck-lock` in the history folder. */
  const leaseFile = join(dir, 'segments');

  let opening: Promise<State> | undefined;
  let state: State | undefined;
  /** Entries waiting to be written, in append order, with their segment. Only queued under the lease. */
  let queued: Array<{ segment: Segment; entry: Indexed }> = [];
  let queuedBytes = 0;
  /** Segments evicted from the index whose files still have to be deleted. */
  let doomed: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The cross-process lease while this store holds it (from a batch's first append until it is written). */
  let lease: { release(): void } | undefined;
  let leasing: Promise<void> | undefined;
  /**
   * Appends called and not yet queued (waiting for the store to open or for the lease). A send returns
   * its answer before its entry is built (withHistory), so reads and close wait for these first.
   */
  const appending = new Set<Promise<unknown>>();
  /** Settles once every lease taken so far is given back and its lock folder removed (close waits for it). */
  let released: Promise<void> = Promise.resolve();
  /** Until this time (ms) another process was seen writing: batches go out at once. */
  let sharedUntil = 0;
  /** One writer at a time: flushes, catch-ups, clears and settings writes are chained. */
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
  /** This store's summaries (blocks are freed as the entries that use them are evicted). */
  const summaries = new ByteArena();

  function addAttempt(entry: Indexed, s: State): void {
    for (const id of sentList(entry)) {
      const known = s.attempts.get(id);
      if (known) {
        known.max = Math.max(known.max, entry.attempt);
        known.stored += 1;
      } else s.attempts.set(id, { max: entry.attempt, stored: 1 });
    }
    s.byId.set(entry.id, entry);
  }

  function dropFromIndex(entry: Indexed, s: State): void {
    for (const id of sentList(entry)) {
      const known = s.attempts.get(id);
      if (!known) continue;
      known.stored -= 1;
      // Once no stored entry sent it, the count restarts, exactly as it would after a restart.
      if (known.stored <= 0) s.attempts.delete(id);
    }
    if (s.byId.get(entry.id) === entry) s.byId.delete(entry.id);
  }

  async function readSettingsFile(): Promise<HistorySettings> {
    try {
      return validSettings(JSON.parse((await fs.readFile(join(dir, settingsFile))).toString('utf8')));
    } catch {
      return { ...defaultHistorySettings };
    }
  }

  async function segmentNames(): Promise<string[]> {
    try {
      return (await fs.readdir(dir)).filter((n) => segmentPattern.test(n)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /**
   * Reads a whole segment. Without the lease, a last line without its newline may still be being
   * written, so it is left for a later read; under the lease nobody is writing, so it is a torn line.
   */
  async function loadSegment(name: string, holding: boolean): Promise<{ segment: Segment; endsTorn: boolean } | undefined> {
    let buffer: Buffer;
    try {
      buffer = await fs.readFile(join(dir, name));
    } catch {
      return undefined; // deleted by another process meanwhile
    }
    const index = Number(segmentPattern.exec(name)?.[1] ?? '0');
    const { entries, complete } = parseLines(buffer, 0, summaries);
    const end = holding ? buffer.length : complete;
    return { segment: { name, index, size: end, written: end, entries }, endsTorn: holding && complete < buffer.length };
  }

  /** Reads the whole history once and builds the index. */
  async function load(): Promise<State> {
    await fs.mkdir(dir);
    const s: State = { settings: await readSettingsFile(), segments: [], byId: new Map(), attempts: new Map(), total: 0, needsNewline: false };
    for (const name of await segmentNames()) {
      const loaded = await loadSegment(name, false);
      if (!loaded) continue;
      s.segments.push(loaded.segment);
      s.total += loaded.segment.size;
      for (const entry of loaded.segment.entries) addAttempt(entry, s);
    }
    return s;
  }

  async function ready(): Promise<State> {
    if (state) return state;
    opening ??= load().then(
      (s) => {
        state = s;
        return s;
      },
      (error: unknown) => {
        opening = undefined; // try again on the next call (the directory may become writable)
        throw error;
      },
    );
    return opening;
  }

  /** Our entries still waiting to be written keep their place after what is on disk. */
  function firstQueued(seg: Segment): number {
    const at = seg.entries.findIndex((e) => e.line !== undefined);
    return at < 0 ? seg.entries.length : at;
  }

  /** Indexes a segment again from scratch (it was replaced, or our offsets in it are unknown). */
  async function reload(s: State, seg: Segment, holding: boolean): Promise<Segment | undefined> {
    const loaded = await loadSegment(seg.name, holding);
    for (const entry of seg.entries) if (!entry.line) dropFromIndex(entry, s);
    if (!loaded) {
      // Deleted by another process (its bound, or a clear): keep only what we still have to write.
      const pending = seg.entries.filter((e) => e.line);
      if (pending.length === 0) return undefined;
      seg.entries = pending;
      seg.written = 0;
      seg.size = pending.reduce((sum, e) => sum + (e.line?.length ?? 0), 0);
      delete seg.stale;
      return seg;
    }
    // Our written entries (those whose offsets were unknown too) were dropped above and come back from disk.
    for (const entry of loaded.segment.entries) addAttempt(entry, s);
    for (const entry of seg.entries) {
      if (!entry.line) continue;
      loaded.segment.entries.push(entry);
      loaded.segment.size += entry.line.length;
    }
    for (const item of queued) if (item.segment === seg) item.segment = loaded.segment;
    if (loaded.endsTorn && seg === s.segments[s.segments.length - 1]) s.needsNewline = true;
    return loaded.segment;
  }

  /**
   * Catches up with other processes (the CLI and the app share one history): new segments are read,
   * deleted ones dropped, and a segment that grew is read from the end of what we indexed — only the
   * new bytes. Under the lease (`holding`) only the last segment can have grown, since every writer
   * writes there under the same lease. Answers whether anything written by someone else was found.
   */
  async function catchUp(s: State, holding: boolean): Promise<boolean> {
    const names = await segmentNames();
    const onDisk = new Set(names);
    let foreign = false;
    const next: Segment[] = [];
    const last = s.segments[s.segments.length - 1];
    for (const seg of s.segments) {
      const pendingOnly = seg.written === 0 && seg.entries.every((e) => e.line);
      if (!onDisk.has(seg.name) && !pendingOnly) {
        foreign = true;
        const kept = await reload(s, seg, holding);
        if (kept) next.push(kept);
        continue;
      }
      if (!onDisk.has(seg.name)) {
        next.push(seg); // ours, not written yet
        continue;
      }
      if (seg.stale) {
        foreign = true;
        const fresh = await reload(s, seg, holding);
        if (fresh) next.push(fresh);
        continue;
      }
      if (holding && seg !== last) {
        next.push(seg);
        continue;
      }
      const size = await fs.stat(join(dir, seg.name)).then(
        (st) => st.size,
        () => undefined,
      );
      if (size === undefined || size === seg.written) {
        next.push(seg);
        continue;
      }
      foreign = true;
      if (size < seg.written) {
        // Shorter than what we indexed: replaced, not appended to. Read it whole.
        const fresh = await reload(s, seg, holding);
        if (fresh) next.push(fresh);
        continue;
      }
      const tail = await fs.readRange(join(dir, seg.name), seg.written, size - seg.written);
      const { entries, complete } = parseLines(tail, seg.written, summaries);
      const consumed = holding ? tail.length : complete;
      const at = firstQueued(seg);
      const added = entries.filter((e) => !s.byId.has(e.id));
      seg.entries.splice(at, 0, ...added);
      for (const entry of added) addAttempt(entry, s);
      seg.written += consumed;
      seg.size += consumed;
      if (holding && seg === last) s.needsNewline = complete < tail.length;
      next.push(seg);
    }
    const known = new Set(s.segments.map((seg) => seg.name));
    for (const name of names) {
      if (known.has(name)) continue;
      const loaded = await loadSegment(name, holding);
      if (!loaded) continue;
      foreign = true;
      for (const entry of loaded.segment.entries) addAttempt(entry, s);
      next.push(loaded.segment);
      if (name === names[names.length - 1]) s.needsNewline = loaded.endsTorn;
    }
    next.sort((a, b) => a.index - b.index);
    s.segments = next;
    s.total = next.reduce((sum, seg) => sum + seg.size, 0);
    return foreign;
  }

  /**
   * Takes the data folder's lock for this history; undefined when it cannot be had (then we write
   * without it and check after each write). Giving it back returns; `released` tracks the lock folder's removal.
   */
  function takeLock(): Promise<(() => void) | undefined> {
    return new Promise((resolve) => {
      let giveBack: () => void = () => undefined;
      const held = new Promise<void>((r) => (giveBack = r));
      const run = withFileLock(
        leaseFile,
        async () => {
          resolve(giveBack);
          await held;
        },
        { staleMs: leaseStaleMs },
      ).catch(() => resolve(undefined));
      released = released.then(() => run);
    });
  }

  /** Takes the lease and catches up under it; concurrent appends of this store share one taking. */
  function acquireLease(s: State): Promise<void> {
    leasing ??= (async () => {
      const release = (await takeLock()) ?? (() => undefined);
      try {
        if (await serial(() => catchUp(s, true))) sharedUntil = Date.now() + sharedWindowMs;
      } catch (error) {
        release();
        throw error;
      }
      lease = { release };
    })().finally(() => {
      leasing = undefined;
    });
    return leasing;
  }

  /** Gives the lease back once nothing of ours is waiting to be written. */
  function releaseIfIdle(): void {
    if (!lease || queued.length > 0 || doomed.length > 0) return;
    const held = lease;
    lease = undefined;
    held.release();
  }

  function evict(s: State): void {
    while (s.total > s.settings.maxBytes && s.segments.length > 1) {
      const oldest = s.segments.shift() as Segment;
      for (const entry of oldest.entries) dropFromIndex(entry, s);
      s.total -= oldest.size;
      doomed.push(oldest.name);
    }
  }

  function schedule(): void {
    if (queuedBytes >= flushBytes || doomed.length > 0 || Date.now() < sharedUntil) {
      void flushQueued().catch(() => undefined);
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flushQueued().catch(() => undefined);
    }, flushDelayMs);
    // A pending batch never keeps a process alive: the exit hook writes it.
    timer.unref?.();
  }

  /** Groups the queue into one buffer per segment, in order. */
  function takeQueue(): Array<{ segment: Segment; entries: Indexed[]; data: Buffer }> {
    const groups: Array<{ segment: Segment; entries: Indexed[]; data: Buffer }> = [];
    let current: { segment: Segment; entries: Indexed[]; parts: Buffer[] } | undefined;
    const close = (): void => {
      if (current) groups.push({ segment: current.segment, entries: current.entries, data: Buffer.concat(current.parts) });
    };
    for (const { segment, entry } of queued) {
      if (!state?.segments.includes(segment) || !entry.line) continue; // rotated out or cleared before it was written
      if (current?.segment !== segment) {
        close();
        current = { segment, entries: [], parts: [] };
      }
      current.entries.push(entry);
      current.parts.push(entry.line);
    }
    close();
    queued = [];
    queuedBytes = 0;
    return groups;
  }

  /** The batch is on disk. `sizeAfter`: the file's size right after our write, when known. */
  function written(group: { segment: Segment; entries: Indexed[]; data: Buffer }, lead: number, sizeAfter?: number): void {
    const seg = group.segment;
    const expected = seg.written + lead + group.data.length;
    seg.size += lead;
    if (state) state.total += lead;
    if (sizeAfter !== undefined && sizeAfter !== expected) {
      // Someone wrote to the segment without the lease (a dead lease taken over, an older version):
      // where our lines landed is unknown, so the next catch-up indexes the segment again.
      for (const entry of group.entries) {
        entry.offset = -1;
        delete entry.line;
      }
      seg.stale = true;
      return;
    }
    let at = seg.written + lead;
    for (const entry of group.entries) {
      entry.offset = at;
      at += entry.bytes + 1;
      delete entry.line;
    }
    seg.written = expected;
  }

  function leadFor(s: State): Buffer | undefined {
    if (!s.needsNewline) return undefined;
    s.needsNewline = false;
    return Buffer.from('\n');
  }

  function flushQueued(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    return serial(async () => {
      const s = state;
      if (!s) {
        // Closed while an append was taking the lease: never keep the lease of a closed store.
        lease?.release();
        lease = undefined;
        return;
      }
      const groups = takeQueue();
      const deletions = doomed;
      doomed = [];
      let failure: unknown;
      for (const group of groups) {
        const lead = leadFor(s);
        try {
          const { size } = await fs.appendFile(join(dir, group.segment.name), lead ? Buffer.concat([lead, group.data]) : group.data);
          written(group, lead?.length ?? 0, size);
        } catch (error) {
          failure ??= error;
          // Not on disk: forget the entries rather than show what a restart would not.
          for (const entry of group.entries) {
            const at = group.segment.entries.indexOf(entry);
            if (at >= 0) group.segment.entries.splice(at, 1);
            dropFromIndex(entry, s);
          }
          group.segment.size -= group.data.length;
          s.total -= group.data.length;
        }
      }
      for (const name of deletions) await fs.rm(join(dir, name)).catch(() => undefined);
      releaseIfIdle();
      if (failure) throw failure;
    });
  }

  function flushSync(): void {
    const s = state;
    if (!s) return;
    for (const group of takeQueue()) {
      const lead = leadFor(s);
      try {
        appendFileSync(join(dir, group.segment.name), lead ? Buffer.concat([lead, group.data]) : group.data, { mode: 0o600 });
        written(group, lead?.length ?? 0);
      } catch {
        // The process is exiting: nothing left to report to.
      }
    }
  }

  /** Everything of ours written and everything others wrote indexed (for reads). */
  async function settled(): Promise<State> {
    await appendsCalled();
    const s = await ready();
    await flushQueued();
    await serial(async () => {
      s.settings = await readSettingsFile();
      await catchUp(s, lease !== undefined);
    });
    return s;
  }

  /** Settles once every append called so far has queued its entry or failed. */
  async function appendsCalled(): Promise<void> {
    while (appending.size > 0) await Promise.allSettled([...appending]);
  }

  async function appendNow(build: (context: AppendContext) => HistoryEntry): Promise<HistoryEntry> {
    // One turn of the event loop first: the caller acts on its answer (shows it, sends the next
    // request) before the entry is built, so the building fits in the wait for the next answer.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Open (every append but the first): no promise to wait for.
    const s = state ?? (await ready());
    // Re-checked after every wait: the lease may have been given back in between.
    while (!lease) await acquireLease(s);
    try {
      const entry = build({ settings: s.settings, countSent: (messageId) => s.attempts.get(messageId)?.max ?? 0 });
      const { line, stored } = entryLine(entry, s.settings);
      // A line without a full exchange is its summary: written from the arena bytes the index keeps.
      // A full line is written once and dropped, so it stays out of the arena's long-lived blocks.
      const full = isFull(stored);
      const data = full ? Buffer.from(`${line}\n`, 'utf8') : summaries.put(line, 10);
      let last = s.segments[s.segments.length - 1];
      if (!last || (last.size > 0 && last.size + data.length > segmentBudget(s.settings))) {
        last = { name: segmentName((last?.index ?? 0) + 1), index: (last?.index ?? 0) + 1, size: 0, written: 0, entries: [] };
        s.segments.push(last);
        s.needsNewline = false;
      }
      const item = indexed(stored, full ? undefined : data.subarray(0, data.length - 1), -1, data.length - 1, summaries);
      item.line = data;
      last.entries.push(item);
      last.size += data.length;
      s.total += data.length;
      addAttempt(item, s);
      queued.push({ segment: last, entry: item });
      queuedBytes += data.length;
      evict(s);
      return entry;
    } finally {
      // Also when the builder threw: the flush gives the lease back.
      schedule();
    }
  }

  return {
    dir,

    append(build) {
      const pending = appendNow(build);
      appending.add(pending);
      const done = (): void => void appending.delete(pending);
      pending.then(done, done);
      return pending;
    },

    async list(request = {}) {
      const limit = Math.min(maxListLimit, Math.max(1, Math.floor(request.limit ?? defaultListLimit)));
      const terms = parseQuery(request.query ?? '');
      const s = await settled();
      const matched: HistorySummary[] = [];
      let total = 0;
      let stored = 0;
      // Newest first.
      for (let i = s.segments.length - 1; i >= 0; i--) {
        const entries = (s.segments[i] as Segment).entries;
        stored += entries.length;
        if (terms.length === 0) {
          // No search: only the rows shown are parsed.
          for (let j = entries.length - 1; j >= 0 && matched.length < limit; j--) matched.push(summaryOf(entries[j] as Indexed));
          total += entries.length;
          continue;
        }
        for (let j = entries.length - 1; j >= 0; j--) {
          const summary = summaryOf(entries[j] as Indexed);
          if (!matchesQuery(summary, terms)) continue;
          total += 1;
          if (matched.length < limit) matched.push(summary);
        }
      }
      return { entries: matched, total, stored };
    },

    async summaries(since) {
      const from = since === undefined ? undefined : Date.parse(since);
      const s = await settled();
      const all = s.segments.flatMap((seg) => seg.entries.map(summaryOf));
      return from === undefined ? all : all.filter((e) => Date.parse(e.startedAt) >= from);
    },

    async get(id) {
      const s = await settled();
      const entry = s.byId.get(id);
      if (!entry) return undefined;
      if (!entry.full) return summaryOf(entry);
      const segment = s.segments.find((seg) => seg.entries.includes(entry));
      if (!segment || (entry.offset < 0 && !entry.line)) return summaryOf(entry);
      try {
        const bytes = entry.line ?? (await fs.readRange(join(dir, segment.name), entry.offset, entry.bytes));
        const value: unknown = JSON.parse(bytes.toString('utf8'));
        if (isEntry(value) && value.id === id) return value;
      } catch {
        // Fall through: the summary is still worth showing.
      }
      return summaryOf(entry);
    },

    clear: async () => {
      const s = await settled();
      // Under the lease, so no other process appends to a segment while it is deleted.
      while (!lease) await acquireLease(s);
      try {
        return await serial(async () => {
          let count = 0;
          for (const seg of s.segments) {
            count += seg.entries.length;
            await fs.rm(join(dir, seg.name));
          }
          s.segments = [];
          s.byId.clear();
          s.attempts.clear();
          s.total = 0;
          s.needsNewline = false;
          return count;
        });
      } finally {
        if (queued.length > 0) schedule();
        else releaseIfIdle();
      }
    },

    async settings() {
      return { ...(await ready()).settings };
    },

    async updateSettings(patch) {
      if (
        patch.maxBytes !== undefined &&
        (!Number.isFinite(patch.maxBytes) || patch.maxBytes < historyMaxBytesRange.min || patch.maxBytes > historyMaxBytesRange.max)
      ) {
        throw new CoreError('invalid', `maxBytes must be between ${historyMaxBytesRange.min} and ${historyMaxBytesRange.max} bytes.`);
      }
      // Sends answered before this change are recorded under the settings they were sent with.
      await appendsCalled();
      const s = await ready();
      // Through the file store: another process (the CLI, a second window) changing another setting
      // at the same time is read under the lock and kept, and the two never share a temp file.
      const next = await serial(() =>
        updateFile(join(dir, settingsFile), async (current) => {
          let stored: unknown;
          try {
            stored = current ? JSON.parse(current.bytes.toString('utf8')) : undefined;
          } catch {
            stored = undefined; // a broken settings file reads as the defaults, as at open
          }
          const value = validSettings({ ...validSettings(stored), ...patch });
          return { write: { data: `${JSON.stringify(value, null, 2)}\n`, mode: 0o600 }, result: value };
        }),
      );
      s.settings = next;
      evict(s);
      await flushQueued();
      return { ...next };
    },

    flush: async () => {
      await appendsCalled();
      await flushQueued();
    },

    flushSync,

    async close() {
      // Appends still on their way (a send that already answered) and one taking the lease right now
      // queue their entries first, so the flush below writes them.
      await appendsCalled();
      await leasing?.catch(() => undefined);
      await flushQueued();
      releaseIfIdle();
      await released;
      state = undefined;
      opening = undefined;
    },
  };
}
