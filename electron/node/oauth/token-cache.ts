import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
  /**
   * Which client secret obtained the token, as a keyed digest (HMAC-SHA256 under a random key of
   * its own), never the secret: a token is reused only with the same secret, so a rotated or wrong
   * secret is tried at the issuer instead of being vouched for by an old token. Absent for a client
   * without a secret.
   */
  clientSecretCheck?: SecretCheck;
}

export interface SecretCheck {
  /** base64url, 32 random bytes. */
  key: string;
  /** hex HMAC-SHA256 of the secret under `key`. */
  mac: string;
}

/** HMAC-SHA256 of `secret` under a base64url `key`, hex: the one keyed digest of a client secret (cache entries, in-flight trips). */
export function macOf(key: string, secret: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(secret, 'utf8').digest('hex');
}

/** The keyed digest kept beside a token obtained with `secret` (undefined: a client without one). */
export function secretCheck(secret: string | undefined): SecretCheck | undefined {
  if (!secret) return undefined;
  const key = randomBytes(32).toString('base64url');
  return { key, mac: macOf(key, secret) };
}

/** Whether `secret` is the one the token was obtained with (both none counts as the same). */
export function sameClientSecret(token: CachedToken, secret: string | undefined): boolean {
  const check = token.clientSecretCheck;
  if (!secret || !check) return !secret && !check;
  const expected = Buffer.from(check.mac, 'hex');
  const actual = Buffer.from(macOf(check.key, secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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
    typeof v['obtainedAt'] === 'number' &&
    (v['clientSecretCheck'] === undefined || isSecretCheck(v['clientSecretCheck']))
  );
}

function isSecretCheck(value: unknown): value is SecretCheck {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['key'] === 'string' && typeof v['mac'] === 'string' && /^[0-9a-f]{64}$/.test(v['mac']);
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
