import { appendFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toSummary } from '../../../shared/history/history-entry';
import { matchesQuery, parseQuery } from '../../../shared/history/history-query';
import type { HistoryEntry, HistorySettings, HistorySummary } from '../../../shared/history/history-types';
import { defaultHistorySettings, historyMaxBytesRange } from '../../../shared/history/history-types';
import { CoreError } from '../core-error';

/**
 * The history on disk: append-only JSON Lines segments (`segment-000001.jsonl`, …) plus
 * `settings.json`. Appending a line never rewrites older data, a torn last line is skipped on read,
 * and the size bound is kept by deleting whole oldest segments.
 */
export interface HistoryStore {
  readonly dir: string;
  /**
   * Builds and appends one entry inside the write queue, so the attempt count and the settings the
   * builder sees cannot race with another append.
   */
  append(build: (context: AppendContext) => HistoryEntry): Promise<HistoryEntry>;
  list(request?: { query?: string; limit?: number }): Promise<{ entries: HistorySummary[]; total: number; stored: number }>;
  get(id: string): Promise<HistoryEntry | undefined>;
  /** Every stored entry as a summary, oldest first, optionally from an ISO time on (for figures over the whole history). */
  summaries(since?: string): Promise<HistorySummary[]>;
  clear(): Promise<number>;
  settings(): Promise<HistorySettings>;
  updateSettings(patch: Partial<HistorySettings>): Promise<HistorySettings>;
}

export interface AppendContext {
  settings: HistorySettings;
  /** How many stored entries sent this messageId (so the next one is attempt n + 1). */
  countSent(messageId: string): number;
}

const segmentPattern = /^segment-(\d{6,})\.jsonl$/;
const settingsFile = 'settings.json';
export const defaultListLimit = 200;
export const maxListLimit = 5000;

interface Segment {
  name: string;
  size: number;
  entries: HistoryEntry[];
}

function segmentName(index: number): string {
  return `segment-${String(index).padStart(6, '0')}.jsonl`;
}

function parseLines(text: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string') entries.push(value as HistoryEntry);
    } catch {
      // A line torn by a crash mid-append: skip it, keep the rest.
    }
  }
  return entries;
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

export function createHistoryStore(dir: string): HistoryStore {
  const cache = new Map<string, Segment>();
  // One writer at a time inside this process; each append is one appendFile call (O_APPEND) across processes.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function segmentNames(): Promise<string[]> {
    try {
      const names = await readdir(dir);
      return names.filter((n) => segmentPattern.test(n)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Every segment, oldest first, re-read only when its size changed since the last look. */
  async function segments(): Promise<Segment[]> {
    const names = await segmentNames();
    for (const cached of [...cache.keys()]) if (!names.includes(cached)) cache.delete(cached);
    const out: Segment[] = [];
    for (const name of names) {
      let size: number;
      try {
        size = (await stat(join(dir, name))).size;
      } catch {
        continue; // deleted by another process meanwhile
      }
      const cached = cache.get(name);
      if (cached && cached.size === size) {
        out.push(cached);
        continue;
      }
      const text = await readFile(join(dir, name), 'utf8').catch(() => '');
      const segment = { name, size, entries: parseLines(text) };
      cache.set(name, segment);
      out.push(segment);
    }
    return out;
  }

  async function readSettings(): Promise<HistorySettings> {
    try {
      return validSettings(JSON.parse(await readFile(join(dir, settingsFile), 'utf8')));
    } catch {
      return { ...defaultHistorySettings };
    }
  }

  /** Segments are an eighth of the bound, so eviction drops about 12% at a time. */
  function segmentBudget(settings: HistorySettings): number {
    return Math.max(64 * 1024, Math.floor(settings.maxBytes / 8));
  }

  async function enforceBound(settings: HistorySettings): Promise<void> {
    const list = await segments();
    let total = list.reduce((sum, s) => sum + s.size, 0);
    for (const segment of list.slice(0, -1)) {
      if (total <= settings.maxBytes) break;
      await rm(join(dir, segment.name), { force: true });
      cache.delete(segment.name);
      total -= segment.size;
    }
  }

  function entryLine(entry: HistoryEntry, settings: HistorySettings): string {
    const line = JSON.stringify(entry);
    // One exchange may not take more than a quarter of the history: its full record goes, its digests stay.
    if (line.length > settings.maxBytes / 4 && entry.exchange) {
      const { exchange: _dropped, ...rest } = entry;
      return JSON.stringify({ ...rest, bodies: 'hashed', warnings: [...rest.warnings, 'Full bodies dropped: the exchange is too large for the history size limit.'] });
    }
    return line;
  }

  return {
    dir,
    append: (build) =>
      serial(async () => {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const settings = await readSettings();
        const stored = await segments();
        const entry = build({
          settings,
          countSent: (messageId) => {
            let count = 0;
            for (const segment of stored) {
              for (const e of segment.entries) if (e.messages.some((m) => m.direction === 'sent' && m.messageId === messageId)) count += 1;
            }
            return count;
          },
        });
        const names = await segmentNames();
        const last = names[names.length - 1];
        const lastIndex = last ? Number(segmentPattern.exec(last)?.[1] ?? '0') : 0;
        const line = `${entryLine(entry, settings)}\n`;
        let target = last ?? segmentName(1);
        if (last) {
          const size = await stat(join(dir, last)).then((s) => s.size, () => 0);
          if (size > 0 && size + Buffer.byteLength(line) > segmentBudget(settings)) target = segmentName(lastIndex + 1);
        }
        await appendFile(join(dir, target), line, { encoding: 'utf8', mode: 0o600 });
        await enforceBound(settings);
        return entry;
      }),

    async list(request = {}) {
      const limit = Math.min(maxListLimit, Math.max(1, Math.floor(request.limit ?? defaultListLimit)));
      const terms = parseQuery(request.query ?? '');
      const all = (await segments()).flatMap((s) => s.entries);
      const matched: HistorySummary[] = [];
      let total = 0;
      // Newest first.
      for (let i = all.length - 1; i >= 0; i--) {
        const entry = all[i] as HistoryEntry;
        if (!matchesQuery(entry, terms)) continue;
        total += 1;
        if (matched.length < limit) matched.push(toSummary(entry));
      }
      return { entries: matched, total, stored: all.length };
    },

    async summaries(since) {
      const from = since === undefined ? undefined : Date.parse(since);
      const all = (await segments()).flatMap((s) => s.entries);
      return (from === undefined ? all : all.filter((e) => Date.parse(e.startedAt) >= from)).map(toSummary);
    },

    async get(id) {
      const all = (await segments()).flatMap((s) => s.entries);
      for (let i = all.length - 1; i >= 0; i--) if (all[i]?.id === id) return all[i];
      return undefined;
    },

    clear: () =>
      serial(async () => {
        const list = await segments();
        const count = list.reduce((sum, s) => sum + s.entries.length, 0);
        for (const segment of list) await rm(join(dir, segment.name), { force: true });
        cache.clear();
        return count;
      }),

    settings: readSettings,

    updateSettings: (patch) =>
      serial(async () => {
        if (patch.maxBytes !== undefined && (!Number.isFinite(patch.maxBytes) || patch.maxBytes < historyMaxBytesRange.min || patch.maxBytes > historyMaxBytesRange.max)) {
          throw new CoreError('invalid', `maxBytes must be between ${historyMaxBytesRange.min} and ${historyMaxBytesRange.max} bytes.`);
        }
        const next = validSettings({ ...(await readSettings()), ...patch });
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const temp = join(dir, `${settingsFile}.${process.pid}.tmp`);
        await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
        await rename(temp, join(dir, settingsFile));
        await enforceBound(next);
        return next;
      }),
  };
}

const stores = new Map<string, HistoryStore>();

/** One store per history directory in a process, so every caller shares the same cache and write queue. */
export function historyStoreAt(dir: string): HistoryStore {
  let store = stores.get(dir);
  if (!store) {
    store = createHistoryStore(dir);
    stores.set(dir, store);
  }
  return store;
}
