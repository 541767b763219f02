/**
 * An OpenAPI document whose schemas live in another file: the copy brings them in and its responses
 * are checked; a reference that cannot be read is named at import and at run; a 3.1 file's
 * validation says which version it is.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let root: string;
let home: string;
let server: RecordingServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-import-split-'));
  home = join(root, 'home');
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"u":"/echo"}');
  });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const cli = (args: string[], cwd = root): Promise<CliRun> => runCliCaptured(args, { home, cwd });

const api = (schemaRef: string): string =>
  [
    'openapi: 3.1.0',
    'info: {title: Split, version: "1"}',
    `servers: [{url: "${server.base}"}]`,
    'paths:',
    '  /echo:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: "${schemaRef}"`,
    '',
  ].join('\n');

const schemas = 'Echo:\n  type: object\n  required: [ok]\n  properties:\n    ok: {type: boolean}\n    u: {$ref: "#/Url"}\nUrl:\n  type: string\n';

describe('import: an OpenAPI document with schemas in another file', () => {
  it('the copy brings them into components.schemas, says so, and run checks the response against them', async () => {
    const dir = join(root, 'split');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'api2.yaml'), api('./schemas.yaml#/Echo'));
    await writeFile(join(dir, 'schemas.yaml'), schemas);
    const r = await cli(['import', join(dir, 'api2.yaml'), '--into', 'split.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Note: The document refers to other files (schemas.yaml): a copy brings their schemas into components.schemas (Echo, Url)');
    expect(r.out).toContain('This is OpenAPI 3.1.0: its version is kept');
    const doc = parse(await readFile(join(home, 'workspace', 'split.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(doc['components']?.['schemas']).toEqual({
      Echo: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' }, u: { $ref: '#/components/schemas/Url' } } },
      Url: { type: 'string' },
    });
    expect(JSON.stringify(doc['paths'])).toContain('"$ref":"#/components/schemas/Echo"');

    const run = await cli(['run', 'split.yaml', 'GET /echo']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Check: matches the declared schema');
  });

  it('a referenced file that is not there: the import names the reference, and a run in place says which file its check could not read', async () => {
    const dir = join(root, 'lost');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'api3.yaml'), api('./gone.yaml#/Echo'));
    const r = await cli(['import', join(dir, 'api3.yaml'), '--into', 'lost.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Note: The reference ./gone.yaml#/Echo is kept as it is: gone.yaml cannot be read (missing, unreadable, too large or not JSON/YAML). A response it describes is not checked.',
    );
    // Nothing was brought in: the copy is the source's bytes.
    expect(await readFile(join(home, 'workspace', 'lost.yaml'), 'utf8')).toBe(api('./gone.yaml#/Echo'));

    const run = await cli(['run', 'api3.yaml', 'GET /echo'], dir);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Check: not checked');
    expect(run.out).toContain('The declared schema refers to another file, gone.yaml#/Echo, which could not be read');
  });

  it("a spec run in place checks the response against the other file's schemas, and leaves the file as it is", async () => {
    const dir = join(root, 'inplace');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'api4.yaml'), api('./schemas.yaml#/Echo'));
    await writeFile(join(dir, 'schemas.yaml'), schemas);
    const ok = await cli(['run', 'api4.yaml', 'GET /echo'], dir);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('Check: matches the declared schema');
    // The same answer against a schema in another file that it breaks: the violation is found there.
    await writeFile(join(dir, 'api5.yaml'), api('./strict.yaml#/Echo'));
    await writeFile(join(dir, 'strict.yaml'), schemas.replace('ok: {type: boolean}', 'ok: {type: string}'));
    const broken = await cli(['run', 'api5.yaml', 'GET /echo'], dir);
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/\$\.ok.*string/);
    expect(await readFile(join(dir, 'api5.yaml'), 'utf8')).toBe(api('./strict.yaml#/Echo'));
  });

  it('spec validate on a 3.1 file names the version and says validation is OpenAPI 3.2', async () => {
    const dir = join(root, 'v31');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'v31.yaml'), 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\n');
    const r = await cli(['spec', 'validate', 'v31.yaml'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('$.openapi  is 3.1.0: Powerduck validates OpenAPI 3.2 documents only (it reads and runs this one as it is)');
    expect(r.out).not.toContain('must match the pattern');
  });
});
