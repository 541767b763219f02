import { markTabSaved } from '../request';
import type { A2aCall } from '../../../../shared/a2a/call';
import type { SpecSaveRequest, SpecWriteResult } from '../../../../shared/contract/ops-spec';
import type { Result } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import { fileInfo, onlyOwnWritesSince, recordOwnWrite, refreshSpecs, useSpecsStore } from './specs-store';

export interface SaveTarget {
  tabId: string;
  file: string;
  path: string;
  call: A2aCall;
  summary?: string;
}

/**
 * The version a save is based on: a linked tab's own base (so an outside edit since it was opened
 * is caught), moved forward only over writes made here; any other tab bases on the file as listed.
 */
export function baseHashFor(tabId: string, file: string): string | null {
  const info = fileInfo(file);
  if (!info) return null;
  const link = useSpecsStore.getState().links[tabId];
  if (!link || (link.file !== info.file && link.file !== info.name)) return info.hash;
  return onlyOwnWritesSince(info.file, link.hash, info.hash) ? info.hash : link.hash;
}

/**
 * A tab opened from an operation (plain HTTP, MCP) bases its saves on the file as listed when it
 * opened, as an A2A tab does: an outside edit of that operation since then makes the save ask.
 */
export function linkOpenedTab(tabId: string, file: string, op: { path: string; httpMethod: string }): void {
  const info = fileInfo(file);
  if (info) useSpecsStore.getState().setLink(tabId, { file: info.file, path: op.path, httpMethod: op.httpMethod, hash: info.hash });
}

/** After a tab's own write: its base moves to the version written, and the write is known as this window's. */
export function recordTabWrite(
  tabId: string,
  expectedHash: string | null,
  written: { file: string; hash: string },
  op: { path: string; httpMethod: string },
): void {
  recordOwnWrite(written.file, expectedHash, written.hash);
  useSpecsStore.getState().setLink(tabId, { file: written.file, path: op.path, httpMethod: op.httpMethod, hash: written.hash });
}

/** spec.save (replace or create the operation) or spec.saveAs (refuse an existing path). */
export async function saveOperation(host: Host, target: SaveTarget, expectedHash: string | null, mode: 'save' | 'saveAs'): Promise<Result<SpecWriteResult>> {
  const request: SpecSaveRequest = {
    file: target.file,
    path: target.path,
    expectedHash,
    call: target.call,
    ...(target.summary?.trim() ? { summary: target.summary.trim() } : {}),
  };
  const result = await host.invoke(mode === 'save' ? 'spec.save' : 'spec.saveAs', request);
  if (result.ok) {
    recordOwnWrite(result.value.file, expectedHash, result.value.hash);
    useSpecsStore.getState().setLink(target.tabId, { file: result.value.file, path: target.path, httpMethod: 'post', hash: result.value.hash });
    markTabSaved(target.tabId);
    await refreshSpecs(host);
  }
  return result;
}

export function problemsOf(details: unknown): Array<{ path: string; message: string }> {
  const problems = (details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems)
    ? problems
        .filter((p): p is { path: string; message: string } => typeof p === 'object' && p !== null && typeof p.message === 'string')
        .map((p) => ({ path: String(p.path ?? ''), message: p.message }))
    : [];
}

/** A path not yet used in the file: `/x` → `/x-2`, `/x-3`… */
export function freePath(path: string, taken: readonly string[]): string {
  const set = new Set(taken);
  for (let n = 2; ; n++) {
    const candidate = `${path}-${n}`;
    if (!set.has(candidate)) return candidate;
  }
}
