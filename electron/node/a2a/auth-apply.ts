import { oauth2IssuerKey, type AuthConfig, type OAuth2Auth, type SecretSource } from '../../../shared/a2a/auth';
import type { MissingCredentialDetails } from '../../../shared/a2a/credential-problems';
import type { HeaderList } from '../../../shared/a2a/exchange';
import type { RedactionRules } from '../../../shared/a2a/redaction';
import { ownValue } from '../../../shared/a2a/safe-object';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import type { TokenOrigin } from '../oauth/token-source';

export interface SecretDeps {
  secrets: SecretStore;
  environment: Record<string, string | undefined>;
  /** The clock that decides whether a cached OAuth token is still fresh (tests move it). */
  now?: () => number;
}

/** What an auth config adds to one call, plus what the record must hide. */
export interface AppliedAuth {
  headers: HeaderList;
  query: Array<[string, string]>;
  redaction: RedactionRules;
  /** e.g. "Bearer token from secret 'demo'" (never the value). */
  summary: string;
  /** For the record, when the core obtained the credential itself (OAuth 2.0). */
  note?: string;
}

/**
 * Where a person chooses the secret a source names, so a missing one sends them to the right place
 * (an MCP stdio variable is chosen on the request's Environment tab, not in its Auth settings).
 */
export interface SecretPlace {
  /** e.g. "the request's Auth settings". */
  where: string;
  /** The other way out, e.g. "or set the auth to None". */
  otherwise?: string;
}

const AUTH_SETTINGS: SecretPlace = { where: "the request's Auth settings", otherwise: 'or set the auth to None' };

export async function resolveSecret(source: SecretSource, deps: SecretDeps, what: string, place: SecretPlace = AUTH_SETTINGS): Promise<string> {
  if (Object.hasOwn(source, 'value') && 'value' in source) {
    if (typeof source.value !== 'string') throw new CoreError('bad-request', `The ${what} value must be text.`);
    return source.value;
  }
  if (Object.hasOwn(source, 'secretRef') && 'secretRef' in source) {
    if (source.secretRef === '')
      throw new CoreError('bad-request', `No ${what} is chosen: pick or store one in ${place.where}${place.otherwise ? `, ${place.otherwise}` : ''}.`);
    const value = await deps.secrets.get(source.secretRef);
    if (value === undefined) {
      throw new CoreError(
        'not-found',
        `The ${what} refers to secret "${source.secretRef}", which is not in the secret store: store a value under that name or pick another secret in ${place.where}.`,
        { missing: 'secret', name: source.secretRef } satisfies MissingCredentialDetails,
      );
    }
    return value;
  }
  const env = Object.hasOwn(source, 'env') ? (source as { env?: unknown }).env : undefined;
  if (typeof env !== 'string') {
    throw new CoreError('bad-request', `The ${what} needs a source: a stored secret's name (secretRef) or an environment variable (env).`);
  }
  // Own values only: process.env answers "constructor" or "toString" with a function.
  const value = ownValue(deps.environment, env);
  if (typeof value !== 'string') {
    throw new CoreError(
      'not-found',
      `The ${what} comes from the process environment variable ${env} (of the Powerduck app, not a Powerduck environment), which is not set.`,
      { missing: 'process-env', name: env } satisfies MissingCredentialDetails,
    );
  }
  return value;
}

function describeSource(source: SecretSource): string {
  if ('secretRef' in source) return `secret "${source.secretRef}"`;
  if ('env' in source) return `process environment variable ${source.env}`;
  return 'a literal value';
}

export async function applyAuth(auth: AuthConfig | undefined, deps: SecretDeps): Promise<AppliedAuth> {
  if (!auth || auth.type === 'none') return { headers: [], query: [], redaction: {}, summary: 'none' };
  switch (auth.type) {
    case 'bearer': {
      const token = await resolveSecret(auth.token, deps, 'bearer token');
      return {
        headers: [['Authorization', `Bearer ${token}`]],
        query: [],
        redaction: { values: [token] },
        summary: `Bearer token from ${describeSource(auth.token)}`,
      };
    }
    case 'basic': {
      const password = await resolveSecret(auth.password, deps, 'Basic auth password');
      const encoded = Buffer.from(`${auth.username}:${password}`, 'utf8').toString('base64');
      return {
        headers: [['Authorization', `Basic ${encoded}`]],
        query: [],
        redaction: { values: [password, encoded] },
        summary: `Basic auth as "${auth.username}", password from ${describeSource(auth.password)}`,
      };
    }
    case 'oauth2':
      return applyOAuth2(auth, deps);
    case 'apiKey': {
      if (!auth.name) throw new CoreError('bad-request', 'The API key auth has no header or query parameter name.');
      const value = await resolveSecret(auth.value, deps, 'API key');
      const summary = `API key in ${auth.in} "${auth.name}" from ${describeSource(auth.value)}`;
      if (auth.in === 'query') return { headers: [], query: [[auth.name, value]], redaction: { query: [auth.name], values: [value] }, summary };
      return { headers: [[auth.name, value]], query: [], redaction: { headers: [auth.name], values: [value] }, summary };
    }
  }
}

const flowNames: Record<OAuth2Auth['flow'], string> = {
  clientCredentials: 'client credentials',
  authorizationCode: 'authorization code',
  deviceCode: 'device code',
};
const originNames: Record<TokenOrigin, string> = { cache: 'cached', refreshed: 'refreshed', issued: 'new' };

/** Gets (or reuses) the access token and sends it as a bearer token; the token and client secret are scrubbed from the record. */
async function applyOAuth2(auth: OAuth2Auth, deps: SecretDeps): Promise<AppliedAuth> {
  const clientSecret = auth.clientSecret ? await resolveSecret(auth.clientSecret, deps, 'OAuth client secret') : undefined;
  const now = deps.now ?? Date.now;
  // Loaded here, not at the top: openid-client is only needed by the calls that use OAuth.
  const { accessTokenFor } = await import('../oauth/token-source');
  const { token, origin } = await accessTokenFor(auth, clientSecret, { secrets: deps.secrets, now });
  const expiry = token.expiresAt === undefined ? 'no stated expiry' : `expires in ${Math.max(0, Math.round((token.expiresAt - now()) / 1000))} s`;
  const scopes = token.scopes.length ? `, scopes ${token.scopes.join(' ')}` : '';
  const summary = `OAuth 2.0 ${flowNames[auth.flow]} token (${originNames[origin]}, ${expiry}${scopes}) from ${oauth2IssuerKey(auth.endpoints)} for client "${auth.clientId}"`;
  return {
    headers: [['Authorization', `Bearer ${token.accessToken}`]],
    query: [],
    redaction: { values: [token.accessToken, ...(clientSecret ? [clientSecret] : [])] },
    summary,
    note: summary,
  };
}
