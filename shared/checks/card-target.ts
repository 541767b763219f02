import type { A2aVersion, Binding } from '../a2a/versions';
import { isBinding } from '../a2a/versions';
import type { CapabilityName, CheckInterface } from './check-types';
import { arr, field, isObject, str } from './json-read';
import { isLoopbackHost } from '../http/host-names';

/** What the checks need from an agent card: where to go, what it claims, what to say. */
export interface CardTarget {
  name?: string;
  agentVersion?: string;
  interfaces: CheckInterface[];
  /** Every core-binding interface the card declares, 0.3 gRPC/HTTP+JSON included (the version checks read it). */
  declared: CheckInterface[];
  /** undefined = the card says nothing (absent means false for the capability checks, A2A §4.4). */
  capabilities: Partial<Record<CapabilityName, boolean>>;
  /** Skill examples, in card order: the probe texts most likely to make the agent do real work. */
  examples: string[];
  /** Interfaces the card lists that Powerduck cannot check, with why. */
  ignored: string[];
  /** Assumptions made while reading the card (e.g. TLS or not for a bare gRPC host:port). */
  notes: string[];
}

/**
 * gRPC interfaces are listed as a bare `host:port` (a2a.proto AgentInterface.url) that does not say
 * whether the channel uses TLS; the core wants a scheme. Loopback is assumed plaintext, the rest TLS.
 */
export function grpcEndpoint(url: string): { endpoint: string; assumed?: string } {
  const match = /^(?:grpcs?:\/\/)?(\[[^\]]+\]|[^:/\s]+):(\d+)\/?$/.exec(url.trim());
  if (!match || /^https?:\/\//.test(url)) return { endpoint: url };
  const host = match[1] as string;
  const secure = url.startsWith('grpcs://') || (!url.startsWith('grpc://') && !isLoopbackHost(host));
  const endpoint = `${secure ? 'https' : 'http'}://${host}:${match[2] as string}`;
  return { endpoint, assumed: `${url} was taken as ${endpoint} (${secure ? 'TLS' : 'plaintext'}${url.includes('://') ? '' : ', from the host'}).` };
}

function versionOf(value: string | undefined): A2aVersion | undefined {
  if (value === undefined) return undefined;
  // A2A §3.6: Major.Minor decides; a patch part must not change anything.
  if (/^1\.0(\.\d+)?$/.test(value)) return '1.0';
  if (/^0\.3(\.\d+)?$/.test(value)) return '0.3';
  return undefined;
}

function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Reads a 1.0 card (`supportedInterfaces`) or a 0.3 card (`url` + `preferredTransport` + `additionalInterfaces`). */
export function readCardTarget(card: unknown): CardTarget {
  const target: CardTarget = { interfaces: [], declared: [], capabilities: {}, examples: [], ignored: [], notes: [] };
  const name = str(card, 'name');
  if (name !== undefined) target.name = name;
  const agentVersion = str(card, 'version');
  if (agentVersion !== undefined) target.agentVersion = agentVersion;

  const add = (url: string | undefined, bindingName: string | undefined, versionText: string | undefined, tenant?: string): void => {
    if (!url || !bindingName) return;
    const version = versionOf(versionText);
    if (!isBinding(bindingName)) {
      target.ignored.push(`${bindingName} ${versionText ?? ''} at ${url}: not a core binding Powerduck checks.`);
      return;
    }
    if (!version) {
      target.ignored.push(`${bindingName} ${versionText ?? '(no version)'} at ${url}: Powerduck checks A2A 1.0 and 0.3.`);
      return;
    }
    const declaredUrl = bindingName === 'GRPC' ? grpcEndpoint(url).endpoint : url;
    target.declared.push({ binding: bindingName, version, url: declaredUrl, ...(tenant ? { tenant } : {}) });
    if (version === '0.3' && bindingName !== 'JSONRPC') {
      target.ignored.push(`${bindingName} 0.3 at ${url}: A2A 0.3 is checked over JSON-RPC only.`);
      return;
    }
    let endpoint = url;
    if (bindingName === 'GRPC') {
      const mapped = grpcEndpoint(url);
      endpoint = mapped.endpoint;
      if (mapped.assumed) target.notes.push(`gRPC interface ${mapped.assumed}`);
    }
    const entry: CheckInterface = { binding: bindingName, version, url: endpoint, ...(tenant ? { tenant } : {}) };
    if (!target.interfaces.some((i) => i.binding === entry.binding && i.version === entry.version && i.url === entry.url && i.tenant === entry.tenant)) {
      target.interfaces.push(entry);
    }
  };

  const supported = arr(card, 'supportedInterfaces');
  if (supported) {
    for (const entry of supported) add(str(entry, 'url'), str(entry, 'protocolBinding'), str(entry, 'protocolVersion'), str(entry, 'tenant'));
  } else {
    const version = str(card, 'protocolVersion') ?? '0.3';
    add(str(card, 'url'), str(card, 'preferredTransport') ?? 'JSONRPC', version);
    for (const entry of arr(card, 'additionalInterfaces') ?? []) add(str(entry, 'url'), str(entry, 'transport'), version);
  }

  const capabilities = field(card, 'capabilities');
  const streaming = bool(field(capabilities, 'streaming'));
  if (streaming !== undefined) target.capabilities.streaming = streaming;
  const push = bool(field(capabilities, 'pushNotifications'));
  if (push !== undefined) target.capabilities.pushNotifications = push;
  const extended = bool(field(capabilities, 'extendedAgentCard')) ?? bool(field(card, 'supportsAuthenticatedExtendedCard'));
  if (extended !== undefined) target.capabilities.extendedAgentCard = extended;

  for (const skill of arr(card, 'skills') ?? []) {
    for (const example of arr(skill, 'examples') ?? []) if (typeof example === 'string' && example.trim() !== '') target.examples.push(example);
  }
  return target;
}

export function isCardShaped(value: unknown): boolean {
  return isObject(value) && (Array.isArray(value['supportedInterfaces']) || typeof value['url'] === 'string') && typeof value['name'] === 'string';
}

/** Keeps the interfaces matching the user's choice of binding and/or version. */
export function selectInterfaces(all: readonly CheckInterface[], choice: { binding?: Binding; version?: A2aVersion }): CheckInterface[] {
  return all.filter((i) => (choice.binding === undefined || i.binding === choice.binding) && (choice.version === undefined || i.version === choice.version));
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/** The A2A versions the card declares for this binding at this URL (A2A 1.0 §8.3: 0.3 and 1.0 may share one URL). */
export function declaredVersionsAt(card: Pick<CardTarget, 'declared'> | undefined, binding: Binding, url: string): A2aVersion[] {
  if (!card) return [];
  const versions = card.declared.filter((i) => i.binding === binding && sameUrl(i.url, url)).map((i) => i.version);
  return [...new Set(versions)];
}
