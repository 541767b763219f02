import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../shared/session/session-state';
import { sanitiseSession } from '../../../../shared/session/session-state';
import { createFakeHost } from '../../host/fake-host';
import { useHttpDraftsStore } from '../http/http-drafts-store';
import { persistSession } from './drafts-persistence';
import { useDraftsStore } from './drafts-store';
import { fingerprintText, isTabModified, markTabSaved, tabBaselines } from './unsaved-changes';

afterEach(() => {
  useDraftsStore.setState({ tabs: [], activeId: undefined });
  useHttpDraftsStore.setState({ tabs: [] });
});

function a2a(id: string) {
  const tab = useDraftsStore.getState().tabs.find((t) => t.id === id);
  if (!tab) throw new Error(`no tab ${id}`);
  return tab;
}
function http(id: string) {
  const tab = useHttpDraftsStore.getState().tabs.find((t) => t.id === id);
  if (!tab) throw new Error(`no tab ${id}`);
  return tab;
}

describe('unsaved changes of request tabs', () => {
  it('a new tab is unmodified until edited, and unmodified again when the edit is undone', () => {
    const id = useDraftsStore.getState().openA2a({ endpoint: 'http://agent/rpc' });
    expect(isTabModified(a2a(id))).toBe(false);
    useDraftsStore.getState().update(id, { endpoint: 'http://agent/other' });
    expect(isTabModified(a2a(id))).toBe(true);
    useDraftsStore.getState().update(id, { endpoint: 'http://agent/rpc' });
    expect(isTabModified(a2a(id))).toBe(false);
  });

  it('a tab opened with content (a spec operation, a history entry) starts unmodified', () => {
    const id = useDraftsStore.getState().openA2a({ endpoint: 'http://agent/rpc', bodyText: '{"message":{"messageId":"m1"}}', tenant: 'acme' });
    expect(isTabModified(a2a(id))).toBe(false);
  });

  it('the fresh messageId Send writes into the body is not an edit; any other body change is', () => {
    const id = useDraftsStore.getState().openA2a({ bodyText: '{ "message": { "messageId": "m1", "parts": [] } }' });
    useDraftsStore.getState().update(id, { bodyText: '{ "message": { "messageId": "9f3a-\\"x", "parts": [] } }' });
    expect(isTabModified(a2a(id))).toBe(false);
    useDraftsStore.getState().update(id, { bodyText: '{ "message": { "messageId": "m2", "parts": [1] } }' });
    expect(isTabModified(a2a(id))).toBe(true);
  });

  it('a save makes the current content the baseline; a later edit is modified again', () => {
    const id = useDraftsStore.getState().openA2a({ endpoint: 'http://a/rpc' });
    useDraftsStore.getState().update(id, { endpoint: 'http://b/rpc' });
    markTabSaved(id);
    expect(isTabModified(a2a(id))).toBe(false);
    useDraftsStore.getState().update(id, { tenant: 't' });
    expect(isTabModified(a2a(id))).toBe(true);
  });

  it('tracks HTTP tabs too, and forgets a closed tab', () => {
    const id = useHttpDraftsStore.getState().open({ url: 'http://api/x' });
    expect(isTabModified(http(id))).toBe(false);
    useHttpDraftsStore.getState().update(id, (d) => ({ ...d, method: 'POST' }));
    expect(isTabModified(http(id))).toBe(true);
    useHttpDraftsStore.getState().close(id);
    expect(tabBaselines.of(id)).toBeUndefined();
  });

  it('is independent of key order, so a restored draft equals the one saved', () => {
    const a = { id: 'x', kind: 'http', url: 'http://u', nested: { b: 1, a: 2 } };
    const b = { nested: { a: 2, b: 1 }, url: 'http://u', kind: 'http', id: 'y' };
    expect(fingerprintText(a)).toBe(fingerprintText(b));
  });

  it('never carries a credential: literal secrets, credential headers, query keys and URL userinfo are masked', () => {
    const text = fingerprintText({
      id: 't',
      kind: 'http',
      url: 'http://bob:hunter2@api/x?access_token=tok1',
      auth: { type: 'bearer', token: { value: 'tok2' } },
      headers: [
        { name: 'Authorization', value: 'Bearer tok3' },
        { name: 'Accept', value: 'text/plain' },
      ],
      params: [{ name: 'api_key', value: 'tok4' }],
      operation: { values: { 'query:api_key': 'tok5', 'query:page': '2' } },
    } as { id: string; kind: string });
    for (const secret of ['hunter2', 'tok1', 'tok2', 'tok3', 'tok4', 'tok5']) expect(text).not.toContain(secret);
    expect(text).toContain('text/plain');
    expect(text).toContain('"query:page":"2"');
  });

  it('a hand-edited session with a prototype-named tab id changes nothing it should not', () => {
    tabBaselines.restore(JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>);
    const id = useDraftsStore.getState().openA2a({});
    expect(isTabModified(a2a(id))).toBe(false);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('the session keeps each baseline with its tab, so a tab edited before a restart is still modified after it', async () => {
    const saved: SessionState[] = [];
    const host = createFakeHost({
      ops: {
        'session.load': ({ windowId }) => ({ tabs: [], windowId }),
        'session.save': (r) => (saved.push(sanitiseSession(r).state), { saved: r.tabs.length, dropped: [], windowId: r.windowId }),
      },
    });
    const first = persistSession(host, { delayMs: 1 });
    await first.restored;
    const edited = useDraftsStore.getState().openA2a({ endpoint: 'http://a/rpc' });
    useDraftsStore.getState().update(edited, { endpoint: 'http://a/edited' });
    const clean = useDraftsStore.getState().openA2a({ endpoint: 'http://b/rpc' });
    await new Promise((r) => setTimeout(r, 30));
    first.stop();
    const session = saved.at(-1);
    expect(session?.tabs.every((t) => typeof t.baseline === 'string')).toBe(true);

    // A restart: empty stores and no baselines, then the saved session comes back.
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    await new Promise((r) => setTimeout(r, 0));
    expect(tabBaselines.of(edited)).toBeUndefined();
    const second = persistSession(
      createFakeHost({
        ops: {
          'session.load': ({ windowId }) => ({ ...(session ?? { tabs: [] }), windowId }),
          'session.save': ({ windowId }) => ({ saved: 0, dropped: [], windowId }),
        },
      }),
      {
        delayMs: 1,
      },
    );
    await second.restored;
    second.stop();
    expect(isTabModified(a2a(edited))).toBe(true);
    expect(isTabModified(a2a(clean))).toBe(false);
  });
});
