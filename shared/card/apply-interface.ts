import type { AuthConfig } from '../a2a/auth';
import { findMethod, versionOfMethod } from '../a2a/catalogue';
import type { A2aVersion, Binding } from '../a2a/versions';
import { interfaceTarget, listInterfaces } from './card-interfaces';
import type { CardInterfaceSummary } from './card-types';
import { detectCardVersion } from './card-version';
import { isLoopbackHost } from '../http/host-names';
import { originOf, parseHostPort, parseUrlParts } from './url-parts';

/** The part of a request draft an interface decides. */
export interface InterfaceDraftState {
  endpoint: string;
  binding: Binding;
  version: A2aVersion;
  /** Current method name; mapped to the other version's name when the version changes. */
  method?: string;
  tenant?: string;
  auth?: AuthConfig;
}

export interface ApplyInterfaceInput {
  card: unknown;
  /** Index into the card's interfaces as listed by the summary (`summary.interfaces[i].index`). */
  interfaceIndex: number;
  current: InterfaceDraftState;
  /** The user confirmed sending the current credentials to the interface's (different) origin. */
  carryAuth?: boolean;
}

export type AuthCarry =
  /** The draft has no credentials: nothing to carry. */
  | 'no-auth'
  /** Same origin: credentials stay. */
  | 'same-origin'
  /** Different origin, and the user confirmed: credentials stay. */
  | 'confirmed'
  /** Different origin, not confirmed: the draft's auth is cleared until the user confirms. */
  | 'withheld';

export interface DraftFieldChange {
  field: 'endpoint' | 'binding' | 'version' | 'tenant' | 'method' | 'auth';
  from?: string;
  to?: string;
}

export interface ApplyInterfaceResult {
  /** The complete new values for these fields; the caller replaces them in its draft. */
  draft: { endpoint: string; binding: Binding; version: A2aVersion; tenant?: string; method?: string; auth: AuthConfig };
  changes: DraftFieldChange[];
  auth: { carry: AuthCarry; needsConfirmation: boolean; fromOrigin?: string; toOrigin?: string; message: string };
  interface: CardInterfaceSummary;
  warnings: string[];
}

export type ApplyInterfaceOutcome = { ok: true; result: ApplyInterfaceResult } | { ok: false; reason: 'no-such-interface' | 'not-callable'; message: string };

/** The method's name in `version` (same operation), using the method catalogue's counterparts. */
export function methodForVersion(method: string, version: A2aVersion): string | undefined {
  if (findMethod(version, method)) return method;
  const from = versionOfMethod(method);
  return from && from !== version ? findMethod(from, method)?.counterpart : undefined;
}

/**
 * "Use this interface" as an explicit draft change. Credentials are bound to an origin: moving the
 * draft to another origin withholds the current auth unless the user confirmed carrying it along.
 */
export function applyInterface(input: ApplyInterfaceInput): ApplyInterfaceOutcome {
  const version = detectCardVersion(input.card).version;
  const entry = listInterfaces(input.card, version).find((i) => i.index === input.interfaceIndex);
  if (!entry)
    return {
      ok: false,
      reason: 'no-such-interface',
      message: `The card has no interface #${input.interfaceIndex}. Re-inspect the card and pick one from its list.`,
    };
  const target = interfaceTarget(entry);
  if (!target)
    return { ok: false, reason: 'not-callable', message: `${entry.notCallableReason ?? 'Powerduck cannot call this interface.'} Pick another interface.` };

  const { current } = input;
  const warnings: string[] = [];
  const changes: DraftFieldChange[] = [];
  const note = (field: DraftFieldChange['field'], from: string | undefined, to: string | undefined): void => {
    if (from !== to) {
      const change: DraftFieldChange = { field };
      if (from !== undefined) change.from = from;
      if (to !== undefined) change.to = to;
      changes.push(change);
    }
  };

  const endpoint = draftEndpoint(entry, target.binding, warnings);
  const draft: ApplyInterfaceResult['draft'] = { endpoint, binding: target.binding, version: target.version, auth: current.auth ?? { type: 'none' } };
  if (entry.tenant !== undefined) draft.tenant = entry.tenant;
  note('endpoint', current.endpoint, draft.endpoint);
  note('binding', current.binding, draft.binding);
  note('version', current.version, draft.version);
  note('tenant', current.tenant || undefined, draft.tenant);

  if (current.method !== undefined) {
    const mapped = current.version === target.version ? current.method : methodForVersion(current.method, target.version);
    if (mapped === undefined) {
      draft.method = current.method;
      warnings.push(`${current.method} has no A2A ${target.version} equivalent; pick a method for this interface.`);
    } else {
      draft.method = mapped;
      note('method', current.method, mapped);
    }
  }

  const fromOrigin = originOf(current.endpoint);
  const toOrigin = originOf(endpoint);
  const auth: ApplyInterfaceResult['auth'] = { carry: 'no-auth', needsConfirmation: false, message: 'The draft has no credentials.' };
  if (fromOrigin) auth.fromOrigin = fromOrigin;
  if (toOrigin) auth.toOrigin = toOrigin;
  const hasAuth = current.auth !== undefined && current.auth.type !== 'none';
  if (hasAuth) {
    if (fromOrigin !== undefined && fromOrigin === toOrigin) {
      auth.carry = 'same-origin';
      auth.message = 'Same origin: the current credentials stay on the draft.';
    } else if (input.carryAuth === true) {
      auth.carry = 'confirmed';
      auth.message = `You confirmed sending the current credentials to ${toOrigin ?? endpoint}.`;
    } else {
      auth.carry = 'withheld';
      auth.needsConfirmation = true;
      auth.message = `The interface is on another origin (${toOrigin ?? endpoint}, was ${fromOrigin ?? current.endpoint}); the current credentials were not carried along. Confirm to send them there, or set auth for this origin.`;
      draft.auth = { type: 'none' };
      note('auth', current.auth?.type, 'none');
    }
  }
  return { ok: true, result: { draft, changes, auth, interface: entry, warnings } };
}

/**
 * gRPC interfaces are listed as bare `host:port` (a2a.proto AgentInterface.url), which does not say
 * whether the channel uses TLS; Powerduck's gRPC endpoints carry it in the scheme. Loopback agents
 * are assumed plaintext, anything else TLS, and the draft says so.
 */
function draftEndpoint(entry: CardInterfaceSummary, binding: Binding, warnings: string[]): string {
  if (binding !== 'GRPC' || parseUrlParts(entry.url)) return entry.url;
  const bare = parseHostPort(entry.url);
  if (!bare) return entry.url;
  const scheme = isLoopbackHost(bare.host) ? 'http' : 'https';
  warnings.push(
    `The card lists this gRPC interface as ${entry.url}, which does not say whether it uses TLS; Powerduck assumed ${scheme === 'https' ? 'TLS (https://)' : 'plaintext (http://), as the host is loopback'}. Change the scheme if that is wrong.`,
  );
  return `${scheme}://${entry.url}`;
}
