/**
 * Saved MCP operations (`x-mcp`, usually with `x-protocol: mcp`): the core reads the operation back as a call
 * (mcp.draftOperation) and it opens as an MCP tab; "Run" also runs it once the tab is up (a stdio
 * server still asks for confirmation first).
 */
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { Host } from '../../host';
import { useToolViewStore } from '../../app/tool-view-store';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { seedFromOperation } from './mcp-draft';
import { mcpSeedFromHistory } from './mcp-history-seed';
import { openMcpTab } from './mcp-drafts-store';
import { linkOpenedTab } from '../specs';

/** The core's listing decides (operation-list.ts, operationProtocolGroup): `x-mcp` alone is enough, `x-protocol: mcp` is not required. */
export const isMcpOperation = (op: Pick<SpecOperationSummary, 'protocolGroup'>): boolean => op.protocolGroup === 'mcp';

/** Tabs that should run as soon as their editor mounts. */
const pendingRuns = new Set<string>();

export function takePendingRun(tabId: string): boolean {
  return pendingRuns.delete(tabId);
}

export async function openMcpOperation(
  host: Host,
  file: string,
  op: Pick<SpecOperationSummary, 'path' | 'httpMethod'>,
  options: { run?: boolean } = {},
): Promise<{ ok: true; tabId: string } | { ok: false; message: string }> {
  const result = await host.invoke('mcp.draftOperation', {
    file,
    path: op.path,
    httpMethod: op.httpMethod,
  });
  if (!result.ok) return { ok: false, message: result.error.message };
  const tabId = openMcpTab(seedFromOperation(result.value));
  // Its saves are based on the version it was opened from, so an outside edit since then is caught.
  linkOpenedTab(tabId, result.value.file, { path: op.path, httpMethod: result.value.httpMethod ?? op.httpMethod });
  if (options.run) pendingRuns.add(tabId);
  useToolViewStore.getState().close();
  return { ok: true, tabId };
}

/** "Open as new request" on an MCP history entry (see mcp-history-seed.ts). */
export function openMcpFromHistory(entry: HistoryEntry): string {
  return openMcpTab(mcpSeedFromHistory(entry));
}
