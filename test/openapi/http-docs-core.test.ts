/**
 * Docs and Copy for LLM of plain HTTP operations through the core (spec.docs / spec.copyForLlm)
 * and the CLI (`powerduck spec docs [--verb] [--llm]`): the scheme's stored secret is scrubbed even
 * when the file itself holds it, and a path with several verbs is documented per verb.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { runCli } from '../../electron/cli/main';
import { memoryIo } from '../fixtures/cli-run';

const TOKEN = 'pk-live-93b1c0de77aa41f2';
let home: string;
let core: Core;
let file: string;

const doc = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example.com' }],
  components: { securitySchemes: { petKey: { type: 'apiKey', in: 'header', name: 'X-Pet-Key' } } },
  security: [{ petKey: [] }],
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
      get: { summary: 'Get a pet', description: `Someone pasted the key here: ${TOKEN}`, responses: { '200': { description: 'ok' } } },
      put: {
        summary: 'Replace a pet',
        requestBody: { content: { 'application/json': { example: { name: 'Rex' } } } },
        responses: { '204': { description: 'replaced' } },
      },
    },
  },
};

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-http-docs-'));
  const secrets = createMemorySecretStore();
  await secrets.set('petKey', TOKEN);
  core = await openCore({ host: 'test', dataDir: home, secrets, environment: {} });
  file = join(home, 'pets.openapi.json');
  await writeFile(file, JSON.stringify(doc, null, 2));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('plain HTTP operations through the core', () => {
  it('spec.docs gives the HTTP sections; spec.copyForLlm scrubs the scheme’s stored secret', async () => {
    const docs = await core.dispatcher.invoke('spec.docs', { file, path: '/pets/{petId}', httpMethod: 'get' });
    if (!docs.ok) throw new Error(docs.error.message);
    expect(docs.value.http?.parameters.map((p) => p.name)).toEqual(['petId']);
    expect(docs.value.codeExamples.find((c) => c.id === 'curl')?.code).toContain(`-H 'X-Pet-Key: '"$PETKEY"`);

    const llm = await core.dispatcher.invoke('spec.copyForLlm', { file, path: '/pets/{petId}', httpMethod: 'get' });
    if (!llm.ok) throw new Error(llm.error.message);
    expect(llm.value.markdown).toMatch(/^# HTTP operation: Get a pet/);
    expect(llm.value.markdown).not.toContain(TOKEN);
    expect(llm.value.markdown).toContain('Someone pasted the key here: ‹redacted›');
  });

  it('a verb the path does not have is not found', async () => {
    const docs = await core.dispatcher.invoke('spec.copyForLlm', { file, path: '/pets/{petId}', httpMethod: 'delete' });
    expect(docs).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

describe('powerduck spec docs for plain HTTP operations', () => {
  const env = (): Record<string, string> => ({ POWERDUCK_HOME: join(home, 'cli-home') });

  it('documents each verb of a path, as docs and as Copy for LLM', async () => {
    const put = memoryIo({ env: env(), cwd: home });
    expect(await runCli(['spec', 'docs', file, '/pets/{petId}', '--verb', 'PUT'], put)).toBe(0);
    expect(put.out).toContain('# Replace a pet');
    expect(put.out).toContain('## Request body');
    expect(put.out).toContain("curl -g -X PUT 'https://pets.example.com/pets/7'");

    const llm = memoryIo({ env: env(), cwd: home });
    expect(await runCli(['spec', 'docs', file, '/pets/{petId}', '--verb', 'get', '--llm'], llm)).toBe(0);
    expect(llm.out).toMatch(/^# HTTP operation: Get a pet/);
    expect(llm.out).toContain('python');

    const missing = memoryIo({ env: env(), cwd: home });
    expect(await runCli(['spec', 'docs', file, '/pets/{petId}', '--verb', 'patch'], missing)).not.toBe(0);
    expect(missing.err).toContain('/pets/{petId}');
  });
});
