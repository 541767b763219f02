import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { persistLayout } from './app/layout-store';
import { useAppInfoStore } from './features/about/app-info-store';
import { httpSessionKind } from './features/http/http-session';
import { mcpSessionKind } from './features/mcp/mcp-session';
import { persistSession } from './features/request/drafts-persistence';
import { refreshSecrets, watchSecrets } from './features/environments/secrets-store';
import { pickHost } from './host/pick-host';
import { HostProvider } from './host/host-context';
import { hasSessionToken } from './host/web-host';
import { detectLocale, isLocale, translate, useLocaleStore } from './i18n/i18n';
import './styles/theme.css';
import './styles/app.css';

const localeKey = 'powerduck.locale';

function startLocale(): void {
  const saved = localStorage.getItem(localeKey);
  useLocaleStore.getState().setLocale(isLocale(saved) ? saved : detectLocale(navigator.languages));
  const apply = (locale: string): void => {
    document.documentElement.lang = locale;
  };
  apply(useLocaleStore.getState().locale);
  useLocaleStore.subscribe((s) => {
    apply(s.locale);
    localStorage.setItem(localeKey, s.locale);
  });
}

async function main(): Promise<void> {
  startLocale();
  const host = pickHost();
  // Open tabs live in the core's data folder, one slot per window (its id in sessionStorage), so a reload
  // and a restart bring them back alike and two windows never overwrite each other's tabs.
  const session = persistSession(host, { storage: localStorage, windowStorage: sessionStorage, kinds: [httpSessionKind, mcpSessionKind] });
  window.addEventListener('pagehide', () => session.leave());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) session.resume();
  });
  persistLayout(localStorage);
  const sessionProblem = host.kind === 'web' && !hasSessionToken() ? translate(useLocaleStore.getState().locale, 'app.noSession') : undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <HostProvider host={host}>
        <App {...(sessionProblem ? { sessionProblem } : {})} />
      </HostProvider>
    </StrictMode>,
  );
  const info = await host.invoke('app.info', {});
  useAppInfoStore.getState().set(info.ok ? { info: info.value } : { error: info.error });
  watchSecrets(host, window, document);
  await refreshSecrets(host);
}

void main();
