import { createHash } from 'node:crypto';
import { normaliseScopes, OAUTH2_TOKEN_SECRET_PREFIX, oauth2IssuerKey, type OAuth2Auth } from '../../../shared/a2a/auth';
import type { SecretStore } from '../secret-store';

/** A token as kept in the secret store (the only place a token is ever written). */
export interface CachedToken {
  accessToken: string;
  tokenType: string;
  /** Epoch ms; absent when the issuer gave no lifetime. */
  expiresAt?: number;
  refreshToken?: string;
  /** The scopes granted (the issuer's answer, or what was asked for when it did not say). */
  scopes: string[];
  /** The issuer URL the config names (discovery/metadata URL or token URL). */
  issuer: string;
  clientId: string;
  obtainedAt: number;
}

/**
 * One cache entry per issuer + client + scopes (+ resource and flow: a token for another audience,
 * or a user's token versus the client's own, is not interchangeable). The name shows the client
 * and issuer host so a person reading the secret list knows what it is; the hash keeps it unique.
 */
export function tokenCacheName(auth: OAuth2Auth): string {
  const issuer = oauth2IssuerKey(auth.endpoints);
  const key = JSON.stringify([issuer, auth.clientId, normaliseScopes(auth.scopes), auth.resource ?? '', auth.flow]);
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  let host = issuer;
  try {
    host = new URL(issuer).host;
  } catch {
    // shown as typed
  }
  return `${OAUTH2_TOKEN_SECRET_PREFIX}${host}:${auth.clientId}:${digest}`;
}

function isCachedToken(value: unknown): value is CachedToken {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['accessToken'] === 'string' &&
    typeof v['tokenType'] === 'string' &&
    (v['expiresAt'] === undefined || typeof v['expiresAt'] === 'number') &&
    (v['refreshToken'] === undefined || typeof v['refreshToken'] === 'string') &&
    Array.isArray(v['scopes']) &&
    v['scopes'].every((s) => typeof s === 'string') &&
    typeof v['issuer'] === 'string' &&
    typeof v['clientId'] === 'string' &&
    typeof v['obtainedAt'] === 'number'
  );
}

/** The cached token, or undefined (an unreadable entry counts as none: it is simply replaced). */
export async function readCachedToken(secrets: SecretStore, name: string): Promise<CachedToken | undefined> {
  const text = await secrets.get(name);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isCachedToken(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function writeCachedToken(secrets: SecretStore, name: string, token: CachedToken): Promise<void> {
  await secrets.set(name, JSON.stringify(token));
}
