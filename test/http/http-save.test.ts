/** Save to spec for HTTP requests: a plain OpenAPI 3.2 operation through the guarded write path. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { HttpSaveDraft } from '../../shared/http/http-operation-build';
import { tempCore } from '../foundation/test-core';

let core: Core;
let dispose: () => Promise<void>;
let workspace: string;

beforeAll(async () => {
  const temp = await tempCore();
  core = temp.core;
  dispose = temp.dispose;
  workspace = core.env.dataDir.workspaceDir;
});
afterAll(async () => dispose());

const draft = (patch: Partial<HttpSaveDraft> = {}): HttpSaveDraft => ({
  method: 'GET',
  path: '/pets/{petId}',
  serverUrl: 'http://127.0.0.1:9000',
  parameters: [
    { name: 'petId', in: 'path', example: '7' },
    { name: 'Authorization', in: 'header', example: 'Bearer s3cret-token' },
    { name: 'X-Trace', in: 'header', example: 't1' },
  ],
  response: { status: 200, contentType: 'application/json; charset=utf-8', example: { id: 7 } },
  securityScheme: 'petsToken',
  ...patch,
});

async function hashOf(file: string): Promise<string | null> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  return opened.ok ? opened.value.hash : null;
}

describe('http.save', () => {
  it('writes a standard operation (no x-a2a, no credential header), then merges a second observed status', async () => {
    const file = 'http.yaml';
    const first = await core.dispatcher.invoke('http.save', { file, expectedHash: null, draft: draft() });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.created).toBe(true);
    expect(first.value.notes.join(' ')).toContain('petsToken');
    // The typed Authorization row is left out and said to be, by name, never by value.
    expect(first.value.notes.join(' ')).toContain('"Authorization"');
    expect(first.value.notes.join(' ')).not.toContain('s3cret-token');
    const second = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: await hashOf(file),
      draft: draft({ response: { status: 404, contentType: 'text/plain', example: 'no' } }),
    });
    if (!second.ok) throw new Error(second.error.message);
    const text = await readFile(join(workspace, file), 'utf8');
    expect(text).not.toMatch(/^\s*x-a2a:/m);
    expect(text).not.toContain('s3cret-token');
    expect(text).toContain('X-Trace');
    expect(text).toMatch(/"200":[\s\S]*"404":/);
    const valid = await core.dispatcher.invoke('spec.validate', { file });
    expect(valid.ok && valid.value.valid).toBe(true);
  });

  it('a bearer, Basic or API-key auth whose scheme the document lacks gets its entry, so the saved operation runs with it', async () => {
    const file = 'schemes.yaml';
    const bearer = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: null,
      draft: draft({ securityScheme: 'pets-token', schemeAuth: { type: 'bearer', token: { secretRef: 'pets-token' } } }),
    });
    if (!bearer.ok) throw new Error(bearer.error.message);
    expect(bearer.value.notes.join(' ')).not.toContain('defines no security scheme');
    const basic = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: await hashOf(file),
      draft: draft({
        path: '/owners/{petId}',
        securityScheme: 'owner-login',
        schemeAuth: { type: 'basic', username: 'alice', password: { secretRef: 'owner-login' } },
      }),
    });
    if (!basic.ok) throw new Error(basic.error.message);
    const key = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: await hashOf(file),
      draft: draft({
        path: '/stores/{petId}',
        securityScheme: 'store-key',
        schemeAuth: { type: 'apiKey', in: 'query', name: 'api_key', value: { secretRef: 'store-key' } },
      }),
    });
    if (!key.ok) throw new Error(key.error.message);
    const valid = await core.dispatcher.invoke('spec.validate', { file });
    expect(valid.ok && valid.value.valid).toBe(true);
    // Reopened, each operation drafts the auth it was saved with, naming the secret and never a value.
    const reopened = async (path: string) => {
      const drafted = await core.dispatcher.invoke('http.draftOperation', { file, path, httpMethod: 'get' });
      if (!drafted.ok) throw new Error(drafted.error.message);
      return drafted.value.draft.security?.auth;
    };
    expect(await reopened('/pets/{petId}')).toEqual({ type: 'bearer', token: { secretRef: 'pets-token' } });
    expect(await reopened('/owners/{petId}')).toEqual({ type: 'basic', username: 'alice', password: { secretRef: 'owner-login' } });
    expect(await reopened('/stores/{petId}')).toEqual({ type: 'apiKey', in: 'query', name: 'api_key', value: { secretRef: 'store-key' } });
    // An entry the document already has is never rewritten by a save.
    const again = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: await hashOf(file),
      draft: draft({
        path: '/other',
        parameters: [],
        securityScheme: 'pets-token',
        schemeAuth: { type: 'apiKey', in: 'header', name: 'X-Key', value: { secretRef: 'pets-token' } },
      }),
    });
    if (!again.ok) throw new Error(again.error.message);
    expect(await readFile(join(workspace, file), 'utf8')).toMatch(/pets-token:\s*\n\s*type: http\s*\n\s*scheme: bearer/);
  });

  it('an OAuth 2.0 requirement keeps the scopes it asks for', async () => {
    const file = 'oauth.json';
    await writeFile(
      join(workspace, file),
      JSON.stringify({
        openapi: '3.2.0',
        info: { title: 'T', version: '1' },
        paths: {},
        components: { securitySchemes: { corp: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: {} } } } } },
      }),
    );
    const saved = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: await hashOf(file),
      draft: draft({ securityScheme: 'corp', securityScopes: ['pets:write', 'pets:read'] }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const doc = JSON.parse(await readFile(join(workspace, file), 'utf8')) as { paths: Record<string, { get: { security: unknown } }> };
    expect(doc.paths['/pets/{petId}']?.get.security).toEqual([{ corp: ['pets:read', 'pets:write'] }]);
  });

  it('refuses a stale hash, a custom method and replacing an A2A operation', async () => {
    const file = 'http.yaml';
    const stale = await core.dispatcher.invoke('http.save', { file, expectedHash: 'f'.repeat(64), draft: draft() });
    expect(!stale.ok && stale.error.code).toBe('conflict');
    const custom = await core.dispatcher.invoke('http.save', { file, expectedHash: await hashOf(file), draft: draft({ method: 'PROPFIND' }) });
    expect(!custom.ok && custom.error.code).toBe('bad-request');
    await writeFile(
      join(workspace, 'a2a.json'),
      JSON.stringify({
        openapi: '3.2.0',
        info: { title: 't', version: '1' },
        paths: { '/agent': { post: { 'x-a2a': { version: '1.0' }, responses: { default: { description: 'x' } } } } },
      }),
    );
    const a2a = await core.dispatcher.invoke('http.save', {
      file: 'a2a.json',
      expectedHash: await hashOf('a2a.json'),
      draft: draft({ method: 'POST', path: '/agent', parameters: [] }),
    });
    expect(!a2a.ok && a2a.error.code).toBe('conflict');
  });

  it('never writes a credential: a server URL with one is refused (credential-in-url), a credential query or cookie value is left out', async () => {
    const file = 'leaky.yaml';
    for (const serverUrl of ['http://bob:SRVPASS-31337@127.0.0.1:9000', 'http://127.0.0.1:9000/v1?api_key=SRVKEY-31337']) {
      const refused = await core.dispatcher.invoke('http.save', { file, expectedHash: null, draft: draft({ serverUrl }) });
      expect(refused.ok ? 'ok' : refused.error.code).toBe('credential-in-url');
      expect(refused.ok ? '' : refused.error.message).not.toMatch(/31337/);
    }
    await expect(readFile(join(workspace, file), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

    const saved = await core.dispatcher.invoke('http.save', {
      file,
      expectedHash: null,
      draft: draft({
        path: '/search',
        parameters: [
          { name: 'q', in: 'query', example: 'cats' },
          { name: 'api_key', in: 'query', example: 'QKEY-31337' },
          { name: 'ACCESS_TOKEN', in: 'query', example: 'QTOK-31337' },
          { name: 'session_token', in: 'cookie', example: 'COOKIE-31337' },
        ],
      }),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const text = await readFile(join(workspace, file), 'utf8');
    expect(text).not.toMatch(/31337/);
    // The parameters stay described (an API may well take its key in the query); only the values go.
    expect(text).toContain('api_key');
    expect(text).toContain('session_token');
    expect(text).toContain('example: cats');
    expect(saved.value.notes.join(' ')).toContain('api_key');
    expect(saved.value.notes.join(' ')).toContain('Auth');
  });

  it('refuses a draft that is not one with bad-request, not an internal error', async () => {
    for (const bad of [null, 'GET /x', { method: 'GET', path: '/x', parameters: null }, { method: 'GET', path: '/x', parameters: [null] }]) {
      const r = await core.dispatcher.invoke('http.save', { file: 'bad.yaml', expectedHash: null, draft: bad as unknown as HttpSaveDraft });
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(bad)).toBe('bad-request');
    }
  });
});

describe('http.previewSave', () => {
  it('shows the whole operation on disk beside what http.save would write, and writes nothing', async () => {
    const file = 'http-preview.yaml';
    const saved = await core.dispatcher.invoke('http.save', { file, expectedHash: null, draft: draft({ summary: 'Get a pet' }) });
    if (!saved.ok) throw new Error(saved.error.message);
    const before = await readFile(join(workspace, file), 'utf8');
    const preview = await core.dispatcher.invoke('http.previewSave', { file, expectedHash: saved.value.hash, draft: draft({ summary: 'Get one pet' }) });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value.hash).toBe(saved.value.hash);
    expect(preview.value.disk?.['summary']).toBe('Get a pet');
    expect(preview.value.written['summary']).toBe('Get one pet');
    // The responses observed before stay in what Overwrite writes, as http.save merges them.
    expect(preview.value.written['responses']).toEqual(preview.value.disk?.['responses']);
    expect(await readFile(join(workspace, file), 'utf8')).toBe(before);
    // An operation not in the file yet: nothing on disk, the whole new one written; a file that is not there, the same.
    const fresh = await core.dispatcher.invoke('http.previewSave', { file, expectedHash: saved.value.hash, draft: draft({ path: '/owners' }) });
    expect(fresh.ok && fresh.value.disk).toBeNull();
    const none = await core.dispatcher.invoke('http.previewSave', { file: 'no-such.yaml', expectedHash: null, draft: draft() });
    expect(none.ok && none.value).toMatchObject({ hash: null, disk: null });
    const bad = await core.dispatcher.invoke('http.previewSave', { file, expectedHash: null, draft: draft({ path: 'no-slash' }) });
    expect(bad.ok ? 'ok' : bad.error.code).toBe('bad-request');
  });
});
