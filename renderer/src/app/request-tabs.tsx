import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useT } from '../i18n/i18n';
import { a2aTabTitle } from '../features/request/draft-model';
import { useDraftsStore } from '../features/request/drafts-store';
import { inTabOrder, useTabOrderStore } from '../features/request/tab-order-store';
import { disposeEditorModel } from '../features/request/json-editor';
import { runsOfTab, useRunsStore } from '../features/response/runs-store';
import { isRunOpen, stopRun } from '../features/request/run-request';
import { dropTimeline } from '../features/stream/timelines';
import { httpTabTitle } from '../features/http/http-draft';
import { useHttpDraftsStore } from '../features/http/http-drafts-store';
import { closeHttpTab } from '../features/http/http-runs';
import { mcpTabTitle } from '../features/mcp/mcp-draft';
import { useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { forgetMcpTab } from '../features/mcp/mcp-runs';
import { isTabModified, useTabBaselines } from '../features/request';
import { CloseTabPrompt, requestCloseTab } from './close-tab-prompt';

/** Every open tab's id, in the order the bar shows them. */
export function tabBarOrder(): string[] {
  const all = [...useDraftsStore.getState().tabs, ...useHttpDraftsStore.getState().tabs, ...useMcpDraftsStore.getState().tabs];
  return inTabOrder(all, useTabOrderStore.getState().order).map((tab) => tab.id);
}

/** Closing a tab stops its open streams (locally) and frees its timelines and editor model; its neighbour in the bar becomes active. */
export function closeTab(id: string): void {
  const order = tabBarOrder();
  const index = order.indexOf(id);
  if (index < 0) return;
  const rest = order.filter((tabId) => tabId !== id);
  const wasActive = useDraftsStore.getState().activeId === id;
  if (useHttpDraftsStore.getState().tabs.some((tab) => tab.id === id)) closeHttpTab(id);
  else if (useMcpDraftsStore.getState().tabs.some((tab) => tab.id === id)) {
    forgetMcpTab(id);
    useMcpDraftsStore.getState().close(id);
  } else {
    for (const run of runsOfTab(useRunsStore.getState(), id)) {
      if (isRunOpen(run.id)) void stopRun(run.id);
      dropTimeline(run.id);
    }
    useDraftsStore.getState().close(id);
    useRunsStore.getState().forgetTab(id);
  }
  disposeEditorModel(id);
  if (wasActive) useDraftsStore.setState({ activeId: rest[Math.min(index, rest.length - 1)] });
}

/** An open tab of any kind, with the title the bar shows for it (the close prompt names the tab by it). */
function openTab(id: string): { tab: { id: string }; title: string } | undefined {
  const a2a = useDraftsStore.getState().tabs.find((tab) => tab.id === id);
  if (a2a) return { tab: a2a, title: a2aTabTitle(a2a) };
  const http = useHttpDraftsStore.getState().tabs.find((tab) => tab.id === id);
  if (http) return { tab: http, title: httpTabTitle(http) };
  const mcp = useMcpDraftsStore.getState().tabs.find((tab) => tab.id === id);
  return mcp ? { tab: mcp, title: mcpTabTitle(mcp) } : undefined;
}

/** Close as the person asked it: a tab with unsaved edits asks first (see close-tab-prompt). */
export function askToCloseTab(id: string): boolean {
  const open = openTab(id);
  return open ? requestCloseTab(open.tab, open.title, closeTab) : false;
}

/** Request tabs: arrows move between tabs, Delete closes the focused one. */
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
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = tabs.findIndex((tab) => tab.id === activeId);
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

  if (!tabs.length) return <CloseTabPrompt close={closeTab} />;
  return (
    <div className="request-tabs">
      <div ref={list} role="tablist" aria-label={t('app.requestTabs')} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((draft) => {
          const title = draft.title;
          const selected = draft.id === activeId;
          return (
            <div key={draft.id} className={selected ? 'request-tab selected' : 'request-tab'}>
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
      <CloseTabPrompt close={closeTab} />
    </div>
  );
}
