/**
 * `spec validate` on a spec opened in place whose x-a2a and x-mcp schemas `$ref` other files, as a
 * plain HTTP operation's are read (bundle-refs.ts): what resolves is quiet; a file missing, too large
 * or outside the spec's folder and the workspace, a pointer to nothing, broken percent-encoding are
 * each one warning naming the reference where the document holds it; hostile documents (reference
 * cycles, `__proto__` keys, deep nesting, thousands of files) end in findings, never a crash, and a
 * file outside is never read, through a symbolic link either (links are followed before the check; a
 * link loop or a link to nothing is a finding of its own).
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { bundleFileRefs } from '../../electron/node/import/bundle-refs';
import { nodeSpecFs } from '../../electron/node/openapi/spec-fs';
import type { SpecProblem } from '../../shared/openapi/spec-types';

let root: string;
let core: Core;
let specDir: string;
const OUTSIDE_MARK = 'outside-value-5521';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-file-refs-'));
  specDir = join(root, 'project');
  await mkdir(join(root, 'elsewhere'), { recursive: true });
  await mkdir(specDir, { recursive: true });
  core = await openCore({ host: 'test', dataDir: join(root, 'data'), secrets: createMemorySecretStore(), environment: {} });
  // Written as text: an object literal's __proto__ would set a prototype, not a key.
  await writeFile(
    join(specDir, 'schemas.json'),
    `{"Reply": {"type": "object", "properties": {"next": {"$ref": "./other.json#/Loop"}}}, "In": {"type": "object"}, "__proto__": {"type": "string"}, "list": [{"type": "number"}]}`,
  );
  // A cycle across files: other.json's Loop refers back to schemas.json's Reply.
  await writeFile(join(specDir, 'other.json'), JSON.stringify({ Loop: { $ref: './schemas.json#/Reply' } }));
  await writeFile(join(root, 'elsewhere', 'private.json'), JSON.stringify({ Out: { const: OUTSIDE_MARK } }));
});

afterAll(async () => {
  await core.close();
  await rm(root, { recursive: true, force: true });
});

const a2a = (requestSchema: unknown, responseSchema: unknown) => ({
  post: {
    'x-a2a': { version: '1.0', binding: 'JSONRPC', endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', requestSchema, responseSchema, example: {} },
    responses: { '200': { description: 'ok' } },
  },
});
const mcp = (requestSchema: unknown, responseSchema: unknown) => ({
  post: {
    'x-protocol': 'mcp',
    'x-mcp': {
      transport: 'streamable-http',
      endpoint: 'http://127.0.0.1:9/mcp',
      method: 'tools/call',
      params: { name: 'x', arguments: {} },
      tool: 'x',
      requestSchema,
      responseSchema,
    },
    responses: { '200': { description: 'ok' } },
  },
});

async function fileRefFindings(name: string, paths: Record<string, unknown>): Promise<SpecProblem[]> {
  const file = join(specDir, name);
  await writeFile(file, JSON.stringify({ openapi: '3.2.0', info: { title: 'refs', version: '1' }, paths }, null, 2));
  const result = await core.dispatcher.invoke('spec.validate', { file });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.problems.filter((p) => p.rule === 'file-ref');
}

describe('spec validate: x-a2a and x-mcp schemas in other files', () => {
  it('is quiet when every reference resolves, a cycle across files and a __proto__ key included', async () => {
    const found = await fileRefFindings('good.json', {
      '/a2a': a2a({ $ref: './schemas.json#/In' }, { $ref: './schemas.json#/Reply' }),
      '/mcp': mcp({ $ref: './schemas.json#/__proto__' }, { $ref: './schemas.json#/list/0' }),
    });
    expect(found).toEqual([]);
  });

  it('names each reference it cannot follow, where the document holds it: missing file, bad pointer, outside, bad encoding', async () => {
    const found = await fileRefFindings('bad.json', {
      '/a2a': a2a({ $ref: './missing.json#/In' }, { $ref: './schemas.json#/Nope' }),
      '/mcp': mcp({ $ref: '../elsewhere/private.json#/Out' }, { $ref: './%E0%A4%A.json#/X' }),
      '/proto': mcp({ $ref: './schemas.json#/constructor' }, { $ref: './schemas.json#/In/__proto__/polluted' }),
    });
    const at = (pointer: string): SpecProblem | undefined => found.find((p) => p.pointer === pointer);
    expect(at('/paths/~1a2a/post/x-a2a/requestSchema/$ref')?.message).toContain('./missing.json#/In cannot be followed: missing.json cannot be read');
    expect(at('/paths/~1a2a/post/x-a2a/responseSchema/$ref')?.message).toContain('./schemas.json#/Nope cannot be followed: schemas.json has nothing at #/Nope');
    expect(at('/paths/~1mcp/post/x-mcp/requestSchema/$ref')?.message).toContain("is outside the spec's folder and the workspace, so it is not read");
    expect(at('/paths/~1mcp/post/x-mcp/responseSchema/$ref')?.message).toContain('bad percent-encoding');
    expect(at('/paths/~1proto/post/x-mcp/requestSchema/$ref')?.message).toContain('has nothing at #/constructor');
    expect(at('/paths/~1proto/post/x-mcp/responseSchema/$ref')?.message).toContain('has nothing at #/In/__proto__/polluted');
    for (const p of found) expect(p.severity).toBe('warning');
    expect(JSON.stringify(found)).not.toContain(OUTSIDE_MARK);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a referenced file over the size limit, thousands of files and deep nesting end in findings, never a crash', async () => {
    await writeFile(join(specDir, 'huge.json'), `{"Big": {"description": "${'x'.repeat(17 * 1024 * 1024)}"}}`);
    let deep = '{"type":"string"}';
    for (let i = 0; i < 5000; i++) deep = `{"items":${deep}}`;
    await writeFile(join(specDir, 'deep.json'), `{"Deep":${deep}}`);
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 80; i++) many[`/m${i}`] = a2a({ $ref: `./gone-${i}.json#/In` }, {});
    const found = await fileRefFindings('hostile.json', {
      '/huge': a2a({ $ref: './huge.json#/Big' }, { $ref: './deep.json#/Deep' }),
      ...many,
    });
    expect(found.find((p) => p.pointer === '/paths/~1huge/post/x-a2a/requestSchema/$ref')?.message).toContain('huge.json cannot be read');
    expect(found.find((p) => p.pointer === '/paths/~1huge/post/x-a2a/responseSchema/$ref')?.message).toContain(
      'deep.json#/Deep is nested more than 256 levels deep',
    );
    // Past 64 files nothing more is read; each reference is still named.
    expect(found.filter((p) => p.message.includes('more than 64 other files')).length).toBeGreaterThan(0);
    expect(found.length).toBe(2 + 80);
  });
});

describe('a saved MCP operation whose tool schemas are in another file', () => {
  it('reads them from it for the run (the outputSchema check), leaving the file as it is; an unreadable one stays a reference', async () => {
    await fileRefFindings('tools.json', {
      '/mcp': mcp({ $ref: './schemas.json#/In' }, { $ref: './schemas.json#/list/0' }),
      '/gone': mcp(undefined, { $ref: './gone.json#/Out' }),
    });
    const file = join(specDir, 'tools.json');
    const before = await readFile(file, 'utf8');
    const draft = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/mcp' });
    if (!draft.ok) throw new Error(draft.error.message);
    expect(draft.value.inputSchema).toEqual({ type: 'object' });
    expect(draft.value.outputSchema).toEqual({ type: 'number' });
    const gone = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/gone' });
    if (!gone.ok) throw new Error(gone.error.message);
    expect(gone.value.outputSchema).toEqual({ $ref: './gone.json#/Out' });
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('follows symbolic links before the folder check: a link inside to a file or folder outside is outside, a loop or a dangling link is named', async () => {
    const links = join(specDir, 'links');
    await mkdir(links, { recursive: true });
    await symlink(join(root, 'elsewhere', 'private.json'), join(links, 'out-file.json'));
    await symlink(join(root, 'elsewhere'), join(links, 'out-dir'));
    await symlink(join(specDir, 'schemas.json'), join(links, 'in-file.json'));
    await symlink(join(links, 'loop-b.json'), join(links, 'loop-a.json'));
    await symlink(join(links, 'loop-a.json'), join(links, 'loop-b.json'));
    await symlink(join(links, 'gone.json'), join(links, 'dangling.json'));
    const found = await fileRefFindings('links.json', {
      '/file': a2a({ $ref: './links/out-file.json#/Out' }, { $ref: './links/out-dir/private.json#/Out' }),
      '/inside': a2a({ $ref: './links/in-file.json#/In' }, {}),
      '/odd': mcp({ $ref: './links/loop-a.json#/X' }, { $ref: './links/dangling.json#/X' }),
    });
    const at = (pointer: string): string | undefined => found.find((p) => p.pointer === pointer)?.message;
    for (const pointer of ['/paths/~1file/post/x-a2a/requestSchema/$ref', '/paths/~1file/post/x-a2a/responseSchema/$ref']) {
      expect(at(pointer)).toContain('leads through a symbolic link to');
      expect(at(pointer)).toContain("outside the spec's folder and the workspace, so it is not read");
    }
    expect(at('/paths/~1odd/post/x-mcp/requestSchema/$ref')).toContain('loop-a.json is a symbolic link that leads back to itself (a link loop)');
    expect(at('/paths/~1odd/post/x-mcp/responseSchema/$ref')).toContain('dangling.json is a symbolic link to a file that does not exist (a dangling link)');
    // A link that stays inside is followed like the file itself: no finding.
    expect(at('/paths/~1inside/post/x-a2a/requestSchema/$ref')).toBeUndefined();
    expect(found).toHaveLength(4);
    for (const p of found) expect(p.severity).toBe('warning');
    expect(JSON.stringify(found)).not.toContain(OUTSIDE_MARK);
  });

  it('an import copy or a response check (the same reading) does not bring in a schema through a link to outside', async () => {
    const file = join(specDir, 'linked-copy.json');
    await symlink(join(root, 'elsewhere', 'private.json'), join(specDir, 'copy-out.json'));
    const model = { openapi: '3.2.0', info: { title: 'refs', version: '1' }, paths: { '/a': a2a({ $ref: './copy-out.json#/Out' }, {}) } };
    await writeFile(file, JSON.stringify(model));
    const bundled = await bundleFileRefs({ fs: nodeSpecFs, workspaceDir: join(root, 'data'), secrets: createMemorySecretStore() }, model, file, 'json');
    expect(bundled.model).toBeUndefined();
    expect(bundled.unresolved.join('\n')).toContain('leads through a symbolic link to');
    expect(JSON.stringify(bundled)).not.toContain(OUTSIDE_MARK);
  });
});
