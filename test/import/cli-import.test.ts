/**
 * `powerduck import` of an OpenAPI file (copied byte for byte or opened in place), a Postman
 * collection and a curl command, run against the demo agent; and hostile sources that must end in
 * a clear error with nothing written.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { openCore } from '../../electron/node/core';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { startRecordingServer } from '../fixtures/recording-server';

let demo: Awaited<ReturnType<typeof startDemo>>;
let root: string;
let home: string;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-import-'));
  home = join(root, 'home');
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(root, 'runtime'), stepDelayMs: 1 });
  base = new URL(demo.rpcUrl).origin;
});
afterAll(async () => {
  await demo?.close();
  await rm(root, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, cwd: root, stdin });

const workspace = (): string => join(home, 'workspace');
const demoSpec = new URL('../../examples/a2a-demo/openapi.json', import.meta.url);

describe('powerduck import: OpenAPI', () => {
  it('copies the demo spec byte for byte, lists every operation, brings its environment, and its A2A operation runs at once', async () => {
    const r = await cli(['import', demoSpec.pathname]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Copied into ${join(workspace(), 'openapi.json')}: 7 operations (6 A2A).`);
    expect(r.out).toContain('/demo/send-jsonrpc  [A2A SendMessage]');
    expect(r.out).toContain('Environments added or extended: local demo');
    expect(await readFile(join(workspace(), 'openapi.json'), 'utf8')).toBe(await readFile(demoSpec, 'utf8'));
    // Point the environment at this test's demo ports and store the token once.
    expect((await cli(['env', 'set', 'local demo', `baseUrl=${base}`, '--secret', 'token=demo-token', '--secret-value-stdin'], demo.token)).code).toBe(0);
    const run = await cli(['run', join(workspace(), 'openapi.json'), '/demo/send-jsonrpc', '--env', 'local demo']);
    expect(run.out).toContain('Sum: 42');
    expect(run.code).toBe(0);
    // The name import printed runs as it is from any folder: not in the working folder, it is the workspace's.
    const byName = await cli(['run', 'openapi.json', '/demo/send-jsonrpc', '--env', 'local demo']);
    expect(byName.err).toBe('');
    expect(byName.out).toContain('Sum: 42');
    expect(byName.code).toBe(0);
    // A second import never overwrites the first copy.
    const again = await cli(['import', demoSpec.pathname]);
    expect(again.out).toContain(`Copied into ${join(workspace(), 'openapi-2.json')}`);
    // The same name in the working folder too: that one is used, and stderr says which and names the other.
    await writeFile(join(root, 'openapi-2.json'), JSON.stringify({ openapi: '3.2.0', info: { title: 'here', version: '1' }, paths: {} }));
    const both = await cli(['spec', 'list', 'openapi-2.json']);
    expect(both.code).toBe(0);
    expect(both.out).toContain(`${join(root, 'openapi-2.json')}: no operations.`);
    expect(both.err).toContain(`using ${join(root, 'openapi-2.json')} (not ${join(workspace(), 'openapi-2.json')}`);
    await rm(join(root, 'openapi-2.json'));
  });

  it('keeps an OpenAPI 3.0 YAML file exactly as it is, and --in-place lists it where it lives', async () => {
    const text = [
      '# my API, comments stay',
      'openapi: 3.0.3',
      'info: {title: Pets, version: "1"}',
      'paths:',
      '  /pets:',
      '    get:',
      '      summary: List pets',
      '      responses: {"200": {description: ok}}',
      '',
    ].join('\n');
    const file = join(root, 'pets.yaml');
    await writeFile(file, text);
    const copy = await cli(['import', file]);
    expect(copy.code).toBe(0);
    expect(copy.out).toContain('OpenAPI 3.0.3: it is imported as it is');
    expect(await readFile(join(workspace(), 'pets.yaml'), 'utf8')).toBe(text);
    const inPlace = await cli(['import', file, '--in-place']);
    expect(inPlace.out).toContain(`Opened in place: ${file}: 1 operation (0 A2A).`);
    const core = await openCore({ host: 'test', dataDir: home, environment: {} });
    const list = await core.dispatcher.invoke('spec.list', {});
    expect(list.ok && list.value.files.find((f) => f.file === file)?.operations.map((o) => o.summary)).toEqual(['List pets']);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});

describe('powerduck import: OpenAPI from a URL', () => {
  it('fetches the document (no redirects followed) and copies it', async () => {
    const body = await readFile(demoSpec, 'utf8');
    const server = await startRecordingServer(({ url }, res) => {
      if (url === '/moved') {
        res.writeHead(302, { Location: '/spec/openapi.json' }).end();
        return;
      }
      res.writeHead(url === '/spec/openapi.json' ? 200 : 404, { 'Content-Type': 'application/json' }).end(url === '/spec/openapi.json' ? body : '{}');
    });
    const { port } = server;
    try {
      const r = await cli(['import', `http://127.0.0.1:${port}/spec/openapi.json`, '--into', 'from-url.json']);
      expect(r.err).toBe('');
      expect(r.out).toContain(`Copied into ${join(workspace(), 'from-url.json')}: 7 operations (6 A2A).`);
      expect(await readFile(join(workspace(), 'from-url.json'), 'utf8')).toBe(body);
      const moved = await cli(['import', `http://127.0.0.1:${port}/moved`]);
      expect(moved.code).toBe(2);
      expect(moved.err).toMatch(/redirect|302/i);
      const missing = await cli(['import', `http://127.0.0.1:${port}/nothing.json`]);
      expect(missing.err).toContain('answered HTTP 404');
    } finally {
      await server.close();
    }
  });

  it('a URL nobody answers at names the server, not an agent, and writes nothing', async () => {
    const server = await startRecordingServer((_req, res) => {
      res.end();
    });
    const { port } = server;
    await server.close();
    const before = await readdir(workspace()).catch(() => []);
    const r = await cli(['import', `http://127.0.0.1:${port}/openapi.json`]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`Could not reach 127.0.0.1:${port} (ECONNREFUSED). Check that the server at http://127.0.0.1:${port} is running`);
    expect(r.err).toContain('Nothing was imported.');
    expect(r.err).not.toMatch(/agent|card/i);
    expect(await readdir(workspace()).catch(() => [])).toEqual(before);
  });
});

const collection = (token: string) => ({
  info: { name: 'Sum agent', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  variable: [
    { key: 'baseUrl', value: 'http://127.0.0.1:1' },
    { key: 'apiToken', value: token },
  ],
  item: [
    {
      name: 'A2A',
      item: [
        {
          name: 'Send sum',
          request: {
            method: 'POST',
            header: [
              { key: 'Content-Type', value: 'application/json' },
              { key: 'A2A-Version', value: '1.0' },
            ],
            auth: { type: 'bearer', bearer: [{ key: 'token', value: token, type: 'string' }] },
            url: '{{baseUrl}}/rpc',
            body: {
              mode: 'raw',
              raw: JSON.stringify({
                jsonrpc: '2.0',
                id: 1,
                method: 'SendMessage',
                params: { message: { role: 'ROLE_USER', messageId: 'p1', parts: [{ text: '[12,30]' }] } },
              }),
            },
          },
        },
        {
          name: 'Send over REST',
          request: {
            method: 'POST',
            header: [{ key: 'Authorization', value: 'Bearer {{apiToken}}' }],
            url: '{{baseUrl}}/rest/message:send',
            body: { mode: 'raw', raw: JSON.stringify({ message: { role: 'ROLE_USER', messageId: 'p2', parts: [{ text: '1 2' }] } }) },
          },
        },
      ],
    },
    {
      name: 'List users',
      request: {
        method: 'GET',
        header: [
          { key: 'X-API-Key', value: 'plain-key-0123456789' },
          { key: 'X-Trace', value: 'on' },
        ],
        url: 'https://api.example.com/users?limit=5',
      },
    },
  ],
});

describe('powerduck import: Postman collection', () => {
  it('turns each request into an operation (A2A-shaped ones as x-a2a), stores credentials as secrets and variables as an environment', async () => {
    const file = join(root, 'sum.postman_collection.json');
    await writeFile(file, JSON.stringify(collection(demo.token)));
    const r = await cli(['import', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Wrote ${join(workspace(), 'sum-agent.openapi.yaml')}: 3 operations (2 A2A).`);
    expect(r.out).toMatch(/POST\s+\/imported\/a2a-send-sum\s+\[A2A SendMessage\]/);
    expect(r.out).toMatch(/POST\s+\/imported\/a2a-send-over-rest\s+\[A2A SendMessage\]/);
    expect(r.out).toMatch(/GET\s+\/users\s+List users/);
    expect(r.out).toContain('Stored as secrets: sum-agent-send-sum, sum-agent-list-users, sum-agent-apitoken');
    const text = await readFile(join(workspace(), 'sum-agent.openapi.yaml'), 'utf8');
    expect(text).not.toContain(demo.token);
    expect(text).not.toContain('plain-key-0123456789');
    expect(text).toContain('secretRef: sum-agent-send-sum');
    expect(text).toContain('secretRef: "{{apiToken}}"');
    expect(text).toContain('endpoint: "{{baseUrl}}/rest"');
    expect(text).toContain('openapi: 3.2.0');
    const env = await cli(['env', 'show', 'Sum agent']);
    expect(env.out).toContain('apiToken = ‹secret: sum-agent-apitoken›');
    expect(env.out).not.toContain(demo.token);
    // Point the collection's environment at the demo, then run both A2A operations.
    await cli(['env', 'set', 'Sum agent', `baseUrl=${base}`]);
    const rpc = await cli(['run', join(workspace(), 'sum-agent.openapi.yaml'), '/imported/a2a-send-sum', '--env', 'Sum agent']);
    expect(rpc.out).toContain('Sum: 42');
    const rest = await cli(['run', join(workspace(), 'sum-agent.openapi.yaml'), '/imported/a2a-send-over-rest', '--env', 'Sum agent']);
    expect(rest.out).toContain('Sum: 3');
  });

  it('--no-secrets drops credentials instead of storing them', async () => {
    const file = join(root, 'again.postman_collection.json');
    await writeFile(
      file,
      JSON.stringify({
        ...collection('another-token-0123456789'),
        info: { name: 'No secrets', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      }),
    );
    const r = await cli(['import', file, '--no-secrets', '--no-environments']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('Stored as secrets');
    const text = await readFile(join(workspace(), 'no-secrets.openapi.yaml'), 'utf8');
    expect(text).not.toContain('another-token-0123456789');
    expect(await readFile(join(home, 'secrets.json'), 'utf8')).not.toContain('no-secrets');
    expect(await readFile(join(home, 'secrets.json'), 'utf8')).toContain('sum-agent-send-sum');
    // The same collection again gets a file of its own, numbered before the .openapi.yaml ending.
    const again = await cli(['import', file, '--no-secrets', '--no-environments']);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`Wrote ${join(workspace(), 'no-secrets-2.openapi.yaml')}`);
    expect(await readFile(join(workspace(), 'no-secrets.openapi.yaml'), 'utf8')).toBe(text);
  });
});

describe('powerduck import: Postman auth set on the collection or a folder', () => {
  const sumBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: { message: { role: 'ROLE_USER', messageId: 'i1', parts: [{ text: '[12,30]' }] } },
  });
  const bearer = (token: string) => ({ type: 'bearer', bearer: [{ key: 'token', value: token, type: 'string' }] });
  const inheriting = (token: string) => ({
    info: { name: 'Inherit', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    auth: bearer(token),
    item: [
      {
        name: 'Send',
        request: { method: 'POST', header: [{ key: 'Content-Type', value: 'application/json' }], url: `${base}/rpc`, body: { mode: 'raw', raw: sumBody } },
      },
      { name: 'Pets', request: { method: 'GET', url: 'https://api.example.com/pets' } },
      {
        name: 'Admin',
        auth: bearer('folder-token-0123456789'),
        item: [
          { name: 'Users', request: { method: 'GET', url: 'https://api.example.com/admin/users' } },
          { name: 'Roles', request: { method: 'GET', url: 'https://api.example.com/admin/roles' } },
          { name: 'Own', request: { method: 'GET', url: 'https://api.example.com/admin/own', auth: bearer('own-token-0123456789') } },
          { name: 'Open', request: { method: 'GET', url: 'https://api.example.com/admin/open', auth: { type: 'noauth' } } },
        ],
      },
    ],
  });

  it('stores one secret per collection or folder that every inheriting request references; a request with its own auth keeps its own', async () => {
    const file = join(root, 'inherit.postman_collection.json');
    await writeFile(file, JSON.stringify(inheriting(demo.token)));
    const core = await openCore({ host: 'test', dataDir: home, environment: {} });
    const plan = await core.dispatcher.invoke('import.inspect', { source: file });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.credentials).toEqual([
      { id: 'auth:collection:bearer', request: 'the collection', what: 'bearer token', suggestedName: 'inherit-auth' },
      expect.objectContaining({ request: 'folder "Admin"', what: 'bearer token', suggestedName: 'inherit-admin-auth' }),
      expect.objectContaining({ request: 'Own', what: 'bearer token', suggestedName: 'inherit-own' }),
    ]);

    const r = await cli(['import', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Stored as secrets: inherit-auth, inherit-admin-auth, inherit-own\n');
    const text = await readFile(join(workspace(), 'inherit.openapi.yaml'), 'utf8');
    for (const token of [demo.token, 'folder-token-0123456789', 'own-token-0123456789']) expect(text).not.toContain(token);
    // The A2A request references its secret in x-a2a; plain HTTP requests name the scheme of the same name.
    const refs = (name: string): number => text.split('\n').filter((line) => line.trim() === `secretRef: ${name}`).length;
    expect([refs('inherit-auth'), refs('inherit-admin-auth'), refs('inherit-own')]).toEqual([1, 0, 0]);
    const doc = parse(text) as { paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> } };
    const requirement = (path: string): unknown => doc.paths[path]?.['get']?.security;
    expect(requirement('/pets')).toEqual([{ 'inherit-auth': [] }]);
    expect([requirement('/admin/users'), requirement('/admin/roles')]).toEqual([[{ 'inherit-admin-auth': [] }], [{ 'inherit-admin-auth': [] }]]);
    expect(requirement('/admin/own')).toEqual([{ 'inherit-own': [] }]);
    expect(requirement('/admin/open')).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['inherit-admin-auth', 'inherit-auth', 'inherit-own']);
    const secrets = await core.dispatcher.invoke('secrets.list', {});
    expect(secrets.ok && secrets.value.names.filter((n) => n.startsWith('inherit-')).sort()).toEqual(['inherit-admin-auth', 'inherit-auth', 'inherit-own']);
    // The shared secret holds the collection's token: the inheriting A2A request authenticates with it.
    const run = await cli(['run', join(workspace(), 'inherit.openapi.yaml'), '/imported/send']);
    expect(run.out).toContain('Sum: 42');
  });
});

describe('powerduck import: curl', () => {
  it('turns a pasted A2A curl command into an x-a2a operation whose token is a named secret, and it runs', async () => {
    const command = `curl -s ${base}/rpc -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' -H 'Authorization: Bearer ${demo.token}' -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"[12,30]"}]}}}'`;
    const r = await cli(['import', '-'], command);
    expect(r.err).toBe('');
    expect(r.out).toContain(`Wrote ${join(workspace(), 'powerduck.openapi.yaml')}: 1 operation (1 A2A).`);
    expect(r.out).toContain('Stored as secrets: curl-post-rpc');
    const text = await readFile(join(workspace(), 'powerduck.openapi.yaml'), 'utf8');
    expect(text).not.toContain(demo.token);
    const run = await cli(['run', join(workspace(), 'powerduck.openapi.yaml'), '/imported/post-rpc']);
    expect(run.out).toContain('Sum: 42');
    // A plain curl becomes a plain operation in the same file, next to the first.
    const plain = await cli(['import', "curl -X DELETE 'https://api.example.com/items/7?force=true' -u alice:s3cret-pass"]);
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/DELETE\s+\/items\/7/);
    const after = await readFile(join(workspace(), 'powerduck.openapi.yaml'), 'utf8');
    expect(after).not.toContain('s3cret-pass');
    expect(after).toContain('/imported/post-rpc:');
  });

  it('a -F upload becomes a multipart/form-data operation with its file as a binary part, and says the file content stays behind', async () => {
    const r = await cli(['import', 'curl https://api.example.com/upload -F caption=hi -F file=@x.bin', '--into', 'upload.openapi.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/POST\s+\/upload/);
    expect(r.out).toContain('Note: Form field "file" sends the file x.bin: only its name is imported, not its content');
    const doc = parse(await readFile(join(workspace(), 'upload.openapi.yaml'), 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
    };
    const content = doc.paths['/upload']?.post.requestBody.content;
    expect(Object.keys(content ?? {})).toEqual(['multipart/form-data']);
    expect(content?.['multipart/form-data']?.schema.properties).toEqual({
      caption: { type: 'string', example: 'hi' },
      file: { type: 'string', format: 'binary' },
    });
  });
});

describe('powerduck import --into: the spec file run would run', () => {
  // A working folder of its own, so the names below are in no other test's way.
  const here = (): string => join(root, 'into-cwd');
  const inHere = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home, cwd: here() });
  const emptySpec = (title: string): string => `openapi: 3.2.0\ninfo: {title: ${title}, version: "1"}\npaths: {}\n`;
  const exists = (file: string): Promise<boolean> =>
    readFile(file).then(
      () => true,
      () => false,
    );
  beforeAll(async () => {
    await mkdir(here(), { recursive: true });
    await mkdir(workspace(), { recursive: true });
  });

  it('a name in neither place is a new file in the workspace, and run finds it by that name', async () => {
    const r = await inHere(['import', 'curl https://api.example.com/fresh', '--into', 'into-new.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Wrote ${join(workspace(), 'into-new.yaml')}: 1 operation (0 A2A).`);
    expect(await exists(join(here(), 'into-new.yaml'))).toBe(false);
    const list = await inHere(['spec', 'list', 'into-new.yaml']);
    expect(list.err).toBe('');
    expect(list.out).toMatch(/GET\s+\/fresh/);
  });

  it('a name only in the workspace adds to that file', async () => {
    await writeFile(join(workspace(), 'into-ws.yaml'), emptySpec('Workspace'));
    const r = await inHere(['import', 'curl https://api.example.com/ws-only', '--into', 'into-ws.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Wrote ${join(workspace(), 'into-ws.yaml')}: 1 operation (0 A2A).`);
    const text = await readFile(join(workspace(), 'into-ws.yaml'), 'utf8');
    expect(text).toContain('title: Workspace');
    expect(text).toContain('/ws-only:');
    expect(await exists(join(here(), 'into-ws.yaml'))).toBe(false);
  });

  it('a name only in the working folder adds to that file (before: a second file of that name in the workspace)', async () => {
    await writeFile(join(here(), 'into-here.yaml'), emptySpec('Here'));
    const r = await inHere(['import', 'curl https://api.example.com/here-only', '--into', 'into-here.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Wrote ${join(here(), 'into-here.yaml')}: 1 operation (0 A2A).`);
    const text = await readFile(join(here(), 'into-here.yaml'), 'utf8');
    expect(text).toContain('title: Here');
    expect(text).toContain('/here-only:');
    expect(await exists(join(workspace(), 'into-here.yaml'))).toBe(false);
  });

  it("a name in both places is the working folder's, stderr names both, and the workspace's is left as it was", async () => {
    await writeFile(join(here(), 'into-both.yaml'), emptySpec('Here'));
    await writeFile(join(workspace(), 'into-both.yaml'), emptySpec('Workspace'));
    const r = await inHere(['import', 'curl https://api.example.com/both', '--into', 'into-both.yaml']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `powerduck import: into-both.yaml is in the working folder and in the workspace; using ${join(here(), 'into-both.yaml')} (not ${join(workspace(), 'into-both.yaml')}`,
    );
    expect(r.out).toContain(`Wrote ${join(here(), 'into-both.yaml')}: 1 operation (0 A2A).`);
    expect(await readFile(join(here(), 'into-both.yaml'), 'utf8')).toContain('/both:');
    expect(await readFile(join(workspace(), 'into-both.yaml'), 'utf8')).toBe(emptySpec('Workspace'));
  });

  it('an OpenAPI copy into a name that exists is refused, naming the file, and nothing is written', async () => {
    await writeFile(join(here(), 'into-taken.json'), '{"keep": "me"}');
    const before = (await readdir(workspace())).sort();
    const r = await inHere(['import', demoSpec.pathname, '--into', 'into-taken.json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`powerduck import: ${join(here(), 'into-taken.json')} already exists; nothing was written.`);
    expect(await readFile(join(here(), 'into-taken.json'), 'utf8')).toBe('{"keep": "me"}');
    expect((await readdir(workspace())).sort()).toEqual(before);
  });
});

describe('powerduck import: hostile sources write nothing', () => {
  const snapshot = async (): Promise<string[]> => (await readdir(workspace())).sort();

  it.each([
    ['not a spec', 'notes.json', JSON.stringify({ hello: 'world' }), /not an OpenAPI 3\.0\/3\.1\/3\.2 document/],
    ['Swagger 2.0', 'old.json', JSON.stringify({ swagger: '2.0', info: {}, paths: {} }), /Swagger 2\.0/],
    ['OpenAPI 4', 'future.json', JSON.stringify({ openapi: '4.0.0', paths: {} }), /OpenAPI 4\.0\.0/],
    ['broken YAML', 'broken.yaml', 'openapi: 3.1.0\npaths: [unclosed', /neither JSON nor YAML/],
    ['a deeply nested document', 'deep.json', `{"openapi":"3.1.0","paths":{},"x":${'['.repeat(5000)}${']'.repeat(5000)}}`, /nested more than 200 levels/],
    ['a shell command that is not curl', 'cmd.txt', 'wget http://x', /not an OpenAPI|neither JSON nor YAML/],
  ])('%s', async (_label, name, content, message) => {
    const file = join(root, name);
    await writeFile(file, content);
    const before = await snapshot();
    const r = await cli(['import', file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file over 16 MiB before reading it', async () => {
    const file = join(root, 'huge.json');
    await writeFile(file, `{"openapi":"3.1.0","paths":{},"pad":"${'x'.repeat(16 * 1024 * 1024)}"}`);
    const r = await cli(['import', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('larger than 16 MiB');
  });

  it('keeps prototype-named keys of a Postman collection as data and pollutes nothing', async () => {
    const file = join(root, 'proto.postman_collection.json');
    const hostile = `{"info":{"name":"Proto","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"variable":[{"key":"__proto__","value":"x"},{"key":"constructor","value":"y"}],"item":[{"name":"__proto__","request":{"method":"POST","url":"https://api.example.com/__proto__","header":[{"key":"__proto__","value":"1"}],"body":{"mode":"raw","raw":"{\\"__proto__\\":{\\"polluted\\":true}}"}}}]}`;
    await writeFile(file, hostile);
    const r = await cli(['import', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('is not a usable variable name and was skipped');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it("a curl command without a URL is a clear error in our words, not the parser's", async () => {
    for (const command of ['curl -H "X: 1"', 'curl -X POST']) {
      const r = await cli(['import', command]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('The curl command has no URL; nothing was imported.');
      expect(r.err).not.toContain('specified!');
    }
  });
});
