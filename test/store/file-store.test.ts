import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../electron/node/core-error';
import { lockPathFor, readCurrent, updateFile } from '../../electron/node/store/file-store';

const root = await mkdtemp(join(tmpdir(), 'powerduck-store-'));
let n = 0;
async function freshDir(): Promise<string> {
  const dir = join(root, `case-${n++}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Appends a line under the lock (a read-modify-write that loses lines when writers are not serialised). */
const appendLine = (file: string, line: string): Promise<void> =>
  updateFile(file, async (current) => ({ write: { data: `${current?.bytes.toString('utf8') ?? ''}${line}\n` }, result: undefined }));

/**
 * Starts the crash fixture and resolves once its temp file is written and it waits before the
 * rename. A child that dies before getting there (tsx start-up on a loaded machine) is started once more.
 */
async function stalledWriter(file: string, attempt = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'store-crash-writer.ts'), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const reached = await new Promise<boolean>((resolve) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('temp-written')) resolve(true);
    });
    child.once('exit', () => resolve(false));
  });
  if (reached) return child;
  if (attempt < 2) return stalledWriter(file, attempt + 1);
  throw new Error(`the writer exited before its rename: ${stderr}`);
}

describe('the workspace store', () => {
  it('serialises read-modify-write in one process: 40 concurrent appends all land', async () => {
    const file = join(await freshDir(), 'list.txt');
    await Promise.all(Array.from({ length: 40 }, (_, i) => appendLine(file, `line-${i}`)));
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `line-${i}`).sort());
    // Nothing left behind: no temp file, no lock folder.
    expect((await readdir(join(file, '..'))).sort()).toEqual(['list.txt']);
  });

  it('keeps the file mode (664 stays 664 under a 022 umask) and writes a given mode exactly', async () => {
    const dir = await freshDir();
    const file = join(dir, 'spec.yaml');
    await writeFile(file, 'a\n');
    await chmod(file, 0o664);
    const old = process.umask(0o022);
    try {
      await appendLine(file, 'b');
      expect((await stat(file)).mode & 0o777).toBe(0o664);
      const secret = join(dir, 'secrets.json');
      await updateFile(secret, async () => ({ write: { data: '{}', mode: 0o600 }, result: undefined }));
      expect((await stat(secret)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });

  it('removes orphaned temp files of the file it writes, and only those', async () => {
    const dir = await freshDir();
    const file = join(dir, 'spec.yaml');
    await writeFile(file, 'a\n');
    await writeFile(join(dir, '.spec.yaml.123.deadbeef.powerduck-tmp'), 'half a fi');
    await writeFile(join(dir, '.other.yaml.123.deadbeef.powerduck-tmp'), 'not ours to judge');
    await appendLine(file, 'b');
    expect((await readdir(dir)).sort()).toEqual(['.other.yaml.123.deadbeef.powerduck-tmp', 'spec.yaml']);
  });

  it('writes nothing when the decision throws, and says so with the thrown error', async () => {
    const file = join(await freshDir(), 'spec.yaml');
    await writeFile(file, 'original\n');
    const error = await updateFile(file, async () => {
      throw new CoreError('conflict', 'no');
    }).catch((e: unknown) => e);
    expect((error as CoreError).code).toBe('conflict');
    expect(await readFile(file, 'utf8')).toBe('original\n');
    // The lock was released: the next write goes through at once.
    await appendLine(file, 'next');
    expect(await readFile(file, 'utf8')).toBe('original\nnext\n');
  });

  it('a writer killed between temp write and rename leaves the old file whole, and its lock is taken over once stale', async () => {
    const dir = await freshDir();
    const file = join(dir, 'spec.yaml');
    await writeFile(file, 'OLD CONTENT\n');
    const child = await stalledWriter(file);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Crashed mid-save: the old file, whole; its temp file and lock folder are left behind.
    expect(await readFile(file, 'utf8')).toBe('OLD CONTENT\n');
    const left = await readdir(dir);
    expect(left.some((f) => f.endsWith('.powerduck-tmp'))).toBe(true);
    expect(left).toContain('.spec.yaml.powerduck-lock');
    // The dead writer's lock goes stale (no refresh) and the next writer takes it over.
    const t0 = Date.now();
    await updateFile(file, async (current) => ({ write: { data: `${current?.bytes.toString('utf8')}after\n` }, result: undefined }), { staleMs: 2000 });
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(await readFile(file, 'utf8')).toBe('OLD CONTENT\nafter\n');
    expect((await readdir(dir)).sort()).toEqual(['spec.yaml']);
  }, 40_000);

  it('takes over a lock folder left by a process that died long ago', async () => {
    const dir = await freshDir();
    const file = join(dir, 'spec.yaml');
    await writeFile(file, 'x\n');
    await mkdir(lockPathFor(file));
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPathFor(file), longAgo, longAgo);
    await appendLine(file, 'y');
    expect(await readFile(file, 'utf8')).toBe('x\ny\n');
    expect(await readCurrent((await import('../../electron/node/store/store-fs')).nodeStoreFs, join(dir, 'missing'))).toBeUndefined();
  });
});
