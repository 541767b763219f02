import { beforeEach, describe, expect, it } from 'vitest';
import type { Host } from '../../host';
import { deleteSecret, refreshSecrets, storeSecret, useSecretsStore, watchSecrets } from './secrets-store';

/** A secret store behind a fake host: `secrets.set` can fail, and names may change behind the page's back (the CLI). */
function fakeHost(initial: string[] = []) {
  const names = new Set(initial);
  const calls: string[] = [];
  let failSet = false;
  const invoke = (async (op: string, request: { name?: string }) => {
    calls.push(op);
    if (op === 'secrets.list') return { ok: true, value: { names: [...names], storage: 'file' } };
    if (op === 'secrets.set') {
      if (failSet) return { ok: false, error: { code: 'io', message: 'disk full' } };
      names.add(request.name ?? '');
      return { ok: true, value: { name: request.name } };
    }
    if (op === 'secrets.delete') return { ok: true, value: { deleted: names.delete(request.name ?? '') } };
    throw new Error(`unexpected ${op}`);
  }) as unknown as Host['invoke'];
  return {
    host: { invoke },
    names,
    calls,
    failNextSet() {
      failSet = true;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the one secrets store', () => {
  beforeEach(() => useSecretsStore.setState({ names: [], storage: undefined }));

  it('lists a secret stored in the page at once, sorted, and forgets a deleted one', async () => {
    const { host } = fakeHost(['zeta']);
    await refreshSecrets(host);
    expect(await storeSecret(host, 'ui-secret', 'v')).toEqual({ ok: true, name: 'ui-secret' });
    expect(useSecretsStore.getState().names).toEqual(['ui-secret', 'zeta']);
    expect(await deleteSecret(host, 'zeta')).toBeUndefined();
    expect(useSecretsStore.getState().names).toEqual(['ui-secret']);
  });

  it('never lists the OAuth token cache records, which share the secret store, so no picker or list offers one', async () => {
    const { host } = fakeHost(['zeta', 'oauth2-token:127.0.0.1:9:client:abc', 'alpha']);
    await refreshSecrets(host);
    expect(useSecretsStore.getState().names).toEqual(['alpha', 'zeta']);
  });

  it('reports a failed store with the core error and keeps the list as it was', async () => {
    const fake = fakeHost(['a']);
    await refreshSecrets(fake.host);
    fake.failNextSet();
    expect(await storeSecret(fake.host, 'b', 'v')).toEqual({ ok: false, error: { code: 'io', message: 'disk full' } });
    expect(useSecretsStore.getState().names).toEqual(['a']);
  });

  it('lists again when the page becomes visible or focused (a secret stored through the CLI), and stops when asked', async () => {
    const fake = fakeHost();
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
    const stop = watchSecrets(fake.host, win, doc);
    fake.names.add('cli-secret');
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    // Hidden: nothing to show yet, so no call.
    expect(fake.calls).toEqual([]);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(useSecretsStore.getState().names).toEqual(['cli-secret']);
    fake.names.add('another');
    win.dispatchEvent(new Event('focus'));
    await settle();
    expect(useSecretsStore.getState().names).toEqual(['another', 'cli-secret']);
    stop();
    win.dispatchEvent(new Event('focus'));
    await settle();
    expect(fake.calls).toEqual(['secrets.list', 'secrets.list']);
  });
});
