/**
 * Save to spec for a tab whose URL starts with a `{{variable}}` (Postman's `{{base}}/echo`): the server
 * is the variable as written, the path the rest, the query and a `{{apiKey}}` header become parameters
 * with their references as examples, and the saved operation drafts back to the same server, path and
 * fields.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { createHttpDraft } from '../../renderer/src/features/http/http-draft';
import { saveDraftFor, splitForSpec } from '../../renderer/src/features/http/http-save-draft';
import { operationTab } from '../../renderer/src/features/http/operation-tab';
import { tempCore } from '../foundation/test-core';

let core: Core;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ core, dispose } = await tempCore());
});
afterAll(async () => dispose());

/** What the sidebar's Open drafts from a saved operation (http.draftOperation): server URLs and field values. */
async function reopen(file: string, path: string, httpMethod: string): Promise<{ servers: string[]; values: Record<string, string> }> {
  const drafted = await core.dispatcher.invoke('http.draftOperation', { file, path, httpMethod });
  if (!drafted.ok) throw new Error(drafted.error.message);
  const d = drafted.value.draft;
  const values: Record<string, string> = {};
  for (const p of d.params) values[`${p.in}:${p.name}`] = p.example;
  return { servers: d.servers.map((s) => s.url), values };
}

describe('Save to spec with {{variables}} in the URL', () => {
  it('keeps {{base}} as the server, /echo as the path, and the query and {{apiKey}} header as parameters; the operation drafts back to them', async () => {
    const tab = createHttpDraft('t', { method: 'GET', url: '{{base}}/echo?v={{val}}', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }] });
    const split = splitForSpec(tab.url);
    expect(split).toEqual({ serverUrl: '{{base}}', path: '/echo' });
    const saved = await core.dispatcher.invoke('http.save', {
      file: 'vars.yaml',
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: split?.path ?? '/', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const text = await readFile(join(core.env.dataDir.workspaceDir, 'vars.yaml'), 'utf8');
    expect(text).toContain('/echo:');
    expect(text).toMatch(/servers:\s*\n\s*- url: "?\{\{base\}\}"?/);
    expect(text).toContain('X-Api-Key');

    expect(await reopen('vars.yaml', '/echo', 'get')).toEqual({
      servers: ['{{base}}'],
      values: { 'query:v': '{{val}}', 'header:X-Api-Key': '{{apiKey}}' },
    });

    // Opened as a tab again: the URL reads as it was typed; the header is the operation's field (an operation tab edits parameters in its form).
    const drafted = await core.dispatcher.invoke('http.draftOperation', { file: 'vars.yaml', path: '/echo', httpMethod: 'get' });
    if (!drafted.ok) throw new Error(drafted.error.message);
    const reopened = operationTab(drafted.value, { path: '/echo', httpMethod: 'get' });
    expect(reopened.url).toBe('{{base}}/echo?v={{val}}');
    expect(reopened.operation?.values['header:X-Api-Key']).toBe('{{apiKey}}');
  });

  it('a {{id}} path segment becomes a path parameter, and a variable host and port stay in the server', async () => {
    const tab = createHttpDraft('t', { method: 'DELETE', url: 'http://{{host}}:{{port}}/pets/{{id}}' });
    const split = splitForSpec(tab.url);
    expect(split).toEqual({ serverUrl: 'http://{{host}}:{{port}}', path: '/pets/{id}' });
    const saved = await core.dispatcher.invoke('http.save', {
      file: 'hostport.yaml',
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: split?.path ?? '/', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(await reopen('hostport.yaml', '/pets/{id}', 'delete')).toEqual({ servers: ['http://{{host}}:{{port}}'], values: { 'path:id': '{{id}}' } });
  });

  it('a literal credential header is still not written, and userinfo never reaches servers', async () => {
    const tab = createHttpDraft('t', {
      method: 'GET',
      url: 'https://bob:pw-{{x}}@{{host}}/a',
      headers: [{ name: 'X-Api-Key', value: 'sk-literal-123456' }],
    });
    const split = splitForSpec(tab.url);
    expect(split?.serverUrl).toBe('https://{{host}}');
    const saved = await core.dispatcher.invoke('http.save', {
      file: 'literal.yaml',
      expectedHash: null,
      draft: saveDraftFor(tab, undefined, { path: split?.path ?? '/', summary: '', withResponse: false }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const text = await readFile(join(core.env.dataDir.workspaceDir, 'literal.yaml'), 'utf8');
    expect(text).not.toContain('sk-literal-123456');
    expect(text).not.toContain('X-Api-Key');
    expect(text).not.toContain('bob');
  });
});
