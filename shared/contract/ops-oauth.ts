/**
 * OAuth 2.0 tokens for a request's auth (issue 21): what the cached token is (never the token
 * itself), and getting a new one, which for authorization code and device code involves the person.
 */
import type { OAuth2Auth } from '../a2a/auth';
import type { Op, StreamOp } from './op';

export interface OAuthTokenRequest {
  auth: OAuth2Auth;
  /** Environment whose variables fill `{{name}}` placeholders of the auth (client secret, URLs). */
  environment?: string;
}

/** What the request view shows about a token. The token and refresh token never cross the contract. */
export interface OAuthTokenInfo {
  issuer: string;
  clientId: string;
  scopes: string[];
  /** Epoch ms; absent when the issuer gave no lifetime. */
  expiresAt?: number;
  obtainedAt: number;
  /** The issuer gave a refresh token: an expired access token is renewed without the person. */
  refreshable: boolean;
}

export type OAuthObtainEvent =
  /** Authorization code: sign in at this URL. `opened` false = this host could not open it (the page opens a tab). */
  | { kind: 'browser'; url: string; opened: boolean }
  /** Device code: enter `userCode` at `verificationUri` (or open the complete URI). */
  | { kind: 'device'; userCode: string; verificationUri: string; verificationUriComplete?: string; expiresInS: number };

export interface OAuthOps {
  /** The cached token for this auth, or null when there is none. */
  'oauth.tokenInfo': Op<OAuthTokenRequest, { token: OAuthTokenInfo | null }>;
  /**
   * The token a send would use now without the person: the cached one while fresh, else renewed
   * with its refresh token (which asks the issuer). Null when someone has to sign in again.
   */
  'oauth.usableToken': Op<OAuthTokenRequest, { token: OAuthTokenInfo | null }>;
}

export interface OAuthStreams {
  /**
   * "Get new token": always a fresh one for client credentials; the sign-in for authorization code
   * (a browser event, then the loopback redirect) and device code (a device event, then polling).
   * stream.cancel stops the wait.
   */
  'oauth.obtain': StreamOp<OAuthTokenRequest, OAuthObtainEvent, OAuthTokenInfo>;
}

export const oauthOpNames = ['oauth.tokenInfo', 'oauth.usableToken'] as const satisfies readonly (keyof OAuthOps)[];
export const oauthStreamNames = ['oauth.obtain'] as const satisfies readonly (keyof OAuthStreams)[];
