import { useEffect, useId, useState } from 'react';
import type { SpecOpenResult, SpecOperationSummary, SpecWriteResult } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { prettyJson } from '../../ui/format';
import { useDraftsStore } from '../request';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { draftSeedFromOperation, keepCopyOfDraft, replaceDraftContent } from './open-operation';
import { freePath, saveOperation, type SaveTarget } from './spec-save';
import { useSpecsStore } from './specs-store';

function describe(op: SpecOperationSummary | undefined): string {
  if (!op?.a2a) return '';
  const x = op.a2a;
  return prettyJson({ summary: op.summary, endpoint: x.endpoint, binding: x.binding, version: x.version, method: x.method, example: x.example });
}

/**
 * The file changed on disk since this tab read it. Nothing has been written; every choice keeps
 * both versions somewhere (the other tab, the file, or a new operation) unless the person says overwrite.
 */
export function ConflictDialog({
  target,
  onSaved,
  onClose,
}: {
  target: SaveTarget;
  onSaved: (result: SpecWriteResult, note: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [disk, setDisk] = useState<SpecOpenResult | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState(false);
  const [newPath, setNewPath] = useState('');

  const load = async (): Promise<void> => {
    const result = await host.invoke('spec.open', { file: target.file });
    if (!result.ok) return setError(result.error);
    setDisk(result.value);
    setNewPath(
      (p) =>
        p ||
        freePath(
          target.path,
          result.value.operations.map((o) => o.path),
        ),
    );
  };
  useEffect(() => {
    // Read the disk once per prompt; a failed write re-reads it.
    void load();
  }, []);

  const theirs = disk?.operations.find((o) => o.path === target.path && o.kind === 'a2a');
  // Shown in the same shape as the file's side: for JSON-RPC the saved example is the whole envelope.
  const { call } = target;
  const example = call.binding === 'JSONRPC' ? { jsonrpc: '2.0', id: 1, method: call.method, params: call.body } : call.body;
  const mine = prettyJson({
    summary: target.summary?.trim() || undefined,
    endpoint: call.endpoint,
    binding: call.binding,
    version: call.version,
    method: call.method,
    example,
  });

  const write = async (mode: 'save' | 'saveAs', path: string, note: string): Promise<void> => {
    if (!disk) return;
    setBusy(true);
    setError(null);
    const result = await saveOperation(host, { ...target, path }, disk.hash, mode);
    setBusy(false);
    if (result.ok) return onSaved(result.value, note);
    setError(result.error);
    // Changed again while the prompt was open: show the newest disk state.
    if (result.error.code === 'conflict') void load();
  };

  const reloadTheirs = (): void => {
    if (!disk || !theirs) return;
    const draft = useDraftsStore.getState().tabs.find((d) => d.id === target.tabId);
    const seed = draftSeedFromOperation(theirs);
    if (!draft || !seed) return;
    keepCopyOfDraft(draft);
    replaceDraftContent(target.tabId, seed);
    useSpecsStore.getState().setLink(target.tabId, { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod, hash: disk.hash });
    useDraftsStore.getState().activate(target.tabId);
    onClose();
  };

  return (
    <Dialog
      title={t('conflict.title')}
      onClose={onClose}
      wide
      footer={
        <DialogButtons
          buttons={[
            { label: t('conflict.cancel'), onClick: onClose },
            { label: t('conflict.reload'), disabled: !theirs || busy, onClick: reloadTheirs },
            { label: t('conflict.overwrite'), disabled: !disk || busy, onClick: () => void write('save', target.path, t('conflict.overwroteNote')) },
            {
              label: t('conflict.saveAs'),
              tone: 'primary',
              disabled: !disk || busy || !newPath.trim().startsWith('/'),
              onClick: () => void write('saveAs', newPath.trim(), t('conflict.savedAsNote', { path: newPath.trim() })),
            },
          ]}
        />
      }
    >
      <p>{t('conflict.body', { file: disk?.name ?? target.file })}</p>
      <p className="muted small">{t('conflict.nothingWritten')}</p>
      <BusyIndicator busy={!disk && !error} label={t('conflict.reading')} />
      {error ? <ErrorNote title={t('conflict.failed')} error={error} /> : null}
      <div className="compare">
        <section aria-labelledby={`${id}-theirs`}>
          <h3 id={`${id}-theirs`}>{t('conflict.theirs')}</h3>
          {disk ? (
            theirs ? (
              <pre className="code-block">{describe(theirs)}</pre>
            ) : (
              <p className="notice small">{t('conflict.gone', { path: target.path })}</p>
            )
          ) : null}
        </section>
        <section aria-labelledby={`${id}-mine`}>
          <h3 id={`${id}-mine`}>{t('conflict.mine')}</h3>
          <pre className="code-block">{mine}</pre>
        </section>
      </div>
      <ul className="list small">
        <li>{t('conflict.reloadHelp')}</li>
        <li>{t('conflict.overwriteHelp')}</li>
        <li>{t('conflict.saveAsHelp')}</li>
      </ul>
      <div className="field-col">
        <label htmlFor={`${id}-newpath`}>{t('conflict.newPath')}</label>
        {/* Editable once the disk's version is read: its free-path suggestion would otherwise land in the middle of typing. */}
        <input id={`${id}-newpath`} className="mono" value={newPath} disabled={!disk} onChange={(e) => setNewPath(e.target.value)} />
      </div>
    </Dialog>
  );
}
