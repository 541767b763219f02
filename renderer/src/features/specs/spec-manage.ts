import type { SpecOperationSummary, SpecProblem, SpecWriteResult } from '../../../../shared/contract/ops-spec';
import type { Result, WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import { useToolViewStore } from '../../app/tool-view-store';
import { recordOwnWrite, refreshSpecs, useSpecsStore, type SpecLink } from './specs-store';

/** One operation of one listed file, as the sidebar showed it (the hash is the version it saw). */
export interface ManagedOperation {
  file: string;
  /** Workspace-relative name, when the file is inside the workspace (links may use either). */
  name: string;
  hash: string;
  path: string;
  httpMethod: string;
}

export type NewPathProblem = 'empty' | 'slash' | 'oneLine' | 'same' | 'taken';

/**
 * Why `value` cannot be the operation's new path, or null. Mirrors the core's checks (a path starts
 * with "/", is one line, and may not already hold an operation with the same verb) so the person
 * learns it while typing instead of from a refused write.
 */
export function checkNewPath(
  value: string,
  op: Pick<ManagedOperation, 'path' | 'httpMethod'>,
  operations: readonly Pick<SpecOperationSummary, 'path' | 'httpMethod'>[],
): NewPathProblem | null {
  const path = value.trim();
  if (!path) return 'empty';
  if (!path.startsWith('/')) return 'slash';
  if (/[\r\n]/.test(path)) return 'oneLine';
  if (path === op.path) return 'same';
  if (operations.some((o) => o.path === path && o.httpMethod === op.httpMethod)) return 'taken';
  return null;
}

/**
 * A 'conflict' because the file is not the version the list showed (the core then names the hashes),
 * as opposed to a 'conflict' because the new path is already taken.
 */
export function isChangedOnDisk(error: WireError): boolean {
  if (error.code !== 'conflict' || typeof error.details !== 'object' || error.details === null) return false;
  return 'actualHash' in error.details || 'expectedHash' in error.details;
}

function linkedTo(link: SpecLink, op: Pick<ManagedOperation, 'file' | 'name' | 'path' | 'httpMethod'>): boolean {
  if (link.file !== op.file && link.file !== op.name) return false;
  // A link without a verb points at the file's A2A operation at that path, as the core resolves it.
  return link.path === op.path && (link.httpMethod === undefined || link.httpMethod === op.httpMethod);
}

/**
 * Tabs opened from (or saved to) a renamed operation follow it. Their base hash stays: the rename is
 * recorded as this window's own write, so only an outside edit still makes their next save ask.
 */
export function relinkRenamed(links: Record<string, SpecLink>, op: ManagedOperation, newPath: string): Record<string, SpecLink> {
  let changed = false;
  const next: Record<string, SpecLink> = {};
  for (const [tabId, link] of Object.entries(links)) {
    if (linkedTo(link, op)) {
      changed = true;
      next[tabId] = { ...link, path: newPath };
    } else next[tabId] = link;
  }
  return changed ? next : links;
}

/** Tabs whose operation was deleted lose the link, so their next save asks where to go. */
export function unlinkDeleted(links: Record<string, SpecLink>, op: ManagedOperation): { links: Record<string, SpecLink>; orphaned: string[] } {
  const orphaned = Object.keys(links).filter((tabId) => linkedTo(links[tabId] as SpecLink, op));
  if (orphaned.length === 0) return { links, orphaned };
  const next = { ...links };
  for (const tabId of orphaned) delete next[tabId];
  return { links: next, orphaned };
}

export function countProblems(problems: readonly Pick<SpecProblem, 'severity'>[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const p of problems) if (p.severity === 'error') errors += 1;
  return { errors, warnings: problems.length - errors };
}

/** Errors first, then warnings, each in file order (the core reports them in document order). */
export function sortProblems<P extends Pick<SpecProblem, 'severity'>>(problems: readonly P[]): P[] {
  return [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity !== 'error')];
}

function sameOperation(view: { file: string; path: string; httpMethod: string }, op: ManagedOperation): boolean {
  return (view.file === op.file || view.file === op.name) && view.path === op.path && view.httpMethod === op.httpMethod;
}

/** spec.renameOperation; on success the links, the open docs view and the list follow the new path. */
export async function renameSpecOperation(host: Host, op: ManagedOperation, newPath: string): Promise<Result<SpecWriteResult>> {
  const result = await host.invoke('spec.renameOperation', { file: op.file, path: op.path, httpMethod: op.httpMethod, newPath, expectedHash: op.hash });
  if (!result.ok) return result;
  recordOwnWrite(result.value.file, op.hash, result.value.hash);
  useSpecsStore.getState().updateLinks((links) => relinkRenamed(links, op, newPath));
  const view = useToolViewStore.getState().view;
  if (view?.kind === 'docs' && sameOperation(view, op)) useToolViewStore.getState().open({ ...view, path: newPath });
  await refreshSpecs(host);
  return result;
}

/** spec.deleteOperation; on success tabs from it are unlinked, its docs close and the list refreshes. */
export async function deleteSpecOperation(host: Host, op: ManagedOperation): Promise<Result<SpecWriteResult>> {
  const result = await host.invoke('spec.deleteOperation', { file: op.file, path: op.path, httpMethod: op.httpMethod, expectedHash: op.hash });
  if (!result.ok) return result;
  recordOwnWrite(result.value.file, op.hash, result.value.hash);
  const { links, orphaned } = unlinkDeleted(useSpecsStore.getState().links, op);
  useSpecsStore.getState().updateLinks(() => links);
  useSpecsStore.getState().markOrphaned(orphaned, { file: result.value.file, path: op.path });
  const view = useToolViewStore.getState().view;
  if (view?.kind === 'docs' && sameOperation(view, op)) useToolViewStore.getState().close();
  await refreshSpecs(host);
  return result;
}
