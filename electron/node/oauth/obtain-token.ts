import type { OAuth2Auth } from '../../../shared/a2a/auth';
import type { OAuthTokenInfo } from '../../../shared/contract/ops-oauth';
import { authorizationCodeFlow, deviceCodeFlow, type InteractiveHooks } from './interactive-flows';
import { readCachedToken, tokenCacheName, type CachedToken } from './token-cache';
import { accessTokenFor, type TokenDeps } from './token-source';

/** What may be shown of a token: never the token or the refresh token. */
export function tokenInfo(token: CachedToken): OAuthTokenInfo {
  return {
    issuer: token.issuer,
    clientId: token.clientId,
    scopes: token.scopes,
    ...(token.expiresAt !== undefined ? { expiresAt: token.expiresAt } : {}),
    obtainedAt: token.obtainedAt,
    refreshable: token.refreshToken !== undefined,
  };
}

export async function cachedTokenInfo(auth: OAuth2Auth, deps: TokenDeps): Promise<OAuthTokenInfo | null> {
  const token = await readCachedToken(deps.secrets, tokenCacheName(auth));
  return token ? tokenInfo(token) : null;
}

/**
 * "Get new token": a fresh token whatever the cache holds. Client credentials asks the issuer
 * again; the other grants run their sign-in (a browser or another device).
 */
export async function obtainNewToken(auth: OAuth2Auth, clientSecret: string | undefined, deps: TokenDeps, hooks: InteractiveHooks): Promise<CachedToken> {
  switch (auth.flow) {
    case 'clientCredentials':
      return (await accessTokenFor(auth, clientSecret, deps, { forceNew: true })).token;
    case 'authorizationCode':
      return authorizationCodeFlow(auth, clientSecret, deps, hooks);
    case 'deviceCode':
      return deviceCodeFlow(auth, clientSecret, deps, hooks);
  }
}
