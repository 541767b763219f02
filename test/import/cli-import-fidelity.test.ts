/**
 * `powerduck import` then `powerduck run`: what the imported operation sends is what the source sent.
 * A method and path already used (by another request of the import, or by the target file) keeps
 * its address; what cannot be carried over is a note, never dropped silently.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let root: string;
let home: string;
let server: RecordingServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-import-fidelity-'));
  home = join(root, 'home');
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => server.clear());

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, cwd: root, stdin });
const workspace = (): string => join(home, 'workspace');
type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };
const readDoc = async (name: string): Promise<Doc> => parse(await readFile(join(workspace(), name), 'utf8')) as Doc;

function collection(name: string, items: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ info: { name, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, ...extra, item: items });
}

async function importFile(name: string, text: string, into: string): Promise<CliRun> {
  const file = join(root, name);
  await writeFile(file, text);
  const r = await cli(['import', file, '--into', into]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r;
}

describe('import: one path, several methods', () => {
  it('POST /echo and GET /echo of one collection share the path /echo, and each runs at /echo', async () => {
    const r = await importFile(
      'echo.postman_collection.json',
      collection('Echo', [
        { name: 'Post it', request: { method: 'POST', url: `${server.base}/echo`, body: { mode: 'urlencoded', urlencoded: [{ key: 'a', value: '1' }] } } },
        { name: 'Get it', request: { method: 'GET', url: `${server.base}/echo` } },
      ]),
      'echo.openapi.yaml',
    );
    expect(r.out).toMatch(/POST\s+\/echo\s+Post it/);
    expect(r.out).toMatch(/GET\s+\/echo\s+Get it/);
    expect(r.out).not.toContain('/echo-2');
    expect(Object.keys((await readDoc('echo.openapi.yaml')).paths)).toEqual(['/echo']);
    const run = await cli(['run', 'echo.openapi.yaml', 'GET /echo']);
    expect(run.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /echo']);
  });

  it('a curl GET /echo imported into a file that has POST /echo joins that path', async () => {
    await importFile('post.txt', `curl -X POST ${server.base}/echo -d a=1`, 'curl-echo.openapi.yaml');
    const r = await cli(['import', `curl ${server.base}/echo`, '--into', 'curl-echo.openapi.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/GET\s+\/echo\s/);
    expect(r.out).not.toContain('Note:');
    const doc = await readDoc('curl-echo.openapi.yaml');
    expect(Object.keys(doc.paths)).toEqual(['/echo']);
    expect(Object.keys(doc.paths['/echo'] ?? {}).sort()).toEqual(['get', 'post']);
    expect((await cli(['run', 'curl-echo.openapi.yaml', 'GET /echo'])).code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /echo']);
  });

  it('the same method and path twice: the second is stored under another key, says so, and still calls its own address', async () => {
    const r = await importFile(
      'twice.postman_collection.json',
      collection('Twice', [
        {
          name: 'Pet',
          request: {
            method: 'GET',
            url: { raw: `${server.base}/pets/:petId`, host: [server.base], path: ['pets', ':petId'], variable: [{ key: 'petId', value: '1' }] },
          },
        },
        {
          name: 'Pet verbose',
          request: {
            method: 'GET',
            url: {
              raw: `${server.base}/pets/:petId?verbose=true`,
              host: [server.base],
              path: ['pets', ':petId'],
              query: [{ key: 'verbose', value: 'true' }],
              variable: [{ key: 'petId', value: '2' }],
            },
          },
        },
      ]),
      'twice.openapi.yaml',
    );
    expect(r.out).toMatch(/GET\s+\/pets\/\{petId\}\s+Pet\n/);
    expect(r.out).toMatch(/GET\s+\/imported\/pet-verbose\s+Pet verbose/);
    expect(r.out).toContain('Pet verbose: another request of this import is also GET /pets/{petId}: this one is stored as GET /imported/pet-verbose');
    expect((await cli(['run', 'twice.openapi.yaml', 'GET /imported/pet-verbose'])).code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /pets/2?verbose=true']);

    // Imported again into the same file: every method and path is taken, and every request still calls its address.
    server.clear();
    const again = await cli(['import', join(root, 'twice.postman_collection.json'), '--into', 'twice.openapi.yaml']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('"Pet": the file already has GET /pets/{petId}; this request is stored as GET /imported/pet and still calls /pets/{petId}.');
    expect((await cli(['run', 'twice.openapi.yaml', 'GET /imported/pet'])).code).toBe(0);
    expect((await cli(['run', 'twice.openapi.yaml', 'GET /imported/pet-verbose-2'])).code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /pets/1', 'GET /pets/2?verbose=true']);
  });
});
