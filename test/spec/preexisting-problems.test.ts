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
      call: { ...call, version: '0.3', binding: 'GRPC', method: 'message/send' },
    });
    expect(bad.ok).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});
