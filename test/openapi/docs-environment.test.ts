/**
 * spec.docs with the picked environment: the code examples are filled in the core before they are
 * written, by the request tab's Code rule — a plain value is filled (and quoted by the language it
 * lands in, quotes and all), a secret-backed one is read from `$SECRET_NAME` and its value never
 * appears; no environment keeps `{{name}}`; an unknown one is refused by name.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import type { OperationDocs } from '../../shared/openapi/spec-docs';

const SECRET = 'sk-live-51f0c2aa9e';
const QUOTED = `it's "quoted"`;
let home: string;
let core: Core;
let file: string;

const doc = {
  openapi: '3.2.0',
  info: { title: 'Demo', version: '1' },
  servers: [{ url: '{{petsUrl}}' }],
  paths: {
    '/agents/demo/send': {
      post: {
        summary: 'Send',
        'x-a2a': {
          version: '1.0',
          binding: 'JSONRPC',
          endpoint: '{{baseUrl}}/rpc',
          method: 'SendMessage',
          headers: [
            { name: 'X-Note', value: '{{note}}' },
            { name: 'X-Key', value: '{{apiKey}}' },
          ],
          requestSchema: {},
          responseSchema: {},
          example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { parts: [{ text: '{{note}}' }] } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets': {
      get: { summary: 'List pets', parameters: [{ name: 'X-Note', in: 'header', example: '{{note}}' }], responses: { '200': { description: 'ok' } } },
    },
  },
};

async function docsOf(path: string, environment?: string): Promise<OperationDocs> {
  const result = await core.dispatcher.invoke('spec.docs', { file, path, ...(environment ? { environment } : {}) });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const code = (docs: OperationDocs, id: string): string => docs.codeExamples.find((c) => c.id === id)?.code ?? '';

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-docs-env-'));
  const secrets = createMemorySecretStore();
  await secrets.set('demo-key', SECRET);
  core = await openCore({ host: 'test', dataDir: home, secrets, environment: {} });
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local demo',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:4000' },
          { name: 'petsUrl', value: 'http://127.0.0.1:4001' },
          { name: 'note', value: QUOTED },
          { name: 'apiKey', secret: 'demo-key' },
        ],
      },
    ],
  });
  if (!saved.ok) throw new Error(saved.error.message);
  file = join(home, 'demo.openapi.json');
  await writeFile(file, JSON.stringify(doc, null, 2));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('spec.docs with an environment', () => {
  it('fills plain values, quoted per language, and reads secret-backed ones from $SECRET_NAME', async () => {
    const docs = await docsOf('/agents/demo/send', 'local demo');
    expect(docs.filledFrom).toBe('local demo');
    const curl = code(docs, 'curl');
    expect(curl).toContain(`'http://127.0.0.1:4000/rpc'`);
    // The shell quote of a value with both quotes, in the header and inside the JSON body.
    expect(curl).toContain(`-H 'X-Note: it'\\''s "quoted"'`);
    expect(curl).toContain(`"text":"it'\\''s \\"quoted\\""`);
    expect(curl).toContain(`-H 'X-Key: '"$DEMO_KEY"`);
    const fetch = code(docs, 'fetch');
    expect(fetch).toContain(JSON.stringify(QUOTED));
    expect(fetch).toContain('process.env.DEMO_KEY');
    expect(code(docs, 'python')).toContain('os.environ["DEMO_KEY"]');
    for (const example of docs.codeExamples) {
      expect(example.code).not.toContain(SECRET);
      expect(example.code).not.toContain('{{');
    }
    expect(docs.markdown).not.toContain(SECRET);
  });

  it('fills a plain HTTP operation’s examples by the same rule', async () => {
    const docs = await docsOf('/pets', 'local demo');
    expect(docs.filledFrom).toBe('local demo');
    const curl = code(docs, 'curl');
    expect(curl).toContain('http://127.0.0.1:4001/pets');
    expect(curl).toContain(`it'\\''s "quoted"`);
    expect(code(docs, 'fetch')).toContain(JSON.stringify(QUOTED));
  });

  it('keeps {{name}} when no environment is picked', async () => {
    const docs = await docsOf('/agents/demo/send');
    expect(docs.filledFrom).toBeUndefined();
    const curl = code(docs, 'curl');
    expect(curl).toContain('{{baseUrl}}/rpc');
    expect(curl).toContain('{{note}}');
    expect(curl).toContain('{{apiKey}}');
    expect(curl).not.toContain('DEMO_KEY');
  });

  it('refuses an environment that does not exist, naming the known ones', async () => {
    const result = await core.dispatcher.invoke('spec.docs', { file, path: '/agents/demo/send', environment: 'staging' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } });
    if (!result.ok) expect(result.error.message).toContain('"local demo"');
  });
});
