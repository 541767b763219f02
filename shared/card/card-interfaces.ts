import { bindingsFor, isA2aVersion, isBinding, type A2aVersion, type Binding } from '../a2a/versions';
import { readField } from './card-schema';
import type { CardInterfaceSummary, CardVersion, JsonObject } from './card-types';
import { originOf } from './url-parts';
import { isObject } from '../a2a/payload';

/** `1.0.2` → `1.0`: A2A versions negotiate on Major.Minor only (A2A §3.6). */
export function majorMinor(version: string): string {
  const match = /^(\d+)\.(\d+)/.exec(version.trim());
  return match ? `${match[1]}.${match[2]}` : version.trim();
}

/**
 * The card's endpoints in preference order, in one shape for both versions: 1.0 `supportedInterfaces`
 * (A2A §8.3.2), or 0.3 `url` + `preferredTransport` followed by `additionalInterfaces`.
 */
export function listInterfaces(card: unknown, version: CardVersion): CardInterfaceSummary[] {
  if (!isObject(card)) return [];
  const raw: Array<{ url: unknown; binding: unknown; protocolVersion: unknown; tenant?: unknown }> = [];
  if (version === '0.3') {
    const cardVersion = typeof card['protocolVersion'] === 'string' ? card['protocolVersion'] : '0.3';
    raw.push({ url: card['url'], binding: card['preferredTransport'] ?? 'JSONRPC', protocolVersion: cardVersion });
    const additional = card['additionalInterfaces'];
    if (Array.isArray(additional)) {
      for (const entry of additional) if (isObject(entry)) raw.push({ url: entry['url'], binding: entry['transport'], protocolVersion: cardVersion });
    }
  }
  const supported = readField(card, 'supportedInterfaces')?.value;
  if (Array.isArray(supported)) {
    for (const entry of supported) {
      if (!isObject(entry)) continue;
      raw.push({
        url: readField(entry, 'url')?.value,
        binding: readField(entry, 'protocolBinding')?.value,
        protocolVersion: readField(entry, 'protocolVersion')?.value,
        tenant: readField(entry, 'tenant')?.value,
      });
    }
  }
  const out: CardInterfaceSummary[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (typeof item.url !== 'string' || item.url === '') continue;
    const binding = typeof item.binding === 'string' ? item.binding : '';
    const protocolVersion = typeof item.protocolVersion === 'string' ? item.protocolVersion : '';
    const key = `${item.url}\u0000${binding}\u0000${majorMinor(protocolVersion)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const summary: CardInterfaceSummary = { index: out.length, url: item.url, binding, protocolVersion, preferred: out.length === 0, callable: false };
    if (typeof item.tenant === 'string' && item.tenant !== '') summary.tenant = item.tenant;
    const origin = originOf(item.url);
    if (origin) summary.origin = origin;
    const why = notCallableReason(binding, protocolVersion);
    if (why) summary.notCallableReason = why;
    else summary.callable = true;
    out.push(summary);
  }
  return out;
}

function notCallableReason(binding: string, protocolVersion: string): string | undefined {
  const version = majorMinor(protocolVersion);
  if (!isA2aVersion(version)) return `Protocol version ${JSON.stringify(protocolVersion)} is not one Powerduck speaks (1.0, 0.3).`;
  if (!isBinding(binding)) return `Binding ${JSON.stringify(binding)} is not a core A2A binding (JSONRPC, HTTP+JSON, GRPC).`;
  if (!bindingsFor(version).includes(binding)) return `Powerduck speaks A2A ${version} over ${bindingsFor(version).join(', ')} only.`;
  return undefined;
}

/** The call settings an interface stands for, when Powerduck can call it. */
export function interfaceTarget(entry: CardInterfaceSummary): { version: A2aVersion; binding: Binding } | undefined {
  const version = majorMinor(entry.protocolVersion);
  if (!entry.callable || !isA2aVersion(version) || !isBinding(entry.binding)) return undefined;
  return { version, binding: entry.binding };
}

export type { JsonObject };
