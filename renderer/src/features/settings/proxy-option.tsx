import { useEffect } from 'react';
import { sameProxy, settingsProxyFor, type ProxyEnvironment, type ProxySettings, type SettingsProxy } from '../../../../shared/http/proxy-rules';
import type { TabProxyFields, TabProxyMode } from '../../../../shared/http/tab-proxy';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { refreshProxySettings, useProxySettingsStore } from './proxy-settings-store';

/** The parts of a tab's address bypass lists look at; undefined while it is no URL yet (`{{base}}/x`). */
function targetOf(address: string): { protocol: string; hostname: string; port: string } | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? { protocol: url.protocol, hostname: url.hostname, port: url.port } : undefined;
  } catch {
    return undefined;
  }
}

function settingsGive(settings: ProxySettings, environment: ProxyEnvironment, address: string): SettingsProxy | undefined {
  const target = targetOf(address);
  return target ? settingsProxyFor(settings, environment, target) : undefined;
}

/**
 * Options › Proxy of the A2A (JSON-RPC, HTTP+JSON) and plain HTTP tabs: follow Settings, go direct,
 * or this http:// proxy. Says what Settings give for the tab's address, and, on a tab reopened from
 * history, what the entry recorded and whether Settings now give something else.
 */
export function ProxyOption(props: { id: string; tab: TabProxyFields; address: string; onChange: (patch: Partial<TabProxyFields>) => void }) {
  const t = useT();
  const host = useHost();
  const state = useProxySettingsStore((s) => s.state);
  useEffect(() => {
    void refreshProxySettings(host);
  }, [host]);
  const { id, tab, address, onChange } = props;
  const mode: TabProxyMode = tab.proxyMode ?? 'settings';
  const given = state ? settingsGive(state.settings, state.environment, address) : undefined;
  const givenWords = !state
    ? ''
    : !given
      ? t('proxy.settingsUnknown')
      : given.proxy
        ? t(given.variable ? 'proxy.settingsThroughEnv' : 'proxy.settingsThrough', { proxy: given.proxy, variable: given.variable ?? '' })
        : given.bypassed
          ? t('proxy.settingsBypassed')
          : t(given.source === 'environment' ? 'proxy.settingsEnvNone' : 'proxy.settingsDirect');
  const recorded = tab.proxyRecorded;
  const recordedWords = recorded
    ? t(recorded.url ? 'proxy.recordedThrough' : 'proxy.recordedDirect', { proxy: recorded.url ?? '' }) +
      (recorded.fromSettings ? ` ${t('proxy.recordedFromSettings')}` : '')
    : '';
  const settingsDiffer = recorded?.fromSettings && given && !sameProxy(recorded.url, given.proxy);
  // Back to Settings clears the field (absent = follow Settings, as a new tab).
  const setMode = (next: TabProxyMode): void => onChange({ proxyMode: next === 'settings' ? undefined : next });
  return (
    <div className="field-col">
      <label htmlFor={`${id}-proxy-mode`}>{t('proxy.label')}</label>
      <select id={`${id}-proxy-mode`} value={mode} aria-describedby={`${id}-proxy-help`} onChange={(e) => setMode(e.target.value as TabProxyMode)}>
        <option value="settings">{t('proxy.mode.settings')}</option>
        <option value="direct">{t('proxy.mode.direct')}</option>
        <option value="url">{t('proxy.mode.url')}</option>
      </select>
      {mode === 'url' ? (
        <input
          id={`${id}-proxy-url`}
          aria-label={t('proxy.url')}
          placeholder="http://127.0.0.1:8080"
          spellCheck={false}
          value={tab.proxyUrl ?? ''}
          onChange={(e) => onChange({ proxyUrl: e.target.value })}
        />
      ) : null}
      <span id={`${id}-proxy-help`} className="muted small">
        {mode === 'settings' ? givenWords : mode === 'direct' ? t('proxy.directHelp') : t('proxy.urlHelp')}
      </span>
      {recorded ? (
        <p className="notice small" role="note">
          {recordedWords}
          {settingsDiffer ? ` ${t('proxy.settingsNowDiffer', { now: given?.proxy ?? t('proxy.direct') })}` : ''}
        </p>
      ) : null}
    </div>
  );
}
