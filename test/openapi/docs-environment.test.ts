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
import { QUOTED_NOTE, docsEnvironmentSpec, localDemoEnvironment } from '../fixtures/docs-environment';

const SECRET = 'sk-live-51f0c2aa9e';
let home: string;
let core: Core;
let file: string;

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
  const saved = await core.dispatcher.invoke('env.save', { expectedHash: null, environments: [localDemoEnvironment] });
  if (!saved.ok) throw new Error(saved.error.message);
  file = join(home, 'demo.openapi.json');
  await writeFile(file, JSON.stringify(docsEnvironmentSpec, null, 2));
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
    expect(fetch).toContain(JSON.stringify(QUOTED_NOTE));
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
    expect(code(docs, 'fetch')).toContain(JSON.stringify(QUOTED_NOTE));
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
