/**
 * The `x-a2a` operation extension as a typed model (the JSON Schema is x-a2a.schema.json; the
 * format is described in docs/x-a2a.md). Spec files only ever hold references to secrets.
 */
import type { AuthConfig, OAuth2Auth, OAuth2Endpoints, OAuth2Flow, SecretSource } from '../a2a/auth';
import { oauth2Flows } from '../a2a/auth';
import { securitySchemeNameFor } from './oauth-scheme';
import type { CallTimeouts, HeaderEntry } from '../a2a/call';
import type { A2aVersion, Binding } from '../a2a/versions';
import { isA2aVersion, isBinding } from '../a2a/versions';
import { isObject } from '../a2a/payload';
import { wholeReference } from '../env/variables';

export type JsonSchemaObject = { [key: string]: unknown };

/** A secret reference: a secret-store entry or an environment variable, never the value. */
export type XA2aSecretRef = { secretRef: string; env?: undefined } | { env: string; secretRef?: undefined };

/**
 * OAuth 2.0 / OpenID Connect as saved: what only Powerduck needs (the grant it runs, the client id,
 * the client secret's NAME, the resource). The issuer's endpoints live in the standard place, the
 * `components.securitySchemes` entry `securityScheme` names, and the scopes in the operation's
 * `security` requirement (oauth-scheme.ts). Never a token.
 */
export type XA2aOAuth2 = {
  scheme: 'oauth2';
  securityScheme: string;
  flow: OAuth2Flow;
  clientId: string;
  resource?: string;
  /**
   * Filled in when the operation is read with its document (listOperations): from the security
   * scheme and the operation's security requirement. Never written inside x-a2a.
   */
  endpoints?: OAuth2Endpoints;
  scopes?: string[];
} & ({ secretRef: string; env?: undefined } | { env: string; secretRef?: undefined } | { secretRef?: undefined; env?: undefined });

export type XA2aAuth =
  | ({ scheme: 'bearer'; securityScheme?: string } & XA2aSecretRef)
  | ({ scheme: 'apiKey'; in: 'header' | 'query'; name: string; securityScheme?: string } & XA2aSecretRef)
  | ({ scheme: 'basic'; username: string; securityScheme?: string } & XA2aSecretRef)
  | XA2aOAuth2;

export interface XA2a {
  version: A2aVersion;
  binding: Binding;
  endpoint: string;
  agentCardUrl?: string;
  agentCard?: JsonSchemaObject;
  tenant?: string;
  method: string;
  auth?: XA2aAuth;
  headers?: HeaderEntry[];
  timeouts?: CallTimeouts;
  requestSchema: JsonSchemaObject;
  responseSchema: JsonSchemaObject;
  /** JSON-RPC: the request envelope; HTTP+JSON and gRPC: the request object. */
  example: unknown;
  /**
   * The body as the editor held it (JSON-RPC params, or the HTTP+JSON/gRPC request object) when it
   * has unquoted `{{name}}` references (`{"count": {{n}}}`), so is JSON only once they are filled in.
   * What Powerduck opens and sends; `example` then shows each such reference as the string "{{name}}".
   */
  bodyText?: string;
}

export const X_PROTOCOL_A2A = 'a2a';

/** Headers that carry credentials: saved requests keep them out of the file (auth holds a reference instead). */
export const credentialHeaderNames: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key'];

export function isCredentialHeader(name: string, auth?: XA2aAuth | AuthConfig): boolean {
  const lower = name.trim().toLowerCase();
  if (credentialHeaderNames.includes(lower)) return true;
  if (auth && 'scheme' in auth && auth.scheme === 'apiKey' && auth.in === 'header') return auth.name.toLowerCase() === lower;
  if (auth && 'type' in auth && auth.type === 'apiKey' && auth.in === 'header') return auth.name.toLowerCase() === lower;
  return false;
}

function secretRefOf(source: Record<string, unknown>): XA2aSecretRef | undefined {
  if (typeof source['secretRef'] === 'string' && source['secretRef'] !== '') return { secretRef: source['secretRef'] };
  if (typeof source['env'] === 'string' && source['env'] !== '') return { env: source['env'] };
  return undefined;
}

function readOAuth2(value: Record<string, unknown>): XA2aOAuth2 | undefined {
  const { securityScheme, flow, clientId, resource } = value;
  if (typeof securityScheme !== 'string' || securityScheme === '' || typeof clientId !== 'string') return undefined;
  if (typeof flow !== 'string' || !(oauth2Flows as readonly string[]).includes(flow)) return undefined;
  // A public client (PKCE, device code) has no secret.
  const ref = secretRefOf(value) ?? {};
  return {
    scheme: 'oauth2',
    securityScheme,
    flow: flow as OAuth2Flow,
    clientId,
    ...ref,
    ...(typeof resource === 'string' && resource !== '' ? { resource } : {}),
  };
}

/** Reads `auth` leniently (the schema check reports what is wrong); undefined when unusable. */
export function readXA2aAuth(value: unknown): XA2aAuth | undefined {
  if (!isObject(value)) return undefined;
  if (value['scheme'] === 'oauth2') return readOAuth2(value);
  const ref = secretRefOf(value);
  if (!ref) return undefined;
  const securityScheme = typeof value['securityScheme'] === 'string' ? { securityScheme: value['securityScheme'] } : {};
  switch (value['scheme']) {
    case 'bearer':
      return { scheme: 'bearer', ...ref, ...securityScheme };
    case 'apiKey':
      if ((value['in'] !== 'header' && value['in'] !== 'query') || typeof value['name'] !== 'string') return undefined;
      return { scheme: 'apiKey', in: value['in'], name: value['name'], ...ref, ...securityScheme };
    case 'basic':
      if (typeof value['username'] !== 'string') return undefined;
      return { scheme: 'basic', username: value['username'], ...ref, ...securityScheme };
    default:
      return undefined;
  }
}

/**
 * Reads an `x-a2a` value into the model, or says why it cannot be used. Structural detail is
 * left to the JSON Schema; this only needs what is required to list, document and run it.
 */
export function readXA2a(value: unknown): { ok: true; value: XA2a } | { ok: false; message: string } {
  if (!isObject(value)) return { ok: false, message: 'x-a2a must be an object.' };
  const { version, binding, endpoint, method } = value;
  if (!isA2aVersion(version)) return { ok: false, message: `x-a2a.version must be "1.0" or "0.3" (found ${JSON.stringify(version)}).` };
  if (!isBinding(binding)) return { ok: false, message: `x-a2a.binding must be JSONRPC, HTTP+JSON or GRPC (found ${JSON.stringify(binding)}).` };
  if (typeof endpoint !== 'string' || endpoint === '') return { ok: false, message: 'x-a2a.endpoint must be a non-empty string.' };
  if (typeof method !== 'string' || method === '') return { ok: false, message: 'x-a2a.method must be a non-empty string.' };
  const out: XA2a = {
    version,
    binding,
    endpoint,
    method,
    requestSchema: isObject(value['requestSchema']) ? value['requestSchema'] : {},
    responseSchema: isObject(value['responseSchema']) ? value['responseSchema'] : {},
    example: value['example'],
  };
  if (typeof value['bodyText'] === 'string' && value['bodyText'] !== '') out.bodyText = value['bodyText'];
  if (typeof value['agentCardUrl'] === 'string') out.agentCardUrl = value['agentCardUrl'];
  if (isObject(value['agentCard'])) out.agentCard = value['agentCard'];
  if (typeof value['tenant'] === 'string' && value['tenant'] !== '') out.tenant = value['tenant'];
  const auth = readXA2aAuth(value['auth']);
  if (auth) out.auth = auth;
  if (Array.isArray(value['headers'])) {
    out.headers = value['headers']
      .filter((h): h is Record<string, unknown> => isObject(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string')
      .map((h) => ({ name: h['name'] as string, value: h['value'] as string, ...(typeof h['enabled'] === 'boolean' ? { enabled: h['enabled'] } : {}) }));
  }
  if (isObject(value['timeouts'])) {
    const t = value['timeouts'];
    const timeouts: CallTimeouts = {};
    if (typeof t['connectMs'] === 'number') timeouts.connectMs = t['connectMs'];
    if (typeof t['totalMs'] === 'number') timeouts.totalMs = t['totalMs'];
    out.timeouts = timeouts;
  }
  return { ok: true, value: out };
}

/**
 * A saved OAuth 2.0 reference as the request's auth. Its endpoints and scopes come from the
 * document (see XA2aOAuth2); read without them (the scheme is missing), the token URL is left
 * blank for the person to fill in, and a send says what is missing.
 */
function oauth2FromXA2a(auth: XA2aOAuth2): OAuth2Auth {
  return {
    type: 'oauth2',
    flow: auth.flow,
    endpoints: auth.endpoints ?? { from: 'manual', tokenUrl: '' },
    clientId: auth.clientId,
    ...(auth.secretRef !== undefined ? { clientSecret: { secretRef: auth.secretRef } } : auth.env !== undefined ? { clientSecret: { env: auth.env } } : {}),
    ...(auth.scopes?.length ? { scopes: [...auth.scopes] } : {}),
    ...(auth.resource ? { resource: auth.resource } : {}),
    securityScheme: auth.securityScheme,
  };
}

/** The saved reference as the network core's AuthConfig (still a reference; resolved at send time). */
export function authConfigFromXA2a(auth: XA2aAuth | undefined): AuthConfig {
  if (!auth) return { type: 'none' };
  if (auth.scheme === 'oauth2') return oauth2FromXA2a(auth);
  const source: SecretSource = auth.secretRef !== undefined ? { secretRef: auth.secretRef } : { env: auth.env as string };
  switch (auth.scheme) {
    case 'bearer':
      return { type: 'bearer', token: source };
    case 'apiKey':
      return { type: 'apiKey', in: auth.in, name: auth.name, value: source };
    case 'basic':
      return { type: 'basic', username: auth.username, password: source };
  }
}

/** The secret source of a saved auth reference. */
export function secretSourceOf(auth: XA2aAuth): XA2aSecretRef {
  return auth.secretRef !== undefined ? { secretRef: auth.secretRef } : { env: auth.env as string };
}

/**
 * The reference to save for a drafted AuthConfig. A literal value cannot be saved: the caller
 * passes `literalSecretName`, the name under which the core stored that value in the secret store.
 */
export function xa2aAuthFromConfig(auth: AuthConfig | undefined, literalSecretName?: string): XA2aAuth | undefined {
  if (!auth || auth.type === 'none') return undefined;
  const toRef = (source: SecretSource): XA2aSecretRef => {
    if ('secretRef' in source) return { secretRef: source.secretRef };
    if ('env' in source) return { env: source.env };
    // A value that is only `{{token}}` names a variable, not a credential: saved as that reference,
    // the form the resolver reads at send time (an environment picks the token).
    if (isVariableReference(source.value)) return { secretRef: source.value.trim() };
    if (!literalSecretName) throw new Error('A literal secret cannot be written to a spec file; store it as a secret first.');
    return { secretRef: literalSecretName };
  };
  switch (auth.type) {
    case 'bearer':
      return { scheme: 'bearer', ...toRef(auth.token) };
    case 'apiKey':
      return { scheme: 'apiKey', in: auth.in, name: auth.name, ...toRef(auth.value) };
    case 'basic':
      return { scheme: 'basic', username: auth.username, ...toRef(auth.password) };
    case 'oauth2':
      return {
        scheme: 'oauth2',
        securityScheme: securitySchemeNameFor(auth),
        flow: auth.flow,
        clientId: auth.clientId,
        ...(auth.clientSecret ? toRef(auth.clientSecret) : {}),
        ...(auth.resource ? { resource: auth.resource } : {}),
      };
  }
}

/** Whether a typed credential is only a `{{variable}}` reference (kept as the reference, never stored as a secret). */
export function isVariableReference(value: string): boolean {
  return wholeReference(value.trim()) !== undefined;
}

/** The literal secret value a drafted auth config carries (to store it before saving), if any; a `{{variable}}` reference is none. */
export function literalSecretOf(auth: AuthConfig | undefined): string | undefined {
  const value = literalValueOf(auth);
  return value === undefined || isVariableReference(value) ? undefined : value;
}

function literalValueOf(auth: AuthConfig | undefined): string | undefined {
  if (!auth) return undefined;
  switch (auth.type) {
    case 'none':
      return undefined;
    case 'bearer':
      return 'value' in auth.token ? auth.token.value : undefined;
    case 'apiKey':
      return 'value' in auth.value ? auth.value.value : undefined;
    case 'basic':
      return 'value' in auth.password ? auth.password.value : undefined;
    case 'oauth2':
      return auth.clientSecret && 'value' in auth.clientSecret ? auth.clientSecret.value : undefined;
  }
}
