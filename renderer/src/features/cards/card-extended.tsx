import type { CardDiffEntry } from '../../../../shared/card/card-diff';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { prettyJson } from '../../ui/format';
import { selectActiveDraft, useDraftsStore } from '../request';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { fetchExtendedCard, useCardsStore } from './cards-store';

function short(value: unknown): string {
  if (value === undefined) return '—';
  const text = prettyJson(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

function DiffTable({ diff }: { diff: CardDiffEntry[] }) {
  const t = useT();
  return (
    <table className="kv-table table diff">
      <caption>{t('card.ext.diffCaption', { count: diff.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('card.ext.path')}</th>
          <th scope="col">{t('card.ext.change')}</th>
          <th scope="col">{t('card.ext.public')}</th>
          <th scope="col">{t('card.ext.extended')}</th>
        </tr>
      </thead>
      <tbody>
        {diff.map((d, i) => (
          <tr key={`${d.path}-${i}`} className={`diff-${d.change}`}>
            <td>
              <code>{d.path}</code>
            </td>
            <td>{t(`card.ext.${d.change}`)}</td>
            <td>
              <pre className="cell-pre">{short(d.before)}</pre>
            </td>
            <td>
              <pre className="cell-pre">{short(d.after)}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The authenticated extended card, fetched with the active request's target and auth, as a diff. */
export function CardExtended({ declared }: { declared: boolean | undefined }) {
  const t = useT();
  const host = useHost();
  const draft = useDraftsStore(selectActiveDraft);
  const extended = useCardsStore((s) => s.extended);
  const ready = Boolean(draft?.endpoint.trim());
  return (
    <section className="section" aria-labelledby="card-extended">
      <h3 id="card-extended">{t('card.ext.title')}</h3>
      {declared !== true ? <p className="notice small">{t('card.ext.notDeclared')}</p> : null}
      <p className="muted small">
        {draft && ready
          ? t('card.ext.uses', {
              endpoint: draft.endpoint,
              binding: draft.binding,
              version: draft.version,
              auth: draft.auth.type === 'none' ? t('card.ext.noAuth') : draft.auth.type,
            })
          : t('card.ext.needDraft')}
      </p>
      <button type="button" disabled={!draft || !ready || extended.busy} onClick={() => draft && void fetchExtendedCard(host, draft)}>
        {t('card.ext.fetch')}
      </button>
      <BusyIndicator busy={extended.busy} label={t('card.ext.fetching')} />
      {extended.error ? <ErrorNote title={t('card.ext.failed')} error={extended.error} /> : null}
      {extended.value ? (
        <div>
          <p className="small">{t('card.ext.got', { name: extended.value.summary.name, findings: extended.value.findings.length })}</p>
          {extended.value.diff === undefined ? (
            <p className="muted small">{t('card.ext.noPublic')}</p>
          ) : extended.value.diff.length === 0 ? (
            <p className="ok-line">{t('card.ext.same')}</p>
          ) : (
            <DiffTable diff={extended.value.diff} />
          )}
        </div>
      ) : null}
    </section>
  );
}
