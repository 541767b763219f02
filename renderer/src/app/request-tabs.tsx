import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useT } from '../i18n/i18n';
import { a2aTabTitle } from '../features/request/draft-model';
import { useDraftsStore } from '../features/request/drafts-store';
import { inTabOrder, useTabOrderStore } from '../features/request/tab-order-store';
import { httpTabTitle } from '../features/http/http-draft';
import { useHttpDraftsStore } from '../features/http/http-drafts-store';
import { mcpTabTitle } from '../features/mcp/mcp-draft';
import { useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { isTabModified, useTabBaselines } from '../features/request';
import { CloseTabPrompt, requestCloseTab, requestCloseTabs } from './close-tab-prompt';
import { closeTab, closeTabs, duplicateTab, openDraft, reopenClosedTab, tabTitle, tabsToClose, useClosedTabsStore, type CloseScope } from './tab-actions';
import { TabContextMenu, tabMenuItems, type MenuCloseFocus } from './tab-context-menu';
import { keyPlatform, pagePlatformName } from './shortcuts';
import { useAppInfoStore } from '../features/about';

/** Close as the person asked it: a tab with unsaved edits asks first (see close-tab-prompt). */
export function askToCloseTab(id: string): boolean {
  const draft = openDraft(id);
  return draft ? requestCloseTab(draft, tabTitle(draft), closeTab) : false;
}

/** Close several tabs as asked from the tab menu: one question for all of them when any has unsaved edits. */
function askToCloseTabs(ids: readonly string[], preferred?: string): boolean {
  const drafts = ids.map(openDraft).filter((draft) => draft !== undefined);
  if (drafts.length === 1 && drafts[0]) return askToCloseTab(drafts[0].id);
  return requestCloseTabs(
    drafts.map((draft) => ({ tab: draft, title: tabTitle(draft) })),
    closeTabs,
    preferred,
  );
}

/** Request tabs: arrows move between tabs, Delete closes the focused one, Shift+F10 or the Menu key opens its menu (as a right click does). */
export function RequestTabs({ panelId }: { panelId: string }) {
  const t = useT();
  const a2aTabs = useDraftsStore((s) => s.tabs);
  const httpTabs = useHttpDraftsStore((s) => s.tabs);
  const mcpTabs = useMcpDraftsStore((s) => s.tabs);
  const activeId = useDraftsStore((s) => s.activeId);
  const baselines = useTabBaselines();
  // One bar for every kind; the A2A store's activeId names the shown tab of either kind.
  const order = useTabOrderStore((s) => s.order);
  const tabs = inTabOrder(
    [
      ...a2aTabs.map((draft) => ({ id: draft.id, kind: 'A2A', title: a2aTabTitle(draft), modified: isTabModified(draft, baselines) })),
      ...httpTabs.map((draft) => ({ id: draft.id, kind: 'HTTP', title: httpTabTitle(draft), modified: isTabModified(draft, baselines) })),
      ...mcpTabs.map((draft) => ({ id: draft.id, kind: 'MCP', title: mcpTabTitle(draft), modified: isTabModified(draft, baselines) })),
    ],
    order,
  );
  const ids = tabs.map((tab) => tab.id).join('\n');
  // New tabs join the bar's order at the end, whatever their kind.
  useEffect(() => useTabOrderStore.getState().sync(ids ? ids.split('\n') : []), [ids]);
  const activate = (id: string): void => {
    if (tabs.some((tab) => tab.id === id)) useDraftsStore.setState({ activeId: id });
  };
  const list = useRef<HTMLDivElement>(null);
  // The active tab stays in sight when the bar overflows (opened from the sidebar, a shortcut or restored).
  useEffect(() => {
    if (activeId) list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(activeId)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId, ids]);

  const focusTab = (id: string | undefined): void => {
    if (!id) return;
    activate(id);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus());
  };
  // The tab menu: on the tab it was opened on, at the pointer or under the tab.
  const [menu, setMenu] = useState<{ tabId: string; at: { x: number; y: number } } | null>(null);
  const canReopen = useClosedTabsStore((s) => s.closed.length > 0);
  const host = useAppInfoStore((s) => s.info?.host);
  const openMenu = (tabId: string, at?: { x: number; y: number }): void => {
    const box = list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(tabId)}"]`)?.getBoundingClientRect();
    setMenu({ tabId, at: at ?? { x: box?.left ?? 0, y: box?.bottom ?? 0 } });
  };
  const tabButton = (id: string | undefined): HTMLElement | null | undefined =>
    id ? list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(id)}"]`) : undefined;
  const closeMenu = (focus: MenuCloseFocus): void => {
    const on = menu?.tabId;
    setMenu(null);
    if (focus === 'none') return;
    // Back to the tab now, before the action runs: a prompt it opens then returns the focus there.
    tabButton(on)?.focus();
    if (focus === 'tab') return;
    requestAnimationFrame(() => {
      // After the action, to the tab then active; not while a prompt asks, nor once another menu took the focus.
      if (document.activeElement?.closest('dialog[open], [role="menu"]')) return;
      tabButton(useDraftsStore.getState().activeId)?.focus();
    });
  };
  const closeScope = (tabId: string, scope: CloseScope): void => {
    void askToCloseTabs(
      tabsToClose(
        tabs.map((tab) => tab.id),
        tabId,
        scope,
      ),
      tabId,
    );
  };
  const menuItems = menu
    ? tabMenuItems(
        tabs.map((tab) => tab.id),
        menu.tabId,
        canReopen,
        {
          close: () => void askToCloseTab(menu.tabId),
          closeOthers: () => closeScope(menu.tabId, 'others'),
          closeRight: () => closeScope(menu.tabId, 'right'),
          closeAll: () => closeScope(menu.tabId, 'all'),
          duplicate: () => void duplicateTab(menu.tabId),
          reopen: () => void reopenClosedTab(),
        },
        keyPlatform(pagePlatformName(navigator), host),
      )
    : [];
  const onContextMenu =
    (tabId: string) =>
    (event: MouseEvent<HTMLElement>): void => {
      event.preventDefault();
      openMenu(tabId, { x: event.clientX, y: event.clientY });
    };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = tabs.findIndex((tab) => tab.id === activeId);
    const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-tab-id]')?.dataset['tabId'];
    if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && focused) {
      event.preventDefault();
      return openMenu(focused);
    }
    if (event.key === 'ArrowRight') focusTab(tabs[(index + 1) % tabs.length]?.id);
    else if (event.key === 'ArrowLeft') focusTab(tabs[(index - 1 + tabs.length) % tabs.length]?.id);
    else if (event.key === 'Home') focusTab(tabs[0]?.id);
    else if (event.key === 'End') focusTab(tabs[tabs.length - 1]?.id);
    else if (event.key === 'Delete' && activeId) {
      const next = tabs[index + 1]?.id ?? tabs[index - 1]?.id;
      // A tab with unsaved edits asks first; the focus moves on only once it is closed.
      if (askToCloseTab(activeId)) focusTab(next);
    } else return;
    event.preventDefault();
  };

  const prompt = <CloseTabPrompt close={closeTab} closeMany={closeTabs} />;
  if (!tabs.length) return prompt;
  return (
    <div className="request-tabs">
      <div ref={list} role="tablist" aria-label={t('app.requestTabs')} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((draft) => {
          const title = draft.title;
          const selected = draft.id === activeId;
          return (
            <div key={draft.id} className={selected ? 'request-tab selected' : 'request-tab'} onContextMenu={onContextMenu(draft.id)}>
              <button
                type="button"
                role="tab"
                data-tab-id={draft.id}
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                className="tab"
                title={title}
                // The dot is for the eye; a screen reader hears it as a description (the tab's name stays its title).
                aria-description={draft.modified ? t('app.tabModified') : undefined}
                onClick={() => activate(draft.id)}
              >
                <span className="tab-kind">{draft.kind}</span>
                {/* Before the title, which an ellipsis may cut; drawn by CSS, so the tab's text stays its title. */}
                {draft.modified ? <span className="tab-modified" aria-hidden="true" title={t('app.tabModified')} /> : null} {title}
              </button>
              <button
                type="button"
                className="icon-button tab-close"
                tabIndex={-1}
                aria-label={t('app.closeTab', { title })}
                onClick={() => void askToCloseTab(draft.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      {/* Outside the tablist, so keys in the menu never reach the bar's own (Delete closes a tab there). */}
      {menu ? <TabContextMenu at={menu.at} items={menuItems} onClose={closeMenu} /> : null}
      {prompt}
    </div>
  );
}
