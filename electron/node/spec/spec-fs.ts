/**
 * The file-system seam of the spec feature, so tests can make any step fail (a full disk after
 * the temp file, a rename refused) and check that the original file survives.
 */
import { constants } from 'node:fs';
import * as fsp from 'node:fs/promises';

export interface SpecFileHandle {
  writeFile(data: string | Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface SpecStat {
  mtimeMs: number;
  mode: number;
  size: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface SpecDirEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface SpecFs {
  readFile(file: string): Promise<Buffer>;
  stat(file: string): Promise<SpecStat>;
  /** Rejects when the file cannot be written (read-only file or folder). */
  checkWritable(file: string): Promise<void>;
  realpath(file: string): Promise<string>;
  open(file: string, flags: string, mode?: number): Promise<SpecFileHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  readdir(dir: string): Promise<SpecDirEntry[]>;
  mkdir(dir: string): Promise<void>;
}

export const nodeSpecFs: SpecFs = {
  readFile: (file) => fsp.readFile(file),
  stat: (file) => fsp.stat(file),
  checkWritable: (file) => fsp.access(file, constants.W_OK),
  realpath: (file) => fsp.realpath(file),
  open: (file, flags, mode) => fsp.open(file, flags, mode),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (file) => fsp.unlink(file),
  readdir: (dir) => fsp.readdir(dir, { withFileTypes: true }),
  mkdir: async (dir) => {
    await fsp.mkdir(dir, { recursive: true });
  },
};

export function errnoCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
}
