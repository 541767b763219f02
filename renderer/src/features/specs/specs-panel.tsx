import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host/host-context';
import { useT2 } from '../../i18n/messages-part2';
import { selectActiveDraft, useDraftsStore } from '../request/drafts-store';
import { BusyIndicator } from '../settings/busy-indicator';
import { ErrorNote } from '../settings/error-note';
import { useToolViewStore } from '../settings/tool-view-store';
import { isStreamingMethod } from '../../../../shared/a2a/catalogue';
import { openOperationAsRequest } from './open-operation';
import { runSavedOperation } from './spec-runs-store';
import { SaveToSpecDialog } from './save-operation-dialog';
import { refreshSpecs, useSpecsStore } from './specs-store';

function FileEntry({ info }: { info: SpecFileInfo }) {
  const t = useT2();
  const host = useHost();
  const openView = useToolViewStore((s) => s.view);
  return (
    <li className="p2-spec-file">
      <details open>
        <summary>
          <span className="p2-spec-file-name">{info.name}</span>{' '}
          <span className="muted small">{info.title ? `${info.title} · ` : ''}{t('specs.opCount', { count: info.operations.length })}</span>
        </summary>
        {info.parseError ? (
          <p className="error small">
            {t('specs.parseError', { message: info.parseError.message, line: info.parseError.line ?? '?' })}
          </p>
        ) : null}
        {info.operations.length === 0 && !info.parseError ? <p className="muted small">{t('specs.noOps')}</p> : null}
        <ul className="p2-side-list" aria-label={t('specs.opsOf', { name: info.name })}>
          {info.operations.map((op) => {
            const title = op.summary ?? op.operationId ?? op.path;
            const current = openView?.kind === 'docs' && openView.file === info.file && openView.path === op.path && openView.httpMethod === op.httpMethod;
            return (
              <li key={`${op.httpMethod} ${op.path}`}>
                <button
                  type="button"
                  className="p2-side-item"
                  aria-current={current ? 'true' : undefined}
                  title={t('specs.showDocs')}
                  onClick={() => useToolViewStore.getState().open({ kind: 'docs', file: info.file, path: op.path, httpMethod: op.httpMethod })}
                >
                  <span>{title}</span>
                  <span className="muted small mono">
                    {op.a2a ? `${op.a2a.binding} · ${op.a2a.method}` : op.kind === 'a2a' ? t('specs.brokenA2a') : `${op.httpMethod.toUpperCase()} ${op.path}`}
                  </span>
                  {op.problem ? <span className="warning small">{op.problem}</span> : null}
                </button>
                {op.a2a ? (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('specs.run', { title })}
                    title={t('specs.run', { title })}
                    onClick={() => {
                      const ref = { file: info.file, path: op.path, httpMethod: op.httpMethod };
                      useToolViewStore.getState().open({ kind: 'docs', ...ref });
                      if (op.a2a) void runSavedOperation(host, ref, isStreamingMethod(op.a2a.version, op.a2a.method));
                    }}
                  >
                    ▶
                  </button>
                ) : null}
                {op.a2a ? (
                  <button type="button" className="icon-button" aria-label={t('specs.openAsRequest', { title })} title={t('specs.openAsRequest', { title })} onClick={() => openOperationAsRequest(info.file, info.hash, op)}>
                    ↗
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </details>
    </li>
  );
}

/** Sidebar: workspace spec files → their operations. */
export function SpecsPanel() {
  const t = useT2();
  const host = useHost();
  const id = useId();
  const { files, workspace, loaded, busy, error } = useSpecsStore();
  const draft = useDraftsStore(selectActiveDraft);
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<WireError | null>(null);

  useEffect(() => {
    void refreshSpecs(host);
  }, [host]);

  const create = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const result = await host.invoke('spec.create', { file: newName.trim() });
    if (!result.ok) return setCreateError(result.error);
    setCreateError(null);
    setCreating(false);
    setNewName('');
    await refreshSpecs(host);
  };

  return (
    <div className="p2-sidebar-panel">
      <div className="actions">
        <button type="button" disabled={!draft} title={draft ? undefined : t('specs.saveNeedsDraft')} onClick={() => setSaving(true)}>
          {t('specs.saveActive')}
        </button>
        <button type="button" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {t('specs.newFile')}
        </button>
        <button type="button" onClick={() => void refreshSpecs(host)}>
          {t('specs.refresh')}
        </button>
      </div>
      {creating ? (
        <form onSubmit={(e) => void create(e)} className="field-row">
          <label htmlFor={`${id}-new`}>{t('specs.newFileName')}</label>
          <input id={`${id}-new`} className="mono" value={newName} placeholder="agents.openapi.yaml" onChange={(e) => setNewName(e.target.value)} />
          <button type="submit" disabled={!newName.trim()}>
            {t('specs.create')}
          </button>
        </form>
      ) : null}
      {createError ? <ErrorNote title={t('specs.createFailed')} error={createError} /> : null}
      {workspace ? (
        <p className="muted small mono p2-workspace" title={workspace}>
          {workspace}
        </p>
      ) : null}
      <BusyIndicator busy={busy} label={t('specs.loading')} />
      {error ? <ErrorNote title={t('specs.loadFailed')} error={error} /> : null}
      {loaded && !error && files.length === 0 ? (
        <div className="sidebar-empty">
          <p>{t('specs.none')}</p>
          <p className="muted small">{t('specs.noneHint')}</p>
        </div>
      ) : null}
      {files.length ? (
        <ul className="p2-spec-files" aria-label={t('specs.files')}>
          {files.map((f) => (
            <FileEntry key={f.file} info={f} />
          ))}
        </ul>
      ) : null}
      {saving && draft ? <SaveToSpecDialog draft={draft} onClose={() => setSaving(false)} /> : null}
    </div>
  );
}
