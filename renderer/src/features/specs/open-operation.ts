import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { callFromXA2a } from '../../../../shared/openapi/call-from-operation';
import { type A2aDraft, markTabUnsaved, useDraftsStore } from '../request';
import { useToolViewStore } from '../../app/tool-view-store';
import { useSpecsStore } from './specs-store';

/** The request-tab fields a saved A2A operation fills in (auth stays a reference). */
export function draftSeedFromOperation(op: SpecOperationSummary): Partial<A2aDraft> | undefined {
  if (!op.a2a) return undefined;
  const call = callFromXA2a(op.a2a);
  return {
    version: call.version,
    binding: call.binding,
    endpoint: call.endpoint,
    method: call.method,
    // A body saved with unquoted {{variables}} comes back exactly as it was written.
    bodyText: call.bodyText ?? `${JSON.stringify(call.body ?? {}, null, 2)}\n`,
    headers: call.headers ?? [],
    auth: call.auth ?? { type: 'none' },
    tenant: call.tenant ?? '',
    // The operation's saved timeouts (x-a2a timeouts) come back as the tab's Options, in seconds.
    ...(call.timeouts?.totalMs ? { timeoutSeconds: call.timeouts.totalMs / 1000 } : {}),
    ...(call.timeouts?.connectMs ? { connectTimeoutSeconds: call.timeouts.connectMs / 1000 } : {}),
  };
}

/** Opens a saved operation as a new request tab linked to its file version (so saving back can detect edits). */
export function openOperationAsRequest(file: string, fileHash: string, op: SpecOperationSummary): string | undefined {
  const seed = draftSeedFromOperation(op);
  if (!seed) return undefined;
  const tabId = useDraftsStore.getState().openA2a(seed);
  useSpecsStore.getState().setLink(tabId, { file, path: op.path, httpMethod: op.httpMethod, hash: fileHash });
  useToolViewStore.getState().close();
  return tabId;
}

/** Puts a saved operation's fields into an existing tab (drafts store public API only). */
export function replaceDraftContent(tabId: string, seed: Partial<A2aDraft>): void {
  const store = useDraftsStore.getState();
  if (seed.version) store.setVersion(tabId, seed.version);
  if (seed.binding) store.setBinding(tabId, seed.binding);
  if (seed.method) store.setMethod(tabId, seed.method);
  const { endpoint, bodyText, headers, auth, tenant } = seed;
  store.update(tabId, {
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(bodyText !== undefined ? { bodyText } : {}),
    ...(headers !== undefined ? { headers } : {}),
    ...(auth !== undefined ? { auth } : {}),
    ...(tenant !== undefined ? { tenant } : {}),
  });
}

/**
 * A copy of a tab's draft as a new tab, so choosing "theirs" never throws "mine" away. It holds edits no
 * file has, so it counts as unsaved (closing it asks) until it is saved somewhere.
 */
export function keepCopyOfDraft(draft: A2aDraft): string {
  const { id: _id, kind: _kind, ...rest } = draft;
  const copyId = useDraftsStore.getState().openA2a(rest);
  markTabUnsaved(copyId);
  return copyId;
}
