import type { CardInterfaceSummary } from '../../../../shared/card/card-types';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import { isBinding } from '../../../../shared/a2a/versions';
import type { A2aDraft } from './draft-model';

/** One callable interface of the card last applied to a tab, kept so a binding switch can follow it. */
export interface CardInterfaceRef {
  binding: Binding;
  version: A2aVersion;
  url: string;
  tenant?: string;
}

function versionOf(text: string): A2aVersion | undefined {
  if (/^1\.0(\.\d+)?$/.test(text)) return '1.0';
  if (/^0\.3(\.\d+)?$/.test(text)) return '0.3';
  return undefined;
}

/** The callable interfaces of a card, as the tab keeps them. */
export function cardInterfaceRefs(interfaces: readonly CardInterfaceSummary[]): CardInterfaceRef[] {
  const refs: CardInterfaceRef[] = [];
  for (const item of interfaces) {
    const version = versionOf(item.protocolVersion);
    if (!item.callable || !version || !isBinding(item.binding)) continue;
    refs.push({ binding: item.binding, version, url: item.url, ...(item.tenant ? { tenant: item.tenant } : {}) });
  }
  return refs;
}

export type BindingSwitch =
  { kind: 'from-card'; endpoint: string; tenant?: string } | { kind: 'cleared'; previous: string; from: Binding } | { kind: 'unchanged' };

/**
 * What the endpoint becomes when the binding changes: each binding has its own address (the demo
 * serves /rpc, /rest and a gRPC port), so the old one is never silently kept. The applied card's
 * interface for the new binding is taken when there is one; otherwise the field is cleared and the
 * old value is offered back.
 */
export function endpointOnBindingSwitch(
  draft: Pick<A2aDraft, 'binding' | 'version' | 'endpoint'> & { cardInterfaces?: CardInterfaceRef[] },
  binding: Binding,
): BindingSwitch {
  if (binding === draft.binding) return { kind: 'unchanged' };
  const match = draft.cardInterfaces?.find((ref) => ref.binding === binding && ref.version === draft.version);
  if (match) return { kind: 'from-card', endpoint: match.url, ...(match.tenant ? { tenant: match.tenant } : {}) };
  if (!draft.endpoint.trim()) return { kind: 'unchanged' };
  return { kind: 'cleared', previous: draft.endpoint, from: draft.binding };
}
