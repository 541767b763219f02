/**
 * spec.previewSave: the conflict prompt's comparison. The whole operation on disk now (an outside edit
 * anywhere in it, not only x-a2a) beside what a save would leave there; nothing written, no secret stored.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { A2aCall } from '../../shared/a2a/call';
import { tempCore } from '../foundation/test-core';

let ctx: Awaited<ReturnType<typeof tempCore>>;

beforeAll(async () => {
  ctx = await tempCore();
});
afterAll(async () => {
  await ctx?.dispose();
});

const call = (endpoint: string, extra: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint,
  method: 'GetTask',
  body: { id: 't-1' },
  ...extra,
});

describe('spec.previewSave', () => {
  it('shows the outside edit on disk and what overwrite would write, and writes nothing', async () => {
    const { core } = ctx;
    const file = 'preview.yaml';
    const saved = await core.dispatcher.invoke('spec.saveAs', { file, path: '/tasks/get', expectedHash: null, call: call('http://127.0.0.1:1/rpc') });
    expect(saved).toMatchObject({ ok: true });
    if (!saved.ok) return;
    // Someone edits the operation's description in another editor.
    const abs = saved.value.file;
    const doc = parse(await readFile(abs, 'utf8')) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const op = doc.paths['/tasks/get']?.['post'] as Record<string, unknown>;
    op['description'] = 'Changed outside Powerduck';
    await writeFile(abs, stringify(doc));
    const before = await readFile(abs, 'utf8');

    const preview = await core.dispatcher.invoke('spec.previewSave', {
      file,
      path: '/tasks/get',
      expectedHash: saved.value.hash,
      call: call('http://127.0.0.1:2/rpc', { auth: { type: 'bearer', token: { value: 'literal-token-value' } } }),
      secretName: 'preview-token',
    });
    expect(preview.ok ? 'ok' : preview.error.message).toBe('ok');
    if (!preview.ok) return;
    expect(preview.value.disk).toMatchObject({ description: 'Changed outside Powerduck', 'x-a2a': { endpoint: 'http://127.0.0.1:1/rpc' } });
    expect(preview.value.written).toMatchObject({ 'x-a2a': { endpoint: 'http://127.0.0.1:2/rpc' } });
    // Overwrite keeps the keys Powerduck does not own: the preview says so rather than hiding it.
    expect(preview.value.written['description']).toBe('Changed outside Powerduck');
    expect(preview.value.hash).not.toBe(saved.value.hash);
    expect(JSON.stringify(preview.value)).not.toContain('literal-token-value');
    // Nothing was written: not the file, not the secret.
    expect(await readFile(abs, 'utf8')).toBe(before);
    expect(await core.env.secrets.list()).not.toContain('preview-token');
  });

  it('a path with no operation yet: disk is null; a bad request is refused', async () => {
    const { core } = ctx;
    const fresh = await core.dispatcher.invoke('spec.previewSave', {
      file: 'none-yet.yaml',
      path: '/new',
      expectedHash: null,
      call: call('http://127.0.0.1:1/rpc'),
    });
    expect(fresh).toMatchObject({ ok: true, value: { hash: null, disk: null, diskText: null, written: { 'x-a2a': { method: 'GetTask' } } } });
    await expect(readFile(join(ctx.dir, 'workspace', 'none-yet.yaml'))).rejects.toThrow();
    const bad = await core.dispatcher.invoke('spec.previewSave', { file: 'none-yet.yaml', path: 'no-slash', expectedHash: null, call: call('x') });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('gives both sides as text in the file’s own format: YAML for .yaml and .yml, JSON for .json', async () => {
    const { core } = ctx;
    for (const [file, format] of [
      ['fmt.yaml', 'yaml'],
      ['fmt.yml', 'yaml'],
      ['fmt.json', 'json'],
    ] as const) {
      const saved = await core.dispatcher.invoke('spec.saveAs', { file, path: '/tasks/get', expectedHash: null, call: call('http://127.0.0.1:1/rpc') });
      if (!saved.ok) throw new Error(saved.error.message);
      const preview = await core.dispatcher.invoke('spec.previewSave', {
        file,
        path: '/tasks/get',
        expectedHash: saved.value.hash,
        call: call('http://127.0.0.1:2/rpc'),
      });
      if (!preview.ok) throw new Error(preview.error.message);
      expect(preview.value.format).toBe(format);
      const { diskText, writtenText } = preview.value;
      if (diskText === null) throw new Error('no disk text');
      // Each text reads back as its value, and is written as the format writes it (no JSON braces in YAML).
      expect(parse(diskText)).toEqual(preview.value.disk);
      expect(parse(writtenText)).toEqual(preview.value.written);
      if (format === 'yaml') {
        expect(writtenText).toMatch(/^x-a2a:$/m);
        expect(writtenText.trimStart().startsWith('{')).toBe(false);
      } else expect(JSON.parse(writtenText)).toEqual(preview.value.written);
      expect(writtenText).toContain('http://127.0.0.1:2/rpc');
      expect(diskText).toContain('http://127.0.0.1:1/rpc');
    }
  });
});
