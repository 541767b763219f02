/**
 * Where a secret comes from. Spec files and drafts only ever hold `secretRef` or `env`;
 * `value` exists in memory for a single send (e.g. the CLI's --token) and is never persisted.
 */
export type SecretSource = { secretRef: string } | { env: string } | { value: string };

/** The OAuth 2.0 grants Powerduck can run itself. */
export const oauth2Flows = ['clientCredentials', 'authorizationCode', 'deviceCode'] as const;
export type OAuth2Flow = (typeof oauth2Flows)[number];

/**
 * Where the issuer's endpoints come from: OpenID Connect discovery (`openIdConnectUrl`, or an
 * issuer URL whose well-known document is read), RFC 8414 server metadata (`oauth2MetadataUrl`),
 * or endpoints typed in by the user.
 */
export type OAuth2Endpoints =
  | { from: 'oidc'; url: string }
  | { from: 'metadata'; url: string }
  | { from: 'manual'; tokenUrl: string; authorizationUrl?: string; deviceAuthorizationUrl?: string };

export interface OAuth2Auth {
  type: 'oauth2';
  flow: OAuth2Flow;
  endpoints: OAuth2Endpoints;
  clientId: string;
  /** Confidential clients only; public clients (PKCE, device code) leave it out. */
  clientSecret?: SecretSource;
  scopes?: string[];
  /** RFC 8707 resource indicator (the audience of the access token), when the issuer needs one. */
  resource?: string;
  /** The card's security scheme this config was made from ("Use the card's auth"). */
  securityScheme?: string;
}

export type AuthConfig =
  | { type: 'none' }
  | { type: 'bearer'; token: SecretSource }
  | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: SecretSource }
  | { type: 'basic'; username: string; password: SecretSource }
  | OAuth2Auth;

export const noAuth: AuthConfig = { type: 'none' };

/** True when an auth config carries a literal secret that must not be written to disk. */
export function hasLiteralSecret(auth: AuthConfig): boolean {
  switch (auth.type) {
    case 'none':
      return false;
    case 'bearer':
      return 'value' in auth.token;
    case 'apiKey':
      return 'value' in auth.value;
    case 'basic':
      return 'value' in auth.password;
    case 'oauth2':
      return auth.clientSecret !== undefined && 'value' in auth.clientSecret;
  }
}

/** Where an auth config reads its credential from: token, API key, password, or OAuth's client secret (if any). */
export function authSecretSource(auth: AuthConfig): SecretSource | undefined {
  switch (auth.type) {
    case 'none':
      return undefined;
    case 'bearer':
      return auth.token;
    case 'apiKey':
      return auth.value;
    case 'basic':
      return auth.password;
    case 'oauth2':
      return auth.clientSecret;
  }
}

/** The same bearer, API-key or Basic auth reading its credential from `source` instead; other kinds unchanged. */
export function withCredentialSource(auth: AuthConfig, source: SecretSource): AuthConfig {
  switch (auth.type) {
    case 'bearer':
      return { ...auth, token: source };
    case 'apiKey':
      return { ...auth, value: source };
    case 'basic':
      return { ...auth, password: source };
    default:
      return auth;
  }
}

/** The issuer-side URL that identifies where tokens come from (the cache key and what the UI shows). */
export function oauth2IssuerKey(endpoints: OAuth2Endpoints): string {
  return endpoints.from === 'manual' ? endpoints.tokenUrl : endpoints.url;
}

/** Scopes in one canonical order, without blanks or repeats (so "b a" and "a b" share a cached token). */
export function normaliseScopes(scopes: readonly string[] | undefined): string[] {
  return [...new Set((scopes ?? []).flatMap((s) => s.split(/\s+/)).filter((s) => s !== ''))].sort();
}

/** Secret-store names of cached OAuth tokens start with this (secret pickers leave them out). */
export const OAUTH2_TOKEN_SECRET_PREFIX = 'oauth2-token:';
