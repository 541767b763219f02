/**
 * `x-auth` (JSON Schema: x-auth.schema.json; format: docs/x-auth.md): what a plain HTTP operation
 * saved with OAuth 2.0 / OpenID Connect needs beyond what OpenAPI can say. The issuer's endpoints
 * and the scopes are standard (components.securitySchemes + the operation's `security`); the grant
 * Powerduck runs, the client id and the NAME of the secret holding the client secret are not, so
 * they sit in an operation-level extension with exactly the shape of `x-a2a.auth` / `x-mcp.auth`
 * (read and written by the same code, x-a2a-model.ts). Never a token or a secret value.
 */
import type { OAuth2Auth } from '../a2a/auth';
import { isObject } from '../a2a/payload';
import { resolveXA2aOAuth2 } from '../openapi/oauth-scheme';
import type { XA2aOAuth2 } from '../openapi/x-a2a-model';
import { authConfigFromXA2a, readXA2aAuth, xa2aAuthFromConfig } from '../openapi/x-a2a-model';

export const X_AUTH = 'x-auth';

/** The operation's saved OAuth reference, if its `x-auth` holds one Powerduck can read. */
export function readXAuth(operation: unknown): XA2aOAuth2 | undefined {
  if (!isObject(operation) || !Object.hasOwn(operation, X_AUTH)) return undefined;
  const auth = readXA2aAuth(operation[X_AUTH]);
  return auth?.scheme === 'oauth2' ? auth : undefined;
}

/**
 * The OAuth auth a saved plain HTTP operation runs with: its `x-auth` with the endpoints and scopes
 * of the scheme it names (as a saved A2A operation reads back), when the operation still requires
 * that scheme; undefined otherwise (another tool removed the requirement: the standard part wins).
 */
export function savedHttpOAuth(doc: unknown, operation: unknown): OAuth2Auth | undefined {
  const saved = readXAuth(operation);
  if (!saved) return undefined;
  const security = isObject(operation) ? operation['security'] : undefined;
  if (Array.isArray(security) && !security.some((r) => isObject(r) && Object.hasOwn(r, saved.securityScheme))) return undefined;
  const resolved = resolveXA2aOAuth2(saved, doc, operation);
  if (resolved.problem) return undefined;
  const auth = authConfigFromXA2a(resolved.auth);
  return auth.type === 'oauth2' ? auth : undefined;
}

/**
 * The `x-auth` value for a drafted OAuth auth. A literal client secret cannot be written: the caller
 * passes the name the core stored it under (throws otherwise, with a user-facing message).
 */
export function xAuthFor(auth: OAuth2Auth, literalSecretName?: string): XA2aOAuth2 {
  const x = xa2aAuthFromConfig(auth, literalSecretName);
  if (x?.scheme !== 'oauth2') throw new Error('x-auth holds OAuth 2.0 auth only.');
  return x;
}
