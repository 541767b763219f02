import { beforeEach, describe, expect, it } from 'vitest';
import { applyInterface } from '../../../../shared/card/apply-interface';
import { createFakeHost } from '../../host/fake-host';
import { useDraftsStore } from '../request/drafts-store';
import { followRequestTabs, useToolViewStore } from '../../app/tool-view-store';
import { commitApply, planApply } from './apply-to-draft';

const card = {
  name: 'A',
  supportedInterfaces: [
    { url: 'http://agent.test/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'http://other.test/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  ],
};

const host = createFakeHost({
  ops: {
    'card.applyInterface': (request) => {
      const outcome = applyInterface(request);
      if (!outcome.ok) throw { code: 'not-found', message: outcome.message };
      return outcome.result;
    },
  },
});

describe('"Apply interface" changes the request only when committed', () => {
  beforeEach(() => {
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    useToolViewStore.setState({ view: { kind: 'card' } });
  });

  it('planning changes nothing; committing updates the active tab and keeps the inspector open', async () => {
    const unfollow = followRequestTabs();
    const id = useDraftsStore.getState().openA2a({ endpoint: 'http://agent.test/old', auth: { type: 'bearer', token: { secretRef: 'tok' } } });
    // Opening a tab by hand steps the tool view aside…
    expect(useToolViewStore.getState().view).toBeNull();
    useToolViewStore.setState({ view: { kind: 'card' } });
    const plan = await planApply(host, card, 1, false);
    if (!plan.ok) throw new Error(plan.error.message);
    expect(useDraftsStore.getState().tabs[0]?.endpoint).toBe('http://agent.test/old');
    // Another origin: the credentials are withheld until confirmed.
    expect(plan.value.auth.needsConfirmation).toBe(true);
    expect(commitApply(plan.value)).toBe(id);
    const draft = useDraftsStore.getState().tabs[0];
    expect(draft?.endpoint).toBe('http://other.test/rest');
    expect(draft?.binding).toBe('HTTP+JSON');
    expect(draft?.auth).toEqual({ type: 'none' });
    // …but an apply made from the inspector does not.
    expect(useToolViewStore.getState().view).toEqual({ kind: 'card' });
    unfollow();
  });

  it('same origin keeps the credentials; with no tab open a new one is created', async () => {
    const id = useDraftsStore
      .getState()
      .openA2a({ endpoint: 'http://agent.test/old', binding: 'HTTP+JSON', auth: { type: 'bearer', token: { secretRef: 'tok' } } });
    const same = await planApply(host, card, 0, false);
    if (!same.ok) throw new Error(same.error.message);
    commitApply(same.value);
    expect(useDraftsStore.getState().tabs.find((t) => t.id === id)?.auth).toEqual({ type: 'bearer', token: { secretRef: 'tok' } });
    expect(useDraftsStore.getState().tabs.find((t) => t.id === id)?.binding).toBe('JSONRPC');

    useDraftsStore.setState({ tabs: [], activeId: undefined });
    const fresh = await planApply(host, card, 0, false);
    if (!fresh.ok) throw new Error(fresh.error.message);
    const newId = commitApply(fresh.value);
    expect(useDraftsStore.getState().tabs.map((t) => [t.id, t.endpoint])).toEqual([[newId, 'http://agent.test/rpc']]);
  });

  it('an unknown interface is refused without touching the draft', async () => {
    useDraftsStore.getState().openA2a({ endpoint: 'http://agent.test/old' });
    const result = await planApply(host, card, 7, false);
    expect(result.ok).toBe(false);
    expect(useDraftsStore.getState().tabs[0]?.endpoint).toBe('http://agent.test/old');
  });
});
