import { useState } from 'react';
import type { Result, WireError } from '../../../../shared/contract/index';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { useHost } from '../../host';
import { readDiskVersion, type DiskVersion } from './changed-on-disk-note';
import { isChangedOnDisk, type ManagedOperation } from './spec-manage';

/**
 * State shared by the rename and delete dialogs: every write goes against the version of the file
 * the list showed; "changed on disk" turns into the reload note, and a reload moves that base forward.
 */
export function useGuardedWrite(op: ManagedOperation, operations: SpecOperationSummary[]) {
  const host = useHost();
  const [base, setBase] = useState<DiskVersion>({ hash: op.hash, operations });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [changed, setChanged] = useState(false);
  const [reloaded, setReloaded] = useState(false);
  const exists = base.operations.some((o) => o.path === op.path && o.httpMethod === op.httpMethod);

  /** Runs one write with the base version's hash; true when it succeeded. */
  const write = async (run: (current: ManagedOperation) => Promise<Result<unknown>>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    const result = await run({ ...op, hash: base.hash });
    setBusy(false);
    if (result.ok) return true;
    if (isChangedOnDisk(result.error)) {
      setReloaded(false);
      setChanged(true);
    } else {
      setError(result.error);
    }
    return false;
  };

  const reload = async (): Promise<WireError | null> => {
    const disk = await readDiskVersion(host, op.file);
    if (!disk.ok) return disk.error;
    setBase(disk.value);
    setChanged(false);
    setReloaded(true);
    return null;
  };

  return { host, base, busy, error, changed, reloaded, exists, write, reload };
}
