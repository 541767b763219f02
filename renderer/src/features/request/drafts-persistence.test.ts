import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../shared/session/session-state';
import { createFakeHost } from '../../host/fake-host';
import { createDraft } from './draft-model';
import { fromSession, persistSession, toSession } from './drafts-persistence';
import { useDraftsStore } from './drafts-store';
import { useLastResponseStore } from './last-response-store';

afterEach(() => {
  useDraftsStore.setState({ tabs: [], activeId: undefined });
  useLastResponseStore.setState({ byTab: {}, restored: {} });
});

describe('session persistence of open tabs', () => {
  it('round-trips tabs with secret references and their last response summary', () => {
    const tab = createDraft('t1', { endpoint: 'http://a', auth: { type: 'bearer', token: { secretRef: 'demo' } } });
    const summary = { method: 'SendMessage', outcome: 'message', status: 200, at: '2026-01-01T00:00:00.000Z' };
    const back = fromSession(JSON.parse(JSON.stringify(toSession([tab], 't1', { t1: summary }))) as SessionState);
    expect(back).toEqual({ tabs: [tab], activeId: 't1', last: { t1: summary } });
  });

  it('never hands a literal secret to the core', () => {
    const tab = createDraft('t1', {
      auth: { type: 'basic', username: 'u', password: { value: 'hunter2' } },
      headers: [{ name: 'Authorization', value: 'Bearer hunter3' }],
    });
    const text = JSON.stringify(toSession([tab], 't1', {}));
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('hunter3');
  });

  it('never writes a credential typed into a header row or the endpoint, and keeps the rest', () => {
    const tab = createDraft('t1', {
      endpoint: 'https://bob:pw-12345@agent.example/rpc?access_token=tok-98765&page=2',
      headers: [
        { name: 'Authorization', value: 'Bearer typed-77777' },
        { name: 'X-Api-Key', value: 'key-55555' },
        { name: 'X-Trace', value: 'keep-me' },
      ],
    });
    const text = JSON.stringify(toSession([tab], 't1', {}));
    for (const secret of ['pw-12345', 'bob:', 'tok-98765', 'typed-77777', 'key-55555']) expect(text).not.toContain(secret);
    expect(text).toContain('keep-me');
    expect(text).toContain('https://agent.example/rpc?access_token=&page=2');
  });

  it('keeps "New messageId on each Send" off when it was turned off, and turns it on for tabs saved without it', () => {
    const off = createDraft('t1', { freshMessageId: false });
    const saved = JSON.parse(JSON.stringify(toSession([off], 't1', {}))) as SessionState;
    expect(fromSession(saved).tabs[0]?.freshMessageId).toBe(false);
    const old = {
      tabs: [{ draft: { id: 't2', kind: 'a2a', version: '1.0', binding: 'JSONRPC', endpoint: '', method: 'SendMessage' } }],
    } as unknown as SessionState;
    expect(fromSession(old).tabs[0]?.freshMessageId).toBe(true);
    const odd = { tabs: [{ draft: { id: 't3', kind: 'a2a', version: '1.0', binding: 'JSONRPC', freshMessageId: 'no' } }] } as unknown as SessionState;
    expect(fromSession(odd).tabs[0]?.freshMessageId).toBe(true);
  });

  it('skips drafts it cannot read', () => {
    const state = { tabs: [{ draft: { id: 'x', kind: 'a2a', version: '9' } }, { draft: { id: 'y', kind: 'other' } }] } as unknown as SessionState;
    expect(fromSession(state).tabs).toEqual([]);
  });

  it('restores from the core, keeps a tab opened meanwhile, and saves only after the restore', async () => {
    const saved: SessionState[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stored = toSession([createDraft('old', { endpoint: 'http://saved' })], 'old', {
      old: { method: 'SendMessage', outcome: 'task', at: '2026-01-01T00:00:00.000Z' },
    });
    const host = createFakeHost({
      ops: {
        'session.load': async ({ windowId }) => {
          await gate;
          return { ...stored, windowId };
        },
        'session.save': (request) => {
          saved.push(request);
          return { saved: request.tabs.length, dropped: [], windowId: request.windowId };
        },
      },
    });
    const session = persistSession(host, { delayMs: 1 });
    useDraftsStore.getState().openA2a({ endpoint: 'http://new' });
    await new Promise((r) => setTimeout(r, 10));
    expect(saved).toEqual([]);
    release();
    await session.restored;
    expect(useDraftsStore.getState().tabs.map((t) => t.endpoint)).toEqual(['http://saved', 'http://new']);
    expect(useLastResponseStore.getState().restored['old']).toBe(true);
    useDraftsStore.getState().update('old', { endpoint: 'http://edited' });
    await new Promise((r) => setTimeout(r, 20));
    expect(saved.at(-1)?.tabs.map((t) => t.draft['endpoint'])).toEqual(['http://edited', 'http://new']);
    session.stop();
  });

  it('carries tabs over from the old localStorage key once', async () => {
    const legacy = JSON.stringify({ tabs: [createDraft('l1', { endpoint: 'http://legacy' })], activeId: 'l1' });
    const store = new Map([['powerduck.drafts.v1', legacy]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, removeItem: (k: string) => void store.delete(k) };
    const saved: SessionState[] = [];
    const host = createFakeHost({
      ops: {
        'session.load': ({ windowId }) => ({ tabs: [], windowId }),
        'session.save': (r) => (saved.push(r), { saved: r.tabs.length, dropped: [], windowId: r.windowId }),
      },
    });
    const session = persistSession(host, { storage, delayMs: 1 });
    await session.restored;
    expect(useDraftsStore.getState().tabs.map((t) => t.endpoint)).toEqual(['http://legacy']);
    expect(store.has('powerduck.drafts.v1')).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(saved.at(-1)?.tabs).toHaveLength(1);
    session.stop();
  });

  it("asks for this window's slot, keeps the id the core answers across a reload, beats while open and frees the slot on leaving", async () => {
    const stored = new Map<string, string>([['powerduck.windowId', 'tab-window']]);
    const windowStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    let touches = 0;
    const host = createFakeHost({
      ops: {
        // A new window adopts the slot of the window closed last: the page goes on under that slot's id.
        'session.load': () => ({ tabs: toSession([createDraft('adopted', { endpoint: 'http://adopted' })], 'adopted', {}).tabs, windowId: 'closed-window' }),
        'session.save': (r) => ({ saved: r.tabs.length, dropped: [], windowId: r.windowId }),
        // The second heartbeat finds the slot taken (the page looked closed): the core names a new one.
        'session.touch': (r) => ({ windowId: ++touches === 2 ? 'moved-window' : r.windowId }),
        'session.release': () => ({}),
      },
    });
    const session = persistSession(host, { windowStorage, delayMs: 1, heartbeatMs: 5 });
    await session.restored;
    const load = host.calls.find((c) => c.op === 'session.load')?.request as { windowId: string; pageId: string };
    expect(load.windowId).toBe('tab-window');
    expect(useDraftsStore.getState().tabs.map((t) => t.endpoint)).toEqual(['http://adopted']);
    expect(stored.get('powerduck.windowId')).toBe('closed-window');
    await expect.poll(() => touches, { timeout: 1000 }).toBeGreaterThanOrEqual(2);
    // Moved: the tabs are saved in the new slot at once, and the reload will ask for it.
    await expect
      .poll(() => host.calls.filter((c) => c.op === 'session.save').map((c) => (c.request as { windowId: string }).windowId))
      .toContain('moved-window');
    expect(stored.get('powerduck.windowId')).toBe('moved-window');
    session.leave();
    const release = host.calls.at(-1);
    expect(release).toEqual({ op: 'session.release', request: { windowId: 'moved-window', pageId: load.pageId } });
    session.stop();
    const calls = host.calls.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(host.calls.length).toBe(calls);
  });
});
