/**
 * env.save's newSecrets: the Environments screen's "Make … a secret" sends the value with Save, and
 * the core stores it, then writes the file. A save that is refused stores nothing (or takes back what
 * it stored), and a name another value already holds gets the next free one, which the file names.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';

const VALUE = 'made-secret-5d0c-value';
let core: Core;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ core, dispose } = await tempCore());
});
afterEach(async () => dispose());

async function names(): Promise<string[]> {
  const listed = await core.dispatcher.invoke('secrets.list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.names;
}

const staging = (secret: string) => [{ name: 'staging', variables: [{ name: 'apiKey', secret }] }];

describe('env.save with newSecrets', () => {
  it('stores each new secret and writes the file naming it, never the value', async () => {
    const saved = await core.dispatcher.invoke('env.save', {
      environments: staging('staging-apiKey'),
      expectedHash: null,
      newSecrets: [{ name: 'staging-apiKey', value: VALUE }],
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(await names()).toContain('staging-apiKey');
    expect(await core.env.secrets.get('staging-apiKey')).toBe(VALUE);
    const text = await readFile(saved.value.file, 'utf8');
    expect(text).toContain('staging-apiKey');
    expect(text).not.toContain(VALUE);
  });

  it('takes the next free name when another value holds the one asked for, and the file names that one', async () => {
    await core.env.secrets.set('staging-apiKey', 'someone-elses');
    const saved = await core.dispatcher.invoke('env.save', {
      environments: staging('staging-apiKey'),
      expectedHash: null,
      newSecrets: [{ name: 'staging-apiKey', value: VALUE }],
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.environments[0]?.variables[0]).toEqual({ name: 'apiKey', secret: 'staging-apiKey-2' });
    expect(await core.env.secrets.get('staging-apiKey')).toBe('someone-elses');
    expect(await core.env.secrets.get('staging-apiKey-2')).toBe(VALUE);
  });

  it('takes back what it stored when the file is not written (a conflict), and keeps what was there', async () => {
    const first = await core.dispatcher.invoke('env.save', { environments: [{ name: 'dev', variables: [] }], expectedHash: null });
    if (!first.ok) throw new Error(first.error.message);
    await core.env.secrets.set('kept', 'k');
    const stale = await core.dispatcher.invoke('env.save', {
      environments: staging('staging-apiKey'),
      expectedHash: null,
      newSecrets: [{ name: 'staging-apiKey', value: VALUE }],
    });
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.error.code).toBe('conflict');
    expect(await names()).toEqual(['kept']);
    expect(await readFile(first.value.file, 'utf8')).not.toContain('staging');
  });

  it('refuses a bad name or an empty value with a clear error, storing and writing nothing', async () => {
    for (const newSecrets of [[{ name: 'bad name', value: VALUE }], [{ name: 'ok', value: '' }]]) {
      const refused = await core.dispatcher.invoke('env.save', { environments: staging('ok'), expectedHash: null, newSecrets });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toContain('newSecrets');
    }
    expect(await names()).toEqual([]);
    const listed = await core.dispatcher.invoke('env.list', {});
    expect(listed.ok && listed.value.hash).toBe(null);
  });
});
