import { useId, useMemo, useState, type FormEvent } from 'react';
import type { SpecWriteResult } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { SaveTargetFields, useSaveTarget } from './save-target-fields';
import { useToastStore } from '../../ui/toasts';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { type A2aDraft, buildCall } from '../request';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { a2aConflictSave, ConflictDialog } from './conflict-dialog';
import { baseHashFor, problemsOf, saveOperation, type SaveTarget } from './spec-save';
import { useSpecsStore } from './specs-store';
import { KeptOperationFields, useLinkedOperation, useSummaryField } from './linked-operation';

function describeAuth(draft: A2aDraft): string | undefined {
  const a = draft.auth;
  const source =
    a.type === 'bearer' ? a.token : a.type === 'apiKey' ? a.value : a.type === 'basic' ? a.password : a.type === 'oauth2' ? a.clientSecret : undefined;
  // OAuth 2.0: the security scheme and client id are saved; tokens never are.
  const prefix = a.type === 'oauth2' ? `OAuth 2.0 client ${a.clientId}${source ? ', client secret ' : ''}` : '';
  if (!source) return prefix || undefined;
  if ('secretRef' in source) return `${prefix}secret:${source.secretRef}`;
  if ('env' in source) return `${prefix}env:${source.env}`;
  return `${prefix}value`;
}

/**
 * "Save to spec": writes the draft as an OpenAPI 3.2 operation with x-a2a into a workspace file.
 * Same props as the request editor's preview dialog, so the request editor can open this one instead.
 */
export function SaveToSpecDialog({ draft, onClose }: { draft: A2aDraft; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const files = useSpecsStore((s) => s.files);
  const link = useSpecsStore((s) => s.links[draft.id]);
  // The tab's operation was deleted: start in its file, but let the person pick the path anew.
  const orphan = useSpecsStore((s) => (s.links[draft.id] ? undefined : s.orphans[draft.id]));
  const saveTarget = useSaveTarget(link?.file ?? orphan?.file);
  const { chosen, creating } = saveTarget;
  const [path, setPath] = useState(link?.path ?? `/${draft.method.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`);
  // The linked operation's summary as the file has it, so the field shows what a save keeps.
  const linked = useLinkedOperation(draft.id);
  const [summary, setSummary] = useSummaryField(linked, undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [conflict, setConflict] = useState<SaveTarget | null>(null);

  const exists = Boolean(chosen?.operations.some((o) => o.path === path.trim()));
  const replacingOther = exists && !(link && link.file === chosen?.file && link.path === path.trim());
  const built = useMemo(() => buildCall(draft), [draft]);
  const auth = describeAuth(draft);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    // Enter in a field submits too: not before there is a file to send (the list may still be loading).
    if (!built.ok || !saveTarget.target) return;
    const target: SaveTarget = {
      tabId: draft.id,
      file: saveTarget.target,
      path: path.trim(),
      call: built.call,
      summary,
    };
    setBusy(true);
    setError(null);
    const expected = creating ? null : baseHashFor(draft.id, target.file);
    const result = await saveOperation(host, target, expected, 'save');
    setBusy(false);
    if (result.ok) return confirmSaved(result.value);
    if (result.error.code === 'conflict') return setConflict(target);
    setError(result.error);
  };

  /** Saving closes the dialog; a non-blocking confirmation says where it went (and any warning). */
  const confirmSaved = (result: SpecWriteResult, note?: string, savedPath = path.trim()): void => {
    const details = [
      ...(note ? [note] : []),
      ...(result.storedSecret ? [t('save.storedSecret', { name: result.storedSecret })] : []),
      ...result.warnings.map((w) => `${w.path} ${w.message}`),
    ];
    useToastStore.getState().show({
      text: t(result.created ? 'save.createdOk' : 'save.savedOk', {
        path: savedPath,
        file: result.name,
      }),
      ...(details.length ? { details } : {}),
      // What a conflict was resolved into (overwritten, or added under a new path) stays until read, like warnings.
      sticky: result.warnings.length > 0 || note !== undefined,
      action: {
        label: t('save.showDocs'),
        run: () =>
          useToolViewStore.getState().open({
            kind: 'docs',
            file: result.file,
            path: savedPath,
            httpMethod: 'post',
          }),
      },
    });
    onClose();
  };

  if (conflict) {
    return (
      <ConflictDialog
        save={a2aConflictSave(host, conflict, (opPath, problem) => t('conflict.cannotOpen', { path: opPath, problem: problem ?? t('conflict.unreadable') }))}
        onClose={onClose}
        onSaved={(result, note, savedPath) => {
          setConflict(null);
          confirmSaved(result, note, savedPath);
        }}
      />
    );
  }

  const problems = error ? problemsOf(error.details) : [];
  return (
    <Dialog
      title={t('save.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('common.cancel'), onClick: onClose },
            {
              label: replacingOther ? t('save.replace') : t('save.save'),
              tone: 'primary',
              form: `${id}-form`,
              disabled: !built.ok || busy || !path.trim().startsWith('/') || !saveTarget.target,
            },
          ]}
        />
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)}>
        <SaveTargetFields id={id} target={saveTarget} path={path} onPath={setPath} pathHelp={t('save.pathHelp')} pathTaken={replacingOther} />
        <div className="field-col">
          <label htmlFor={`${id}-summary`}>{t('save.summary')}</label>
          <input
            id={`${id}-summary`}
            value={summary}
            placeholder={`${draft.method} (A2A ${draft.version}, ${draft.binding})`}
            onChange={(e) => setSummary(e.target.value)}
          />
        </div>
        <p className="muted small">{auth ? t('save.authRef', { ref: auth }) : t('save.noAuth')}</p>
        {link ? <p className="muted small">{t('save.linked', { path: link.path })}</p> : null}
        {link && !replacingOther && link.path === path.trim() ? <KeptOperationFields op={linked} /> : null}
        {orphan ? (
          <p className="notice small">
            {t('save.orphaned', {
              path: orphan.path,
              file: files.find((f) => f.file === orphan.file)?.name ?? orphan.file,
            })}
          </p>
        ) : null}
        {!built.ok ? <p className="error">{built.problem === 'endpoint' ? t('save.needEndpoint') : t('save.badBody', { message: built.message })}</p> : null}
      </form>
      <BusyIndicator busy={busy} label={t('save.saving')} />
      {error ? (
        <ErrorNote title={t('save.failed')} error={error}>
          {problems.length ? (
            <ul className="list small">
              {problems.map((p, i) => (
                <li key={i}>
                  <code>{p.path}</code> {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </ErrorNote>
      ) : null}
    </Dialog>
  );
}
