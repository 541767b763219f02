import type { HeaderEntry } from '../../../../shared/a2a/call';
import { useT } from '../../i18n/i18n';
import type { A2aDraft } from './draft-model';
import { effectiveHeaders, wireTarget } from './draft-model';
import { useDraftsStore } from './drafts-store';
import { previewText } from '../../../../shared/env/variables';
import { previewLookup, useEnvironmentsStore } from '../environments';

export function HeadersEditor({ draft }: { draft: A2aDraft }) {
  const t = useT();
  const update = useDraftsStore((s) => s.update);
  const setHeaders = (headers: HeaderEntry[]): void => update(draft.id, { headers });
  const change = (index: number, patch: Partial<HeaderEntry>): void => setHeaders(draft.headers.map((h, i) => (i === index ? { ...h, ...patch } : h)));
  return (
    <div className="headers-editor">
      <table className="kv-table">
        <caption className="visually-hidden">{t('headers.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('headers.on')}</th>
            <th scope="col">{t('headers.name')}</th>
            <th scope="col">{t('headers.value')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('headers.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.headers.map((header, index) => (
            <tr key={index}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('headers.enabledN', { n: index + 1 })}
                  checked={header.enabled !== false}
                  onChange={(e) => change(index, { enabled: e.target.checked })}
                />
              </td>
              <td>
                <input
                  aria-label={t('headers.nameN', { n: index + 1 })}
                  value={header.name}
                  spellCheck={false}
                  onChange={(e) => change(index, { name: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('headers.valueN', { n: index + 1 })}
                  value={header.value}
                  spellCheck={false}
                  onChange={(e) => change(index, { value: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('headers.removeN', { n: index + 1 })}
                  onClick={() => setHeaders(draft.headers.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => setHeaders([...draft.headers, { name: '', value: '', enabled: true }])}>
        {t('headers.add')}
      </button>
      <p className="muted small">{t('headers.secretHint')}</p>
    </div>
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
