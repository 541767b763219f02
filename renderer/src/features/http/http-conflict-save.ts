/** How the conflict prompt finishes an HTTP tab's save (the same prompt A2A tabs get). */
import type { Host } from '../../host';
import type { HttpSaveDraft } from '../../../../shared/http/http-operation-build';
import { markTabSaved, markTabUnsaved } from '../request';
import { recordTabWrite, useSpecsStore, type ConflictSave } from '../specs';
import { openHttpTab, useHttpDraftsStore } from './http-drafts-store';
import { operationTab } from './operation-tab';
import { httpTabTitle } from './http-draft';

export interface HttpConflictTarget {
  tabId: string;
  /** Absolute path of the file the save went to. */
  file: string;
  saveDraft: HttpSaveDraft;
}

/** Overwrite = http.save on the version read; Save as new = the same under a path (and verb) still free. */
export function httpConflictSave(host: Host, target: HttpConflictTarget, takenMessage: (path: string) => string): ConflictSave {
  const verb = target.saveDraft.method.toLowerCase();
  const { oauth2: _oauth2, schemeAuth: _schemeAuth, ...shown } = target.saveDraft;
  return {
    tabId: target.tabId,
    file: target.file,
    path: target.saveDraft.path,
    theirs: (disk) => disk.operations.find((o) => o.path === target.saveDraft.path && o.httpMethod.toLowerCase() === verb),
    describe: (op) => ({ method: op.httpMethod.toUpperCase(), path: op.path, summary: op.summary, description: op.description }),
    mine: { ...shown },
    // The whole operation on disk beside what Overwrite would leave there, side by side as for A2A saves.
    preview: async (expectedHash) => {
      const previewed = await host.invoke('http.previewSave', { file: target.file, expectedHash, draft: target.saveDraft });
      return previewed.ok ? previewed.value : null;
    },
    write: async (path, expectedHash, mode) => {
      if (mode === 'saveAs') {
        // http.save replaces what is at the path: a new operation must go where nothing is.
        const disk = await host.invoke('spec.open', { file: target.file });
        if (!disk.ok) return disk;
        if (disk.value.operations.some((o) => o.path === path && o.httpMethod.toLowerCase() === verb)) {
          return { ok: false, error: { code: 'bad-request', message: takenMessage(path) } };
        }
      }
      const result = await host.invoke('http.save', { file: target.file, expectedHash, draft: { ...target.saveDraft, path } });
      if (result.ok) {
        recordTabWrite(target.tabId, expectedHash, result.value, { path, httpMethod: verb });
        markTabSaved(target.tabId);
      }
      return result;
    },
    reload: async (disk, theirs) => {
      const mine = useHttpDraftsStore.getState().tabs.find((d) => d.id === target.tabId);
      const drafted = await host.invoke('http.draftOperation', { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod });
      // The file removed or unreadable since the prompt read it, or the operation gone: the prompt says so.
      if (!drafted.ok) return { error: drafted.error };
      if (!mine) return {};
      // The person's version is kept in a tab of its own before this one takes the file's: unsaved (closing
      // it asks), and, like a duplicate, its operation is its original's, so its Save asks where.
      const { id: _id, operation, ...copy } = mine;
      const copyId = openHttpTab({ ...copy, ...(operation ? { operation: { ...operation, copy: true } } : {}) });
      markTabUnsaved(copyId);
      const fresh = operationTab(drafted.value, theirs);
      useHttpDraftsStore.getState().update(target.tabId, () => ({ ...fresh, id: target.tabId }));
      markTabSaved(target.tabId);
      useSpecsStore.getState().setLink(target.tabId, { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod, hash: disk.hash });
      return { copy: { id: copyId, title: httpTabTitle(mine) } };
    },
  };
}
