import { afterEach, describe, expect, it } from 'vitest';
import { useDraftsStore } from '../features/request/drafts-store';
import { useTabOrderStore } from '../features/request/tab-order-store';
import { isTabModified } from '../features/request/unsaved-changes';
import { useHttpDraftsStore } from '../features/http/http-drafts-store';
import { useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { useSpecsStore } from '../features/specs/specs-store';
import { requestCloseTabs } from './close-tab-prompt';
import {
  activeAfterClosing,
  closedTabLimit,
  closeTab,
  closeTabs,
  duplicateTab,
  openDraft,
  pushBounded,
  reopenClosedTab,
  tabBarOrder,
  tabsToClose,
  useClosedTabsStore,
} from './tab-actions';
import { tabMenuItems } from './tab-context-menu';

afterEach(() => {
  useDraftsStore.setState({ tabs: [], activeId: undefined });
  useHttpDraftsStore.setState({ tabs: [] });
  useMcpDraftsStore.setState({ tabs: [] });
  useTabOrderStore.setState({ order: [] });
  useClosedTabsStore.setState({ closed: [] });
});

/** Opens one tab of each kind and a second A2A one, as the bar shows them: a2a, http, mcp, a2a. */
function fourTabs(): string[] {
  const ids = [
    useDraftsStore.getState().openA2a({ endpoint: 'http://one/rpc' }),
    useHttpDraftsStore.getState().open({ url: 'http://two/items' }),
    useMcpDraftsStore.getState().open({ endpoint: 'http://three/mcp' }),
    useDraftsStore.getState().openA2a({ endpoint: 'http://four/rpc' }),
  ];
  useTabOrderStore.getState().sync(ids);
  return ids;
}

const active = (): string | undefined => useDraftsStore.getState().activeId;

describe('which tabs a tab menu item closes', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('others, to the right, all; an unknown tab has nothing to its right', () => {
    expect(tabsToClose(order, 'b', 'others')).toEqual(['a', 'c', 'd']);
    expect(tabsToClose(order, 'b', 'right')).toEqual(['c', 'd']);
    expect(tabsToClose(order, 'd', 'right')).toEqual([]);
    expect(tabsToClose(order, 'b', 'all')).toEqual(order);
    expect(tabsToClose(order, 'x', 'right')).toEqual([]);
  });

  it('keeps the active tab when it stays, else the tab the menu was on, else the nearest one right then left', () => {
    expect(activeAfterClosing(order, ['c', 'd'], 'a', 'b')).toBe('a');
    expect(activeAfterClosing(order, ['a', 'c', 'd'], 'c', 'b')).toBe('b');
    expect(activeAfterClosing(order, ['b', 'c'], 'b')).toBe('d');
    expect(activeAfterClosing(order, ['c', 'd'], 'd')).toBe('b');
    expect(activeAfterClosing(order, order, 'a', 'b')).toBeUndefined();
  });

  it('disables the items that would do nothing', () => {
    const noop = { close() {}, closeOthers() {}, closeRight() {}, closeAll() {}, duplicate() {}, reopen() {} };
    const enabled = (ids: string[], tab: string, canReopen: boolean) =>
      Object.fromEntries(tabMenuItems(ids, tab, canReopen, noop, { apple: false, browser: false }).map((item) => [item.label, item.enabled]));
    expect(enabled(['a'], 'a', false)).toEqual({
      'tabMenu.close': true,
      'tabMenu.closeOthers': false,
      'tabMenu.closeRight': false,
      'tabMenu.closeAll': true,
      'tabMenu.duplicate': true,
      'tabMenu.reopen': false,
    });
    expect(enabled(['a', 'b'], 'a', true)).toMatchObject({ 'tabMenu.closeOthers': true, 'tabMenu.closeRight': true, 'tabMenu.reopen': true });
    expect(enabled(['a', 'b'], 'b', true)).toMatchObject({ 'tabMenu.closeRight': false });
  });

  it('shows Reopen closed tab’s shortcut as it works on the platform, naming every combination for assistive tech', () => {
    const noop = { close() {}, closeOthers() {}, closeRight() {}, closeAll() {}, duplicate() {}, reopen() {} };
    const reopen = (apple: boolean, browser: boolean) =>
      tabMenuItems(['a'], 'a', true, noop, { apple, browser }).find((item) => item.label === 'tabMenu.reopen')?.shortcut;
    expect(reopen(true, false)).toEqual({ keys: 'Control+Shift+T Meta+Shift+T Control+Alt+Shift+T', display: '⌘⇧T' });
    expect(reopen(false, false)?.display).toBe('Ctrl+Shift+T');
    expect(reopen(false, true)?.display).toBe('Ctrl+Alt+Shift+T');
    expect(reopen(true, true)?.display).toBe('⌃⌥⇧T');
  });
});

describe('closing several tabs and reopening them', () => {
  it('Close others keeps only the tab the menu was on, and makes it active', () => {
    const [a, h, m, b] = fourTabs() as [string, string, string, string];
    expect(active()).toBe(b);
    closeTabs(tabsToClose(tabBarOrder(), h, 'others'), h);
    expect(tabBarOrder()).toEqual([h]);
    expect(active()).toBe(h);
    expect(useClosedTabsStore.getState().closed.map((entry) => entry.draft.id)).toEqual([a, m, b]);
  });

  it('Close to the right keeps the active tab when it is left of the target', () => {
    const [a, h] = fourTabs() as [string, string, string, string];
    useDraftsStore.setState({ activeId: a });
    closeTabs(tabsToClose(tabBarOrder(), h, 'right'), h);
    expect(tabBarOrder()).toEqual([a, h]);
    expect(active()).toBe(a);
  });

  it('Close all leaves no tab and no active one', () => {
    fourTabs();
    closeTabs(tabBarOrder());
    expect(tabBarOrder()).toEqual([]);
    expect(active()).toBeUndefined();
  });

  it('reopens, most recent first, every kind with its draft and at the place it had', () => {
    const ids = fourTabs();
    const [a, h, m, b] = ids as [string, string, string, string];
    useHttpDraftsStore.getState().update(h, (d) => ({ ...d, method: 'POST', bodyKind: 'json', bodyText: '{"n":1}' }));
    useMcpDraftsStore.getState().update(m, (d) => ({ ...d, method: 'resources/read', bodyText: '{"uri":"mem://x"}' }));
    useDraftsStore.getState().update(a, { bodyText: '{"edited":true}' });
    const httpBefore = openDraft(h);
    closeTabs(tabsToClose(tabBarOrder(), b, 'others'), b);
    expect(tabBarOrder()).toEqual([b]);

    expect(reopenClosedTab()).toBe(m);
    expect(active()).toBe(m);
    expect(useMcpDraftsStore.getState().tabs.find((t) => t.id === m)).toMatchObject({ method: 'resources/read', bodyText: '{"uri":"mem://x"}' });
    expect(reopenClosedTab()).toBe(h);
    expect(useHttpDraftsStore.getState().tabs.find((t) => t.id === h)).toEqual(httpBefore);
    expect(reopenClosedTab()).toBe(a);
    expect(useDraftsStore.getState().tabs.find((t) => t.id === a)?.bodyText).toBe('{"edited":true}');
    // Back in the order they stood in, and still as modified as they were.
    useTabOrderStore.getState().sync(tabBarOrder());
    expect(tabBarOrder()).toEqual(ids);
    expect(isTabModified(openDraft(a) as NonNullable<ReturnType<typeof openDraft>>)).toBe(true);
    expect(isTabModified(openDraft(b) as NonNullable<ReturnType<typeof openDraft>>)).toBe(false);
    // Nothing more to bring back.
    expect(reopenClosedTab()).toBeUndefined();
    expect(tabBarOrder()).toEqual(ids);
  });

  it('a single close goes on the stack too, and the stack keeps only the last ones', () => {
    const [a] = fourTabs() as [string, string, string, string];
    closeTab(a);
    expect(useClosedTabsStore.getState().closed.map((entry) => [entry.draft.id, entry.index])).toEqual([[a, 0]]);
    for (let i = 0; i < closedTabLimit + 5; i++) closeTab(useDraftsStore.getState().openA2a({ endpoint: `http://n${i}/rpc` }));
    const closed = useClosedTabsStore.getState().closed;
    expect(closed).toHaveLength(closedTabLimit);
    expect(closed[closed.length - 1]?.draft).toMatchObject({ endpoint: `http://n${closedTabLimit + 4}/rpc` });
    expect(closed[0]?.draft).toMatchObject({ endpoint: 'http://n5/rpc' });
    expect(pushBounded([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
  });
});

describe('asking once before closing several tabs', () => {
  it('closes at once when none has unsaved changes, waits for the answer when any has', () => {
    const [a, h, m, b] = fourTabs() as [string, string, string, string];
    const closed: string[][] = [];
    const close = (ids: string[]): void => void closed.push(ids);
    const tabs = (ids: string[]) => ids.map((id) => ({ tab: openDraft(id) as NonNullable<ReturnType<typeof openDraft>>, title: id }));
    expect(requestCloseTabs(tabs([a, h]), close)).toBe(true);
    expect(closed).toEqual([[a, h]]);
    useMcpDraftsStore.getState().update(m, (d) => ({ ...d, endpoint: 'http://elsewhere/mcp' }));
    expect(requestCloseTabs(tabs([m, b]), close)).toBe(false);
    expect(closed).toHaveLength(1);
  });
});

describe('duplicating a tab', () => {
  it('opens a copy with a new id right after the original, active, with the same title and draft', () => {
    const [a, h] = fourTabs() as [string, string, string, string];
    useDraftsStore.getState().update(a, { bodyText: '{"edited":true}' });
    const copy = duplicateTab(a);
    expect(copy).toBeDefined();
    expect(copy).not.toBe(a);
    expect(tabBarOrder().slice(0, 3)).toEqual([a, copy, h]);
    expect(active()).toBe(copy);
    const { id: _a, ...original } = openDraft(a) as NonNullable<ReturnType<typeof openDraft>>;
    const { id: _c, ...duplicate } = openDraft(copy as string) as NonNullable<ReturnType<typeof openDraft>>;
    expect(duplicate).toEqual(original);
    // A copy of an edited scratch tab holds the same unsaved edits, so closing it asks too.
    expect(isTabModified(openDraft(copy as string) as NonNullable<ReturnType<typeof openDraft>>)).toBe(true);
  });

  it('a copy of a tab from a spec has no operation of its own: unsaved, and Save asks where', () => {
    const [a, , m] = fourTabs() as [string, string, string, string];
    useSpecsStore.setState({ links: { [a]: { file: 'api.yaml', path: '/sum', hash: 'h' } } });
    const a2aCopy = duplicateTab(a) as string;
    expect(useSpecsStore.getState().links[a2aCopy]).toBeUndefined();
    expect(isTabModified(openDraft(a2aCopy) as NonNullable<ReturnType<typeof openDraft>>)).toBe(true);

    useMcpDraftsStore.getState().update(m, (d) => ({ ...d, operation: { file: 'api.yaml', path: '/tools/echo' } }));
    const mcpCopy = duplicateTab(m) as string;
    expect(useMcpDraftsStore.getState().tabs.find((t) => t.id === mcpCopy)?.operation).toBeUndefined();

    const opened = useHttpDraftsStore.getState().open({
      url: 'http://api/items',
      operation: {
        file: 'api.yaml',
        path: '/items',
        httpMethod: 'get',
        draft: { method: 'GET', params: [], servers: [] } as never,
        serverIndex: 0,
        serverVariables: {},
        values: {},
      },
    });
    const httpCopy = duplicateTab(opened) as string;
    expect(useHttpDraftsStore.getState().tabs.find((t) => t.id === httpCopy)?.operation).toMatchObject({ path: '/items', copy: true });
    expect(useHttpDraftsStore.getState().tabs.find((t) => t.id === opened)?.operation?.copy).toBeUndefined();
    expect(duplicateTab('no-such-tab')).toBeUndefined();
  });
});
