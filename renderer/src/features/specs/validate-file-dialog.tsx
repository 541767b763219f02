import { useEffect, useId, useState } from 'react';
import type { SpecValidateResult } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { countProblems, sortProblems } from './spec-manage';

/** "Validate file": the file as it is on disk now, against OpenAPI 3.2 and the x-a2a schema. */
export function ValidateFileDialog({ file, name, onClose }: { file: string; name: string; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [result, setResult] = useState<SpecValidateResult | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState(true);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(null);
    void host.invoke('spec.validate', { file }).then((answer) => {
      if (!live) return;
      setBusy(false);
      if (answer.ok) setResult(answer.value);
      else {
        setResult(null);
        setError(answer.error);
      }
    });
    return () => {
      live = false;
    };
  }, [host, file, round]);

  const problems = result ? sortProblems(result.problems) : [];
  const { errors, warnings } = countProblems(problems);

  return (
    <Dialog
      title={t('validate.title', { file: name })}
      onClose={onClose}
      wide
      footer={
        <DialogButtons
          buttons={[
            { label: t('validate.again'), disabled: busy, onClick: () => setRound((n) => n + 1) },
            { label: t('common.close'), tone: 'primary', autoFocus: true, onClick: onClose },
          ]}
        />
      }
    >
      <BusyIndicator busy={busy} label={t('validate.busy')} />
      {error ? <ErrorNote title={t('validate.failed')} error={error} /> : null}
      {result && !busy ? (
        <div role="status">
          {result.parseError ? (
            <p className="error">{t('validate.parse', { line: result.parseError.line ?? '?', message: result.parseError.message })}</p>
          ) : result.valid ? (
            <>
              <p className="ok-line">{t('validate.valid', { file: name })}</p>
              {warnings > 0 ? <p className="small">{t('validate.warningsOnly', { count: warnings })}</p> : null}
            </>
          ) : (
            <>
              <p className="error">{t('validate.invalid', { errors, warnings })}</p>
              <p className="small">
                <strong>{t('err.whatNext')}</strong> {t('validate.invalidNext')}
              </p>
            </>
          )}
        </div>
      ) : null}
      {result && !busy && problems.length > 0 ? (
        <table className="kv-table table problem-table" aria-labelledby={`${id}-caption`}>
          <caption id={`${id}-caption`} className="muted small">
            {t('validate.problems', { file: name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('validate.col.severity')}</th>
              <th scope="col">{t('validate.col.path')}</th>
              <th scope="col">{t('validate.col.message')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={`${i} ${p.pointer} ${p.rule}`}>
                <td className={p.severity === 'error' ? 'error' : 'warning'}>{p.severity === 'error' ? t('validate.sev.error') : t('validate.sev.warning')}</td>
                <td className="mono path">{p.path}</td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Dialog>
  );
}
