import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useT, type MessageKey } from '../i18n/i18n';
import { cardUrlInputId } from '../features/cards/cards-panel';
import { historySearchId } from '../features/history/history-panel';
import { openCheckView } from '../features/checks/checks-store';
import { useDialogsStore } from './dialogs-store';
import { shortcutFor } from './shortcuts';
import { askToCloseTab } from './request-tabs';
import { reopenClosedTab, useClosedTabsStore } from './tab-actions';
import { shownRequestActions } from '../features/request/request-pane';
import { useDraftsStore } from '../features/request/drafts-store';
import { focusNewTabEndpoint } from '../features/request/endpoint-focus';
import { openHttpTab } from '../features/http/http-drafts-store';
import { openMcpTab } from '../features/mcp/mcp-drafts-store';
import { showSidebarSection } from './sidebar-section';
import { followRequestTabs, useToolViewStore, type ToolView } from './tool-view-store';
import '../features/settings/theme-store';

const CardInspector = lazy(() => import('../features/cards/card-inspector'));
const OperationDocsView = lazy(() => import('../features/specs/operation-docs-view'));
const HistoryEntryView = lazy(() => import('../features/history/history-entry-view'));
const CheckView = lazy(() => import('../features/checks/check-view'));

const titles: Record<ToolView['kind'], MessageKey> = {
  card: 'view.card',
  docs: 'view.docs',
  history: 'view.history',
  checks: 'view.checks',
};

/**
 * The app-level wiring, called once by App: global shortcuts, the tool view that steps aside
 * when a request tab is picked, and the theme override. Returns the open tool view, if any.
 */
export function useToolViews(): ToolView | null {
  const view = useToolViewStore((s) => s.view);
  useEffect(() => {
    const unfollow = followRequestTabs();
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (document.querySelector('dialog[open]')) return;
      const action = shortcutFor(event);
      if (!action) return;
      // The request pane (or the body editor) already sent it: one key, one Send.
      if (action === 'send' && event.defaultPrevented) return;
      const shown = shownRequestActions();
      // Nothing to send, save or close (a tool view is shown, or no tab): leave the key to the browser.
      if ((action === 'send' && !shown) || (action === 'save' && !shown?.save)) return;
      // Ctrl+W closes the request that is shown, never one hidden behind a tool view.
      if (action === 'close-tab' && (!useDraftsStore.getState().activeId || useToolViewStore.getState().view)) return;
      if (action === 'reopen-tab' && !useClosedTabsStore.getState().closed.length) return;
      event.preventDefault();
      switch (action) {
        case 'send':
          return shown?.send();
        case 'save':
          return shown?.save?.();
        case 'close-tab': {
          const active = useDraftsStore.getState().activeId;
          return active ? void askToCloseTab(active) : undefined;
        }
        case 'reopen-tab':
          return void reopenClosedTab();
        case 'new-a2a':
          useDraftsStore.getState().openA2a();
          return focusNewTabEndpoint();
        case 'new-http':
          openHttpTab();
          return focusNewTabEndpoint();
        case 'new-mcp':
          openMcpTab();
          return focusNewTabEndpoint();
        case 'help':
          return useDialogsStore.getState().show('shortcuts');
        case 'settings':
          return useDialogsStore.getState().show('settings');
        case 'cards':
          return showSidebarSection('cards', cardUrlInputId);
        case 'specs':
          return showSidebarSection('specs');
        case 'history':
          return showSidebarSection('history', historySearchId);
        case 'checks':
          return openCheckView();
      }
    };
    // A click on a request tab (even the one already active) means "show me that request".
    const onClick = (event: MouseEvent): void => {
      if ((event.target as HTMLElement | null)?.closest?.('.request-tabs [role="tab"]')) useToolViewStore.getState().close();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick, true);
    return () => {
      unfollow();
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
  return view;
}

function ViewBody({ view }: { view: ToolView }) {
  switch (view.kind) {
    case 'card':
      return <CardInspector />;
    case 'docs':
      return <OperationDocsView file={view.file} path={view.path} httpMethod={view.httpMethod} />;
    case 'history':
      return <HistoryEntryView id={view.id} />;
    case 'checks':
      return <CheckView />;
  }
}

/** The main area while a tool view is open: a titled region with a way back to the requests. */
export function ToolViewHost({ view }: { view: ToolView }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = t(titles[view.kind]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [view.kind]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const target = event.target as HTMLElement;
    const typing = target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
    if (event.key === 'Escape' && !event.defaultPrevented && !typing && !target.closest('dialog')) {
      event.preventDefault();
      useToolViewStore.getState().close();
    }
  };
  return (
    <section className="tool-view" aria-labelledby="tool-view-title" onKeyDown={onKeyDown}>
      <header className="tool-head">
        <h2 id="tool-view-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <span className="spacer" />
        <button type="button" onClick={() => useToolViewStore.getState().close()} aria-keyshortcuts="Escape">
          {t('view.close')}
        </button>
      </header>
      <div className="tool-scroll">
        <Suspense fallback={<p className="muted small loading">{t('view.loading')}</p>}>
          <ViewBody view={view} />
        </Suspense>
      </div>
    </section>
  );
}
