import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { Toasts } from '../ui/toasts';
import { Splitter } from '../ui/split-pane';
import { DiagnosticsDialog } from '../features/about/diagnostics-dialog';
import { useDraftsStore, selectActiveDraft } from '../features/request/drafts-store';
import { RequestEditor } from '../features/request/request-editor';
import { ResponsePanel } from '../features/response/response-panel';
import { openHttpTab, useHttpDraftsStore } from '../features/http/http-drafts-store';
import { HttpRequestEditor } from '../features/http/http-request-editor';
import { HttpResponsePanel } from '../features/http/http-response-panel';
import { openMcpTab, useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { ImportDialog } from '../features/import';
import { newA2aShortcut, newHttpShortcut, newMcpShortcut } from './new-request-menu';
import { McpRequestEditor } from '../features/mcp/mcp-request-editor';
import { McpResponsePanel } from '../features/mcp/mcp-response-panel';
import { AppHeader } from './app-header';
import { cardSchemeFor } from './card-scheme';
import { currentCard, useCardsStore } from '../features/cards/cards-store';
import { useLayoutStore } from './layout-store';
import { RequestTabs } from './request-tabs';
import { WorkspaceSidebar } from './workspace-sidebar';
import { ToolViewHost, useToolViews } from './tool-views'; // tool views, shortcuts, theme

/** No tab open: every way to start (the three kinds of request, and importing a spec or collection). */
function Welcome() {
  const t = useT();
  const openA2a = useDraftsStore((s) => s.openA2a);
  const [importing, setImporting] = useState(false);
  return (
    <div className="welcome">
      <h2>{t('welcome.title')}</h2>
      <p>{t('welcome.body')}</p>
      <div className="welcome-actions">
        <button type="button" className="primary" aria-keyshortcuts={newA2aShortcut} onClick={() => openA2a()}>
          {t('welcome.newA2a')}
        </button>
        <button type="button" aria-keyshortcuts={newHttpShortcut} onClick={() => openHttpTab()}>
          {t('welcome.newHttp')}
        </button>
        <button type="button" aria-keyshortcuts={newMcpShortcut} onClick={() => openMcpTab()}>
          {t('welcome.newMcp')}
        </button>
        <button type="button" onClick={() => setImporting(true)}>
          {t('welcome.import')}
        </button>
      </div>
      <p className="muted small">{t('welcome.shortcuts')}</p>
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </div>
  );
}

export function App({ sessionProblem }: { sessionProblem?: string }) {
  const t = useT();
  const panelId = useId();
  const draft = useDraftsStore(selectActiveDraft);
  const activeId = useDraftsStore((s) => s.activeId);
  const httpDraft = useHttpDraftsStore((s) => s.tabs.find((tab) => tab.id === activeId));
  const mcpDraft = useMcpDraftsStore((s) => s.tabs.find((tab) => tab.id === activeId));
  const { sidebarOpen, sidebarWidth, setSidebarWidth } = useLayoutStore();
  const [diagnostics, setDiagnostics] = useState(false);
  const toolView = useToolViews();
  // The card last fetched or pasted, when it is this tab's agent: a refused call names its scheme.
  const cardScheme = useCardsStore((s) => (draft ? cardSchemeFor(currentCard(s)?.summary, draft.endpoint) : undefined));

  useEffect(() => {
    // Read by bench/ui.ts: the shell has committed and can take input.
    performance.mark('powerduck:interactive');
  }, []);

  return (
    <div className="app">
      <AppHeader onDiagnostics={() => setDiagnostics(true)} />
      {sessionProblem ? (
        <p className="session-banner" role="alert">
          {sessionProblem}
        </p>
      ) : null}
      <div className="app-body" style={{ gridTemplateColumns: sidebarOpen ? `${sidebarWidth}px auto minmax(0, 1fr)` : 'minmax(0, 1fr)' }}>
        {sidebarOpen ? (
          <>
            <WorkspaceSidebar />
            <Splitter label={t('app.resizeSidebar')} orientation="vertical" value={sidebarWidth} min={160} max={520} onChange={setSidebarWidth} />
          </>
        ) : null}
        <main className="workspace-main">
          <RequestTabs panelId={panelId} />
          {toolView ? ( // the card inspector, docs, history entry or checks take the main area
            <ToolViewHost view={toolView} />
          ) : mcpDraft ? (
            <RequestPane
              panelId={panelId}
              editor={<McpRequestEditor key={mcpDraft.id} draft={mcpDraft} />}
              response={<McpResponsePanel tabId={mcpDraft.id} />}
            />
          ) : httpDraft ? (
            <RequestPane
              panelId={panelId}
              editor={<HttpRequestEditor key={httpDraft.id} draft={httpDraft} />}
              response={<HttpResponsePanel tabId={httpDraft.id} />}
            />
          ) : draft ? (
            <RequestPane
              panelId={panelId}
              editor={<RequestEditor key={draft.id} draft={draft} />}
              response={<ResponsePanel tabId={draft.id} {...(cardScheme ? { cardScheme } : {})} />}
            />
          ) : (
            <Welcome />
          )}
        </main>
      </div>
      {diagnostics ? <DiagnosticsDialog onClose={() => setDiagnostics(false)} /> : null}
      <Toasts label={t('toast.region')} dismissLabel={t('toast.dismiss')} />
    </div>
  );
}

/** The active tab's panel: the request editor and its response side by side, with a splitter between. */
function RequestPane({ panelId, editor, response }: { panelId: string; editor: ReactNode; response: ReactNode }): ReactElement {
  const t = useT();
  const { requestWidth, setRequestWidth } = useLayoutStore();
  return (
    <div
      id={panelId}
      role="tabpanel"
      aria-label={t('app.activeRequest')}
      className="tab-body"
      style={{ gridTemplateColumns: `minmax(320px, ${requestWidth}px) auto minmax(320px, 1fr)` }}
    >
      {editor}
      <Splitter label={t('app.resizeRequest')} orientation="vertical" value={requestWidth} min={320} max={1400} onChange={setRequestWidth} />
      {response}
    </div>
  );
}
