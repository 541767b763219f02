import * as client from 'openid-client';
import type { OAuth2Auth, OAuth2Endpoints } from '../../../shared/a2a/auth';
import { CoreError } from '../core-error';
import { issuerError } from './issuer-errors';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Parses an issuer-side URL. Plain http:// is accepted for loopback issuers only (a test issuer on
 * the user's machine): anywhere else it would send the client secret and tokens in the clear.
 */
export function issuerUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new CoreError('bad-request', `The ${what} "${text}" is not a valid URL.`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return url;
  if (url.protocol === 'http:')
    throw new CoreError('bad-request', `The ${what} ${url.href} uses http://; OAuth needs https:// (plain http:// is allowed for loopback addresses only).`);
  throw new CoreError('bad-request', `The ${what} must be an https:// URL, not ${url.protocol}//.`);
}

function insecureAllowed(...urls: URL[]): boolean {
  return urls.some((u) => u.protocol === 'http:');
}

/** How the client proves itself at the token endpoint: Basic (the RFC's default) unless the issuer only takes the secret in the body. */
function clientAuth(metadata: client.ServerMetadata, secret: string | undefined): client.ClientAuth {
  if (secret === undefined) return client.None();
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (Array.isArray(methods) && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) return client.ClientSecretPost(secret);
  return client.ClientSecretBasic(secret);
}

const TIMEOUT_SECONDS = 30;

/**
 * The openid-client configuration for one auth config: endpoints from OIDC discovery, RFC 8414
 * metadata or typed in. Discovery is a network call, so callers only make one when no cached
 * token will do.
 */
export async function issuerConfiguration(auth: OAuth2Auth, secret: string | undefined): Promise<client.Configuration> {
  const endpoints: OAuth2Endpoints = auth.endpoints;
  if (!auth.clientId.trim()) throw new CoreError('bad-request', 'The OAuth 2.0 auth needs a client id.');
  if (endpoints.from === 'manual') {
    const token = issuerUrl(endpoints.tokenUrl, 'token URL');
    const authorization = endpoints.authorizationUrl ? issuerUrl(endpoints.authorizationUrl, 'authorization URL') : undefined;
    const device = endpoints.deviceAuthorizationUrl ? issuerUrl(endpoints.deviceAuthorizationUrl, 'device authorization URL') : undefined;
    // Typed-in endpoints have no issuer document; the token URL's origin names the issuer.
    const metadata: client.ServerMetadata = {
      issuer: token.origin,
      token_endpoint: token.href,
      ...(authorization ? { authorization_endpoint: authorization.href } : {}),
      ...(device ? { device_authorization_endpoint: device.href } : {}),
    };
    const config = new client.Configuration(metadata, auth.clientId, undefined, clientAuth(metadata, secret));
    config.timeout = TIMEOUT_SECONDS;
    if (insecureAllowed(token, ...(authorization ? [authorization] : []), ...(device ? [device] : []))) client.allowInsecureRequests(config);
    return config;
  }
  const what = endpoints.from === 'oidc' ? 'OpenID Connect discovery URL' : 'OAuth server metadata URL';
  const url = issuerUrl(endpoints.url, what);
  let config: client.Configuration;
  try {
    config = await client.discovery(url, auth.clientId, undefined, undefined, {
      algorithm: endpoints.from === 'oidc' ? 'oidc' : 'oauth2',
      timeout: TIMEOUT_SECONDS,
      ...(insecureAllowed(url) ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw issuerError(error, `Reading the issuer's metadata from ${url.href}`);
  }
  const metadata = config.serverMetadata();
  for (const key of ['token_endpoint', 'authorization_endpoint', 'device_authorization_endpoint'] as const) {
    const value = metadata[key];
    // The metadata names the endpoints the secret goes to: hold them to the same rule as typed ones.
    if (typeof value === 'string') issuerUrl(value, `${key.replace(/_/g, ' ')} (from ${url.href})`);
  }
  // discovery() took no client secret so the auth method can follow what the metadata says.
  const withAuth = new client.Configuration(metadata, auth.clientId, undefined, clientAuth(metadata, secret));
  withAuth.timeout = TIMEOUT_SECONDS;
  if (insecureAllowed(url)) client.allowInsecureRequests(withAuth);
  return withAuth;
}
