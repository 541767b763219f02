import { useState } from 'react';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import { useT } from '../../i18n/i18n';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { refreshSpecs } from './specs-store';

export interface DiskVersion {
  hash: string;
  operations: SpecOperationSummary[];
}

/** Reads the file as it is now (spec.open) and brings the sidebar list up to date with it. */
export async function readDiskVersion(host: Host, file: string): Promise<{ ok: true; value: DiskVersion } | { ok: false; error: WireError }> {
  const result = await host.invoke('spec.open', { file });
  void refreshSpecs(host);
  if (!result.ok) return result;
  if (result.value.parseError) {
    return { ok: false, error: { code: 'parse', message: `${result.value.name}: ${result.value.parseError.message}`, details: result.value.parseError } };
  }
  return { ok: true, value: { hash: result.value.hash, operations: result.value.operations } };
}

/**
 * A rename or delete was refused because the file is no longer the version the list showed. Nothing
 * was written; "Reload" reads the current version so the person can check it and try again.
 */
export function ChangedOnDiskNote({ fileName, onReload }: { fileName: string; onReload: () => Promise<WireError | null> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const reload = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    setError(await onReload());
    setBusy(false);
  };
  return (
    <div className="error-card error-note" role="alert">
      <p className="error-title">{t('manage.changedTitle')}</p>
      <p className="error-note-message">{t('manage.changedBody', { file: fileName })}</p>
      <p className="small">
        <strong>{t('err.whatNext')}</strong> {t('manage.changedNext')}
      </p>
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void reload()}>
          {t('manage.reload')}
        </button>
      </div>
      <BusyIndicator busy={busy} label={t('manage.reloading')} />
      {error ? <ErrorNote title={t('manage.reloadFailed')} error={error} /> : null}
    </div>
  );
}
