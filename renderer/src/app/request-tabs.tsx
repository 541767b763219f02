import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../i18n/i18n';
import { a2aTabTitle } from '../features/request/draft-model';
import { useDraftsStore } from '../features/request/drafts-store';
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

/** Closing a tab stops its open streams (locally) and frees its timelines and editor model. */
export function closeTab(id: string): void {
  const isHttp = useHttpDraftsStore.getState().tabs.some((tab) => tab.id === id);
  if (isHttp || useMcpDraftsStore.getState().tabs.some((tab) => tab.id === id)) {
    // HTTP and MCP tabs: the neighbour in the shared tab bar becomes active.
    const order = [...useDraftsStore.getState().tabs, ...useHttpDraftsStore.getState().tabs, ...useMcpDraftsStore.getState().tabs].map((tab) => tab.id);
    const index = order.indexOf(id);
    const rest = order.filter((tabId) => tabId !== id);
    if (isHttp) closeHttpTab(id);
    else {
      forgetMcpTab(id);
      useMcpDraftsStore.getState().close(id);
    }
    disposeEditorModel(id);
    if (useDraftsStore.getState().activeId === id) useDraftsStore.setState({ activeId: rest[Math.min(index, rest.length - 1)] });
    return;
  }
  for (const run of runsOfTab(useRunsStore.getState(), id)) {
    if (isRunOpen(run.id)) void stopRun(run.id);
    dropTimeline(run.id);
  }
  useDraftsStore.getState().close(id);
  useRunsStore.getState().forgetTab(id);
  disposeEditorModel(id);
}

/** Request tabs: arrows move between tabs, Delete closes the focused one. */
export function RequestTabs({ panelId }: { panelId: string }) {
  const t = useT();
  const a2aTabs = useDraftsStore((s) => s.tabs);
  const httpTabs = useHttpDraftsStore((s) => s.tabs);
  const mcpTabs = useMcpDraftsStore((s) => s.tabs);
  const activeId = useDraftsStore((s) => s.activeId);
  // One bar for every kind; the A2A store's activeId names the shown tab of either kind.
  const tabs = [
    ...a2aTabs.map((draft) => ({ id: draft.id, kind: 'A2A', title: a2aTabTitle(draft) })),
    ...httpTabs.map((draft) => ({ id: draft.id, kind: 'HTTP', title: httpTabTitle(draft) })),
    ...mcpTabs.map((draft) => ({ id: draft.id, kind: 'MCP', title: mcpTabTitle(draft) })),
  ];
  const activate = (id: string): void => {
    if (tabs.some((tab) => tab.id === id)) useDraftsStore.setState({ activeId: id });
  };
  const list = useRef<HTMLDivElement>(null);

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
      closeTab(activeId);
      focusTab(next);
    } else return;
    event.preventDefault();
  };

  if (!tabs.length) return null;
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
                onClick={() => activate(draft.id)}
              >
                <span className="tab-kind">{draft.kind}</span> {title}
              </button>
              <button
                type="button"
                className="icon-button tab-close"
                tabIndex={-1}
                aria-label={t('app.closeTab', { title })}
                onClick={() => closeTab(draft.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
