import { useEffect, useId, useState } from 'react';
import type { ProxyMode, ProxySettings } from '../../../../shared/http/proxy-rules';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { refreshProxySettings, saveProxySettings, useProxySettingsStore } from './proxy-settings-store';

const modeKey = { off: 'settings.proxy.off', environment: 'settings.proxy.environment', url: 'settings.proxy.url' } as const;

/**
 * Settings › Proxy: the default the A2A and HTTP tabs follow (their Options can override it). Saved
 * with its own button: a half-typed address must not become every tab's proxy on each keystroke.
 */
export function ProxySettingsFields() {
  const t = useT();
  const id = useId();
  const host = useHost();
  const state = useProxySettingsStore((s) => s.state);
  const [draft, setDraft] = useState<ProxySettings | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void refreshProxySettings(host);
  }, [host]);
  const shown = draft ?? state?.settings;
  if (!state || !shown) return null;
  const change = (patch: Partial<ProxySettings>): void => {
    setDraft({ ...shown, ...patch });
    setSaved(false);
    setProblem(undefined);
  };
  const save = async (): Promise<void> => {
    const result = await saveProxySettings(host, shown);
    if (result.ok) {
      setDraft(undefined);
      setSaved(true);
    } else setProblem(coreErrorLine(t, result.error));
  };
  const env = state.environment;
  return (
    <fieldset>
      <legend>{t('settings.proxy')}</legend>
      {(Object.keys(modeKey) as ProxyMode[]).map((m) => (
        <label key={m} className="check">
          <input type="radio" name={`${id}-proxy`} value={m} checked={shown.mode === m} onChange={() => change({ mode: m })} />
          {t(modeKey[m])}
        </label>
      ))}
      {shown.mode === 'environment' ? (
        <p className="small mono" aria-label={t('settings.proxy.envSeen')}>
          HTTPS_PROXY={env.httpsProxy ?? '—'} · HTTP_PROXY={env.httpProxy ?? '—'} · NO_PROXY={env.noProxy ?? '—'}
        </p>
      ) : null}
      {shown.mode === 'url' ? (
        <>
          <label htmlFor={`${id}-proxy-url`}>{t('settings.proxy.address')}</label>
          <input
            id={`${id}-proxy-url`}
            spellCheck={false}
            placeholder="http://127.0.0.1:8080"
            value={shown.url}
            onChange={(e) => change({ url: e.target.value })}
          />
          <label htmlFor={`${id}-proxy-bypass`}>{t('settings.proxy.bypass')}</label>
          <input
            id={`${id}-proxy-bypass`}
            spellCheck={false}
            placeholder="localhost, 127.0.0.1, .internal.example"
            value={shown.noProxy}
            onChange={(e) => change({ noProxy: e.target.value })}
          />
          {!draft && state.skipped?.length ? (
            <p className="notice small" role="note">
              {t('settings.proxy.skipped', { entries: state.skipped.join(', ') })}
            </p>
          ) : null}
        </>
      ) : null}
      <p className="muted small">{t('settings.proxy.help')}</p>
      <button type="button" disabled={!draft} onClick={() => void save()}>
        {t('settings.proxy.save')}
      </button>
      {saved ? (
        <span className="muted small" role="status">
          {' '}
          {t('settings.proxy.saved')}
        </span>
      ) : null}
      {problem ? (
        <p className="error small" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
