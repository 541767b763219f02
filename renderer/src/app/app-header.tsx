import { useId } from 'react';
import { locales, useLocaleStore, useT, type Locale } from '../i18n/i18n';
import { useAppInfoStore } from '../features/about/app-info-store';
import { useLayoutStore } from './layout-store';
import { NewRequestMenu } from './new-request-menu';
import { EnvironmentPicker } from '../features/environments/environment-picker';
import { HeaderTools } from './header-tools';

const localeNames: Record<Locale, string> = { en: 'English', ko: '한국어' };

export function AppHeader({ onDiagnostics }: { onDiagnostics: () => void }) {
  const t = useT();
  const id = useId();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const sidebarOpen = useLayoutStore((s) => s.sidebarOpen);
  const toggleSidebar = useLayoutStore((s) => s.toggleSidebar);
  const info = useAppInfoStore((s) => s.info);
  return (
    <header className="app-header">
      <button type="button" className="icon-button" aria-pressed={sidebarOpen} aria-label={t('app.toggleSidebar')} onClick={toggleSidebar}>
        ☰
      </button>
      <span className="brand" aria-hidden="true">
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
          <path d="M9.5 3a4.5 4.5 0 0 0-4.47 5.02L2 9.5l3.4 1.1A4.5 4.5 0 0 0 6 12.6C4.2 13.4 3 15.2 3 17.2 3 20 5.5 22 8.5 22h7c3.6 0 6.5-2.7 6.5-6 0-2.3-1.4-4.3-3.5-5.3-1.3-.6-2.7-.7-4 .1a4.5 4.5 0 0 0-5-7.8ZM10 6.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
        </svg>
      </span>
      <h1 className="app-title">Powerduck</h1>
      <NewRequestMenu />
      {/* One group at the right: too wide for the line, it moves whole to a line of its own (see app.css). */}
      <div className="header-controls">
        <EnvironmentPicker />
        {info ? <span className="muted small host-kind">{t(`about.host.${info.host}`)}</span> : null}
        <label htmlFor={`${id}-lang`} className="visually-hidden">
          {t('app.language')}
        </label>
        <select id={`${id}-lang`} value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          {locales.map((l) => (
            <option key={l} value={l} lang={l}>
              {localeNames[l]}
            </option>
          ))}
        </select>
        <HeaderTools /> {/* Tools menu, shortcuts, settings */}
        <button type="button" onClick={onDiagnostics}>
          {t('app.diagnostics')}
        </button>
      </div>
    </header>
  );
}
