import { useState } from 'react';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host/host-context';
import { useT2 } from '../../i18n/messages-part2';
import { Dialog } from '../../ui/dialog';
import { BusyIndicator } from '../settings/busy-indicator';
import { ErrorNote } from '../settings/error-note';
import { ChangedOnDiskNote, readDiskVersion, type DiskVersion } from './changed-on-disk-note';
import { deleteSpecOperation, isChangedOnDisk, unlinkDeleted, type ManagedOperation } from './spec-manage';
import { useSpecsStore } from './specs-store';

/**
 * "Delete operation" always asks first, naming the operation and the file. Cancel has the focus, so
 * Enter or Escape right after opening never deletes anything.
 */
export function DeleteOperationDialog({
  op,
  title,
  operations,
  onClose,
  onDone,
}: {
  op: ManagedOperation;
  /** What the list shows for the operation (its summary, else its path). */
  title: string;
  operations: SpecOperationSummary[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT2();
  const host = useHost();
  const [base, setBase] = useState<DiskVersion>({ hash: op.hash, operations });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [changed, setChanged] = useState(false);
  const [reloaded, setReloaded] = useState(false);
  const linkedTabs = useSpecsStore((s) => unlinkDeleted(s.links, op).orphaned.length);
  const exists = base.operations.some((o) => o.path === op.path && o.httpMethod === op.httpMethod);

  const confirm = async (): Promise<void> => {
    if (busy || !exists) return;
    setBusy(true);
    setError(null);
    const result = await deleteSpecOperation(host, { ...op, hash: base.hash });
    setBusy(false);
    if (result.ok) return onDone();
    if (isChangedOnDisk(result.error)) {
      setReloaded(false);
      return setChanged(true);
    }
    setError(result.error);
  };

  const reload = async (): Promise<WireError | null> => {
    const disk = await readDiskVersion(host, op.file);
    if (!disk.ok) return disk.error;
    setBase(disk.value);
    setChanged(false);
    setReloaded(true);
    return null;
  };

  return (
    <Dialog
      title={t('delete.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" data-autofocus onClick={onClose}>
            {t('common2.cancel')}
          </button>
          <button type="button" className="p2-danger" disabled={busy || changed || !exists} onClick={() => void confirm()}>
            {t('delete.confirm')}
          </button>
        </>
      }
    >
      <p>{t('delete.question', { title, verb: op.httpMethod.toUpperCase(), path: op.path, file: op.name })}</p>
      <p className="muted small">{t('delete.effect')}</p>
      {linkedTabs > 0 ? <p className="small">{t('delete.tabs', { count: linkedTabs })}</p> : null}
      <BusyIndicator busy={busy} label={t('delete.busy')} />
      {changed ? <ChangedOnDiskNote fileName={op.name} onReload={reload} /> : null}
      {reloaded ? (
        <p role="status" className={exists ? 'small' : 'notice small'}>
          {exists ? t('delete.stillThere', { path: op.path }) : t('delete.gone', { path: op.path, file: op.name })}
        </p>
      ) : null}
      {error ? <ErrorNote title={t('delete.failed')} error={error} /> : null}
    </Dialog>
  );
}
