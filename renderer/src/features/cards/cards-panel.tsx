import { useId, useState, type FormEvent } from 'react';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { fetchCard, forgetRecent, inspectPastedCard, useCardsStore } from './cards-store';

export const cardUrlInputId = 'card-url';

/** Sidebar: where a card is fetched (or pasted); the inspector opens in the main area. */
export function CardsPanel() {
  const t = useT();
  const host = useHost();
  const id = useId();
  const url = useCardsStore((s) => s.url);
  const as = useCardsStore((s) => s.as);
  const fetchSlot = useCardsStore((s) => s.fetch);
  const recent = useCardsStore((s) => s.recent);
  const { setUrl, setAs } = useCardsStore.getState();
  const viewOpen = useToolViewStore((s) => s.view?.kind === 'card');
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<WireError | null>(null);

  const openInspector = (): void => useToolViewStore.getState().open({ kind: 'card' });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void fetchCard(host).then((ok) => ok && openInspector());
  };

  return (
    <div className="sidebar-panel">
      <form onSubmit={submit} aria-label={t('cards.formLabel')}>
        <div className="field-col">
          <label htmlFor={cardUrlInputId}>{t('cards.url')}</label>
          <input
            id={cardUrlInputId}
            type="text"
            inputMode="url"
            className="mono"
            spellCheck={false}
            autoComplete="off"
            placeholder="http://127.0.0.1:9999"
            value={url}
            aria-describedby={`${id}-help`}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className="field-row">
          <label htmlFor={`${id}-as`}>{t('cards.as')}</label>
          <select id={`${id}-as`} value={as} onChange={(e) => setAs(e.target.value === '0.3' ? '0.3' : '1.0')}>
            <option value="1.0">A2A 1.0</option>
            <option value="0.3">A2A 0.3</option>
          </select>
          <button type="submit" className="primary" disabled={!url.trim() || fetchSlot.busy}>
            {t('cards.fetch')}
          </button>
        </div>
        <p id={`${id}-help`} className="muted small">
          {t('cards.urlHelp')}
        </p>
      </form>
      <BusyIndicator busy={fetchSlot.busy} label={t('cards.fetching')} />
      {fetchSlot.error ? <ErrorNote title={t('cards.fetchFailed')} error={fetchSlot.error} /> : null}
      {fetchSlot.value && !viewOpen ? (
        <button type="button" onClick={openInspector}>
          {t('cards.openInspector', { name: fetchSlot.value.result.summary.name || '—' })}
        </button>
      ) : null}
      {recent.length ? (
        <section aria-labelledby={`${id}-recent`}>
          <h3 id={`${id}-recent`} className="side-heading">
            {t('cards.recent')}
          </h3>
          <ul className="side-list">
            {recent.map((r) => (
              <li key={r.url}>
                <button
                  type="button"
                  className="side-item"
                  title={r.url}
                  onClick={() => {
                    setUrl(r.url);
                    void fetchCard(host, r.url).then((ok) => ok && openInspector());
                  }}
                >
                  <span>{r.name}</span>
                  <span className="muted small mono">{r.url}</span>
                </button>
                <button type="button" className="icon-button" aria-label={t('cards.forget', { name: r.name })} onClick={() => forgetRecent(r.url)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted small">{t('cards.firstHint')}</p>
      )}
      <details className="paste">
        <summary>{t('cards.paste')}</summary>
        <div className="field-col">
          <label htmlFor={`${id}-paste`}>{t('cards.pasteLabel')}</label>
          <textarea id={`${id}-paste`} className="mono" rows={6} spellCheck={false} value={pasted} onChange={(e) => setPasted(e.target.value)} />
        </div>
        <button
          type="button"
          disabled={!pasted.trim()}
          onClick={() =>
            void inspectPastedCard(host, pasted).then((r) => {
              setPasteError(r.ok ? null : r.error);
              if (r.ok) openInspector();
            })
          }
        >
          {t('cards.inspect')}
        </button>
        {pasteError ? <ErrorNote title={t('cards.inspectFailed')} error={pasteError} /> : null}
      </details>
    </div>
  );
}
