/**
 * `{{variables}}` in an OpenAPI operation sent from its fields (an operation tab, `powerduck run`):
 * the core fills the server URL, server variables, path and query values from the environment
 * before the URL is judged and encoded; an unknown variable is the same refusal as a plain request's
 * (nothing sent); a secret-backed value reaches the server and neither the record nor history.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { variablesContext } from '../../electron/node/env/send-variables';
import { resolveOperationSend } from '../../electron/node/http/operation-request';
import type { HttpExchangeRecord, HttpOperationInput, HttpRequest } from '../../shared/http/http-types';
import { percentEncode } from '../../shared/http/param-style';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const SECRET = 'sk/very secret+value';
let server: RecordingServer;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;
let specFile: string;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // An API that echoes the URL it was sent: the secret comes back too.
    res.end(JSON.stringify({ url: request.url }));
  });
  ({ core, dir, dispose } = await tempCore());
  expect((await core.dispatcher.invoke('secrets.set', { name: 'walk-key', value: SECRET })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'Walk Coll',
        variables: [
          { name: 'baseUrl', value: server.base },
          { name: 'host', value: server.base.replace(/^http:\/\//, '') },
          { name: 'petId', value: '42' },
          { name: 'odd', value: 'rex & co/1' },
          { name: 'ids', value: '3,4' },
          { name: 'relative', value: 'localhost/api' },
          { name: 'key', secret: 'walk-key' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
  specFile = join(dir, 'walk.json');
  await writeFile(
    specFile,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Walk', version: '1' },
      // What importing a Postman collection writes.
      servers: [{ url: '{{baseUrl}}' }, { url: 'http://{hostAndPort}/v2', variables: { hostAndPort: { default: '127.0.0.1:1' } } }],
      paths: {
        '/pets/{petId}/photos': {
          get: {
            parameters: [
              { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'q', in: 'query', schema: { type: 'string' } },
              { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'string' } } },
              { name: 'X-Key', in: 'header', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }),
  );
});

afterAll(async () => {
  await server.close();
  await dispose();
});

function request(input: HttpOperationInput, environment: string | null = 'Walk Coll'): HttpRequest {
  return {
    method: 'GET',
    // What the tab previewed; the core builds the URL again from the input.
    url: '{{baseUrl}}/pets/{{petId}}/photos',
    ...(environment ? { environment } : {}),
    operation: { file: specFile, path: '/pets/{petId}/photos', httpMethod: 'get', input },
  };
}

async function send(r: HttpRequest): Promise<HttpExchangeRecord> {
  server.clear();
  const result = await core.dispatcher.invoke('http.send', r);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('OpenAPI operations with {{variables}}', () => {
  it('fills the server URL, path and query from the environment, then encodes the filled-in values', async () => {
    const record = await send(request({ values: { 'path:petId': '{{petId}}', 'query:q': '{{odd}}', 'query:ids': '{{ids}}' } }));
    expect(record.outcome).toEqual({ kind: 'response', status: 200 });
    expect(server.requests[0]?.url).toBe('/pets/42/photos?q=rex%20%26%20co%2F1&ids=3,4');
    // The answer is checked against the operation, as before.
    expect(record.check?.declaredStatus).toBe('200');
  });

  it('fills server variables and dynamic variables, and a variable inside a path value', async () => {
    await send(request({ serverIndex: 1, serverVariables: { hostAndPort: '{{host}}' }, values: { 'path:petId': 'p-{{odd}}', 'query:q': '{{$uuid}}' } }));
    expect(server.requests[0]?.url).toMatch(/^\/v2\/pets\/p-rex%20%26%20co%2F1\/photos\?q=[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('refuses an unknown variable as a plain request does, naming every one, and sends nothing', async () => {
    server.clear();
    const unknown = await core.dispatcher.invoke('http.send', request({ values: { 'path:petId': '{{nope}}', 'query:q': '{{other}}' } }));
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.error.code).toBe('unresolved-variable');
    expect(unknown.error.details).toEqual({ reason: 'not-defined', variables: ['nope', 'other'], environment: 'Walk Coll' });
    expect(unknown.error.message).toContain('Nothing was sent');
    const none = await core.dispatcher.invoke('http.send', request({ values: { 'path:petId': '1' } }, null));
    expect(none.ok ? undefined : none.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'no-environment', variables: ['baseUrl'] } });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an unknown variable in a path field and another in a header together, in one message', async () => {
    server.clear();
    const r = { ...request({ values: { 'path:petId': '{{nope}}' } }), headers: [{ name: 'X-Trace', value: '{{missingHeader}}' }] };
    const refused = await core.dispatcher.invoke('http.send', r);
    expect(refused.ok ? undefined : refused.error).toMatchObject({
      code: 'unresolved-variable',
      details: { reason: 'not-defined', variables: ['nope', 'missingHeader'], environment: 'Walk Coll' },
      message: expect.stringMatching(/Unknown variables \{\{nope\}\}, \{\{missingHeader\}\}: .*Nothing was sent/),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('counts a secret-backed variable used only in a path field among the values to redact', async () => {
    const model: unknown = JSON.parse(await readFile(specFile, 'utf8'));
    const r = request({ values: { 'path:petId': 'id-{{key}}' } });
    const resolved = await resolveOperationSend(variablesContext(core.env), model, { ...r, operation: { ...r.operation!, input: r.operation!.input } });
    expect(resolved.redactValues).toEqual([SECRET]);
    expect(resolved.request.url).toBe(`${server.base}/pets/id-${percentEncode(SECRET)}/photos`);
  });

  it('judges the filled-in text: a relative server URL or an emptied path value is refused, nothing sent', async () => {
    server.clear();
    const relative = await core.dispatcher.invoke('http.send', request({ baseUrl: '{{relative}}', values: { 'path:petId': '1' } }));
    expect(relative.ok ? undefined : relative.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('"localhost/api" is relative') });
    const empty = await core.dispatcher.invoke('http.send', request({ values: { 'path:petId': '{{empty}}' } }));
    expect(empty.ok ? undefined : empty.error.code).toBe('unresolved-variable');
    const bad = await core.dispatcher.invoke('http.send', request({ values: { 'path:petId': 3 } } as unknown as HttpOperationInput));
    expect(bad.ok ? undefined : bad.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('operation.input.values') });
    const index = await core.dispatcher.invoke('http.send', request({ serverIndex: 9, values: { 'path:petId': '1' } }));
    expect(index.ok ? undefined : index.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('There is no server 9') });
    expect(server.requests).toHaveLength(0);
  });

  it('sends a secret-backed value to the server, and keeps it out of the record and history (as typed and encoded)', async () => {
    const record = await send(request({ values: { 'path:petId': '{{key}}', 'query:q': '{{key}}', 'header:X-Key': '{{key}}' } }));
    const encoded = percentEncode(SECRET);
    expect(server.requests[0]?.url).toBe(`/pets/${encoded}/photos?q=${encoded}`);
    expect(server.requests[0]?.headers['x-key']).toBe(SECRET);
    const text = JSON.stringify(record);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(encoded);
    await core.close();
    const files = await readdir(join(dir, 'history')).catch(() => [] as string[]);
    const history = (await Promise.all(files.map((f) => readFile(join(dir, 'history', f), 'utf8')))).join('\n');
    expect(history).toContain('/pets/');
    expect(history).not.toContain(SECRET);
    expect(history).not.toContain(encoded);
  });
});
