import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { ChangedOnDiskNote } from './changed-on-disk-note';
import { deleteSpecOperation, unlinkDeleted, type ManagedOperation } from './spec-manage';
import { useGuardedWrite } from './use-guarded-write';
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
  const t = useT();
  const { host, busy, error, changed, reloaded, exists, write, reload } = useGuardedWrite(op, operations);
  const linkedTabs = useSpecsStore((s) => unlinkDeleted(s.links, op).orphaned.length);

  const confirm = async (): Promise<void> => {
    if (busy || !exists) return;
    if (await write((current) => deleteSpecOperation(host, current))) onDone();
  };

  return (
    <Dialog
      title={t('delete.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('common.cancel'), autoFocus: true, onClick: onClose },
            { label: t('delete.confirm'), tone: 'danger', disabled: busy || changed || !exists, onClick: () => void confirm() },
          ]}
        />
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
