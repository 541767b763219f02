import { useId, useRef, useState, type FormEvent } from 'react';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { useT, type MessageKey } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { ChangedOnDiskNote } from './changed-on-disk-note';
import { checkNewPath, renameSpecOperation, type ManagedOperation, type NewPathProblem } from './spec-manage';
import { useGuardedWrite } from './use-guarded-write';

const problemText: Record<NewPathProblem, MessageKey> = {
  empty: 'rename.problem.empty',
  slash: 'rename.problem.slash',
  oneLine: 'rename.problem.oneLine',
  same: 'rename.problem.same',
  taken: 'rename.problem.taken',
};

/**
 * "Rename operation": a new path for one operation, written against the version of the file the
 * list showed. Enter renames, Escape (the native dialog's cancel) closes without writing.
 */
export function RenameOperationDialog({
  op,
  operations,
  onClose,
  onDone,
}: {
  op: ManagedOperation;
  /** The file's operations as listed, for the "already taken" check. */
  operations: SpecOperationSummary[];
  onClose: () => void;
  onDone: (newPath: string) => void;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const selected = useRef(false);
  const [newPath, setNewPath] = useState(op.path);
  const [touched, setTouched] = useState(false);
  const { host, base, busy, error, changed, reloaded, exists, write, reload } = useGuardedWrite(op, operations);
  const problem = checkNewPath(newPath, op, base.operations);
  // "Same as now" is a hint until the person has typed; the rest are errors once shown.
  const showProblem = problem !== null && (touched || problem !== 'same');
  const invalid = showProblem && problem !== 'same';
  // What the path is differs per kind: an A2A or MCP operation's path only names it, a plain HTTP operation's is its address.
  const group = operations.find((o) => o.path === op.path && o.httpMethod === op.httpMethod)?.protocolGroup ?? 'http';
  const help = group === 'a2a' ? 'rename.help' : group === 'mcp' ? 'rename.helpMcp' : 'rename.helpHttp';

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy || !exists) return;
    if (problem) {
      setTouched(true);
      input.current?.focus();
      return;
    }
    const target = newPath.trim();
    if (await write((current) => renameSpecOperation(host, current, target))) onDone(target);
  };

  return (
    <Dialog
      title={t('rename.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('common.cancel'), onClick: onClose },
            { label: t('rename.submit'), tone: 'primary', form: `${id}-form`, disabled: busy || changed || !exists },
          ]}
        />
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)}>
        <p className="small">{t('rename.current', { path: op.path, verb: op.httpMethod.toUpperCase(), file: op.name })}</p>
        <div className="field-col">
          <label htmlFor={`${id}-path`}>{t('rename.newPath')}</label>
          <input
            ref={input}
            id={`${id}-path`}
            className="mono"
            data-autofocus
            value={newPath}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-help ${id}-problem`}
            onFocus={(e) => {
              // Select the old path once, so typing replaces it and the arrow keys can still edit it.
              if (selected.current) return;
              selected.current = true;
              e.currentTarget.select();
            }}
            onChange={(e) => {
              setNewPath(e.target.value);
              setTouched(true);
            }}
          />
          <span id={`${id}-help`} className="muted small">
            {t(help)}
          </span>
          <span id={`${id}-problem`} className={invalid ? 'error small' : 'muted small'} aria-live="polite">
            {showProblem && problem ? t(problemText[problem], { path: newPath.trim(), verb: op.httpMethod.toUpperCase() }) : ''}
          </span>
        </div>
      </form>
      <BusyIndicator busy={busy} label={t('rename.busy')} />
      {changed ? <ChangedOnDiskNote fileName={op.name} onReload={reload} /> : null}
      {reloaded ? (
        <p role="status" className={exists ? 'small' : 'notice small'}>
          {exists ? t('rename.stillThere', { path: op.path }) : t('rename.gone', { path: op.path, file: op.name })}
        </p>
      ) : null}
      {error ? <ErrorNote title={t('rename.failed')} error={error} {...(error.code === 'conflict' ? { hint: t('rename.takenNext') } : {})} /> : null}
    </Dialog>
  );
}
