import type { InterfaceDraftState } from '../../../../shared/card/apply-interface';
import type { CardApplyInterfaceResult } from '../../../../shared/contract/ops-card';
import type { Result } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import { type A2aDraft, selectActiveDraft, useDraftsStore, type CardInterfaceRef } from '../request';
import { withoutLeavingView } from '../../app/tool-view-store';

/** What the active request tab says about where it points (or an empty draft when there is none). */
export function interfaceStateOf(draft: A2aDraft | undefined): InterfaceDraftState {
  if (!draft) return { endpoint: '', binding: 'JSONRPC', version: '1.0' };
  return {
    endpoint: draft.endpoint,
    binding: draft.binding,
    version: draft.version,
    method: draft.method,
    ...(draft.tenant ? { tenant: draft.tenant } : {}),
    auth: draft.auth,
  };
}

/** Asks the core how the active draft changes; nothing is changed yet. */
export function planApply(host: Host, card: unknown, interfaceIndex: number, carryAuth: boolean): Promise<Result<CardApplyInterfaceResult>> {
  const draft = selectActiveDraft(useDraftsStore.getState());
  return host.invoke('card.applyInterface', { card, interfaceIndex, current: interfaceStateOf(draft), carryAuth });
}

/**
 * Writes the planned fields into the active request tab through the drafts store's public API,
 * or opens a new tab when there is none. Returns the tab id. The tool view stays where it is.
 */
export function commitApply(plan: CardApplyInterfaceResult, cardInterfaces?: CardInterfaceRef[]): string {
  return withoutLeavingView(() => {
    const store = useDraftsStore.getState();
    const draft = selectActiveDraft(store);
    const next = plan.draft;
    if (!draft) {
      return store.openA2a({
        version: next.version,
        binding: next.binding,
        endpoint: next.endpoint,
        tenant: next.tenant ?? '',
        auth: next.auth,
        ...(next.method ? { method: next.method } : {}),
        ...(cardInterfaces ? { cardInterfaces } : {}),
      });
    }
    store.setVersion(draft.id, next.version);
    store.setBinding(draft.id, next.binding);
    if (next.method) store.setMethod(draft.id, next.method);
    store.update(draft.id, { endpoint: next.endpoint, tenant: next.tenant ?? '', auth: next.auth, ...(cardInterfaces ? { cardInterfaces } : {}) });
    return draft.id;
  });
}
