import type { HeaderEntry } from '../../../../shared/a2a/call';
import { useT } from '../../i18n/i18n';
import { emptyKvRow, KvTable, type RowLabels } from '../../ui/kv-table';
import type { A2aDraft } from './draft-model';
import { effectiveHeaders, wireTarget } from './draft-model';
import { useDraftsStore } from './drafts-store';
import { previewText } from '../../../../shared/env/variables';
import { credentialNotKept } from './credential-not-kept';
import { previewLookup, useEnvironmentsStore } from '../environments';

const headerLabels: RowLabels = { enabledN: 'headers.enabledN', nameN: 'headers.nameN', valueN: 'headers.valueN', removeN: 'headers.removeN' };

export function HeadersEditor({ draft }: { draft: A2aDraft }) {
  const t = useT();
  const update = useDraftsStore((s) => s.update);
  return (
    <KvTable
      caption={t('headers.caption')}
      rows={draft.headers}
      onChange={(headers: HeaderEntry[]) => update(draft.id, { headers })}
      addLabel={t('headers.add')}
      blank={emptyKvRow}
      rowLabels={headerLabels}
      rowNote={(row) => (credentialNotKept(row) ? t('headers.notKept') : undefined)}
    >
      <p className="muted small">{t('headers.secretHint')}</p>
    </KvTable>
  );
}

/** A preview value with the active environment's variables filled in (secrets as ‹secret: NAME›). */
function withVariables(text: string, lookup: ReturnType<typeof previewLookup>): string {
  // An auth reference that is a whole {{variable}} shows as the variable's own value or secret.
  return previewText(text.replace(/‹secret: (\{\{[^}]+\}\})›/g, '$1'), lookup);
}

export function EffectiveHeaders({ draft }: { draft: A2aDraft }) {
  const t = useT();
  const envState = useEnvironmentsStore((s) => s.state);
  const lookup = previewLookup(envState);
  const list = effectiveHeaders(draft).map((h) => ({ ...h, value: withVariables(h.value, lookup) }));
  const rawTarget = wireTarget(draft);
  const target = rawTarget.ok ? { ok: true as const, line: withVariables(rawTarget.line, lookup) } : rawTarget;
  return (
    <>
      <p className="wire-line mono" aria-label={t('headers.wireLine')}>
        {target.ok ? target.line : <span className="error">{target.message}</span>}
      </p>
      <table className="kv-table effective-headers">
        <caption>{draft.binding === 'GRPC' ? t('headers.effectiveMetadata') : t('headers.effective')}</caption>
        <tbody>
          {list.map((h, i) => (
            <tr key={`${h.name}-${i}`} data-origin={h.origin}>
              <th scope="row" className="mono">
                {h.name}
              </th>
              <td className="mono">{h.value}</td>
              <td className="muted small">{t(`headers.origin.${h.origin}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
