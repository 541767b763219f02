/**
 * The file-system seam of the workspace store, so tests can make any step fail (a full disk after
 * the temp file, a rename refused, a writer killed before its rename) and check that the original
 * file survives.
 */
import { constants } from 'node:fs';
import * as fsp from 'node:fs/promises';

export interface StoreFileHandle {
  writeFile(data: string | Uint8Array): Promise<void>;
  /** Sets the mode regardless of the umask (a 664 file stays 664). */
  chmod(mode: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreStat {
  mtimeMs: number;
  mode: number;
  size: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

/** A stat of the path itself, a symbolic link not followed. */
export interface StoreLinkStat extends StoreStat {
  isSymbolicLink(): boolean;
}

export interface StoreDirEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface StoreFs {
  readFile(file: string): Promise<Buffer>;
  stat(file: string): Promise<StoreStat>;
  /** Rejects when the file cannot be written (read-only file or folder). */
  checkWritable(file: string): Promise<void>;
  realpath(file: string): Promise<string>;
  /** Tells a dangling symbolic link (realpath fails with ENOENT) from a file that is not there. */
  lstat(file: string): Promise<StoreLinkStat>;
  open(file: string, flags: string, mode?: number): Promise<StoreFileHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  readdir(dir: string): Promise<StoreDirEntry[]>;
  mkdir(dir: string, mode?: number): Promise<void>;
}

export const nodeStoreFs: StoreFs = {
  readFile: (file) => fsp.readFile(file),
  stat: (file) => fsp.stat(file),
  checkWritable: (file) => fsp.access(file, constants.W_OK),
  realpath: (file) => fsp.realpath(file),
  lstat: (file) => fsp.lstat(file),
  open: (file, flags, mode) => fsp.open(file, flags, mode),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (file) => fsp.unlink(file),
  readdir: (dir) => fsp.readdir(dir, { withFileTypes: true }),
  mkdir: async (dir, mode) => {
    await fsp.mkdir(dir, { recursive: true, ...(mode !== undefined ? { mode } : {}) });
  },
};

export function errnoCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;
}
