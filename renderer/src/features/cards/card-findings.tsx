import { useState } from 'react';
import type { CardFinding, FindingSeverity } from '../../../../shared/card/card-types';
import { useT } from '../../i18n/i18n';

const order: FindingSeverity[] = ['error', 'warning', 'info'];
const tone: Record<FindingSeverity, string> = { error: 'tone-error', warning: 'tone-warn', info: 'tone-neutral' };

/** Schema and lint findings, worst first, each anchored at the JSON path it is about. */
export function CardFindings({ findings, version }: { findings: CardFinding[]; version: string }) {
  const t = useT();
  const [shown, setShown] = useState<FindingSeverity | 'all'>('all');
  const counts = Object.fromEntries(order.map((s) => [s, findings.filter((f) => f.severity === s).length])) as Record<FindingSeverity, number>;
  const sorted = [...findings].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  const visible = shown === 'all' ? sorted : sorted.filter((f) => f.severity === shown);
  return (
    <section className="section" aria-labelledby="card-findings">
      <h3 id="card-findings">{t('card.findings', { count: findings.length })}</h3>
      {findings.length === 0 ? (
        <p className="ok-line">{t('card.findings.none', { version })}</p>
      ) : (
        <>
          <div className="actions" role="group" aria-label={t('card.findings.filter')}>
            {(['all', ...order] as const).map((s) => (
              <button key={s} type="button" aria-pressed={shown === s} onClick={() => setShown(s)}>
                {s === 'all' ? t('card.findings.all', { count: findings.length }) : t(`card.sev.${s}`) + ` (${counts[s]})`}
              </button>
            ))}
          </div>
          <ul className="findings">
            {visible.map((f, i) => (
              <li key={`${f.path}-${f.rule}-${i}`}>
                <span className={`pill ${tone[f.severity]}`}>{t(`card.sev.${f.severity}`)}</span> <code className="path">{f.path}</code>{' '}
                <span>{f.message}</span> <span className="muted small">({f.rule})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
