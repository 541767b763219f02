import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { createCore, type Core } from '../../electron/node/core';
import { silentLogger } from '../../electron/node/core-env';
import { ensureDataDir } from '../../electron/node/data-dir';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { clone, type Json } from './fixtures';
import { Connections } from '../../electron/node/connections';

type Demo = Awaited<ReturnType<typeof startDemo>>;
let demo: Demo;
let dir: string;
let core: Core;
let jwksText: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-card-demo-'));
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(dir, 'runtime') });
  jwksText = await readFile(demo.jwksPath, 'utf8');
  core = createCore({
    host: 'test',
    version: '0.0.0-test',
    dataDir: await ensureDataDir(join(dir, 'home')),
    secrets: createMemorySecretStore(),
    environment: {},
    now: () => Date.now(),
    logger: silentLogger,
    connections: new Connections(),
  });
});

afterAll(async () => {
  await demo?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo agent card (examples/a2a-demo)', () => {
  it('fetches through the contract, passes the schema, and verifies against the demo JWKS', async () => {
    const fetched = await core.dispatcher.invoke('card.fetch', { url: demo.cardUrl });
    if (!fetched.ok) throw new Error(fetched.error.message);
    expect(fetched.value.version).toBe('1.0');
    expect(fetched.value.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const verified = await core.dispatcher.invoke('card.verify', { card: fetched.value.card, jwks: jwksText });
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.validCount).toBe(1);
    expect(verified.value.signatures[0]).toMatchObject({ verdict: 'valid' });
    expect(verified.value.canonical.sha256).toBe(fetched.value.canonical.sha256);
  });

  it('fills {{variables}} in the card URL from the chosen environment, and names an unknown one', async () => {
    await writeFile(
      join(core.env.dataDir.workspaceDir, 'powerduck.environments.json'),
      JSON.stringify({ environments: [{ name: 'local demo', variables: { baseUrl: new URL(demo.cardUrl).origin } }] }),
    );
    const fetched = await core.dispatcher.invoke('card.fetch', { url: '{{baseUrl}}', environment: 'local demo' });
    if (!fetched.ok) throw new Error(fetched.error.message);
    expect(fetched.value.fetch.url).toBe(demo.cardUrl);
    const unknown = await core.dispatcher.invoke('card.fetch', { url: '{{agentUrl}}', environment: 'local demo' });
    expect(!unknown.ok && unknown.error.message).toMatch(/\{\{agentUrl\}\}/);
  });

  it('rejects the demo card once a standard field is changed', async () => {
    const tampered = clone(demo.card) as Json;
    (tampered['skills'] as Array<Record<string, unknown>>)[0]!['description'] = 'Subtracts numbers.';
    const verified = await core.dispatcher.invoke('card.verify', { card: tampered, jwks: jwksText });
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.signatures[0]).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch' });
  });

  it('rejects the demo card with its scope-less requirement removed (the SDK-style bytes)', async () => {
    const stripped = clone(demo.card) as Json;
    delete stripped['securityRequirements'];
    const verified = await core.dispatcher.invoke('card.verify', { card: stripped, jwks: jwksText });
    expect(verified.ok && verified.value.validCount).toBe(0);
  });
});
