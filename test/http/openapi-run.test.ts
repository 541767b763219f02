/**
 * OpenAPI operations run through the core: drafted from the document, sent to a loopback server,
 * and the answer checked against the declared response (3.0, 3.1 and 3.2 itemSchema).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { buildOperationRequest } from '../../shared/http/openapi-draft';
import type { HttpExchangeRecord } from '../../shared/http/http-types';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let base: string;
let core: Core;
let dispose: () => Promise<void>;
let workspace: string;

function petsDoc(openapi: string, serverUrl: string): Record<string, unknown> {
  const nullable = openapi.startsWith('3.0') ? { type: 'string', nullable: true } : { type: ['string', 'null'] };
  return {
    openapi,
    info: { title: 'Pets', version: '1' },
    servers: [{ url: serverUrl }],
    paths: {
      '/pets/{petId}': {
        get: {
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
            '404': { description: 'none' },
          },
        },
      },
      '/feed': {
        get: {
          responses: {
            '200': {
              description: 'events',
              content: { 'text/event-stream': { itemSchema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
            },
          },
        },
      },
    },
    components: {
      schemas: { Pet: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: nullable } } },
    },
  };
}

beforeAll(async () => {
  server = await startRecordingServer(({ url }, res) => {
    if (url === '/pets/good') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 1, name: 'Rex', tag: null }));
    } else if (url === '/pets/bad') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'one', tag: 5 }));
    } else if (url === '/feed') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {"n":1}\n\ndata: {"n":"two"}\n\n');
    } else if (url.startsWith('/pets/')) {
      res.writeHead(500);
      res.end('boom');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  base = server.base;
  const temp = await tempCore();
  core = temp.core;
  dispose = temp.dispose;
  const info = await core.dispatcher.invoke('spec.list', {});
  if (!info.ok) throw new Error(info.error.message);
  workspace = info.value.workspace;
  await writeFile(join(workspace, 'pets31.json'), JSON.stringify(petsDoc('3.1.0', base), null, 2));
  await writeFile(join(workspace, 'pets30.json'), JSON.stringify(petsDoc('3.0.3', base), null, 2));
  await writeFile(join(workspace, 'pets32.json'), JSON.stringify(petsDoc('3.2.0', base), null, 2));
});

afterAll(async () => {
  await server.close();
  await dispose();
});

async function run(file: string, path: string, values: Record<string, string>): Promise<HttpExchangeRecord> {
  const drafted = await core.dispatcher.invoke('http.draftOperation', { file, path, httpMethod: 'get' });
  if (!drafted.ok) throw new Error(drafted.error.message);
  const built = buildOperationRequest({}, drafted.value.draft, { values });
  if (!built.ok) throw new Error(built.message);
  const result = await core.dispatcher.invoke('http.send', {
    method: 'GET',
    url: built.url,
    headers: built.headers,
    operation: { file, path, httpMethod: 'get' },
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe.each(['pets31.json', 'pets30.json', 'pets32.json'])('checked against %s', (file) => {
  it('passes a response that matches its schema', async () => {
    const record = await run(file, '/pets/{petId}', { 'path:petId': 'good' });
    expect(record.check).toMatchObject({ verdict: 'ok', declaredStatus: '200', mediaType: 'application/json', violations: [] });
  });

  it('flags a schema-breaking response with JSON paths', async () => {
    const record = await run(file, '/pets/{petId}', { 'path:petId': 'bad' });
    expect(record.check?.verdict).toBe('violations');
    const paths = record.check?.violations.map((v) => `${v.path} ${v.rule}`) ?? [];
    expect(paths).toContain('$.id type');
    expect(paths).toContain('$ required');
    expect(paths.some((p) => p.startsWith('$.tag '))).toBe(true);
    expect(record.check?.violations.find((v) => v.rule === 'required')?.message).toContain('"name"');
  });

  it('notes a status the operation does not declare', async () => {
    const record = await run(file, '/pets/{petId}', { 'path:petId': 'other' });
    expect(record.response?.status).toBe(500);
    expect(record.check?.verdict).toBe('undeclared');
    expect(record.check?.notes[0]).toContain('500');
  });
});

describe('OAS 3.2 itemSchema', () => {
  it('checks each streamed item on its own', async () => {
    const record = await run('pets32.json', '/feed', {});
    expect(record.events).toHaveLength(2);
    expect(record.check?.verdict).toBe('violations');
    expect(record.check?.items).toEqual([{ seq: 1, violations: [expect.objectContaining({ path: '$.n', rule: 'type' })] }]);
  });
});

describe('refusals', () => {
  it('refuses to check against a spec that is not there, before sending', async () => {
    const result = await core.dispatcher.invoke('http.send', {
      method: 'GET',
      url: `${base}/pets/good`,
      operation: { file: 'missing.json', path: '/x', httpMethod: 'get' },
    });
    expect(result.ok).toBe(false);
  });
});
