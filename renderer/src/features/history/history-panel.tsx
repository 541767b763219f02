import { useEffect, useId, useRef, useState } from 'react';
import { useHost } from '../../host';
import { useLocaleStore, useT } from '../../i18n/i18n';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { asksForChecks, historyProtocols, type HistoryProtocol } from '../../../../shared/history/history-query';
import { hostOf, interfaceLabel, requestPathOf, statsRateText, statusOf, timeOf } from './history-format';
import { clearHistory, loadHistorySettings, refreshHistory, refreshOnRunsDone, setFullBodies, useHistoryStore } from './history-store';
import './history-panel.css';

export const historySearchId = 'history-search';

/** Sidebar: every recorded exchange, newest first, searchable; the entry opens in the main area. */
export function HistoryPanel() {
  const t = useT();
  const host = useHost();
  const id = useId();
  const locale = useLocaleStore((s) => s.locale);
  const { query, protocol, hideChecks, busy, entries, total, stored, loaded, error, settings, settingsError, stats } = useHistoryStore();
  const openId = useToolViewStore((s) => (s.view?.kind === 'history' ? s.view.id : undefined));
  const [confirmClear, setConfirmClear] = useState(false);
  // Keyboard focus follows the inline confirm: to its safe answer (Cancel) when it opens, back to
  // "Clear history" when cancelled, to the search box once cleared (the button is disabled then).
  const clearRef = useRef<HTMLButtonElement>(null);
  const cancelClearRef = useRef<HTMLButtonElement>(null);
  const focusAfterConfirm = useRef<'clear' | 'search' | null>(null);
  useEffect(() => {
    if (confirmClear) {
      cancelClearRef.current?.focus();
      return;
    }
    const target = focusAfterConfirm.current;
    focusAfterConfirm.current = null;
    if (target === 'clear' && clearRef.current && !clearRef.current.disabled) clearRef.current.focus();
    else if (target) document.getElementById(historySearchId)?.focus();
  }, [confirmClear]);
  const closeConfirm = (then: 'clear' | 'search'): void => {
    focusAfterConfirm.current = then;
    setConfirmClear(false);
  };

  const firstQuery = useRef(true);

  useEffect(() => {
    void refreshHistory(host);
    void loadHistorySettings(host);
    return refreshOnRunsDone(host);
  }, [host]);

  // Search as the person types, without a request per keystroke.
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    const timer = setTimeout(() => void refreshHistory(host), 200);
    return () => clearTimeout(timer);
  }, [host, query, protocol, hideChecks]);

  return (
    <div className="sidebar-panel">
      <div className="field-col">
        <label htmlFor={historySearchId}>{t('history.search')}</label>
        <input
          id={historySearchId}
          type="search"
          spellCheck={false}
          value={query}
          placeholder="status:404 method:SendMessage"
          aria-describedby={`${id}-help`}
          onChange={(e) => useHistoryStore.getState().setQuery(e.target.value)}
        />
        <span id={`${id}-help`} className="muted small">
          {t('history.searchHelp')}
        </span>
      </div>
      <div className="history-filters">
        <label htmlFor={`${id}-protocol`}>{t('history.protocol')}</label>
        <select id={`${id}-protocol`} value={protocol} onChange={(e) => useHistoryStore.getState().setProtocol(e.target.value as HistoryProtocol | '')}>
          <option value="">{t('history.protocolAll')}</option>
          {historyProtocols.map((p) => (
            <option key={p} value={p}>
              {p.toUpperCase()}
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={hideChecks} onChange={(e) => useHistoryStore.getState().setHideChecks(e.target.checked)} />
          {t('history.hideChecks')}
          {hideChecks && asksForChecks(query) ? <span className="muted small"> {t('history.hideChecksYields')}</span> : null}
        </label>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void refreshHistory(host)}>
          {t('history.refresh')}
        </button>
        <span className="muted small" role="status">
          {loaded ? t('history.count', { shown: entries.length, total, stored }) : ''}
        </span>
      </div>
      <BusyIndicator busy={busy} label={t('history.loading')} />
      {error ? <ErrorNote title={t('history.loadFailed')} error={error} /> : null}
      {loaded && stored === 0 ? (
        <div className="sidebar-empty">
          <p>{t('history.nothingYet')}</p>
          <p className="muted small">{t('history.nothingYetHint')}</p>
        </div>
      ) : null}
      {loaded && stored > 0 && entries.length === 0 ? <p className="muted small">{t('history.noMatch')}</p> : null}
      {entries.length ? (
        <ul className="side-list" aria-label={t('history.listLabel')}>
          {entries.map((entry) => {
            const status = statusOf(entry);
            const path = requestPathOf(entry);
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  className="side-item"
                  aria-current={openId === entry.id ? 'true' : undefined}
                  onClick={() => useToolViewStore.getState().open({ kind: 'history', id: entry.id })}
                >
                  <span className="history-line">
                    <strong>{entry.method}</strong>
                    {path !== undefined ? <span className="mono history-path">{path}</span> : null}
                    <span className={`pill tone-${status.tone}`}>{status.text}</span>
                  </span>
                  <span className="muted small">
                    {timeOf(entry.startedAt, locale)} · {interfaceLabel(entry)} · {hostOf(entry.interface.endpoint)}
                    {entry.attempt > 1 ? ` · ${t('history.attemptN', { n: entry.attempt })}` : ''}
                    {status.unknown ? ` · ${t('history.outcomeUnknownShort')}` : ''}
                    {entry.taskCreated ? ` · ${t('history.taskCreatedShort')}` : ''}
                    {entry.source === 'check' ? ` · ${t('history.fromCheck')}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {stats && stats.attempts > 0 ? (
        <section className="policy" aria-labelledby={`${id}-stats`}>
          <h3 id={`${id}-stats`} className="side-heading">
            {t('history.stats')}
          </h3>
          <p className="small">
            {t('history.statsLine', {
              messages: stats.messagesSent,
              attempts: stats.attempts,
              retries: stats.retries,
              duplicates: stats.duplicateExecutions,
              rate: statsRateText(stats.duplicateExecutionRate, t),
            })}
          </p>
          {stats.outcomeUnknown > 0 ? <p className="small warning">{t('history.statsUnknown', { n: stats.outcomeUnknown })}</p> : null}
          <p className="muted small">{t('history.statsHelp')}</p>
        </section>
      ) : null}
      <section className="policy" aria-labelledby={`${id}-policy`}>
        <h3 id={`${id}-policy`} className="side-heading">
          {t('history.policy')}
        </h3>
        <p className="muted small">{settings?.fullBodies ? t('history.policyFull') : t('history.policyHashed')}</p>
        <label className="check">
          <input type="checkbox" checked={settings?.fullBodies ?? false} disabled={!settings} onChange={(e) => void setFullBodies(host, e.target.checked)} />
          {t('history.fullBodies')}
        </label>
        {settingsError ? <ErrorNote title={t('history.settingsFailed')} error={settingsError} /> : null}
        {confirmClear ? (
          <div
            className="actions"
            role="group"
            aria-label={t('history.clearConfirm')}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              e.preventDefault();
              e.stopPropagation();
              closeConfirm('clear');
            }}
          >
            <span className="small">{t('history.clearConfirm')}</span>
            <button
              type="button"
              onClick={() => {
                closeConfirm('search');
                void clearHistory(host);
              }}
            >
              {t('history.clearYes')}
            </button>
            <button ref={cancelClearRef} type="button" onClick={() => closeConfirm('clear')}>
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <button ref={clearRef} type="button" disabled={stored === 0} onClick={() => setConfirmClear(true)}>
            {t('history.clear')}
          </button>
        )}
      </section>
    </div>
  );
}
