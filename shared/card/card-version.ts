import type { CardVersion } from './card-types';
import { isObject } from '../a2a/payload';

export interface VersionDetection {
  version: CardVersion;
  /** Why, in one sentence, for the inspector. */
  reason: string;
  /** A 0.3 card that also embeds v1.0 `supportedInterfaces` (the official SDK's compatibility card). */
  hybrid: boolean;
}

const v03Markers = ['url', 'preferredTransport', 'additionalInterfaces', 'supportsAuthenticatedExtendedCard'] as const;

/**
 * 1.0 cards list endpoints in `supportedInterfaces` (A2A §6.2); 0.3 cards put the preferred one in a
 * top-level `url` with `preferredTransport`/`protocolVersion` (0.3 schema). Top-level 0.3 fields win,
 * because the official SDK serves 0.3 callers a 0.3 card that also carries `supportedInterfaces`.
 */
export function detectCardVersion(card: unknown): VersionDetection {
  if (!isObject(card)) return { version: '1.0', reason: 'Not a JSON object; checked against the 1.0 schema.', hybrid: false };
  const interfaces = card['supportedInterfaces'] ?? card['supported_interfaces'];
  const hasInterfaces = Array.isArray(interfaces) && interfaces.length > 0;
  const marker = v03Markers.find((key) => card[key] !== undefined && card[key] !== null);
  const protocolVersion = typeof card['protocolVersion'] === 'string' ? card['protocolVersion'] : undefined;
  const says03 = protocolVersion !== undefined && /^0\./.test(protocolVersion);
  if (marker || says03) {
    const why = marker ? `it has the 0.3 field \`${marker}\`` : `its protocolVersion is "${protocolVersion}"`;
    return {
      version: '0.3',
      reason: hasInterfaces ? `A 0.3 card (${why}) that also embeds v1.0 supportedInterfaces.` : `A 0.3 card: ${why}.`,
      hybrid: hasInterfaces,
    };
  }
  if (hasInterfaces) return { version: '1.0', reason: 'A 1.0 card: it lists supportedInterfaces.', hybrid: false };
  return { version: '1.0', reason: 'No supportedInterfaces and no 0.3 fields; checked against the 1.0 schema.', hybrid: false };
}

/** A loose "is this a card at all" test, so a random JSON document is reported as not-a-card. */
export function looksLikeCard(value: unknown): boolean {
  if (!isObject(value)) return false;
  const markers = ['name', 'supportedInterfaces', 'supported_interfaces', 'url', 'skills', 'capabilities', 'protocolVersion'];
  return markers.filter((key) => value[key] !== undefined).length >= 2;
}
