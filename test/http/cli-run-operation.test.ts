/**
 * `powerduck run <spec> "<METHOD> <path>"` as a Postman user meets it: `--env NAME` picks a
 * workspace environment whose {{variables}} fill the server URL and the parameters; optional
 * parameters without an example are not sent; an empty or missing required path parameter exits 2
 * with nothing sent; form and multipart bodies go out exactly as the app sends them.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCore } from '../../electron/node/core';
import { buildHttpRequest } from '../../renderer/src/features/http/http-draft';
import { operationTab } from '../../renderer/src/features/http/operation-tab';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let home: string;

const spec = (base: string): unknown => ({
  openapi: '3.1.0',
  info: { title: 'Walk', version: '1' },
  servers: [{ url: '{{baseUrl}}' }],
  paths: {
    '/pets/{petId}/photos': {
      get: {
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['available', 'pending', 'sold'] } },
          { name: 'size', in: 'query', schema: { type: 'string', default: 'small' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
      post: {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { caption: { type: 'string', example: 'on the beach "1"' }, rating: { type: 'integer', example: 5 } } },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets/{petId}/documents': {
      post: {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              example: { note: 'vet visit' },
              schema: {
                type: 'object',
                required: ['scan'],
                properties: {
                  note: { type: 'string' },
                  scan: { type: 'string', format: 'binary' },
                  thumb: { type: 'string', contentMediaType: 'image/png' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    // What `powerduck import "curl -F 'note=hi' -F 'doc=@x.txt' …"` writes: field examples, no body example, optional.
    '/upload': {
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { note: { type: 'string', example: 'hi' }, doc: { type: 'string', format: 'binary' } } },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
      patch: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets/{petId}': {
      put: {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { name: { type: 'string', example: 'Rex & Co' }, age: { type: 'integer', example: 3 } } },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  'x-note': `served at ${base}`,
});

beforeAll(async () => {
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  home = await mkdtemp(join(tmpdir(), 'powerduck-run-op-'));
  await writeFile(join(home, 'walk.json'), JSON.stringify(spec(server.base)));
  await writeFile(join(home, 'pic.bin'), Buffer.from([0, 1, 2, 255, 13, 10]));
  await writeFile(join(home, 'thumb.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xfe]));
  const env = await cli(['env', 'set', 'Walk Coll', `baseUrl=${server.base}`, 'petId=42', 'odd=a b/c']);
  expect(env.code).toBe(0);
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

beforeEach(() => server.clear());

function cli(args: string[]): Promise<CliRun> {
  return runCliCaptured(args, { home });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function only(): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  return server.requests[0] as RecordedRequest;
}

/** The same operation sent the way the app's operation tab sends it (its tab, then http.send), with the environment picked. */
async function sentByApp(path: string, httpMethod: string, values: Record<string, string>): Promise<RecordedRequest> {
  const core = await openCore({ host: 'test', dataDir: home, environment: {} });
  try {
    const drafted = await core.dispatcher.invoke('http.draftOperation', { file: join(home, 'walk.json'), path, httpMethod });
    if (!drafted.ok) throw new Error(drafted.error.message);
    const tab = operationTab(drafted.value, { path, httpMethod });
    const operation = tab.operation;
    if (!operation) throw new Error('no operation');
    const built = buildHttpRequest({ ...tab, operation: { ...operation, values: { ...operation.values, ...values } } });
    if (!built.ok) throw new Error(built.message);
    server.clear();
    const sent = await core.dispatcher.invoke('http.send', { ...built.request, environment: 'Walk Coll' });
    if (!sent.ok) throw new Error(sent.error.message);
    return only();
  } finally {
    await core.close();
  }
}

/** A multipart body with its boundary named, so two sends compare byte for byte. */
function withoutBoundary(request: RecordedRequest): { contentType: string; body: Buffer } {
  const contentType = String(request.headers['content-type']);
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  expect(boundary).toBeTruthy();
  return {
    contentType: contentType.replace(boundary as string, 'B'),
    body: Buffer.from(
      request.body
        .toString('latin1')
        .split(boundary as string)
        .join('B'),
      'latin1',
    ),
  };
}

describe('run --env NAME', () => {
  it('fills {{baseUrl}} and --param values from the workspace environment; optional parameters without an example are not sent', async () => {
    const r = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId={{petId}}']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // status (an enum, no default) is left out; size has a default of its own.
    expect(only().url).toBe('/pets/42/photos?size=small');
  });

  it('takes --env before the file too, encodes a filled-in value, and still reads --env NAME=VALUE as a one-run value', async () => {
    const r = await cli([
      'run',
      '--env',
      'Walk Coll',
      'walk.json',
      'GET /pets/{petId}/photos',
      '--param',
      'petId={{odd}}',
      '--param',
      'status={{$uuid}}',
      '--env',
      'x=1',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(only().url).toMatch(/^\/pets\/a%20b%2Fc\/photos\?status=[0-9a-f-]{36}&size=small$/);
  });

  it('exits 2 naming the variable when no environment fills it, or for an unknown environment; nothing is sent', async () => {
    const none = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--param', 'petId=7']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('{{baseUrl}}');
    expect(none.err).toContain('--env NAME');
    const undefinedVar = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId={{nope}}']);
    expect(undefinedVar.code).toBe(2);
    expect(undefinedVar.err).toContain('Unknown variable {{nope}}');
    const unknown = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'No Such', '--param', 'petId=7']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No environment named "No Such"');
    const two = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll', '--env', 'Other', '--param', 'petId=7']);
    expect(two.code).toBe(2);
    expect(two.err).toContain('Two environments');
    expect(server.requests).toHaveLength(0);
  });

  it('a plain HTTP path given without its method exits 2 naming the operations to run, not "no operation"', async () => {
    const bare = await cli(['run', 'walk.json', '/pets', '--env', 'Walk Coll']);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('plain HTTP operations');
    expect(bare.err).toContain('"POST /pets", "PATCH /pets"');
    // A path that is not in the file at all still says just that.
    const missing = await cli(['run', 'walk.json', '/nowhere', '--env', 'Walk Coll']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No A2A operation /nowhere');
    expect(missing.err).not.toContain('plain HTTP');
    expect(server.requests).toHaveLength(0);
  });
});

describe('run --env NAME=VALUE', () => {
  const photos = ['run', 'walk.json', 'GET /pets/{petId}/photos', '--param', 'petId={{petId}}'];

  it('fills {{NAME}} for this run over the named environment’s value', async () => {
    const r = await cli([...photos, '--env', 'Walk Coll', '--env', 'petId=99']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(only().url).toBe('/pets/99/photos?size=small');
  });

  it('fills {{variables}} without any environment (a value may use another given one)', async () => {
    const r = await cli([...photos, '--env', `baseUrl={{host}}`, '--env', `host=${server.base}`, '--env', 'petId=5']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(only().url).toBe('/pets/5/photos?size=small');
    // A variable neither gives still blocks the send, naming only that one.
    server.clear();
    const missing = await cli([...photos, '--env', 'petId=5']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Unknown variable {{baseUrl}}');
    expect(missing.err).not.toContain('{{petId}}');
    expect(server.requests).toHaveLength(0);
  });

  it('never writes a value anywhere: the environment keeps its own, and history redacts one under a credential’s name', async () => {
    const r = await cli([...photos, '--env', 'Walk Coll', '--env', 'petId=77', '--param', 'status={{apiToken}}', '--env', 'apiToken=sekrit-run-4711']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(only().url).toBe('/pets/77/photos?status=sekrit-run-4711&size=small');
    const shown = await cli(['env', 'show', 'Walk Coll']);
    expect(shown.out).toContain('petId = "42"');
    expect(shown.out).not.toContain('"77"');
    const listed = await cli(['history', 'list', '--limit', '1', '--json']);
    const entry = (JSON.parse(listed.out) as { entries: Array<{ interface: { endpoint: string } }> }).entries[0];
    // History keeps the request as sent (the plain value is there), the credential's value is not.
    expect(entry?.interface.endpoint).toContain('/pets/77/photos');
    for (const file of await filesUnder(home)) expect(await readFile(file, 'utf8'), file).not.toContain('sekrit-run-4711');
  });
});

describe('run with an option it does not have', () => {
  it('names a single-dash option as unknown (exit 2), not as a misplaced argument; nothing is sent', async () => {
    const r = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '-v']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown option -v.');
    expect(r.err).not.toContain('Expected <file>');
    expect(server.requests).toHaveLength(0);
  });
});

describe('run with a required path parameter', () => {
  it('exits 2 naming the parameter when it is empty or missing, and sends nothing', async () => {
    const empty = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId=']);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('The path parameter "petId" is empty');
    const missing = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('The path parameter "petId" is required');
    expect(missing.err).toContain('--param petId=VALUE');
    expect(server.requests).toHaveLength(0);
  });
});

describe('run with a multipart body declaring a required and an optional file', () => {
  const docs = ['run', 'walk.json', 'POST /pets/{petId}/documents', '--env', 'Walk Coll', '--param', 'petId=7'];
  const part = (name: string, rest: string): string => `--B\r\nContent-Disposition: form-data; name="${name}"${rest}\r\n`;

  it('leaves an optional file field out cleanly when no file is given, keeping the example’s fields', async () => {
    const r = await cli([...docs, '--form', 'scan=@pic.bin']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(withoutBoundary(only()).body.toString('latin1')).toBe(
      part('note', '\r\n\r\nvet visit') +
        part('scan', '; filename="pic.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\x02\xff\r\n') +
        '--B--\r\n',
    );
  });

  it('sends an optional file field when given, byte for byte, with the content type the document names for it', async () => {
    const r = await cli([...docs, '--form', 'thumb=@thumb.png', '--form', 'scan=@pic.bin', '--form', 'note=x']);
    expect(r.code).toBe(0);
    expect(withoutBoundary(only()).body.toString('latin1')).toBe(
      part('note', '\r\n\r\nx') +
        part('scan', '; filename="pic.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\x02\xff\r\n') +
        part('thumb', '; filename="thumb.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\x00\xfe') +
        '--B--\r\n',
    );
  });

  it('sends the field examples of a body with a file field and no example of its own, as the app’s tab does; --form adds the file', async () => {
    const upload = ['run', 'walk.json', 'POST /upload', '--env', 'Walk Coll'];
    const bare = await cli(upload);
    expect(bare.err).toBe('');
    expect(bare.code).toBe(0);
    const cliBody = withoutBoundary(only());
    expect(cliBody.body.toString('latin1')).toBe(part('note', '\r\n\r\nhi') + '--B--\r\n');
    expect(withoutBoundary(await sentByApp('/upload', 'post', {}))).toEqual(cliBody);
    server.clear();
    const withFile = await cli([...upload, '--form', 'doc=@pic.bin']);
    expect(withFile.code).toBe(0);
    expect(withoutBoundary(only()).body.toString('latin1')).toBe(
      part('note', '\r\n\r\nhi') + part('doc', '; filename="pic.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\x02\xff\r\n') + '--B--\r\n',
    );
  });

  it('refuses a missing required file field, naming it, with nothing sent; so does a file that is not there', async () => {
    for (const args of [docs, [...docs, '--form', 'thumb=@thumb.png']]) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.err).toContain('The multipart body\'s file field "scan" is required: pass --form scan=@FILE. Nothing was sent.');
    }
    const absent = await cli([...docs, '--form', 'scan=@no-such.bin']);
    expect(absent.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('run with form and multipart bodies', () => {
  it('never sends a body made up from the schema: optional, it is left out; required, exit 2 asks for --body', async () => {
    const optional = await cli(['run', 'walk.json', 'PATCH /pets', '--env', 'Walk Coll']);
    expect(optional.code).toBe(0);
    const sent = only();
    server.clear();
    expect(sent.text).toBe('');
    expect(sent.headers['content-type']).toBeUndefined();

    const required = await cli(['run', 'walk.json', 'POST /pets', '--env', 'Walk Coll']);
    expect(required.code).toBe(2);
    expect(required.err).toContain('body has no example of its own');
    expect(required.err).toContain('give --body');
    expect(server.requests).toHaveLength(0);

    const given = await cli(['run', 'walk.json', 'POST /pets', '--env', 'Walk Coll', '--body', '{"name":"Rex"}']);
    expect(given.code).toBe(0);
    expect(only().text).toBe('{"name":"Rex"}');
  });

  it('sends a form operation’s example as application/x-www-form-urlencoded, byte for byte as the app does', async () => {
    const r = await cli(['run', 'walk.json', 'PUT /pets/{petId}', '--env', 'Walk Coll', '--param', 'petId=7']);
    expect(r.code).toBe(0);
    const cliSent = only();
    expect(cliSent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(cliSent.text).toBe('name=Rex+%26+Co&age=3');
    const appSent = await sentByApp('/pets/{petId}', 'put', { 'path:petId': '7' });
    expect(appSent.url).toBe(cliSent.url);
    expect(appSent.headers['content-type']).toBe(cliSent.headers['content-type']);
    expect(appSent.body.equals(cliSent.body)).toBe(true);
  });

  it('sends a multipart operation’s example as parts with a boundary, byte for byte as the app does', async () => {
    const r = await cli(['run', 'walk.json', 'POST /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId=7']);
    expect(r.code).toBe(0);
    const cliSent = only();
    expect(String(cliSent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const cliBody = withoutBoundary(cliSent);
    expect(cliBody.body.toString('latin1')).toBe(
      '--B\r\nContent-Disposition: form-data; name="caption"\r\n\r\non the beach "1"\r\n' +
        '--B\r\nContent-Disposition: form-data; name="rating"\r\n\r\n5\r\n--B--\r\n',
    );
    const appBody = withoutBoundary(await sentByApp('/pets/{petId}/photos', 'post', { 'path:petId': '7' }));
    expect(appBody).toEqual(cliBody);
  });

  it('takes --form fields and files for a multipart operation, --body text already form-encoded, and refuses what cannot be parts', async () => {
    const files = await cli([
      'run',
      'walk.json',
      'POST /pets/{petId}/photos',
      '--env',
      'Walk Coll',
      '--param',
      'petId=7',
      '--form',
      'caption=x',
      '--form',
      'photo=@pic.bin',
    ]);
    expect(files.code).toBe(0);
    const parts = withoutBoundary(only()).body;
    expect(
      parts.includes(Buffer.from('name="photo"; filename="pic.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\x02\xff\r\n\r\n', 'latin1')),
    ).toBe(true);
    server.clear();
    const encoded = await cli(['run', 'walk.json', 'PUT /pets/{petId}', '--env', 'Walk Coll', '--param', 'petId=7', '--body', 'name=Rex&age=3']);
    expect(encoded.code).toBe(0);
    expect(only().text).toBe('name=Rex&age=3');
    server.clear();
    const notParts = await cli(['run', 'walk.json', 'POST /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId=7', '--body', 'caption=x']);
    expect(notParts.code).toBe(2);
    expect(notParts.err).toContain('--form name=value');
    const formFile = await cli(['run', 'walk.json', 'PUT /pets/{petId}', '--env', 'Walk Coll', '--param', 'petId=7', '--form', 'f=@pic.bin']);
    expect(formFile.code).toBe(2);
    const formOnGet = await cli(['run', 'walk.json', 'GET /pets/{petId}/photos', '--env', 'Walk Coll', '--param', 'petId=7', '--form', 'a=b']);
    expect(formOnGet.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});
