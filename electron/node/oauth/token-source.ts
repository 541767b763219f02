import * as client from 'openid-client';
import { normaliseScopes, oauth2IssuerKey, type OAuth2Auth } from '../../../shared/a2a/auth';
import type { SecretStore } from '../secret-store';
import { CoreError } from '../core-error';
import { issuerConfiguration } from './issuer-config';
import { issuerError } from './issuer-errors';
import { randomBytes } from 'node:crypto';
import { macOf, readCachedToken, sameClientSecret, secretCheck, tokenCacheName, writeCachedToken, type CachedToken } from './token-cache';

export interface TokenDeps {
  secrets: SecretStore;
  now: () => number;
}

/** Where the token used for a call came from (the record's auth summary says it). */
export type TokenOrigin = 'cache' | 'refreshed' | 'issued';

export interface AccessToken {
  token: CachedToken;
  origin: TokenOrigin;
}

/**
 * A token this close to expiry is renewed before use: the call it is for must not be refused
 * half-way because the token lapsed in flight (clock skew between us, the issuer and the agent).
 */
export const RENEW_BEFORE_MS = 60_000;

export function isFresh(token: CachedToken, now: number): boolean {
  return token.expiresAt === undefined || token.expiresAt - now > RENEW_BEFORE_MS;
}

/**
 * Concurrent sends that need the same token share one trip to the issuer, per secret store: the
 * store is where the token is cached, so the trip belongs to it (one store per core; a second core
 * in the process, on another data folder, makes its own trip and caches its own token).
 */
const inFlightByStore = new WeakMap<SecretStore, Map<string, Promise<AccessToken>>>();
/** Keys the in-flight map by client secret without holding the secret itself (memory only, this process). */
const tripKey = randomBytes(32).toString('base64url');

function toCached(auth: OAuth2Auth, response: client.TokenEndpointResponse, now: number, secret: string | undefined, previous?: CachedToken): CachedToken {
  const granted = typeof response.scope === 'string' ? normaliseScopes([response.scope]) : normaliseScopes(auth.scopes);
  const expiresIn = typeof response.expires_in === 'number' && Number.isFinite(response.expires_in) ? response.expires_in : undefined;
  // A refresh answer without a new refresh token means the old one stays valid (RFC 6749 §6).
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  return {
    accessToken: response.access_token,
    tokenType: response.token_type ?? 'Bearer',
    ...(expiresIn !== undefined ? { expiresAt: now + expiresIn * 1000 } : {}),
    ...(refreshToken ? { refreshToken } : {}),
    scopes: granted,
    issuer: oauth2IssuerKey(auth.endpoints),
    clientId: auth.clientId,
    obtainedAt: now,
    ...(secret ? { clientSecretCheck: previous?.clientSecretCheck ?? secretCheck(secret) } : {}),
  };
}

function grantParameters(auth: OAuth2Auth): Record<string, string> {
  const scopes = normaliseScopes(auth.scopes);
  return { ...(scopes.length ? { scope: scopes.join(' ') } : {}), ...(auth.resource ? { resource: auth.resource } : {}) };
}

/** Runs the grant that needs no person: client credentials. The interactive flows hand their tokens in through `storeToken`. */
async function issueWithoutUser(auth: OAuth2Auth, config: () => Promise<client.Configuration>, now: number, secret: string | undefined): Promise<CachedToken> {
  if (auth.flow !== 'clientCredentials') {
    throw new CoreError(
      'unauthorized',
      `No valid token for client "${auth.clientId}" at ${oauth2IssuerKey(auth.endpoints)}: this flow needs you to sign in. Use "Get new token" (or the CLI's --oauth2 ${auth.flow === 'deviceCode' ? 'device-code' : 'authorization-code'}).`,
    );
  }
  try {
    return toCached(auth, await client.clientCredentialsGrant(await config(), grantParameters(auth)), now, secret);
  } catch (error) {
    throw issuerError(error, `Getting a token from ${oauth2IssuerKey(auth.endpoints)}`);
  }
}

/**
 * The cached token while it is fresh, else renewed with its refresh token; undefined when neither
 * works (none cached, no refresh token, or the issuer refused it: a person must sign in again, or
 * client credentials asks anew). A token obtained with another client secret (or, cached before
 * the secret was noted, with one that cannot be told) counts as none: the secret given now must
 * prove itself at the issuer. `config` is only made when the issuer must be asked.
 */
async function cachedOrRefreshed(
  auth: OAuth2Auth,
  config: () => Promise<client.Configuration>,
  deps: TokenDeps,
  name: string,
  secret: string | undefined,
): Promise<AccessToken | undefined> {
  const cached = await readCachedToken(deps.secrets, name);
  if (!cached || !sameClientSecret(cached, secret)) return undefined;
  if (isFresh(cached, deps.now())) return { token: cached, origin: 'cache' };
  if (!cached.refreshToken) return undefined;
  let response: client.TokenEndpointResponse;
  try {
    response = await client.refreshTokenGrant(await config(), cached.refreshToken, grantParameters(auth));
  } catch {
    // A refused or expired refresh token: the caller falls back to a fresh grant (or to asking the person).
    return undefined;
  }
  const refreshed = toCached(auth, response, deps.now(), secret, cached);
  await writeCachedToken(deps.secrets, name, refreshed);
  return { token: refreshed, origin: 'refreshed' };
}

function lazyConfig(auth: OAuth2Auth, secret: string | undefined): () => Promise<client.Configuration> {
  let config: Promise<client.Configuration> | undefined;
  return () => (config ??= issuerConfiguration(auth, secret));
}

async function acquire(auth: OAuth2Auth, secret: string | undefined, deps: TokenDeps, name: string, forceNew: boolean): Promise<AccessToken> {
  const config = lazyConfig(auth, secret);
  if (!forceNew) {
    const usable = await cachedOrRefreshed(auth, config, deps, name, secret);
    if (usable) return usable;
  }
  const issued = await issueWithoutUser(auth, config, deps.now(), secret);
  await writeCachedToken(deps.secrets, name, issued);
  return { token: issued, origin: 'issued' };
}

/**
 * The token a send would use now without a person (cached while fresh, else refreshed), or
 * undefined when the person must sign in: the CLI's device code asks for a sign-in only then.
 */
export async function usableToken(auth: OAuth2Auth, clientSecret: string | undefined, deps: TokenDeps): Promise<AccessToken | undefined> {
  return cachedOrRefreshed(auth, lazyConfig(auth, clientSecret), deps, tokenCacheName(auth), clientSecret);
}

/**
 * The access token for a call: the cached one while it is fresh; otherwise refreshed with the
 * refresh token, or obtained anew (client credentials). `forceNew` skips the cache ("Get new token").
 */
export async function accessTokenFor(
  auth: OAuth2Auth,
  clientSecret: string | undefined,
  deps: TokenDeps,
  options: { forceNew?: boolean } = {},
): Promise<AccessToken> {
  const name = tokenCacheName(auth);
  // Sends with different client secrets must not share a trip: one of them may be wrong.
  const key = `${name}|${options.forceNew ? 'new' : 'any'}|${clientSecret ? macOf(tripKey, clientSecret) : ''}`;
  const trips = inFlightByStore.get(deps.secrets) ?? new Map<string, Promise<AccessToken>>();
  inFlightByStore.set(deps.secrets, trips);
  const running = trips.get(key);
  if (running) return running;
  const promise = acquire(auth, clientSecret, deps, name, options.forceNew ?? false).finally(() => trips.delete(key));
  trips.set(key, promise);
  return promise;
}

/** Stores a token an interactive flow obtained (with `clientSecret`, when the client has one), under the same cache entry sends read. */
export async function storeToken(
  auth: OAuth2Auth,
  deps: TokenDeps,
  response: client.TokenEndpointResponse,
  clientSecret: string | undefined,
): Promise<CachedToken> {
  const token = toCached(auth, response, deps.now(), clientSecret);
  await writeCachedToken(deps.secrets, tokenCacheName(auth), token);
  return token;
}
