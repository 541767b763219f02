/**
 * Atomic replacement of a file: the new bytes go to a temp file in the same folder (same file
 * system, so the rename is atomic), get the file's mode, are fsynced, and only then renamed over
 * the original; the folder is fsynced after the rename so the new name survives a power cut. Any
 * failure removes the temp file and leaves the original as it was. Callers hold the file's lock
 * (see file-store.ts), which is why orphaned temp files of a target can be removed safely.
 */
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { CoreError } from '../core-error';
import type { StoreFs } from './store-fs';
import { errnoCode } from './store-fs';

export interface AtomicReplaceOptions {
  /** Mode of the written file (kept from the original by callers); unset: a new file under the umask. */
  mode?: number;
  /** Last check just before the rename (e.g. "the file is still what we read"); throw to abort. */
  beforeRename?: () => Promise<void>;
}

const TEMP_SUFFIX = '.powerduck-tmp';

/** Temp names are unique per write (random, not pid + clock), so two writers never share one. */
export function tempNameFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`);
}

/** Whether `name` (an entry of the target's folder) is one of our temp files for `file`. */
export function isTempOf(file: string, name: string): boolean {
  return name.startsWith(`.${basename(file)}.`) && name.endsWith(TEMP_SUFFIX);
}

function ioError(action: string, file: string, error: unknown): CoreError {
  const code = errnoCode(error);
  const reason =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'permission denied'
      : code === 'ENOSPC'
        ? 'the disk is full'
        : ((error as Error)?.message ?? String(error));
  return new CoreError('io', `Could not ${action} ${file}: ${reason}. The original file was not changed.`, { code });
}

/**
 * Removes temp files a killed writer left next to `file`. Only call it while holding the file's
 * lock: every writer creates its temp file under that lock, so any temp file seen then is orphaned.
 */
export async function removeOrphanTemps(fs: StoreFs, file: string): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dirname(file));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !isTempOf(file, entry.name)) continue;
    try {
      await fs.unlink(join(dirname(file), entry.name));
      removed++;
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

export async function replaceFileAtomic(fs: StoreFs, file: string, data: string | Uint8Array, options: AtomicReplaceOptions = {}): Promise<void> {
  const dir = dirname(file);
  const tmp = tempNameFor(file);
  let handle;
  try {
    // With a mode to keep: owner-only until chmod sets it (a 0600 file's bytes are never readable
    // by others, even briefly). Without one: a new file, created like any other under the umask.
    handle = await fs.open(tmp, 'wx', options.mode !== undefined ? 0o600 : 0o666);
  } catch (error) {
    throw ioError('create a temporary file next to', file, error);
  }
  const discard = async (): Promise<void> => {
    try {
      await fs.unlink(tmp);
    } catch {
      // already gone
    }
  };
  try {
    // open() applies the umask; chmod does not, so 664 stays 664.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await discard();
    throw ioError('write', file, error);
  }
  try {
    await handle.close();
  } catch (error) {
    await discard();
    throw ioError('write', file, error);
  }
  try {
    await options.beforeRename?.();
  } catch (error) {
    await discard();
    throw error;
  }
  try {
    await fs.rename(tmp, file);
  } catch (error) {
    await discard();
    throw ioError('replace', file, error);
  }
  // Make the rename itself durable; not every platform can fsync a directory.
  try {
    const dirHandle = await fs.open(dir, 'r');
    await dirHandle.sync().catch(() => undefined);
    await dirHandle.close();
  } catch {
    // best effort
  }
}
