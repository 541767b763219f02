/**
 * Variables whose values use other variables (`base = http://{{host}}:{{port}}`), as Postman and
 * Insomnia fill them: expanded before the send on every path (the app's core, `send --http`, a
 * Postman collection run), a loop refused naming it with nothing sent, and a secret reached through
 * another variable's value redacted from the record and the history exactly as a direct one.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { runCliCaptured } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';
import { tempCore } from '../foundation/test-core';

const SECRET = 'nested-secret-4b1e-value';
let server: RecordingServer;
let home: string;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // An API that echoes its input: the secret comes back in the answer too.
    res.end(JSON.stringify({ url: request.url, auth: request.headers['authorization'] ?? null, body: request.text }));
  });
  home = await mkdtemp(join(tmpdir(), 'powerduck-nested-'));
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[]) => runCliCaptured(args, { home });

describe('powerduck send --http with nested variables', () => {
  it('fills base = http://{{host}}:{{port}} before the URL is read', async () => {
    expect((await cli(['env', 'set', 'nest', 'host=127.0.0.1', `port=${server.port}`, 'base=http://{{host}}:{{port}}'])).code).toBe(0);
    server.clear();
    const r = await cli(['send', '--http', '--url', '{{base}}/echo', '--env', 'nest']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/echo']);
  });

  it('refuses a value that uses itself, or a loop, naming it; exit 2 and nothing sent', async () => {
    expect((await cli(['env', 'set', 'nest', 'self=x{{self}}', 'a=1{{b}}', 'b=2{{a}}'])).code).toBe(0);
    server.clear();
    const self = await cli(['send', '--http', '--url', '{{base}}/{{self}}', '--env', 'nest']);
    expect(self.code).toBe(2);
    expect(self.err).toContain('The variable {{self}} uses itself in its own value');
    const loop = await cli(['send', '--http', '--url', '{{base}}/{{a}}', '--env', 'nest']);
    expect(loop.code).toBe(2);
    expect(loop.err).toContain('({{a}} → {{b}} → {{a}})');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a name only a value uses, saying which value uses it', async () => {
    expect((await cli(['env', 'set', 'nest', 'far=http://{{nowhere}}'])).code).toBe(0);
    server.clear();
    const r = await cli(['send', '--http', '--url', '{{far}}/x', '--env', 'nest']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown variable {{nowhere}} ({{nowhere}} is used in the value of {{far}})');
    expect(server.requests).toHaveLength(0);
  });
});

describe('powerduck run of an imported Postman collection with a nested baseUrl', () => {
  it('sends to the filled-in URL, not http://{{host}}/…', async () => {
    const file = join(home, 'nested.postman_collection.json');
    await writeFile(
      file,
      JSON.stringify({
        info: { name: 'Nested', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        variable: [
          { key: 'host', value: `127.0.0.1:${server.port}` },
          { key: 'baseUrl', value: 'http://{{host}}/echo' },
        ],
        item: [{ name: 'Get x', request: { method: 'GET', url: '{{baseUrl}}/x' } }],
      }),
    );
    const imported = await cli(['import', file]);
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    server.clear();
    const r = await cli(['run', join(home, 'workspace', 'nested.openapi.yaml'), 'GET /x', '--env', 'Nested']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/echo/x']);
  });
});

describe('a secret reached through another variable', () => {
  let core: Core;
  let dir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ core, dir, dispose } = await tempCore());
    expect((await core.dispatcher.invoke('secrets.set', { name: 'api-token', value: SECRET })).ok).toBe(true);
    const saved = await core.dispatcher.invoke('env.save', {
      expectedHash: null,
      environments: [
        {
          name: 'local',
          variables: [
            { name: 'base', value: 'http://{{host}}' },
            { name: 'host', value: `127.0.0.1:${server.port}` },
            { name: 'token', secret: 'api-token' },
            { name: 'auth', value: 'Bearer {{token}}' },
            { name: 'query', value: 'key={{token}}' },
          ],
        },
      ],
    });
    expect(saved.ok).toBe(true);
  });

  afterAll(async () => {
    await dispose();
  });

  it('reaches the server and is redacted from the record and the history, as a direct one is', async () => {
    server.clear();
    const result = await core.dispatcher.invoke('http.send', {
      method: 'POST',
      url: '{{base}}/pets?{{query}}',
      environment: 'local',
      headers: [{ name: 'Authorization', value: '{{auth}}' }],
      body: { kind: 'json', text: '{"auth":"{{auth}}"}' },
    });
    if (!result.ok) throw new Error(result.error.message);
    const arrived = server.requests[0];
    expect(arrived?.url).toBe(`/pets?key=${SECRET}`);
    expect(arrived?.headers['authorization']).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(arrived?.text ?? '')).toEqual({ auth: `Bearer ${SECRET}` });
    const record = JSON.stringify(result.value);
    expect(record).not.toContain(SECRET);
    // Redacted as a direct {{token}} is: the rest of the value stays readable.
    expect(result.value.request.url.startsWith(`http://127.0.0.1:${server.port}/pets?key=`)).toBe(true);
    await core.close();
    const files = await readdir(join(dir, 'history'));
    const history = (await Promise.all(files.map((f) => readFile(join(dir, 'history', f), 'utf8')))).join('\n');
    expect(history).toContain('/pets?key=');
    expect(history).not.toContain(SECRET);
  });
});
