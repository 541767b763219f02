import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { tempCore } from '../foundation/test-core';

let env: Awaited<ReturnType<typeof tempCore>>;
beforeAll(async () => {
  env = await tempCore();
});
afterAll(() => env.dispose());

const call: A2aCall = {
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:9999/rpc',
  method: 'SendMessage',
  body: { message: { role: 'ROLE_USER', messageId: 'm-1', parts: [{ text: '[12,30]' }] } },
};

// A hand-edited file whose A2A operation lacks its schemas: valid YAML, invalid x-a2a.
const broken = [
  'openapi: 3.2.0',
  'info: {title: mine, version: "1"}',
  'paths:',
  '  /old/send:',
  '    post:',
  '      x-protocol: a2a',
  '      x-a2a: {version: "1.0", binding: JSONRPC, endpoint: "http://127.0.0.1:9999/rpc", method: SendMessage, example: {}}',
  '      responses:',
  "        '200': {description: ok}",
  '',
].join('\n');

describe('saving into a file that already has problems', () => {
  it('saves another operation without touching the broken one, and refuses to add new problems', async () => {
    const file = join(env.dir, 'workspace', 'broken.yaml');
    await writeFile(file, broken);
    const opened = await env.core.dispatcher.invoke('spec.open', { file });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const saved = await env.core.dispatcher.invoke('spec.save', { file, path: '/new/send', expectedHash: opened.value.hash, call });
    expect(saved.ok).toBe(true);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(broken.split('\n')[6]);
    expect(text).toContain('/new/send');

    const before = await readFile(file, 'utf8');
    const bad = await env.core.dispatcher.invoke('spec.save', {
      file,
      path: '/new/bad',
      expectedHash: saved.ok ? saved.value.hash : '',
      call: { ...call, endpoint: '' },
    });
    expect(bad.ok).toBe(false);
    // The error names the problem in the operation being saved.
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringContaining(`$.paths['/new/bad']`) } });
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  // A save checks what it wrote (the touched path items, and components when it adds schemas): the
  // rest of the file did not change, so a problem there is neither new nor the save's to report.
  // `spec validate` checks the whole file.
  it('reports what the save wrote, not problems elsewhere in the file, which spec.validate still shows', async () => {
    const file = join(env.dir, 'workspace', 'elsewhere.yaml');
    const withWarning = `${broken}  /tool:\n    get:\n      x-protocol: mcp\n      responses:\n        '200': {description: ok}\n`;
    await writeFile(file, withWarning);
    const opened = await env.core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    const saved = await env.core.dispatcher.invoke('spec.save', { file, path: '/new/send', expectedHash: opened.value.hash, call });
    expect(saved).toMatchObject({ ok: true, value: { warnings: [] } });

    // A warning in the path item being saved is still reported.
    const beside = await env.core.dispatcher.invoke('spec.save', { file, path: '/tool', expectedHash: saved.ok ? saved.value.hash : '', call });
    expect(beside.ok && beside.value.warnings.map((w) => [w.path, w.rule])).toEqual([[`$.paths['/tool'].get`, 'x-mcp']]);

    const validated = await env.core.dispatcher.invoke('spec.validate', { file });
    if (!validated.ok) throw new Error(validated.error.message);
    expect(validated.value.valid).toBe(false);
    const where = validated.value.problems.map((p) => `${p.severity} ${p.path.split(/\.(get|post)\b/)[0] ?? ''}`);
    expect(where).toEqual(expect.arrayContaining([`error $.paths['/old/send']`, `warning $.paths['/tool']`]));
    expect(where.some((r) => r.includes('/new/send'))).toBe(false);
  });

  it('repairs the broken operation itself, and refuses to move its problem to a new path', async () => {
    const file = join(env.dir, 'workspace', 'repair.yaml');
    await writeFile(file, broken);
    const opened = await env.core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    const renamed = await env.core.dispatcher.invoke('spec.renameOperation', {
      file,
      path: '/old/send',
      newPath: '/moved/send',
      expectedHash: opened.value.hash,
    });
    expect(renamed).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringContaining(`$.paths['/moved/send']`) } });
    expect(await readFile(file, 'utf8')).toBe(broken);

    const repaired = await env.core.dispatcher.invoke('spec.save', { file, path: '/old/send', expectedHash: opened.value.hash, call });
    expect(repaired.ok).toBe(true);
    const validated = await env.core.dispatcher.invoke('spec.validate', { file });
    expect(validated).toMatchObject({ ok: true, value: { valid: true } });
  });
});
