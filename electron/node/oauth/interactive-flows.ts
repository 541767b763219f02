/**
 * The OAuth 2.0 grants a person takes part in: authorization code with PKCE through the system
 * browser and a loopback redirect on an ephemeral 127.0.0.1 port (RFC 8252 §7.3, §8.1), and device
 * authorization (RFC 8628). Both hand their token to the same cache sends read (token-source.ts).
 * The protocol work is openid-client's; this module only runs the loopback listener and the steps.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { normaliseScopes, oauth2IssuerKey, type OAuth2Auth } from '../../../shared/a2a/auth';
import type { OAuthObtainEvent } from '../../../shared/contract/ops-oauth';
import { CoreError } from '../core-error';
import { precheckAuthorization } from './authorization-precheck';
import { issuerConfiguration } from './issuer-config';
import { issuerError } from './issuer-errors';
import { storeToken, type TokenDeps } from './token-source';
import type { CachedToken } from './token-cache';

export interface InteractiveHooks {
  signal?: AbortSignal;
  /** Tells the person what to do (open this URL; enter this code there). */
  onEvent: (event: OAuthObtainEvent) => void;
  /**
   * Opens a URL in the system browser (desktop: the OS opener; tests: a driven browser). Resolves
   * false when this host cannot, and the event then asks the page to open it (a new tab).
   */
  openBrowser?: (url: string) => Promise<boolean>;
  /** How long to wait for the person (default 5 minutes). */
  timeoutMs?: number;
}

const DEFAULT_WAIT_MS = 5 * 60_000;

function scopeParameters(auth: OAuth2Auth, extra: string[] = []): Record<string, string> {
  const scopes = normaliseScopes([...(auth.scopes ?? []), ...extra]);
  return { ...(scopes.length ? { scope: scopes.join(' ') } : {}), ...(auth.resource ? { resource: auth.resource } : {}) };
}

function page(title: string, text: string): string {
  const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}

/** Ends when the signal aborts or the wait runs out, with the reason. */
function waitLimit(hooks: InteractiveHooks, what: string): { promise: Promise<never>; dispose: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    const ms = hooks.timeoutMs ?? DEFAULT_WAIT_MS;
    timer = setTimeout(() => reject(new CoreError('timeout', `${what} was not completed within ${Math.round(ms / 1000)} s.`)), ms);
    onAbort = () => reject(new CoreError('cancelled', `${what} was stopped.`));
    if (hooks.signal?.aborted) onAbort();
    else hooks.signal?.addEventListener('abort', onAbort, { once: true });
  });
  // The race's loser must not surface as an unhandled rejection.
  promise.catch(() => {});
  return {
    promise,
    dispose: () => {
      clearTimeout(timer);
      if (onAbort) hooks.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Authorization code + PKCE (S256) with a one-shot loopback listener on 127.0.0.1:0. The redirect
 * URI is `http://127.0.0.1:<port>/callback`; the listener takes exactly one callback whose state
 * matches, answers the browser with a short page, and closes.
 */
export async function authorizationCodeFlow(
  auth: OAuth2Auth,
  clientSecret: string | undefined,
  deps: TokenDeps,
  hooks: InteractiveHooks,
): Promise<CachedToken> {
  const config = await issuerConfiguration(auth, clientSecret);
  if (!config.serverMetadata().authorization_endpoint) {
    throw new CoreError(
      'bad-request',
      `The issuer ${oauth2IssuerKey(auth.endpoints)} names no authorization endpoint: the authorization code flow cannot run there.`,
    );
  }
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  const state = client.randomState();
  let settle: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }));
  callback.catch(() => {});
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The full redirect URI with its port: openid-client sends this URL (less its query) as the
    // token request's redirect_uri, which must equal the one in the authorization request.
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    // Another page hitting the port (or a stale tab) must not end or spoil this sign-in.
    if (url.searchParams.get('state') !== state) {
      res
        .writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(page('Sign-in not recognised', 'This answer does not belong to the sign-in Powerduck is waiting for.'));
      return;
    }
    const error = url.searchParams.get('error');
    res.writeHead(error ? 400 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(
      error
        ? page(
            'Sign-in failed',
            `The issuer said: ${error}${url.searchParams.get('error_description') ? ` (${url.searchParams.get('error_description')})` : ''}. You can close this tab.`,
          )
        : page('Signed in', 'Powerduck has the authorization. You can close this tab.'),
    );
    settle?.resolve(url);
  });
  server.on('error', (error) => settle?.reject(error));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const limit = waitLimit(hooks, 'The sign-in');
  try {
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      ...scopeParameters(auth),
    });
    // An issuer that refuses the client shows an error page and never redirects: ask first, so
    // that refusal is an error now rather than a wait that runs out (authorization-precheck.ts).
    const refused = await precheckAuthorization(authorizationUrl, redirectUri, state, auth.clientId, hooks.signal);
    if (refused) throw refused;
    const opened = hooks.openBrowser ? await hooks.openBrowser(authorizationUrl.href).catch(() => false) : false;
    hooks.onEvent({ kind: 'browser', url: authorizationUrl.href, opened });
    const returned = await Promise.race([callback, limit.promise]);
    const error = returned.searchParams.get('error');
    if (error) {
      const description = returned.searchParams.get('error_description');
      throw new CoreError(
        error === 'access_denied' ? 'unauthorized' : 'protocol',
        `The issuer did not authorize the client: ${error}${description ? ` (${description})` : ''}.`,
      );
    }
    try {
      const tokens = await client.authorizationCodeGrant(
        config,
        returned,
        { pkceCodeVerifier: verifier, expectedState: state },
        auth.resource ? { resource: auth.resource } : undefined,
      );
      return await storeToken(auth, deps, tokens, clientSecret);
    } catch (e) {
      throw issuerError(e, `Exchanging the authorization code at ${oauth2IssuerKey(auth.endpoints)}`);
    }
  } finally {
    limit.dispose();
    server.closeAllConnections();
    server.close();
  }
}

/** Device authorization (RFC 8628): show the code and URL, then poll the token endpoint at the issuer's pace. */
export async function deviceCodeFlow(auth: OAuth2Auth, clientSecret: string | undefined, deps: TokenDeps, hooks: InteractiveHooks): Promise<CachedToken> {
  const config = await issuerConfiguration(auth, clientSecret);
  if (!config.serverMetadata().device_authorization_endpoint) {
    throw new CoreError(
      'bad-request',
      `The issuer ${oauth2IssuerKey(auth.endpoints)} offers no device authorization endpoint: use another grant, or type the endpoint in.`,
    );
  }
  let started: client.DeviceAuthorizationResponse;
  try {
    started = await client.initiateDeviceAuthorization(config, scopeParameters(auth));
  } catch (e) {
    throw issuerError(e, `Starting device authorization at ${oauth2IssuerKey(auth.endpoints)}`);
  }
  hooks.onEvent({
    kind: 'device',
    userCode: started.user_code,
    verificationUri: started.verification_uri,
    ...(started.verification_uri_complete ? { verificationUriComplete: started.verification_uri_complete } : {}),
    expiresInS: started.expires_in,
  });
  const controller = new AbortController();
  const limit = waitLimit({ ...hooks, timeoutMs: Math.min(hooks.timeoutMs ?? DEFAULT_WAIT_MS, started.expires_in * 1000) }, 'The device sign-in');
  limit.promise.catch(() => controller.abort());
  try {
    const polling = client.pollDeviceAuthorizationGrant(config, started, auth.resource ? { resource: auth.resource } : undefined, {
      signal: controller.signal,
    });
    polling.catch(() => {});
    const tokens = await Promise.race([polling, limit.promise]).catch((e: unknown) => {
      if (e instanceof CoreError) throw e;
      if (e instanceof client.ResponseBodyError && e.error === 'access_denied')
        throw new CoreError('unauthorized', 'The sign-in on the other device was denied.');
      if (e instanceof client.ResponseBodyError && e.error === 'expired_token')
        throw new CoreError('timeout', 'The device code expired before the sign-in was completed.');
      throw issuerError(e, `Waiting for the device sign-in at ${oauth2IssuerKey(auth.endpoints)}`);
    });
    return await storeToken(auth, deps, tokens, clientSecret);
  } finally {
    limit.dispose();
    controller.abort();
  }
}
