import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n/i18n';
import { Toasts } from '../ui/toasts';
import { Splitter } from '../ui/split-pane';
import { DiagnosticsDialog } from '../features/about/diagnostics-dialog';
import { useDraftsStore, selectActiveDraft } from '../features/request/drafts-store';
import { RequestEditor } from '../features/request/request-editor';
import { ResponsePanel } from '../features/response/response-panel';
import { useHttpDraftsStore } from '../features/http/http-drafts-store';
import { HttpRequestEditor } from '../features/http/http-request-editor';
import { HttpResponsePanel } from '../features/http/http-response-panel';
import { useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { McpRequestEditor } from '../features/mcp/mcp-request-editor';
import { McpResponsePanel } from '../features/mcp/mcp-response-panel';
import { AppHeader } from './app-header';
import { useLayoutStore } from './layout-store';
import { RequestTabs } from './request-tabs';
import { WorkspaceSidebar } from './workspace-sidebar';
import { ToolViewHost, useToolViews } from './tool-views'; // tool views, shortcuts, theme

function Welcome() {
  const t = useT();
  const openA2a = useDraftsStore((s) => s.openA2a);
  return (
    <div className="welcome">
      <h2>{t('welcome.title')}</h2>
      <p>{t('welcome.body')}</p>
      <button type="button" className="primary" onClick={() => openA2a()}>
        {t('welcome.newA2a')}
      </button>
      <p className="muted small">{t('welcome.shortcuts')}</p>
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
  const { sidebarOpen, sidebarWidth, requestWidth, setSidebarWidth, setRequestWidth } = useLayoutStore();
  const [diagnostics, setDiagnostics] = useState(false);
  const toolView = useToolViews();

  useEffect(() => {
    // Read by bench/ui.ts: the shell has committed and can take input.
    performance.mark('powerduck:interactive');
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        useDraftsStore.getState().openA2a();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
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
            <div
              id={panelId}
              role="tabpanel"
              aria-label={t('app.activeRequest')}
              className="tab-body"
              style={{ gridTemplateColumns: `minmax(320px, ${requestWidth}px) auto minmax(320px, 1fr)` }}
            >
              <McpRequestEditor key={mcpDraft.id} draft={mcpDraft} />
              <Splitter label={t('app.resizeRequest')} orientation="vertical" value={requestWidth} min={320} max={1400} onChange={setRequestWidth} />
              <McpResponsePanel tabId={mcpDraft.id} />
            </div>
          ) : httpDraft ? (
            <div
              id={panelId}
              role="tabpanel"
              aria-label={t('app.activeRequest')}
              className="tab-body"
              style={{ gridTemplateColumns: `minmax(320px, ${requestWidth}px) auto minmax(320px, 1fr)` }}
            >
              <HttpRequestEditor key={httpDraft.id} draft={httpDraft} />
              <Splitter label={t('app.resizeRequest')} orientation="vertical" value={requestWidth} min={320} max={1400} onChange={setRequestWidth} />
              <HttpResponsePanel tabId={httpDraft.id} />
            </div>
          ) : draft ? (
            <div
              id={panelId}
              role="tabpanel"
              aria-label={t('app.activeRequest')}
              className="tab-body"
              style={{ gridTemplateColumns: `minmax(320px, ${requestWidth}px) auto minmax(320px, 1fr)` }}
            >
              <RequestEditor key={draft.id} draft={draft} />
              <Splitter label={t('app.resizeRequest')} orientation="vertical" value={requestWidth} min={320} max={1400} onChange={setRequestWidth} />
              <ResponsePanel tabId={draft.id} />
            </div>
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
