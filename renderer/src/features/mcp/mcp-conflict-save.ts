/** How the conflict prompt finishes an MCP tab's save (the same prompt A2A and HTTP tabs get). */
import type { McpSaveRequest } from '../../../../shared/contract/ops-mcp';
import type { Host } from '../../host';
import { markTabSaved, markTabUnsaved } from '../request';
import { recordTabWrite, useSpecsStore, type ConflictSave } from '../specs';
import { createMcpDraft, mcpTabTitle, seedFromOperation } from './mcp-draft';
import { openMcpTab, useMcpDraftsStore } from './mcp-drafts-store';

/** Overwrite = mcp.save on the version read; Save as new = the same under a path still free. */
export function mcpConflictSave(host: Host, tabId: string, request: McpSaveRequest, takenMessage: (path: string) => string): ConflictSave {
  const saveAt = async (path: string, expectedHash: string) => {
    const result = await host.invoke('mcp.save', { ...request, path, expectedHash });
    if (result.ok) {
      recordTabWrite(tabId, expectedHash, result.value, { path, httpMethod: 'post' });
      useMcpDraftsStore
        .getState()
        .update(tabId, (d) => ({ ...d, operation: { file: result.value.file, path, ...(request.summary ? { summary: request.summary } : {}) } }));
      markTabSaved(tabId);
    }
    return result;
  };
  return {
    tabId,
    file: request.file,
    path: request.path,
    theirs: (disk) => disk.operations.find((o) => o.path === request.path && o.protocolGroup === 'mcp'),
    describe: (op) => ({ path: op.path, summary: op.summary, mcp: op.mcp }),
    mine: { path: request.path, summary: request.summary, call: request.call, subject: request.subject },
    // The whole operation on disk beside what Overwrite would leave there, side by side as for A2A saves.
    preview: async (expectedHash) => {
      const previewed = await host.invoke('mcp.previewSave', { ...request, expectedHash });
      return previewed.ok ? previewed.value : null;
    },
    write: async (path, expectedHash, mode) => {
      if (mode === 'saveAs') {
        // mcp.save replaces what is at the path: a new operation must go where nothing is.
        const disk = await host.invoke('spec.open', { file: request.file });
        if (!disk.ok) return disk;
        if (disk.value.operations.some((o) => o.path === path)) return { ok: false, error: { code: 'bad-request', message: takenMessage(path) } };
      }
      return saveAt(path, expectedHash);
    },
    reload: async (disk, theirs) => {
      const mine = useMcpDraftsStore.getState().tabs.find((d) => d.id === tabId);
      const drafted = await host.invoke('mcp.draftOperation', { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod });
      // The file removed or unreadable since the prompt read it, or the operation gone: the prompt says so.
      if (!drafted.ok) return { error: drafted.error };
      if (!mine) return {};
      // The person's version is kept in a tab of its own before this one takes the file's.
      // Unsaved (closing it asks), and, like a duplicate, it forgets where its original saves.
      const { id: _id, operation: _operation, ...copy } = mine;
      const copyId = openMcpTab(copy);
      markTabUnsaved(copyId);
      useMcpDraftsStore.getState().update(tabId, () => createMcpDraft(tabId, seedFromOperation(drafted.value)));
      markTabSaved(tabId);
      useSpecsStore.getState().setLink(tabId, { file: disk.file, path: theirs.path, httpMethod: theirs.httpMethod, hash: disk.hash });
      return { copy: { id: copyId, title: mcpTabTitle(mine) } };
    },
  };
}
