import { beforeEach, describe, expect, it } from 'vitest';
import type { EnvironmentsState } from '../../../../shared/contract/ops-env';
import type { Host } from '../../host';
import { activeEnvironment, refreshEnvironments, selectEnvironment, useEnvironmentsStore } from './environments-store';

/**
 * A host whose env.select is slow (a locked file write): each select waits until the test lets it
 * answer, as the core would, ok or failing. env.list answers at once with what the core has stored.
 */
function slowHost(initialActive: string | null) {
  let stored = initialActive;
  const waiting: Array<{ name: string | null; answer: (fail?: boolean) => void }> = [];
  const invoke = (async (op: string, request: { name?: string | null }) => {
    if (op === 'secrets.list') return { ok: true, value: { names: [], storage: 'file' } };
    if (op === 'env.list') {
      const state: EnvironmentsState = {
        file: '/w/powerduck.environments.json',
        environments: [
          { name: 'prod', variables: [] },
          { name: 'staging', variables: [] },
        ],
        active: stored,
      } as unknown as EnvironmentsState;
      return { ok: true, value: state };
    }
    if (op === 'env.select') {
      const name = request.name ?? null;
      return new Promise((resolve) => {
        waiting.push({
          name,
          answer: (fail) => {
            if (fail) resolve({ ok: false, error: { code: 'io', message: 'the file is locked' } });
            else {
              stored = name;
              resolve({ ok: true, value: { active: name } });
            }
          },
        });
      });
    }
    throw new Error(`unexpected ${op}`);
  }) as unknown as Host['invoke'];
  return { host: { invoke } as Host, waiting, stored: () => stored };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('selecting an environment', () => {
  beforeEach(() => useEnvironmentsStore.setState({ state: null, error: undefined, selectFailure: undefined }));

  it('is what sends use at once, before the core has stored it (pick, then Ctrl+Enter)', async () => {
    const fake = slowHost('prod');
    await refreshEnvironments(fake.host);
    expect(activeEnvironment()).toBe('prod');
    const picked = selectEnvironment(fake.host, 'staging');
    // The store has not answered yet: a send now must already go to staging.
    expect(fake.waiting).toHaveLength(1);
    expect(fake.stored()).toBe('prod');
    expect(activeEnvironment()).toBe('staging');
    expect(useEnvironmentsStore.getState().state?.active).toBe('staging');
    fake.waiting[0]?.answer();
    expect(await picked).toBeUndefined();
    expect(activeEnvironment()).toBe('staging');
  });

  it('counts even when picked before the first list has answered (right after the page loads)', async () => {
    const fake = slowHost('prod');
    const picked = selectEnvironment(fake.host, 'staging');
    expect(activeEnvironment()).toBe('staging');
    // A list that answers while the pick is still being stored does not bring prod back.
    await refreshEnvironments(fake.host);
    expect(activeEnvironment()).toBe('staging');
    expect(useEnvironmentsStore.getState().state?.active).toBe('staging');
    fake.waiting[0]?.answer();
    await picked;
    expect(useEnvironmentsStore.getState().state?.active).toBe('staging');
  });

  it('picking "No environment" stops using one at once', async () => {
    const fake = slowHost('prod');
    await refreshEnvironments(fake.host);
    const picked = selectEnvironment(fake.host, null);
    expect(activeEnvironment()).toBeUndefined();
    fake.waiting[0]?.answer();
    await picked;
    expect(activeEnvironment()).toBeUndefined();
  });

  it('falls back to the environment the core still has when storing the pick fails, and says which pick failed', async () => {
    const fake = slowHost('prod');
    await refreshEnvironments(fake.host);
    const picked = selectEnvironment(fake.host, 'staging');
    expect(activeEnvironment()).toBe('staging');
    fake.waiting[0]?.answer(true);
    expect(await picked).toEqual({ code: 'io', message: 'the file is locked' });
    expect(activeEnvironment()).toBe('prod');
    expect(useEnvironmentsStore.getState().state?.active).toBe('prod');
    expect(useEnvironmentsStore.getState().selectFailure).toEqual({ name: 'staging', error: { code: 'io', message: 'the file is locked' } });
    // The next pick clears the notice.
    const again = selectEnvironment(fake.host, 'staging');
    expect(useEnvironmentsStore.getState().selectFailure).toBeUndefined();
    fake.waiting[1]?.answer();
    await again;
  });

  it('the latest of two quick picks wins, whatever order the core answers them in', async () => {
    const fake = slowHost('prod');
    await refreshEnvironments(fake.host);
    const first = selectEnvironment(fake.host, 'staging');
    const second = selectEnvironment(fake.host, 'prod');
    expect(activeEnvironment()).toBe('prod');
    // The second answers first; then the first (earlier) pick's answer must not take staging back.
    fake.waiting[1]?.answer();
    await second;
    fake.waiting[0]?.answer();
    await first;
    await settle();
    expect(activeEnvironment()).toBe('prod');
    expect(useEnvironmentsStore.getState().state?.active).toBe('prod');
  });

  it('a failed earlier pick does not undo a later one that is still being stored', async () => {
    const fake = slowHost('prod');
    await refreshEnvironments(fake.host);
    const first = selectEnvironment(fake.host, 'staging');
    const second = selectEnvironment(fake.host, null);
    fake.waiting[0]?.answer(true);
    await first;
    expect(activeEnvironment()).toBeUndefined();
    expect(useEnvironmentsStore.getState().selectFailure).toBeUndefined();
    fake.waiting[1]?.answer();
    await second;
    expect(activeEnvironment()).toBeUndefined();
  });
});
