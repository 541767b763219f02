import { useState } from 'react';
import type { CardInterfaceSummary } from '../../../../shared/card/card-types';
import type { CardApplyInterfaceResult } from '../../../../shared/contract/ops-card';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { a2aTabTitle, selectActiveDraft, useDraftsStore, cardInterfaceRefs } from '../request';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { commitApply, planApply } from './apply-to-draft';

interface Applied {
  index: number;
  tabTitle: string;
  plan: CardApplyInterfaceResult;
}

/**
 * One "Apply interface" button per interface. Nothing is applied on fetch: only the click
 * changes the active request, and credentials never follow to another origin unconfirmed.
 */
export function CardInterfaces({ card, interfaces }: { card: unknown; interfaces: CardInterfaceSummary[] }) {
  const t = useT();
  const host = useHost();
  const hasDraft = useDraftsStore((s) => Boolean(selectActiveDraft(s)));
  const [pending, setPending] = useState<{ index: number; plan: CardApplyInterfaceResult } | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const finish = (index: number, plan: CardApplyInterfaceResult): void => {
    const tabId = commitApply(plan, cardInterfaceRefs(interfaces));
    const draft = useDraftsStore.getState().tabs.find((d) => d.id === tabId);
    setApplied({ index, plan, tabTitle: draft ? a2aTabTitle(draft) : '' });
    setPending(null);
  };

  const apply = async (index: number, carryAuth = false): Promise<void> => {
    setBusy(index);
    setError(null);
    const result = await planApply(host, card, index, carryAuth);
    setBusy(null);
    if (!result.ok) return setError(result.error);
    if (result.value.auth.needsConfirmation) return setPending({ index, plan: result.value });
    finish(index, result.value);
  };

  return (
    <section className="section" aria-labelledby="card-interfaces">
      <h3 id="card-interfaces">{t('card.interfaces', { count: interfaces.length })}</h3>
      <p className="muted small">{hasDraft ? t('card.interfaces.hintDraft') : t('card.interfaces.hintNoDraft')}</p>
      {interfaces.length ? (
        <table className="kv-table table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('card.if.binding')}</th>
              <th scope="col">{t('card.if.version')}</th>
              <th scope="col">{t('card.if.url')}</th>
              <th scope="col">{t('card.if.notes')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('card.if.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {interfaces.map((entry) => {
              const describedBy = `if-${entry.index}`;
              return (
                <tr key={entry.index} aria-label={`${entry.binding} ${entry.protocolVersion} ${entry.url}`}>
                  <td>{entry.index}</td>
                  <td>
                    <strong>{entry.binding}</strong>
                  </td>
                  <td>{entry.protocolVersion}</td>
                  <td className="mono" id={describedBy}>
                    {entry.url}
                    {entry.tenant ? <div className="muted small">{t('card.if.tenant', { tenant: entry.tenant })}</div> : null}
                  </td>
                  <td className="small">
                    {entry.preferred ? <span className="pill tone-task">{t('card.if.preferred')}</span> : null}{' '}
                    {entry.callable ? null : <span className="warning">{entry.notCallableReason ?? t('card.if.notCallable')}</span>}
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-describedby={describedBy}
                      disabled={!entry.callable || busy !== null}
                      title={entry.callable ? t('card.if.applyHint', { url: entry.url }) : (entry.notCallableReason ?? t('card.if.notCallable'))}
                      onClick={() => void apply(entry.index)}
                    >
                      {t('card.if.apply')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="notice">{t('card.interfaces.none')}</p>
      )}
      {error ? <ErrorNote title={t('card.if.applyFailed')} error={error} /> : null}
      <div role="status" aria-live="polite">
        {applied ? (
          <div className="applied">
            <p>{t('card.if.applied', { index: applied.index, binding: applied.plan.interface.binding, tab: applied.tabTitle })}</p>
            {applied.plan.changes.length ? (
              <ul className="list small">
                {applied.plan.changes.map((c) => (
                  <li key={c.field}>
                    <code>{c.field}</code>: {c.from ?? '—'} → <strong>{c.to ?? '—'}</strong>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">{t('card.if.noChange')}</p>
            )}
            {applied.plan.auth.carry !== 'no-auth' ? <p className="small">{applied.plan.auth.message}</p> : null}
            {applied.plan.warnings.map((w) => (
              <p key={w} className="warning small">
                {w}
              </p>
            ))}
            <button type="button" onClick={() => useToolViewStore.getState().close()}>
              {t('card.if.showRequest')}
            </button>
          </div>
        ) : null}
      </div>
      {pending ? (
        <Dialog
          title={t('card.if.confirmTitle')}
          onClose={() => setPending(null)}
          footer={
            <DialogButtons
              buttons={[
                { label: t('common.cancel'), onClick: () => setPending(null) },
                { label: t('card.if.withoutAuth'), onClick: () => finish(pending.index, pending.plan) },
                { label: t('card.if.carryAuth'), tone: 'primary', onClick: () => void apply(pending.index, true) },
              ]}
            />
          }
        >
          <p>{t('card.if.confirmBody', { from: pending.plan.auth.fromOrigin ?? '—', to: pending.plan.auth.toOrigin ?? '—' })}</p>
          <p className="muted small">{pending.plan.auth.message}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
