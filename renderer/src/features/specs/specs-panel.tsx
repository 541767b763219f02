import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SpecFileInfo, SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { saveWhenShown, selectActiveDraft, useDraftsStore } from '../request';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { isStreamingMethod } from '../../../../shared/a2a/catalogue';
import { DeleteOperationDialog } from './delete-operation-dialog';
import { openOperationAsRequest } from './open-operation';
import { isHttpOperation, openHttpOperation } from '../http';
import { isMcpOperation, openMcpOperation } from '../mcp';
import { RenameOperationDialog } from './rename-operation-dialog';
import { newSpecFileName, takesOperations } from './save-target';
import type { ManagedOperation } from './spec-manage';
import { runSavedHttpOperation, runSavedOperation } from './spec-runs-store';
import { SaveToSpecDialog } from './save-operation-dialog';
import { refreshSpecs, useSpecsStore } from './specs-store';
import { ValidateFileDialog } from './validate-file-dialog';

import { ImportDialog } from '../import';
import { groupOperations } from './operation-groups';
import { operationTitle } from '../../../../shared/openapi/operation-list';
import './spec-manage.css';

/** The dialog the sidebar has open for one operation or file. */
type Managing =
  { kind: 'rename' | 'delete'; op: ManagedOperation; title: string; operations: SpecOperationSummary[] } | { kind: 'validate'; file: string; name: string };

const opKey = (file: string, httpMethod: string, path: string): string => `${file}\u0000${httpMethod}\u0000${path}`;

function PencilIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M11.5 1.5l3 3L5 14H2v-3z M9.5 3.5l3 3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2.5 4h11 M6 4V2.5h4V4 M4 4l.8 10h6.4L12 4 M6.8 6.5v5 M9.2 6.5v5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

function FileEntry({ info, onManage }: { info: SpecFileInfo; onManage: (what: Managing) => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const openView = useToolViewStore((s) => s.view);
  const [openProblem, setOpenProblem] = useState('');
  const openMcp = async (file: string, op: SpecOperationSummary, run: boolean): Promise<void> => {
    const opened = await openMcpOperation(host, file, op, { run });
    setOpenProblem(opened.ok ? '' : t('mcp.open.failed', { message: opened.message }));
  };
  // A file that does not parse, or is another OpenAPI version than 3.2, is never written: it offers validation only.
  const writable = takesOperations(info);
  return (
    <li className="spec-file">
      <details open>
        <summary data-file-key={info.file}>
          <span className="spec-file-name" id={`${id}-name`}>
            {info.name}
          </span>{' '}
          <span className="muted small">
            {info.title ? `${info.title} · ` : ''}
            {t('specs.opCount', { count: info.operations.length })}
          </span>
        </summary>
        <div className="file-tools">
          <button
            type="button"
            className="small"
            aria-describedby={`${id}-name`}
            onClick={() => onManage({ kind: 'validate', file: info.file, name: info.name })}
          >
            {t('specs.validateFile')}
          </button>
        </div>
        {info.parseError ? (
          <p className="error small">{t('specs.parseError', { message: info.parseError.message, line: info.parseError.line ?? '?' })}</p>
        ) : null}
        {!info.parseError && !writable ? <p className="muted small">{t('specs.notWritableVersion', { version: info.openapi ?? '' })}</p> : null}
        {openProblem ? (
          <p className="error small" role="alert">
            {openProblem}
          </p>
        ) : null}
        {info.operations.length === 0 && !info.parseError ? <p className="muted small">{t('specs.noOps')}</p> : null}
        <ul className="side-list" aria-label={t('specs.opsOf', { name: info.name })}>
          {groupOperations(info.operations).flatMap((group) => [
            // A heading per protocol, and one per tag inside it, in the one list (the rows stay the list's own items).
            <li key={`group-${group.protocol}`} role="presentation" className="op-group-title">
              <h4>{t(`mcp.group.${group.protocol}`)}</h4>
            </li>,
            ...[{ tag: undefined as string | undefined, ops: group.untagged }, ...group.tagged].flatMap(({ tag, ops }) => [
              ...(tag === undefined
                ? []
                : [
                    <li key={`tag-${group.protocol}-${tag}`} role="presentation" className="op-group-title op-tag-title">
                      <h5>{tag}</h5>
                    </li>,
                  ]),
              ...ops.map(({ op }) => {
                const title = op.summary ?? op.operationId ?? op.path;
                // Controls are named after the operation so each row's can be told apart (by ear and by tests).
                const named = operationTitle(op);
                const current = openView?.kind === 'docs' && openView.file === info.file && openView.path === op.path && openView.httpMethod === op.httpMethod;
                const managed: ManagedOperation = { file: info.file, name: info.name, hash: info.hash, path: op.path, httpMethod: op.httpMethod };
                return (
                  <li key={`${op.httpMethod} ${op.path}`}>
                    <button
                      type="button"
                      className="side-item"
                      data-op-key={opKey(info.file, op.httpMethod, op.path)}
                      aria-current={current ? 'true' : undefined}
                      title={t('specs.showDocs')}
                      onClick={() => useToolViewStore.getState().open({ kind: 'docs', file: info.file, path: op.path, httpMethod: op.httpMethod })}
                    >
                      <span>{title}</span>
                      <span className="muted small mono">
                        {op.a2a
                          ? `${op.a2a.binding} · ${op.a2a.method}`
                          : op.kind === 'a2a'
                            ? t('specs.brokenA2a')
                            : isMcpOperation(op)
                              ? `MCP · ${op.path}`
                              : `${op.httpMethod.toUpperCase()} ${op.path}`}
                      </span>
                      {op.problem ? <span className="warning small">{op.problem}</span> : null}
                    </button>
                    <div className="op-tools">
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
                          <span aria-hidden="true">▶</span> <span className="icon-label">{t('icon.run')}</span>
                        </button>
                      ) : null}
                      {isHttpOperation(op) ? (
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('specs.run', { title })}
                          title={t('specs.run', { title })}
                          onClick={() => {
                            // As for A2A: the Docs view opens and shows the answer under Last run.
                            const ref = { file: info.file, path: op.path, httpMethod: op.httpMethod };
                            useToolViewStore.getState().open({ kind: 'docs', ...ref });
                            void runSavedHttpOperation(host, ref);
                          }}
                        >
                          <span aria-hidden="true">▶</span> <span className="icon-label">{t('icon.run')}</span>
                        </button>
                      ) : null}
                      {isMcpOperation(op) ? (
                        <>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={t('specs.run', { title })}
                            title={t('specs.run', { title })}
                            onClick={() => void openMcp(info.file, op, true)}
                          >
                            <span aria-hidden="true">▶</span> <span className="icon-label">{t('icon.run')}</span>
                          </button>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={t('specs.openAsRequest', { title })}
                            title={t('specs.openAsRequest', { title })}
                            onClick={() => void openMcp(info.file, op, false)}
                          >
                            <span aria-hidden="true">↗</span> <span className="icon-label">{t('icon.open')}</span>
                          </button>
                        </>
                      ) : null}
                      {op.a2a || isHttpOperation(op) ? (
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('specs.openAsRequest', { title })}
                          title={t('specs.openAsRequest', { title })}
                          onClick={() => (op.a2a ? openOperationAsRequest(info.file, info.hash, op) : void openHttpOperation(host, info.file, op))}
                        >
                          <span aria-hidden="true">↗</span> <span className="icon-label">{t('icon.open')}</span>
                        </button>
                      ) : null}
                      {writable ? (
                        <>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={t('specs.renameOpOf', { title: named })}
                            title={t('specs.renameOpOf', { title: named })}
                            onClick={() => onManage({ kind: 'rename', op: managed, title, operations: info.operations })}
                          >
                            <PencilIcon />
                          </button>
                          <button
                            type="button"
                            className="icon-button danger-icon"
                            aria-label={t('specs.deleteOpOf', { title: named })}
                            title={t('specs.deleteOpOf', { title: named })}
                            onClick={() => onManage({ kind: 'delete', op: managed, title, operations: info.operations })}
                          >
                            <TrashIcon />
                          </button>
                        </>
                      ) : null}
                    </div>
                  </li>
                );
              }),
            ]),
          ])}
        </ul>
      </details>
    </li>
  );
}

/** Sidebar: workspace spec files → their operations. */
export function SpecsPanel() {
  const t = useT();
  const host = useHost();
  const id = useId();
  const { files, workspace, loaded, busy, error } = useSpecsStore();
  const draft = useDraftsStore(selectActiveDraft);
  // Any request tab can be saved: an A2A draft here, an HTTP or MCP tab through its own Save to spec.
  const activeId = useDraftsStore((s) => s.activeId);
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<WireError | null>(null);
  const [managing, setManaging] = useState<Managing | null>(null);
  const [done, setDone] = useState('');
  const [importing, setImporting] = useState(false);
  // Where keyboard focus goes once the list shows the result of a rename or delete.
  const [focusAfter, setFocusAfter] = useState<{ attr: 'opKey' | 'fileKey'; value: string } | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusAfter || !panel.current) return;
    const target = [...panel.current.querySelectorAll<HTMLElement>(focusAfter.attr === 'opKey' ? '[data-op-key]' : '[data-file-key]')].find(
      (el) => el.dataset[focusAfter.attr] === focusAfter.value,
    );
    if (!target) return;
    target.focus();
    setFocusAfter(null);
  }, [focusAfter, files]);

  useEffect(() => {
    void refreshSpecs(host);
  }, [host]);

  const saveActive = (id: string | undefined): void => {
    if (draft) return setSaving(true);
    if (!id) return;
    // The tab's own dialog: its pane must be shown (a tool view such as Docs may cover it).
    useToolViewStore.getState().close();
    saveWhenShown(id);
  };

  const create = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const result = await host.invoke('spec.create', { file: newSpecFileName(newName) });
    if (!result.ok) return setCreateError(result.error);
    setCreateError(null);
    setCreating(false);
    setNewName('');
    await refreshSpecs(host);
  };

  return (
    <div className="sidebar-panel" ref={panel}>
      <div className="actions">
        <button type="button" disabled={!activeId} title={activeId ? undefined : t('specs.saveNeedsDraft')} onClick={() => saveActive(activeId)}>
          {t('specs.saveActive')}
        </button>
        <button type="button" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {t('specs.newFile')}
        </button>
        <button type="button" onClick={() => void refreshSpecs(host)}>
          {t('specs.refresh')}
        </button>
        <button type="button" onClick={() => setImporting(true)}>
          {t('import.button')}
        </button>
      </div>
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
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
        <p className="muted small mono workspace" title={workspace}>
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
      <p role="status" className="small manage-status">
        {done}
      </p>
      {files.length ? (
        <ul className="spec-files" aria-label={t('specs.files')}>
          {files.map((f) => (
            <FileEntry
              key={f.file}
              info={f}
              onManage={(what) => {
                setDone('');
                setManaging(what);
              }}
            />
          ))}
        </ul>
      ) : null}
      {saving && draft ? <SaveToSpecDialog draft={draft} onClose={() => setSaving(false)} /> : null}
      {managing?.kind === 'rename' ? (
        <RenameOperationDialog
          op={managing.op}
          operations={managing.operations}
          onClose={() => setManaging(null)}
          onDone={(newPath) => {
            const { op } = managing;
            setManaging(null);
            setDone(t('specs.renamedOk', { old: op.path, path: newPath, file: op.name }));
            setFocusAfter({ attr: 'opKey', value: opKey(op.file, op.httpMethod, newPath) });
          }}
        />
      ) : null}
      {managing?.kind === 'delete' ? (
        <DeleteOperationDialog
          op={managing.op}
          title={managing.title}
          operations={managing.operations}
          onClose={() => setManaging(null)}
          onDone={() => {
            const { op } = managing;
            setManaging(null);
            setDone(t('specs.deletedOk', { path: op.path, file: op.name }));
            setFocusAfter({ attr: 'fileKey', value: op.file });
          }}
        />
      ) : null}
      {managing?.kind === 'validate' ? <ValidateFileDialog file={managing.file} name={managing.name} onClose={() => setManaging(null)} /> : null}
    </div>
  );
}
