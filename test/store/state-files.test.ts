/**
 * The per-user state files next to the workspace (the active environment, the specs opened in
 * place, the history settings) are written through the same store as workspace files: concurrent
 * writers queue instead of colliding on one temp name, and a read-modify-write keeps every change.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/node/history/history-store';
import { tempCore } from '../foundation/test-core';

let ctx: Awaited<ReturnType<typeof tempCore>>;
let outside: string;

beforeAll(async () => {
  ctx = await tempCore();
  outside = await mkdtemp(join(tmpdir(), 'powerduck-outside-'));
});

afterAll(async () => {
  await ctx?.dispose();
  await rm(outside, { recursive: true, force: true });
});

describe('state files written at once', () => {
  it('six env.select at once all answer ok and one of them is the choice on disk', async () => {
    const environments = Array.from({ length: 6 }, (_, i) => ({ name: `env-${i}`, variables: [] }));
    const saved = await ctx.core.dispatcher.invoke('env.save', { environments, expectedHash: null });
    if (!saved.ok) throw new Error(saved.error.message);
    const results = await Promise.all(environments.map((e) => ctx.core.dispatcher.invoke('env.select', { name: e.name })));
    expect(results.map((r) => (r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`))).toEqual(environments.map(() => 'ok'));
    const listed = await ctx.core.dispatcher.invoke('env.list', {});
    expect(listed.ok && environments.map((e) => e.name)).toContain(listed.ok ? listed.value.active : undefined);
  });

  it('six files opened in place at once are all listed afterwards', async () => {
    const files = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const file = join(outside, `api-${i}.yaml`);
        await writeFile(file, `openapi: 3.2.0\ninfo:\n  title: api ${i}\n  version: "1"\npaths: {}\n`);
        return file;
      }),
    );
    const results = await Promise.all(files.map((source) => ctx.core.dispatcher.invoke('import.apply', { source, mode: 'in-place' })));
    expect(results.map((r) => (r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`))).toEqual(files.map(() => 'ok'));
    const listed = await ctx.core.dispatcher.invoke('spec.list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.files.map((f) => f.file)).toEqual(expect.arrayContaining(files));
  });

  it('two history stores on one folder (two processes) changing different settings at once keep both changes', async () => {
    const dir = join(outside, 'history');
    const a = createHistoryStore(dir);
    const b = createHistoryStore(dir);
    try {
      await Promise.all([a.settings(), b.settings()]);
      const [one, two] = await Promise.all([a.updateSettings({ fullBodies: true }), b.updateSettings({ maxBytes: 2 * 1024 * 1024 })]);
      expect(one.fullBodies || two.fullBodies).toBe(true);
      const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { fullBodies: boolean; maxBytes: number };
      expect(onDisk).toMatchObject({ fullBodies: true, maxBytes: 2 * 1024 * 1024 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a new workspace file (environments, an imported spec) is created under the user's umask, like any other file", async () => {
    const fresh = await tempCore();
    const old = process.umask(0o077);
    try {
      const saved = await fresh.core.dispatcher.invoke('env.save', { environments: [], expectedHash: null });
      if (!saved.ok) throw new Error(saved.error.message);
      expect((await stat(saved.value.file)).mode & 0o777).toBe(0o600);
      const imported = await fresh.core.dispatcher.invoke('import.apply', {
        text: 'openapi: 3.2.0\ninfo:\n  title: private\n  version: "1"\npaths: {}\n',
        into: 'private-copy.yaml',
      });
      if (!imported.ok) throw new Error(imported.error.message);
      expect((await stat(join(fresh.core.env.dataDir.workspaceDir, 'private-copy.yaml'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
      await fresh.dispose();
    }
  });
});
