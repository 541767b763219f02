/**
 * Every file the import and environments features write into the workspace goes through here,
 * so moving them onto the workspace file store is one edit. A write names the version it was
 * based on (sha256 of the bytes, or null for "must not exist yet"), is refused with 'conflict'
 * when the file changed meanwhile, and replaces the file atomically.
 */
import { createHash } from 'node:crypto';
import { CoreError } from '../core-error';
import { updateFile } from '../store/file-store';
import type { SpecFs } from '../openapi/spec-fs';
import { errnoCode } from '../openapi/spec-fs';

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file's text and hash, or undefined when it does not exist. */
export async function readWorkspaceText(fs: SpecFs, file: string, maxBytes: number): Promise<{ text: string; hash: string } | undefined> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new CoreError('bad-request', `${file} is not a file.`);
    if (stat.size > maxBytes) throw new CoreError('too-large', `${file} is larger than ${Math.round(maxBytes / 1024)} KiB.`);
    const bytes = await fs.readFile(file);
    return { text: bytes.toString('utf8').replace(/^\ufeff/, ''), hash: sha256(bytes) };
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new CoreError('io', `Cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * Writes `text` to `file` if it still is the version `expectedHash` names (null: must not exist;
 * undefined: whatever is there). Returns the new hash. Goes through the workspace file store, so the
 * check and the rename are one locked step and concurrent writers queue instead of overwriting.
 */
export async function writeWorkspaceText(fs: SpecFs, file: string, text: string, expectedHash: string | null | undefined): Promise<string> {
  return updateFile(
    file,
    async (current) => {
      const now = current?.hash ?? null;
      if (expectedHash !== undefined && now !== expectedHash) {
        throw new CoreError(
          'conflict',
          expectedHash === null
            ? `${file} already exists; nothing was written.`
            : `${file} changed on disk since it was read; nothing was written. Reload it and try again.`,
          {
            file,
            actualHash: now,
          },
        );
      }
      // An existing file keeps its mode (the store does that); a new one is created under the
      // user's umask like any file they make, never forced readable by others.
      return { write: { data: text }, result: sha256(text) };
    },
    { fs },
  );
}
