import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SpecFormat, SpecOpenResult, SpecOperationSummary, SpecSavePreview, SpecSaveRequest, SpecWriteResult } from '../../../../shared/contract/ops-spec';
import type { Result, WireError } from '../../../../shared/contract/index';
import { useHost, type Host } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { a2aTabTitle, markTabSaved, useDraftsStore, useTabOrderStore } from '../request';
import { useToastStore } from '../../ui/toasts';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { draftSeedFromOperation, keepCopyOfDraft, replaceDraftContent } from './open-operation';
import { freePath, saveOperation, type SaveTarget } from './spec-save';
import { useSpecsStore } from './specs-store';
import { firstChangedLine, lineDiff, scrollTopToShow, type DiffLine } from './line-diff';

function describe(op: SpecOperationSummary | undefined): Record<string, unknown> {
  if (!op?.a2a) return {};
  const x = op.a2a;
  return { summary: op.summary, endpoint: x.endpoint, binding: x.binding, version: x.version, method: x.method, example: x.example };
}

/**
 * The two sides shown when there is no preview (it failed, or has not come yet), in the file's own
 * format as the preview's are: the YAML writer is loaded only for this.
 */
export async function fallbackTexts(
  save: Pick<ConflictSave, 'describe' | 'mine'>,
  theirs: SpecOperationSummary | undefined,
  format: SpecFormat,
): Promise<{ theirs?: string; mine: string }> {
  const { operationText } = await import('../../../../shared/openapi/operation-text');
  return { ...(theirs ? { theirs: operationText(save.describe(theirs), format) } : {}), mine: operationText(save.mine, format) };
}

/**
 * One side of the comparison: every line, the ones that differ from the other side marked. It opens
 * scrolled to the first difference (an operation with a long example would otherwise show only
 * unchanged lines), and the block takes focus from the keyboard so it can be scrolled with the arrows.
 */
function DiffBlock({ lines, marker, label, goTo, takeFocus }: { lines: DiffLine[]; marker: string; label: string; goTo: number; takeFocus: boolean }) {
  const box = useRef<HTMLPreElement>(null);
  const first = useRef<HTMLSpanElement>(null);
  const firstIndex = firstChangedLine(lines);
  useLayoutEffect(() => {
    const pre = box.current;
    const line = first.current;
    if (!pre || !line) return;
    const b = pre.getBoundingClientRect();
    const l = line.getBoundingClientRect();
    pre.scrollTop = scrollTopToShow({ top: l.top, height: l.height }, { top: b.top, height: pre.clientHeight, scrollTop: pre.scrollTop });
  }, [lines, goTo]);
  useEffect(() => {
    // "Go to the first difference": the line itself takes focus, so a screen reader reads it.
    if (goTo > 0 && takeFocus) first.current?.focus();
  }, [goTo, takeFocus]);
  return (
    // A scrolled box must be reachable from the keyboard (WCAG 2.1.1): it is in the tab order.
    <pre ref={box} className="code-block line-diff" aria-label={label} tabIndex={0}>
      {lines.map((line, k) => (
        <span
          key={k}
          ref={k === firstIndex ? first : undefined}
          className={line.change === 'changed' ? 'diff-line diff-changed' : 'diff-line'}
          {...(k === firstIndex ? { tabIndex: -1 } : {})}
        >
          <span className="diff-marker" aria-hidden={line.change === 'same'}>
            {line.change === 'changed' ? marker : ' '}
          </span>
          {line.text}
        </span>
      ))}
    </pre>
  );
}

/** The whole Operation Object on disk now beside the one a save would write, lines that differ marked. */
function OperationCompare({ preview, path }: { preview: SpecSavePreview; path: string }) {
  const t = useT();
  const id = useId();
  // Both sides in the file's own format (YAML for .yaml/.yml, JSON for .json), as the core wrote them out.
  const diff = useMemo(() => lineDiff(preview.diskText ?? '', preview.writtenText), [preview]);
  const changed = diff.before.filter((l) => l.change === 'changed').length + diff.after.filter((l) => l.change === 'changed').length;
  // Bumped by "Go to the first difference": each side moves focus to (and shows) its first differing line.
  const [goTo, setGoTo] = useState(0);
  // Focus goes to the disk's side unless nothing differs there (the operation is gone, or only lines were added).
  const focusDisk = preview.disk !== null && firstChangedLine(diff.before) >= 0;
  return (
    <>
      <p className="muted small">{changed ? t('conflict.diffLegend') : t('conflict.diffSame')}</p>
      {changed ? (
        <div className="actions">
          <button type="button" onClick={() => setGoTo((n) => n + 1)}>
            {t('conflict.firstDifference')}
          </button>
        </div>
      ) : null}
      <div className="compare">
        <section aria-labelledby={`${id}-theirs`}>
          <h3 id={`${id}-theirs`}>{t('conflict.theirs')}</h3>
          {preview.disk ? (
            <DiffBlock lines={diff.before} marker="−" label={t('conflict.theirs')} goTo={goTo} takeFocus={focusDisk} />
          ) : (
            <p className="notice small">{t('conflict.gone', { path })}</p>
          )}
        </section>
        <section aria-labelledby={`${id}-written`}>
          <h3 id={`${id}-written`}>{t('conflict.written')}</h3>
          <DiffBlock lines={diff.after} marker="+" label={t('conflict.written')} goTo={goTo} takeFocus={!focusDisk} />
        </section>
      </div>
    </>
  );
}

/** The request a save of this target sends, also the preview's. */
function saveRequest(target: SaveTarget, expectedHash: string | null): SpecSaveRequest {
  return { file: target.file, path: target.path, expectedHash, call: target.call, ...(target.summary?.trim() ? { summary: target.summary.trim() } : {}) };
}

/**
 * One save the prompt can finish, whatever the tab's protocol (A2A, plain HTTP, MCP): what the
 * operation on disk is, what this tab would write, and how to write it or take the file's version.
 */
export interface ConflictSave {
  tabId: string;
  file: string;
  path: string;
  /** The operation this save would replace, in a version of the file. */
  theirs(disk: SpecOpenResult): SpecOperationSummary | undefined;
  /** The disk's operation, beside `mine`, when there is no preview (shown in the file's format). */
  describe(op: SpecOperationSummary): Record<string, unknown>;
  mine: Record<string, unknown>;
  /** The whole operation Overwrite would leave beside the disk's (the core merges); omitted: the two texts. */
  preview?(expectedHash: string): Promise<SpecSavePreview | null>;
  /** Overwrite ('save') or add under a path that must be free ('saveAs'), based on the version read. */
  write(path: string, expectedHash: string, mode: 'save' | 'saveAs'): Promise<Result<SpecWriteResult>>;
  /**
   * Put the file's version into the tab; a copy of the tab keeps the person's version (the prompt then
   * places it beside the tab and says so, showReloaded). The error when the file's version could not be
   * read (the file removed or unreadable, the operation gone): the prompt shows it and stays open, and
   * the tab is left as it was.
   */
  reload(disk: SpecOpenResult, theirs: SpecOperationSummary): ReloadResult | Promise<ReloadResult>;
}

/** What Reload from disk did: the error that stopped it, or the copy that keeps the person's version (none when the tab was gone). */
export type ReloadResult = { error: WireError } | { copy?: { id: string; title: string } };

/**
 * After Reload from disk: the person stays on the tab they saved from, which now shows the file's
 * version; the copy holding their edits sits right after it in the bar, and a toast names it, with a
 * button to go to it.
 */
export function showReloaded(tabId: string, copy: { id: string; title: string }, words: { text: string; show: string }): void {
  const order = useTabOrderStore.getState();
  const at = order.order.indexOf(tabId);
  if (at >= 0) order.place(copy.id, at + 1);
  useDraftsStore.setState({ activeId: tabId });
  useToastStore.getState().show({
    text: words.text,
    action: {
      label: words.show,
      run: () => {
        if (useTabOrderStore.getState().order.includes(copy.id)) useDraftsStore.setState({ activeId: copy.id });
      },
    },
  });
}

/**
 * An A2A tab's save (spec.save / spec.saveAs, with the core's preview). `cannotOpen` words the error
 * when the file's version of the operation cannot become a tab (its x-a2a unreadable), given why.
 */
export function a2aConflictSave(host: Host, target: SaveTarget, cannotOpen: (path: string, problem: string | undefined) => string): ConflictSave {
  const { call } = target;
  // Shown in the same shape as the file's side: for JSON-RPC the saved example is the whole envelope.
  const example = call.binding === 'JSONRPC' ? { jsonrpc: '2.0', id: 1, method: call.method, params: call.body } : call.body;
  return {
    tabId: target.tabId,
    file: target.file,
    path: target.path,
    theirs: (disk) => disk.operations.find((o) => o.path === target.path && o.kind === 'a2a'),
    describe,
    mine: {
      summary: target.summary?.trim() || undefined,
      endpoint: call.endpoint,
      binding: call.binding,
      version: call.version,
      method: call.method,
      example,
    },
    preview: async (hash) => {
      const previewed = await host.invoke('spec.previewSave', saveRequest(target, hash));
      return previewed.ok ? previewed.value : null;
    },
    write: (path, hash, mode) => saveOperation(host, { ...target, path }, hash, mode),
    reload: (disk, theirs) => {
      const draft = useDraftsStore.getState().tabs.find((d) => d.id === target.tabId);
      const seed = draftSeedFromOperation(theirs);
      // Nothing to put in the tab: the prompt says why and stays open; the tab keeps the person's version.
      if (!seed) return { error: { code: 'invalid', message: cannotOpen(theirs.path, theirs.problem) } };
      if (!draft) return {};
      const copyId = keepCopyOfDraft(draft);
      replaceDraftContent(target.tabId, seed);
      // The tab now holds the file's version: nothing in it is unsaved.
      markTabSaved(target.tabId);
      useSpecsStore.getState().setLink(target.tabId, { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod, hash: disk.hash });
      return { copy: { id: copyId, title: a2aTabTitle(draft) } };
    },
  };
}

/**
 * The file changed on disk since this tab read it. Nothing has been written; every choice keeps
 * both versions somewhere (the other tab, the file, or a new operation) unless the person says overwrite.
 */
export function ConflictDialog({
  save,
  onSaved,
  onClose,
}: {
  save: ConflictSave;
  /** `path` is where the draft went: the new operation's path after "Save as new operation". */
  onSaved: (result: SpecWriteResult, note: string, path: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [disk, setDisk] = useState<SpecOpenResult | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState(false);
  const [newPath, setNewPath] = useState('');
  const [preview, setPreview] = useState<SpecSavePreview | null>(null);
  const host = useHost();

  const load = async (): Promise<void> => {
    const result = await host.invoke('spec.open', { file: save.file });
    if (!result.ok) return setError(result.error);
    // The suggestion lands in the same render that enables the field: set after the preview's round trip,
    // it arrived while a person (or a test) was already typing, and the typing ended up after it.
    setNewPath(
      (p) =>
        p ||
        freePath(
          save.path,
          result.value.operations.map((o) => o.path),
        ),
    );
    setDisk(result.value);
    // The whole operation on disk beside what Overwrite would leave there (the core merges, so it says).
    setPreview(save.preview ? await save.preview(result.value.hash) : null);
  };
  useEffect(() => {
    // Read the disk once per prompt; a failed write re-reads it.
    void load();
  }, []);

  const theirs = disk ? save.theirs(disk) : undefined;
  // Without a preview, the two sides as texts in the file's format (never JSON for a YAML file).
  const [fallback, setFallback] = useState<{ theirs?: string; mine: string } | null>(null);
  useEffect(() => {
    if (!disk || preview) return;
    let live = true;
    void fallbackTexts(save, theirs, disk.format).then((texts) => live && setFallback(texts));
    return () => {
      live = false;
    };
  }, [disk, preview, save, theirs]);

  const write = async (mode: 'save' | 'saveAs', path: string, note: string): Promise<void> => {
    if (!disk) return;
    setBusy(true);
    setError(null);
    const result = await save.write(path, disk.hash, mode);
    setBusy(false);
    if (result.ok) return onSaved(result.value, note, path);
    setError(result.error);
    // Changed again while the prompt was open: show the newest disk state.
    if (result.error.code === 'conflict') void load();
  };

  const reloadTheirs = async (): Promise<void> => {
    if (!disk || !theirs) return;
    setBusy(true);
    setError(null);
    const reloaded = await save.reload(disk, theirs);
    setBusy(false);
    if ('error' in reloaded) {
      // Said as a failed write is, and the disk read again, so the prompt shows the file as it is now.
      setError(reloaded.error);
      return void load();
    }
    if (reloaded.copy)
      showReloaded(save.tabId, reloaded.copy, { text: t('conflict.reloadedCopy', { title: reloaded.copy.title }), show: t('conflict.showCopy') });
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
            { label: t('conflict.reload'), disabled: !theirs || busy, onClick: () => void reloadTheirs() },
            { label: t('conflict.overwrite'), disabled: !disk || busy, onClick: () => void write('save', save.path, t('conflict.overwroteNote')) },
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
      <p>{t('conflict.body', { file: disk?.name ?? save.file })}</p>
      <p className="muted small">{t('conflict.nothingWritten')}</p>
      <BusyIndicator busy={!disk && !error} label={t('conflict.reading')} />
      {error ? <ErrorNote title={t('conflict.failed')} error={error} /> : null}
      {preview ? (
        <OperationCompare preview={preview} path={save.path} />
      ) : (
        <div className="compare">
          <section aria-labelledby={`${id}-theirs`}>
            <h3 id={`${id}-theirs`}>{t('conflict.theirs')}</h3>
            {disk ? (
              theirs ? (
                <pre className="code-block">{fallback?.theirs ?? ''}</pre>
              ) : (
                <p className="notice small">{t('conflict.gone', { path: save.path })}</p>
              )
            ) : null}
          </section>
          <section aria-labelledby={`${id}-mine`}>
            <h3 id={`${id}-mine`}>{t('conflict.mine')}</h3>
            <pre className="code-block">{fallback?.mine ?? ''}</pre>
          </section>
        </div>
      )}
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
