/**
 * An imported plain HTTP operation (curl, Postman) with auth runs with its credential: the file holds
 * the standard OpenAPI form (a `security` requirement naming a components.securitySchemes entry whose
 * name is the secret's), the secret store holds the value, and `powerduck run` sends it. A file
 * written by an earlier version (the operation's `x-powerduck-auth`) still runs; an existing scheme
 * of the same name with another definition is never overwritten.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { openCore } from '../../electron/node/core';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../fixtures/recording-server';

interface Seen {
  url: string;
  authorization?: string;
  apiKey?: string;
}

let root: string;
let home: string;
let server: RecordingServer;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-import-auth-'));
  home = join(root, 'home');
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
  base = server.base;
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, cwd: root, stdin });
const workspaceFile = (name: string): string => join(home, 'workspace', name);

/** Runs one operation of the file and returns what the server saw for it. */
async function runAndSee(file: string, target: string): Promise<Seen> {
  const before = server.requests.length;
  const r = await cli(['run', workspaceFile(file), target]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(server.requests.length).toBe(before + 1);
  const { url, headers } = server.requests[server.requests.length - 1] as RecordedRequest;
  const apiKey = headers['x-api-key'];
  return { url, ...(headers.authorization ? { authorization: headers.authorization } : {}), ...(typeof apiKey === 'string' ? { apiKey } : {}) };
}

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>>; components?: { securitySchemes?: Record<string, unknown> } };
const readDoc = async (file: string): Promise<{ text: string; doc: Doc }> => {
  const text = await readFile(workspaceFile(file), 'utf8');
  return { text, doc: parse(text) as Doc };
};

const postman = (name: string, auth: unknown, items: Array<{ name: string; url: string }>) => ({
  info: { name, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  auth,
  item: items.map((i) => ({ name: i.name, request: { method: 'GET', url: i.url } })),
});

describe('imported plain HTTP operations send their credential', () => {
  it('curl with a bearer token: security + securitySchemes in the file, the token only in the store, and run sends it', async () => {
    const r = await cli(['import', `curl ${base}/whoami -H 'Authorization: Bearer abc123'`, '--into', 'curl-bearer.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Stored as secrets: curl-get-whoami');
    const { text, doc } = await readDoc('curl-bearer.yaml');
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('x-powerduck-auth');
    expect(doc.paths['/whoami']?.['get']?.['security']).toEqual([{ 'curl-get-whoami': [] }]);
    expect(doc.components?.securitySchemes?.['curl-get-whoami']).toEqual({ type: 'http', scheme: 'bearer' });
    expect((await runAndSee('curl-bearer.yaml', 'GET /whoami')).authorization).toBe('Bearer abc123');
  });

  it('curl with basic auth: the password is a secret, the username stays with the scheme, and run sends both', async () => {
    const r = await cli(['import', `curl -u alice:s3cret-pass ${base}/basic`, '--into', 'curl-basic.yaml']);
    expect(r.code).toBe(0);
    const { text, doc } = await readDoc('curl-basic.yaml');
    expect(text).not.toContain('s3cret-pass');
    const name = Object.keys(doc.paths['/basic']?.['get']?.['security'] ? ((doc.paths['/basic']['get']['security'] as object[])[0] ?? {}) : {})[0] as string;
    expect(doc.components?.securitySchemes?.[name]).toMatchObject({ type: 'http', scheme: 'basic' });
    const got = await runAndSee('curl-basic.yaml', 'GET /basic');
    expect(got.authorization).toBe(`Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}`);
  });

  it('a Postman collection-level bearer token is one secret and one scheme that both inheriting requests send', async () => {
    const file = join(root, 'inherit.postman_collection.json');
    const bearer = { type: 'bearer', bearer: [{ key: 'token', value: 'coll-token-0123456789', type: 'string' }] };
    await writeFile(
      file,
      JSON.stringify(
        postman('Shared', bearer, [
          { name: 'First', url: `${base}/first` },
          { name: 'Second', url: `${base}/second` },
        ]),
      ),
    );
    const r = await cli(['import', file]);
    expect(r.err).toBe('');
    expect(r.out).toContain('Stored as secrets: shared-auth\n');
    const { text, doc } = await readDoc('shared.openapi.yaml');
    expect(text).not.toContain('coll-token-0123456789');
    expect(doc.paths['/first']?.['get']?.['security']).toEqual([{ 'shared-auth': [] }]);
    expect(doc.paths['/second']?.['get']?.['security']).toEqual([{ 'shared-auth': [] }]);
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(['shared-auth']);
    expect((await runAndSee('shared.openapi.yaml', 'GET /first')).authorization).toBe('Bearer coll-token-0123456789');
    expect((await runAndSee('shared.openapi.yaml', 'GET /second')).authorization).toBe('Bearer coll-token-0123456789');
  });

  it('a Postman API key in a query parameter is an apiKey scheme in query, and run puts it in the URL', async () => {
    const file = join(root, 'apikey.postman_collection.json');
    const apikey = {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'api_key' },
        { key: 'value', value: 'query-key-0123456789' },
        { key: 'in', value: 'query' },
      ],
    };
    await writeFile(file, JSON.stringify(postman('Keyed', apikey, [{ name: 'Items', url: `${base}/items?limit=5` }])));
    const r = await cli(['import', file]);
    expect(r.err).toBe('');
    const { text, doc } = await readDoc('keyed.openapi.yaml');
    expect(text).not.toContain('query-key-0123456789');
    expect(doc.components?.securitySchemes?.['keyed-auth']).toEqual({ type: 'apiKey', in: 'query', name: 'api_key' });
    const got = await runAndSee('keyed.openapi.yaml', 'GET /items');
    const query = new URL(got.url, base).searchParams;
    expect(query.get('api_key')).toBe('query-key-0123456789');
    expect(query.get('limit')).toBe('5');
  });

  it('a {{variable}} credential names the scheme after the secret the import stored for that variable, and run sends it', async () => {
    const file = join(root, 'vars.postman_collection.json');
    await writeFile(
      file,
      JSON.stringify({
        info: { name: 'Vars', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        variable: [{ key: 'apiToken', value: 'var-token-0123456789' }],
        item: [{ name: 'Me', request: { method: 'GET', header: [{ key: 'Authorization', value: 'Bearer {{apiToken}}' }], url: `${base}/me` } }],
      }),
    );
    const r = await cli(['import', file]);
    expect(r.err).toBe('');
    expect(r.out).toContain('Stored as secrets: vars-apitoken');
    const { text, doc } = await readDoc('vars.openapi.yaml');
    expect(text).not.toContain('var-token-0123456789');
    expect(doc.paths['/me']?.['get']?.['security']).toEqual([{ 'vars-apitoken': [] }]);
    expect(doc.components?.securitySchemes?.['vars-apitoken']).toEqual({ type: 'http', scheme: 'bearer' });
    expect((await runAndSee('vars.openapi.yaml', 'GET /me')).authorization).toBe('Bearer var-token-0123456789');
  });

  it('a file written by an earlier version (x-powerduck-auth on the operation) still runs with its credential', async () => {
    const core = await openCore({ host: 'test', dataDir: home, environment: {} });
    expect((await core.dispatcher.invoke('secrets.set', { name: 'legacy-token', value: 'legacy-0123456789' })).ok).toBe(true);
    expect((await core.dispatcher.invoke('secrets.set', { name: 'legacy-key', value: 'legacy-key-0123456789' })).ok).toBe(true);
    const legacy = [
      'openapi: 3.2.0',
      'info: {title: Legacy, version: "1"}',
      'paths:',
      '  /legacy:',
      '    get:',
      '      summary: Legacy bearer',
      `      servers: [{url: "${base}"}]`,
      '      x-powerduck-auth: {scheme: bearer, secretRef: legacy-token}',
      '      responses: {default: {description: The response.}}',
      '  /legacy-basic:',
      '    get:',
      `      servers: [{url: "${base}"}]`,
      '      x-powerduck-auth: {scheme: basic, username: bob, secretRef: legacy-token}',
      '      responses: {default: {description: The response.}}',
      '  /legacy-key:',
      '    get:',
      `      servers: [{url: "${base}"}]`,
      '      x-powerduck-auth: {scheme: apiKey, in: header, name: X-API-Key, secretRef: legacy-key}',
      '      responses: {default: {description: The response.}}',
      '',
    ].join('\n');
    await writeFile(workspaceFile('legacy.yaml'), legacy);
    expect((await runAndSee('legacy.yaml', 'GET /legacy')).authorization).toBe('Bearer legacy-0123456789');
    expect((await runAndSee('legacy.yaml', 'GET /legacy-basic')).authorization).toBe(`Basic ${Buffer.from('bob:legacy-0123456789').toString('base64')}`);
    expect((await runAndSee('legacy.yaml', 'GET /legacy-key')).apiKey).toBe('legacy-key-0123456789');
  });

  it('an existing scheme of the same name with another definition stays; the import uses a distinct name and says so', async () => {
    const existing = [
      'openapi: 3.2.0',
      'info: {title: Mine, version: "1"}',
      'paths:',
      '  /mine:',
      '    get:',
      '      security: [{curl-get-clash: []}]',
      '      responses: {default: {description: Mine.}}',
      'components:',
      '  securitySchemes:',
      '    curl-get-clash: {type: apiKey, in: header, name: X-Mine}',
      '',
    ].join('\n');
    await writeFile(workspaceFile('clash.yaml'), existing);
    const r = await cli(['import', `curl ${base}/clash -H 'Authorization: Bearer clash-0123456789'`, '--into', 'clash.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Stored as secrets: curl-get-clash-2');
    expect(r.out).toMatch(/Note: .*"curl-get-clash".*"curl-get-clash-2"/);
    const { text, doc } = await readDoc('clash.yaml');
    expect(text).not.toContain('clash-0123456789');
    expect(doc.components?.securitySchemes?.['curl-get-clash']).toEqual({ type: 'apiKey', in: 'header', name: 'X-Mine' });
    expect(doc.components?.securitySchemes?.['curl-get-clash-2']).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/mine']?.['get']?.['security']).toEqual([{ 'curl-get-clash': [] }]);
    expect(doc.paths['/clash']?.['get']?.['security']).toEqual([{ 'curl-get-clash-2': [] }]);
    expect((await runAndSee('clash.yaml', 'GET /clash')).authorization).toBe('Bearer clash-0123456789');
  });
});
