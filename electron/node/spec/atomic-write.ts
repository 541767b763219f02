/**
 * Atomic replacement of a file: the new bytes go to a temp file in the same folder (same file
 * system, so the rename is atomic), are fsynced, and only then renamed over the original. Any
 * failure removes the temp file and leaves the original as it was.
 */
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { CoreError } from '../core-error';
import type { SpecFs } from './spec-fs';
import { errnoCode } from './spec-fs';

export interface AtomicWriteOptions {
  /** File mode for a new file, or the original's mode to keep. */
  mode?: number;
  /** Last check just before the rename (e.g. "the file is still what we opened"); throw to abort. */
  beforeRename?: () => Promise<void>;
}

function ioError(action: string, file: string, error: unknown): CoreError {
  const code = errnoCode(error);
  const reason = code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'permission denied' : code === 'ENOSPC' ? 'the disk is full' : (error as Error)?.message ?? String(error);
  return new CoreError('io', `Could not ${action} ${file}: ${reason}. The original file was not changed.`, { code });
}

export async function writeFileAtomic(fs: SpecFs, file: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.powerduck-tmp`);
  let handle;
  try {
    handle = await fs.open(tmp, 'wx', options.mode ?? 0o644);
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
