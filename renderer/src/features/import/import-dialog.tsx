import { useState, useId, type FormEvent } from 'react';
import type { ImportApplyRequest, ImportPlan, ImportResult } from '../../../../shared/contract/ops-import';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT, type MessageKey } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { refreshEnvironments } from '../environments';
import { refreshSpecs } from '../specs';
import { ProblemLine } from '../../ui/problem-line';
import { importedOperationLabel } from '../../../../shared/import/operation-label';
import { importSourceKind, type ImportSourceKind } from '../../../../shared/import/source-kind';

/** Pasted text that is not a path or URL (a curl command, a document, JSON on one line) goes in as text. */
function requestOf(source: string): { source: string } | { text: string } {
  const kind = importSourceKind(source);
  return kind === 'curl' || kind === 'text' ? { text: source.trim() } : { source: source.trim() };
}

/** The field's label says what the text will be read as (before anything is typed: what it takes). */
const sourceLabels: Record<ImportSourceKind, MessageKey> = {
  empty: 'import.source',
  curl: 'import.source.curl',
  text: 'import.source.text',
  url: 'import.source.url',
  path: 'import.source.path',
};

/**
 * "Import": a path, URL or curl command. The first press reads it and shows what it becomes; when
 * there is something to decide (copy or open in place, names for found credentials) the second
 * press applies it, otherwise the first does.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [source, setSource] = useState('');
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [planFor, setPlanFor] = useState('');
  const [mode, setMode] = useState<'copy' | 'in-place'>('copy');
  const [names, setNames] = useState<Record<string, string>>({});
  const [skip, setSkip] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const apply = async (current: ImportPlan): Promise<void> => {
    const request: ImportApplyRequest = { ...requestOf(source) };
    if (current.kind === 'openapi') request.mode = mode;
    if (current.credentials.length)
      request.secretNames = Object.fromEntries(
        current.credentials.map((c) => [c.id, skip[c.id] ? null : (names[c.id] ?? c.suggestedName).trim() || c.suggestedName]),
      );
    const applied = await host.invoke('import.apply', request);
    if (!applied.ok) return setError(applied.error);
    setResult(applied.value);
    await Promise.all([refreshSpecs(host), refreshEnvironments(host)]);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!source.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (plan && planFor === source) {
        await apply(plan);
        return;
      }
      const inspected = await host.invoke('import.inspect', requestOf(source));
      if (!inspected.ok) {
        setPlan(null);
        return setError(inspected.error);
      }
      setPlan(inspected.value);
      setPlanFor(source);
      setResult(null);
      const askWhere = inspected.value.kind === 'openapi' && inspected.value.localFile !== undefined;
      if (!askWhere && inspected.value.credentials.length === 0) await apply(inspected.value);
    } finally {
      setBusy(false);
    }
  };

  const a2a = plan ? plan.operations.filter((o) => o.a2a).length : 0;
  const kind = plan ? (plan.kind === 'openapi' ? t('import.kind.openapi', { version: plan.openapi ?? '' }) : t(`import.kind.${plan.kind}`)) : '';
  return (
    <Dialog
      title={t('import.title')}
      wide
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('import.go'), tone: 'primary', form: `${id}-form`, disabled: !source.trim() || busy || Boolean(result && planFor === source) },
            { label: t('common.close'), onClick: onClose },
          ]}
        />
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-source`}>{t(sourceLabels[importSourceKind(source)])}</label>
        <textarea
          id={`${id}-source`}
          rows={3}
          value={source}
          spellCheck={false}
          data-autofocus
          aria-describedby={`${id}-hint`}
          onChange={(e) => setSource(e.target.value)}
        />
        <p id={`${id}-hint`} className="muted small">
          {t('import.sourceHint')}
        </p>
        {plan && planFor === source ? (
          <div className="import-plan">
            <p>
              {plan.kind === 'curl'
                ? t('import.plan.curl', { title: plan.title, a2a })
                : plan.kind === 'postman-environment'
                  ? t('import.plan.environment', { title: plan.title, count: plan.environments[0]?.variables ?? 0 })
                  : t('import.plan', { kind, title: plan.title, count: plan.operations.length, a2a })}
            </p>
            {plan.warnings.map((w) => (
              <p key={w} className="warning small">
                {w}
              </p>
            ))}
            {plan.kind === 'openapi' && plan.localFile && !result ? (
              <fieldset>
                <legend>{t('import.where')}</legend>
                <label>
                  <input type="radio" name={`${id}-mode`} checked={mode === 'copy'} onChange={() => setMode('copy')} />{' '}
                  {t('import.copy', { file: plan.suggestedFile })}
                </label>
                <label>
                  <input type="radio" name={`${id}-mode`} checked={mode === 'in-place'} onChange={() => setMode('in-place')} />{' '}
                  {t('import.inPlace', { file: plan.localFile })}
                </label>
              </fieldset>
            ) : null}
            {plan.credentials.length && !result ? (
              <fieldset>
                <legend>{t('import.credentials')}</legend>
                {plan.credentials.map((c) => (
                  <div key={c.id} className="field-row import-credential">
                    <label>
                      <input type="checkbox" checked={!skip[c.id]} onChange={(e) => setSkip({ ...skip, [c.id]: !e.target.checked })} />{' '}
                      {t('import.storeSecret', { what: c.what, request: c.request })}
                    </label>
                    <label>
                      {t('import.secretName')}{' '}
                      <input
                        aria-label={t('import.secretFor', { what: c.what, request: c.request })}
                        value={names[c.id] ?? c.suggestedName}
                        disabled={skip[c.id]}
                        spellCheck={false}
                        onChange={(e) => setNames({ ...names, [c.id]: e.target.value })}
                      />
                    </label>
                  </div>
                ))}
              </fieldset>
            ) : null}
            {plan.environments.length ? <p className="small">{t('import.environments', { names: plan.environments.map((e) => e.name).join(', ') })}</p> : null}
            {plan.variables.length ? <p className="small">{t('import.variables', { names: plan.variables.map((v) => `{{${v}}}`).join(', ') })}</p> : null}
            {plan.missingSecrets.length ? <p className="small">{t('import.missingSecrets', { names: plan.missingSecrets.join(', ') })}</p> : null}
            {plan.operations.length ? (
              <ul aria-label={t('import.operations')} className="import-ops small">
                {plan.operations.slice(0, 200).map((op) => {
                  const label = importedOperationLabel(op);
                  return (
                    <li key={`${op.httpMethod} ${op.path}`}>
                      <span className="mono">
                        {op.httpMethod.toUpperCase()} {op.path}
                      </span>
                      {label ? <> {label}</> : null}
                      {op.a2a ? <span className="muted"> A2A {op.method ?? ''}</span> : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        ) : null}
      </form>
      <div role="status" className="small">
        {busy ? t('import.reading') : null}
        {result ? (
          <>
            <p>
              {result.kind === 'postman-environment'
                ? t('import.done.environment', { file: result.name })
                : t('import.done', { count: result.operations.length, file: result.name })}
            </p>
            {result.storedSecrets.length ? <p>{t('import.secretsStored', { names: result.storedSecrets.join(', ') })}</p> : null}
            {result.environmentsAdded.length ? <p>{t('import.envAdded', { names: result.environmentsAdded.join(', ') })}</p> : null}
          </>
        ) : null}
      </div>
      <ProblemLine text={error ? coreErrorLine(t, error) : undefined} />
    </Dialog>
  );
}
