/**
 * The one write path for workspace files (spec files, the secret store, anything else the core
 * keeps on disk). A write is a compare-and-swap done as one step:
 *
 * 1. writes to one file are queued inside the process (one at a time, in call order);
 * 2. a cross-process lock (proper-lockfile: a lock folder next to the file, refreshed while held,
 *    taken over once stale, so a killed writer never blocks the file for good) is held while
 * 3. the current bytes are read, the caller decides what to write from them (re-applying its own
 *    edit, or refusing with a conflict), and the new bytes replace the file atomically with the
 *    file's mode kept, fsynced, after a last check that nobody outside Powerduck wrote it meanwhile.
 *
 * So when a write resolves, its bytes are on disk and no other Powerduck writer overwrote a version
 * it had not seen.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { CoreError } from '../core-error';
import { removeOrphanTemps, replaceFileAtomic } from './atomic-replace';
import type { StoreFs } from './store-fs';
import { errnoCode, nodeStoreFs } from './store-fs';

export interface StoreOptions {
  fs?: StoreFs;
  /** A lock not refreshed for this long belongs to a dead writer and is taken over (min 2000 ms). */
  staleMs?: number;
  /** Mode for a folder the store has to create (the secret store's folder is owner-only). */
  dirMode?: number;
}

export interface CurrentFile {
  bytes: Buffer;
  /** sha256 of the bytes, hex: the version callers compare against. */
  hash: string;
  mode: number;
  mtimeMs: number;
  size: number;
}

export interface WriteDecision<T> {
  /** Bytes to write; absent: leave the file as it is. `mode` overrides the current file's mode. */
  write?: { data: string | Uint8Array; mode?: number };
  result: T;
}

const DEFAULT_STALE_MS = 10_000;

export function hashBytes(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The lock folder of a file: hidden, next to it, named so the workspace walk never lists it. */
export function lockPathFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.powerduck-lock`);
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task queued for `key` in this process settled. */
async function queued<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Holds the file's in-process turn and its cross-process lock while `task` runs. `task` gets a
 * check that throws when the lock was lost (another process judged it stale): call it before
 * anything irreversible.
 */
export async function withFileLock<T>(file: string, task: (assertHeld: () => void) => Promise<T>, options: StoreOptions = {}): Promise<T> {
  return queued(file, async () => {
    let lost: Error | undefined;
    let release: () => Promise<void>;
    try {
      // Loaded on the first write (a file save, or a history batch), not at start-up: a command that writes nothing never loads it.
      const lockfile = (await import('proper-lockfile')).default;
      release = await lockfile.lock(file, {
        realpath: false,
        lockfilePath: lockPathFor(file),
        stale: options.staleMs ?? DEFAULT_STALE_MS,
        // Waits up to ~2x the stale time, so a lock left by a killed writer is always taken over.
        retries: { retries: 400, factor: 1.3, minTimeout: 5, maxTimeout: 100, randomize: true },
        onCompromised: (error) => {
          lost = error;
        },
      });
    } catch (error) {
      if (errnoCode(error) === 'ELOCKED')
        throw new CoreError('io', `${file} stayed locked by another writer; nothing was written. Try again.`, { file, code: 'ELOCKED' });
      throw new CoreError('io', `Could not lock ${file} for writing: ${(error as Error).message}. Nothing was written.`, { file, code: errnoCode(error) });
    }
    const assertHeld = (): void => {
      if (lost) throw new CoreError('conflict', `Lost the write lock on ${file} (the save took too long); nothing was written.`, { file });
    };
    try {
      return await task(assertHeld);
    } finally {
      await release().catch(() => undefined);
    }
  });
}

/** The file's bytes and metadata, or undefined when it does not exist. */
export async function readCurrent(fs: StoreFs, file: string): Promise<CurrentFile | undefined> {
  try {
    const stat = await fs.stat(file);
    const bytes = await fs.readFile(file);
    return { bytes, hash: hashBytes(bytes), mode: stat.mode & 0o7777, mtimeMs: stat.mtimeMs, size: bytes.length };
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Read-decide-write under the file's lock. `decide` sees the current file (undefined when there is
 * none) and returns what to write and what to answer; it may throw (a conflict, invalid input) and
 * then nothing is written. Resolves only once the new bytes are on disk.
 */
export async function updateFile<T>(
  file: string,
  decide: (current: CurrentFile | undefined) => Promise<WriteDecision<T>>,
  options: StoreOptions = {},
): Promise<T> {
  const fs = options.fs ?? nodeStoreFs;
  try {
    await fs.mkdir(dirname(file), options.dirMode);
  } catch (error) {
    throw new CoreError('io', `Cannot create the folder of ${file}: ${(error as Error).message}`, { file, code: errnoCode(error) });
  }
  return withFileLock(
    file,
    async (assertHeld) => {
      await removeOrphanTemps(fs, file);
      let current: CurrentFile | undefined;
      try {
        current = await readCurrent(fs, file);
      } catch (error) {
        throw new CoreError('io', `Cannot read ${file}: ${(error as Error).message}`, { file, code: errnoCode(error) });
      }
      const decision = await decide(current);
      if (!decision.write) return decision.result;
      const mode = decision.write.mode ?? current?.mode;
      await replaceFileAtomic(fs, file, decision.write.data, {
        ...(mode !== undefined ? { mode } : {}),
        beforeRename: async () => {
          assertHeld();
          // Editors outside Powerduck do not take our lock: never clobber what one wrote meanwhile.
          let now: Buffer | undefined;
          try {
            now = await fs.readFile(file);
          } catch (error) {
            if (errnoCode(error) !== 'ENOENT') throw error;
          }
          const nowHash = now ? hashBytes(now) : null;
          if (nowHash !== (current?.hash ?? null)) {
            throw new CoreError('conflict', `${file} changed on disk while saving; nothing was written. Reopen it to see the other version.`, {
              file,
              actualHash: nowHash,
            });
          }
        },
      });
      return decision.result;
    },
    options,
  );
}
