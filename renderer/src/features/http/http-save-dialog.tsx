import { markTabSaved } from '../request';
import { useId, useState } from 'react';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import {
  baseHashFor,
  ConflictDialog,
  isChangedOnDisk,
  KeptOperationFields,
  recordTabWrite,
  refreshSpecs,
  SaveTargetFields,
  useLinkedOperation,
  useSaveTarget,
  useSpecsStore,
  useSummaryField,
} from '../specs';
import type { HttpDraft } from './http-draft';
import { httpConflictSave, type HttpConflictTarget } from './http-conflict-save';
import { useHttpRunsStore } from './http-runs';
import { wireMethod } from '../../../../shared/http/http-method';
import { responseOrigin, saveDraftFor, splitForSpec } from './http-save-draft';

/**
 * Save to spec: a standard OpenAPI 3.2 operation in a workspace file (created when missing). A tab
 * opened from (or saved to) an operation starts on that operation's file and path, and its save is
 * based on the version it read, so an edit made outside since then gets the conflict prompt.
 */
export function HttpSaveDialog({ draft, onClose }: { draft: HttpDraft; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const run = useHttpRunsStore((s) => s.byTab[draft.id]);
  // The last response is this request's only when the tab sent what it holds now (method, server, path):
  // a response to another URL saved as this operation's example would be wrong.
  const lastRecord = run?.record;
  const record = lastRecord && run.sentFrom !== undefined && run.sentFrom === responseOrigin(draft) ? lastRecord : undefined;
  const link = useSpecsStore((s) => s.links[draft.id]);
  // Where the tab's operation lives: the link follows saves and renames; an older tab has only its operation.
  // A duplicate's operation is its original's: it starts in that file, but saving there asks to replace.
  const own = link ? { file: link.file, path: link.path, httpMethod: link.httpMethod } : draft.operation?.copy ? undefined : draft.operation;
  const saveTarget = useSaveTarget(own?.file ?? draft.operation?.file);
  const { chosen, creating, target } = saveTarget;
  const [path, setPath] = useState(own?.path ?? draft.operation?.path ?? splitForSpec(draft.url)?.path ?? '/');
  // A linked tab's summary is the operation's as the file has it (a save links the tab, and its draft
  // holds no summary then): saved untouched it stays, rather than turning into the generated one.
  const linked = useLinkedOperation(draft.id);
  const [summary, setSummary] = useSummaryField(linked, draft.operation?.copy ? undefined : draft.operation?.draft.summary);
  const [withResponse, setWithResponse] = useState(true);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<HttpConflictTarget | null>(null);
  // The replace the person confirmed, as file + verb + path: changing any of them asks again.
  const [confirmed, setConfirmed] = useState<string | null>(null);

  // As it is sent and saved (`post` goes out as POST).
  const method = wireMethod(draft.method) || 'GET';
  const verb = method.toLowerCase();
  const trimmed = path.trim();
  const ownPlace =
    own !== undefined &&
    chosen !== undefined &&
    (own.file === chosen.file || own.file === chosen.name) &&
    own.path === trimmed &&
    (own.httpMethod === undefined || own.httpMethod.toLowerCase() === verb);
  const existing = ownPlace ? undefined : chosen?.operations.find((o) => o.path === trimmed && o.httpMethod.toLowerCase() === verb);
  const replaceKey = existing && chosen ? `${chosen.file}\n${verb}\n${trimmed}` : null;
  const confirming = replaceKey !== null && confirmed === replaceKey;

  const save = async (): Promise<void> => {
    setBusy(true);
    setStatus(null);
    const file = target;
    const expectedHash = creating ? null : baseHashFor(draft.id, file);
    const saveDraft = saveDraftFor(draft, record, { path: trimmed, summary, withResponse });
    const result = await host.invoke('http.save', { file, expectedHash, draft: saveDraft });
    setBusy(false);
    if (!result.ok) {
      // Changed on disk since the tab read it: the same prompt as A2A tabs (nothing was written).
      if (isChangedOnDisk(result.error)) return setConflict({ tabId: draft.id, file: chosen?.file ?? file, saveDraft });
      setStatus({ ok: false, text: coreErrorLine(t, result.error) });
      return;
    }
    recordTabWrite(draft.id, expectedHash, result.value, { path: trimmed, httpMethod: verb });
    markTabSaved(draft.id);
    setConfirmed(null);
    setStatus({ ok: true, text: [t('http.save.saved', { method, path: trimmed, file: result.value.name }), ...result.value.notes].join(' ') });
    void refreshSpecs(host);
  };

  if (conflict) {
    return (
      <ConflictDialog
        save={httpConflictSave(host, conflict, (taken) => t('http.save.pathTakenForNew', { method, path: taken }))}
        onClose={onClose}
        onSaved={(result, note, savedPath) => {
          setConflict(null);
          setPath(savedPath);
          setStatus({ ok: true, text: [t('http.save.saved', { method, path: savedPath, file: result.name }), note].join(' ') });
          void refreshSpecs(host);
        }}
      />
    );
  }

  const canSave = !busy && Boolean(target) && trimmed.startsWith('/');
  return (
    <Dialog
      title={t('http.save.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={
            confirming
              ? [
                  { label: t('http.save.back'), onClick: () => setConfirmed(null) },
                  {
                    label: t('http.save.replaceConfirm', { method, path: trimmed }),
                    tone: 'primary',
                    disabled: !canSave,
                    onClick: () => void save(),
                  },
                ]
              : [
                  { label: t('http.save.cancel'), onClick: onClose },
                  existing
                    ? { label: t('http.save.replace'), tone: 'primary', disabled: !canSave, onClick: () => setConfirmed(replaceKey) }
                    : { label: t('http.save.save'), tone: 'primary', disabled: !canSave, onClick: () => void save() },
                ]
          }
        />
      }
    >
      <SaveTargetFields
        id={id}
        target={saveTarget}
        path={path}
        onPath={setPath}
        pathLabel={t('http.save.path')}
        pathHelp={t('http.save.pathHelp')}
        pathTaken={Boolean(existing)}
      />
      {confirming && existing && chosen ? (
        // Replacing another operation loses it: said in full, and only a second, explicit button does it.
        <div className="warning" role="alert">
          <p>
            {t('http.save.replaceWarning', {
              method,
              path: trimmed,
              file: chosen.name,
              summary: existing.summary ? ` (“${existing.summary}”)` : '',
            })}
          </p>
        </div>
      ) : null}
      <div className="field-col">
        <label htmlFor={`${id}-summary`}>{t('http.save.summary')}</label>
        <input id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} />
      </div>
      {ownPlace ? <KeptOperationFields op={linked} /> : null}
      <label>
        <input
          type="checkbox"
          checked={withResponse && Boolean(record)}
          disabled={!record}
          {...(record ? {} : { 'aria-describedby': `${id}-no-response` })}
          onChange={(e) => setWithResponse(e.target.checked)}
        />{' '}
        {t('http.save.withResponse')}
      </label>
      {/* After a reload or before the first Send there is no response to keep, and after a change of URL or
          method the last one answered another request: say which, rather than save none (or a wrong one) silently. */}
      {record ? null : (
        <p id={`${id}-no-response`} className="muted small">
          {lastRecord && run ? t('http.save.otherResponse', { method: run.method, url: run.url }) : t('http.save.noResponse')}
        </p>
      )}
      {status ? (
        <p className={status.ok ? 'notice' : 'error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      ) : null}
    </Dialog>
  );
}
