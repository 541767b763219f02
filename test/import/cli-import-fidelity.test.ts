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

describe('import: what a request sends comes along, or a note says what did not', () => {
  it('a switched-off header or query row is not sent, Accept is, and a literal credential beside the auth is a secret sent from the environment', async () => {
    const r = await importFile(
      'headers.postman_collection.json',
      collection(
        'Headers',
        [
          {
            name: 'H',
            request: {
              method: 'GET',
              header: [
                { key: 'X-Trace', value: 'trace-1' },
                { key: 'Accept', value: 'application/xml' },
                { key: 'X-Off', value: '1', disabled: true },
                { key: 'X-Api-Key', value: 'pm-literal-secret-key-999' },
              ],
              url: {
                raw: `${server.base}/echo?a=1&b=2`,
                host: [server.base],
                path: ['echo'],
                query: [
                  { key: 'a', value: '1' },
                  { key: 'b', value: '2', disabled: true },
                ],
              },
            },
          },
        ],
        { auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] } },
      ),
      'headers.openapi.yaml',
    );
    expect(r.out).toContain('Note: H: header X-Off is switched off in the source: it is an optional parameter without a value, so it is not sent.');
    expect(r.out).toContain('Note: H: query parameter b is switched off in the source');
    expect(r.out).toContain('Stored as secrets: headers-h-x-api-key');
    expect(r.out).toContain(
      '"H": the header X-Api-Key is a credential the request\'s auth does not carry: it is stored as a secret and sent as {{h-x-api-key}} from the environment "Headers"',
    );
    const text = await readFile(join(workspace(), 'headers.openapi.yaml'), 'utf8');
    expect(text).not.toContain('pm-literal-secret-key-999');

    const run = await cli(['run', 'headers.openapi.yaml', 'GET /echo', '--env', 'Headers', '--env', 'token=bearer-token-1']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [sent] = server.requests;
    expect(sent?.url).toBe('/echo?a=1');
    expect(sent?.headers['accept']).toBe('application/xml');
    expect(sent?.headers['x-trace']).toBe('trace-1');
    expect(sent?.headers['x-off']).toBeUndefined();
    expect(sent?.headers['x-api-key']).toBe('pm-literal-secret-key-999');
    expect(sent?.headers['authorization']).toBe('Bearer bearer-token-1');
  });

  it('curl: a cookie is a secret sent from the environment, the JSON body keeps its value (no note: only its white space changes), -L and -k are notes', async () => {
    const command = `curl -L -k ${server.base}/echo -b 'sid=cookie-secret-123' -H 'Content-Type: application/json' -H 'User-Agent: curl/8' --data-raw '{"a":{"b":[1,2]}}'`;
    const r = await cli(['import', command, '--into', 'curl-fidelity.openapi.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Note: -L (follow redirects) is not kept in the operation: switch on "Follow redirects"');
    expect(r.out).toContain('Note: -k/--insecure (accept any certificate) is not kept in the operation: switch on "Allow invalid certificate"');
    expect(r.out).not.toContain('the JSON body is kept as its value');
    // Method and path once: the curl command's own name "POST /echo" is not repeated beside them.
    expect(r.out).toContain('  POST   /echo\n');
    expect(r.out).toContain('Note: POST /echo: header User-Agent is not imported: Powerduck sets it itself when it sends.');
    expect(r.out).toContain(
      'the cookie sid is a credential the request\'s auth does not carry: it is stored as a secret and sent as {{post-echo-cookie-sid}} from the environment "curl"',
    );
    expect(await readFile(join(workspace(), 'curl-fidelity.openapi.yaml'), 'utf8')).not.toContain('cookie-secret-123');

    const run = await cli(['run', 'curl-fidelity.openapi.yaml', 'POST /echo', '--env', 'curl']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [sent] = server.requests;
    expect(sent?.headers['cookie']).toBe('sid=cookie-secret-123');
    expect(sent?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(sent?.text ?? '')).toEqual({ a: { b: [1, 2] } });
  });

  it('curl -d with JSON and no Content-Type is imported as JSON (curl would label it a form), and says so', async () => {
    const r = await cli(['import', `curl ${server.base}/echo --data-raw '{"a": 1.0}'`, '--into', 'curl-json.openapi.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Note: The body is JSON, which curl sends as application/x-www-form-urlencoded when no -H Content-Type is given; it is imported as application/json.',
    );
    expect(r.out).toContain('the JSON body is kept as its value, so some of its text changes when sent (a number such as 1.0');
    const doc = await readDoc('curl-json.openapi.yaml');
    expect(doc.paths['/echo']?.['post']?.['requestBody']).toEqual({ content: { 'application/json': { example: { a: 1 } } } });
  });
});

describe('import: curl credentials arrive as curl sends them', () => {
  it('a credential query parameter is a secret sent as a {{variable}}, and -H Authorization wins over -u as it does in curl', async () => {
    const command = `curl -X POST '${server.base}/echo?x=1&api_key=SEKRET1' -H 'Authorization: Bearer TOK123' -H 'X-Api-Key: k2' -u user:pw -H 'Content-Type: application/json' -d '{"a":1}'`;
    const r = await cli(['import', command, '--into', 'curl-creds.openapi.yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Note: -u user:… is not imported: the command also sets -H Authorization, which curl sends instead of the Basic header it would build from -u.',
    );
    expect(r.out).toContain(
      'the query parameter api_key is a credential the request\'s auth does not carry: it is stored as a secret and sent as {{post-echo-api-key}} from the environment "curl"',
    );
    const text = await readFile(join(workspace(), 'curl-creds.openapi.yaml'), 'utf8');
    for (const secret of ['SEKRET1', 'TOK123', 'k2', 'pw']) expect(text).not.toContain(secret);
    const params = (await readDoc('curl-creds.openapi.yaml')).paths['/echo']?.['post']?.['parameters'] as Array<Record<string, unknown>>;
    expect(params.find((p) => p['name'] === 'api_key')).toMatchObject({ in: 'query', example: '{{post-echo-api-key}}' });

    const run = await cli(['run', 'curl-creds.openapi.yaml', 'POST /echo', '--env', 'curl']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [sent] = server.requests;
    expect(sent?.url).toBe('/echo?x=1&api_key=SEKRET1');
    expect(sent?.headers['authorization']).toBe('Bearer TOK123');
    expect(sent?.headers['x-api-key']).toBe('k2');
  });

  it('-u alone is still Basic auth', async () => {
    const r = await cli(['import', `curl -u alice:pw-basic-1 ${server.base}/basic`, '--into', 'curl-basic-only.openapi.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('-u alice');
    expect((await cli(['run', 'curl-basic-only.openapi.yaml', 'GET /basic'])).code).toBe(0);
    expect(server.requests[0]?.headers['authorization']).toBe(`Basic ${Buffer.from('alice:pw-basic-1').toString('base64')}`);
  });
});

describe('import: a Postman JSON body with {{variables}} outside quotes', () => {
  it("is kept as written and a run with the collection's environment sends the object with the variables filled in", async () => {
    const raw = '{"name": "{{petName}}", "age": {{age}}}';
    await importFile(
      'unquoted.postman_collection.json',
      collection(
        'Unquoted',
        [
          {
            name: 'Create pet',
            request: {
              method: 'POST',
              header: [{ key: 'Content-Type', value: 'application/json' }],
              body: { mode: 'raw', raw, options: { raw: { language: 'json' } } },
              url: `${server.base}/pets`,
            },
          },
        ],
        {
          variable: [
            { key: 'petName', value: 'Rex' },
            { key: 'age', value: '3' },
          ],
        },
      ),
      'unquoted.openapi.yaml',
    );
    const media = (await readDoc('unquoted.openapi.yaml')).paths['/pets']?.['post']?.['requestBody'] as { content: Record<string, Record<string, unknown>> };
    expect(media.content['application/json']?.['x-powerduck-body-text']).toBe(raw);
    const run = await cli(['run', 'unquoted.openapi.yaml', 'POST /pets', '--env', 'Unquoted']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(server.requests[0]?.text ?? '')).toEqual({ name: 'Rex', age: 3 });
  });
});

describe('import: a collection variable used as a credential is a secret, whatever its name', () => {
  it('{{qk}} as a folder API key: its value goes to the secret store, not the environments file, and run sends it', async () => {
    const r = await importFile(
      'qk.postman_collection.json',
      collection(
        'Qk',
        [
          {
            name: 'Folder',
            auth: {
              type: 'apikey',
              apikey: [
                { key: 'key', value: 'api_key' },
                { key: 'value', value: '{{qk}}' },
                { key: 'in', value: 'query' },
              ],
            },
            item: [{ name: 'Q', request: { method: 'GET', url: '{{base}}/echo' } }],
          },
        ],
        {
          variable: [
            { key: 'qk', value: 'query-secret-xyz' },
            { key: 'base', value: server.base },
          ],
        },
      ),
      'qk.openapi.yaml',
    );
    expect(r.out).toContain('Stored as secrets: qk-qk');
    expect(r.out).not.toContain('store a secret');
    const envText = await readFile(join(workspace(), 'powerduck.environments.json'), 'utf8');
    expect(envText).not.toContain('query-secret-xyz');
    const env = (JSON.parse(envText) as { environments: Array<{ name: string; variables: Record<string, unknown> }> }).environments.find(
      (e) => e.name === 'Qk',
    );
    expect(env?.variables['qk']).toEqual({ secret: 'qk-qk' });
    // A variable used nowhere as a credential stays a plain value.
    expect(env?.variables['base']).toBe(server.base);
    expect(await readFile(join(workspace(), 'qk.openapi.yaml'), 'utf8')).not.toContain('query-secret-xyz');

    const run = await cli(['run', 'qk.openapi.yaml', 'GET /echo', '--env', 'Qk']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(server.requests[0]?.url).toBe('/echo?api_key=query-secret-xyz');
  });

  it('a {{variable}} credential the collection gives no value: the note says where a run reads it from, and --env NAME sends it', async () => {
    const r = await importFile(
      'novalue.postman_collection.json',
      collection('NoValue', [{ name: 'B', request: { method: 'GET', url: `${server.base}/echo` } }], {
        auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{tk}}', type: 'string' }] },
      }),
      'novalue.openapi.yaml',
    );
    expect(r.out).toContain(
      'Note: "B" takes its credential from {{tk}}, which the import stores no secret for: its security scheme "tk" reads the variable tk of the environment picked to send (--env NAME), else the secret named tk',
    );
    const set = await cli(['env', 'set', 'NoValue', 'tk=from-env-1']);
    expect(set.code).toBe(0);
    const run = await cli(['run', 'novalue.openapi.yaml', 'GET /echo', '--env', 'NoValue']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer from-env-1');
  });
});

describe('import: a Postman GraphQL body is sent as Postman sends it', () => {
  it('variables become a JSON value (empty: left out; with {{variables}}: filled in); variables that are not JSON stay text with a note', async () => {
    const gql = (name: string, path: string, variables: string): unknown => ({
      name,
      request: { method: 'POST', url: `${server.base}/${path}`, body: { mode: 'graphql', graphql: { query: 'query Q($x: Int) { a(x: $x) }', variables } } },
    });
    const r = await importFile(
      'gql.postman_collection.json',
      collection('Gql', [gql('Valid', 'g1', '{"x": 1}'), gql('Empty', 'g2', ''), gql('Broken', 'g3', '{"x": '), gql('Templated', 'g4', '{"x": {{n}}}')], {
        variable: [{ key: 'n', value: '7' }],
      }),
      'gql.openapi.yaml',
    );
    expect(r.out).toContain('Note: Broken: The GraphQL variables text is not JSON');
    expect(r.out).toContain('it is kept as text (a JSON string), which a GraphQL server refuses: fix it before you send.');
    expect(r.out).not.toContain('Valid:');
    expect(r.out).not.toContain('Templated:');
    const sent = async (path: string): Promise<unknown> => {
      server.clear();
      const run = await cli(['run', 'gql.openapi.yaml', `POST /${path}`, '--env', 'Gql']);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      return JSON.parse(server.requests[0]?.text ?? '') as unknown;
    };
    const query = 'query Q($x: Int) { a(x: $x) }';
    expect(await sent('g1')).toEqual({ query, variables: { x: 1 } });
    expect(await sent('g2')).toEqual({ query });
    expect(await sent('g3')).toEqual({ query, variables: '{"x": ' });
    expect(await sent('g4')).toEqual({ query, variables: { x: 7 } });
  });
});
