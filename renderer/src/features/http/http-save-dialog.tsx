import { markTabSaved } from '../request';
import { useId, useState } from 'react';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { refreshSpecs, SaveTargetFields, useSaveTarget } from '../specs';
import type { HttpDraft } from './http-draft';
import { useHttpRunsStore } from './http-runs';
import { saveDraftFor, splitForSpec } from './http-save-draft';

/** The workspace's own file: HTTP requests go there by default (an imported 3.0/3.1 document is never rewritten unasked). */
const workspaceFile = 'powerduck.openapi.yaml';

/** Save to spec: a standard OpenAPI 3.2 operation in a workspace file (created when missing). */
export function HttpSaveDialog({ draft, onClose }: { draft: HttpDraft; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const record = useHttpRunsStore((s) => s.byTab[draft.id]?.record);
  const saveTarget = useSaveTarget(undefined, workspaceFile);
  const { chosen, target } = saveTarget;
  const [path, setPath] = useState(draft.operation?.path ?? splitForSpec(draft.url)?.path ?? '/');
  const [summary, setSummary] = useState(draft.operation?.draft.summary ?? '');
  const [withResponse, setWithResponse] = useState(true);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const ownPlace = draft.operation && draft.operation.file === chosen?.file && draft.operation.path === path.trim();
  const taken = !ownPlace && Boolean(chosen?.operations.some((o) => o.path === path.trim() && o.httpMethod.toLowerCase() === draft.method.toLowerCase()));

  const save = async (): Promise<void> => {
    setBusy(true);
    setStatus(null);
    const file = target;
    const opened = await host.invoke('spec.open', { file });
    if (!opened.ok && opened.error.code !== 'not-found') {
      setBusy(false);
      setStatus({ ok: false, text: opened.error.message });
      return;
    }
    const result = await host.invoke('http.save', {
      file,
      expectedHash: opened.ok ? opened.value.hash : null,
      draft: saveDraftFor(draft, record, { path, summary, withResponse }),
    });
    setBusy(false);
    if (!result.ok) {
      setStatus({ ok: false, text: result.error.message });
      return;
    }
    markTabSaved(draft.id);
    setStatus({ ok: true, text: [t('http.save.saved', { method: draft.method, path, file: result.value.name }), ...result.value.notes].join(' ') });
    void refreshSpecs(host);
  };

  return (
    <Dialog
      title={t('http.save.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('http.save.cancel'), onClick: onClose },
            { label: t('http.save.save'), tone: 'primary', disabled: busy || !target || !path.startsWith('/'), onClick: () => void save() },
          ]}
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
        pathTaken={taken}
      />
      <div className="field-col">
        <label htmlFor={`${id}-summary`}>{t('http.save.summary')}</label>
        <input id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} />
      </div>
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
      {/* After a reload or before the first Send there is no response to keep: say so rather than save none silently. */}
      {record ? null : (
        <p id={`${id}-no-response`} className="muted small">
          {t('http.save.noResponse')}
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
