/**
 * A Postman environment file becomes a Powerduck environment through the one environments writer:
 * values marked `type: "secret"` or under a credential's name go to the secret store (the file keeps
 * their names only); formats of other tools are refused by name (exit 2 in the CLI), with nothing written.
 * The plan lists only the variables no environment defines once the import's are in, and names the secrets still missing.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';
import { runCliCaptured } from '../fixtures/cli-run';

let core: Core;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await tempCore());
});
afterEach(async () => dispose());

const environmentFile = JSON.stringify({
  id: 'e1',
  name: 'Pets staging',
  _postman_variable_scope: 'environment',
  _postman_exported_using: 'Postman/11.0.0',
  values: [
    { key: 'baseUrl', value: 'https://staging.example.com', type: 'default', enabled: true },
    { key: 'clientPin', value: 'pin-7c1e', type: 'secret', enabled: true },
    { key: 'apiToken', value: 'tok-3b9a', type: 'default', enabled: true },
    { key: 'refreshToken', value: '', type: 'secret', enabled: true },
    { key: 'old', value: 'x', type: 'default', enabled: false },
  ],
});

const envFile = (): string => join(core.env.dataDir.workspaceDir, 'powerduck.environments.json');

describe('a Postman environment file', () => {
  it('plans an environment whose secrets are credentials to store, and names a secret with no value as missing', async () => {
    const plan = await core.dispatcher.invoke('import.inspect', { text: environmentFile });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value).toMatchObject({ kind: 'postman-environment', title: 'Pets staging', operations: [], variables: [] });
    expect(plan.value.environments).toEqual([{ name: 'Pets staging', variables: 4, exists: false }]);
    expect(plan.value.credentials.map((c) => [c.what, c.suggestedName])).toEqual([
      ['variable clientPin', 'pets-staging-clientpin'],
      ['variable apiToken', 'pets-staging-apitoken'],
    ]);
    expect(plan.value.missingSecrets).toEqual(['pets-staging-refreshtoken']);
    expect(plan.value.warnings).toEqual([expect.stringContaining('Variable old is switched off')]);
  });

  it('stores the secrets and writes only their names to the environments file', async () => {
    const applied = await core.dispatcher.invoke('import.apply', { text: environmentFile });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value).toMatchObject({ kind: 'postman-environment', name: 'powerduck.environments.json', environmentsAdded: ['Pets staging'] });
    expect(applied.value.storedSecrets.sort()).toEqual(['pets-staging-apitoken', 'pets-staging-clientpin']);
    expect(applied.value.missingSecrets).toEqual(['pets-staging-refreshtoken']);
    const text = await readFile(envFile(), 'utf8');
    expect(text).not.toContain('pin-7c1e');
    expect(text).not.toContain('tok-3b9a');
    expect(JSON.parse(text)).toEqual({
      environments: [
        {
          name: 'Pets staging',
          variables: {
            baseUrl: 'https://staging.example.com',
            clientPin: { secret: 'pets-staging-clientpin' },
            apiToken: { secret: 'pets-staging-apitoken' },
            refreshToken: { secret: 'pets-staging-refreshtoken' },
          },
        },
      ],
    });
    expect(await core.env.secrets.get('pets-staging-clientpin')).toBe('pin-7c1e');
    // The environment is the one the Environments screen and --env read.
    const state = await core.dispatcher.invoke('env.list', {});
    if (!state.ok) throw new Error(state.error.message);
    expect(JSON.stringify(state.value)).toContain('Pets staging');
  });

  it('a secret the person chose not to store leaves its variable out', async () => {
    const applied = await core.dispatcher.invoke('import.apply', { text: environmentFile, secretNames: { 'env:clientPin': null } });
    if (!applied.ok) throw new Error(applied.error.message);
    const text = await readFile(envFile(), 'utf8');
    expect(text).not.toContain('clientPin');
    expect(await core.env.secrets.get('pets-staging-clientpin')).toBeUndefined();
  });
});

describe('formats of other tools are refused by name, nothing written', () => {
  const cases: Array<[string, string]> = [
    ['an Insomnia export', JSON.stringify({ _type: 'export', __export_format: 4, resources: [] })],
    ['an Insomnia export', 'type: collection.insomnia.rest/5.0\nname: Pets\ncollection: []\n'],
    ['a HAR file', JSON.stringify({ log: { version: '1.2', entries: [] } })],
    ['a Bruno collection', JSON.stringify({ version: '1', name: 'Pets', type: 'collection' })],
    ['a Bruno request file (.bru)', 'meta {\n  name: list pets\n  type: http\n}\n\nget {\n  url: http://h/pets\n}\n'],
  ];
  it.each(cases)('%s', async (what, text) => {
    const before = await readdir(core.env.dataDir.workspaceDir);
    const plan = await core.dispatcher.invoke('import.inspect', { text });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.error.code).toBe('unsupported');
    expect(plan.error.message).toBe(
      `This looks like ${what}${what === 'a HAR file' ? ' (a recorded browser session)' : ''}; Powerduck imports OpenAPI, Postman collections/environments and curl. Nothing was imported.`,
    );
    const applied = await core.dispatcher.invoke('import.apply', { text });
    expect(applied.ok).toBe(false);
    expect(await readdir(core.env.dataDir.workspaceDir)).toEqual(before);
  });

  it('the CLI says so and exits 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'powerduck-insomnia-'));
    try {
      await writeFile(join(dir, 'insomnia.json'), JSON.stringify({ _type: 'export', __export_format: 4, resources: [] }));
      const r = await runCliCaptured(['import', 'insomnia.json'], { home: join(dir, 'home'), cwd: dir });
      expect(r.code).toBe(2);
      expect(r.err).toContain('This looks like an Insomnia export; Powerduck imports OpenAPI, Postman collections/environments and curl.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what the import still needs', () => {
  const demoSpec = new URL('../../examples/a2a-demo/openapi.json', import.meta.url).pathname;

  it('lists no variable the environment it brings defines, and names the secret that environment needs', async () => {
    const plan = await core.dispatcher.invoke('import.inspect', { source: demoSpec });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.environments.map((e) => e.name)).toEqual(['local demo']);
    expect(plan.value.variables).toEqual([]);
    expect(plan.value.missingSecrets).toEqual(['demo-token']);
    await core.env.secrets.set('demo-token', 't');
    const again = await core.dispatcher.invoke('import.inspect', { source: demoSpec });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.missingSecrets).toEqual([]);
  });

  it('still lists a variable no environment defines', async () => {
    const collection = JSON.stringify({
      info: { name: 'Pets', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      variable: [{ key: 'baseUrl', value: 'http://127.0.0.1:9' }],
      item: [{ name: 'list', request: { method: 'GET', url: '{{baseUrl}}/pets?page={{page}}' } }],
    });
    const plan = await core.dispatcher.invoke('import.inspect', { text: collection });
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.variables).toEqual(['page']);
    expect(plan.value.missingSecrets).toEqual([]);
  });
});
