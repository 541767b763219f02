/**
 * OAuth 2.0 / OpenID Connect in a spec file, the standard way (OpenAPI 3.2 §4.8.27, §4.8.30): the
 * issuer's endpoints in a `components.securitySchemes` entry (`type: oauth2` with the flow's
 * `tokenUrl` / `authorizationUrl` / `deviceAuthorizationUrl` and its scopes, or
 * `oauth2MetadataUrl`; `type: openIdConnect` with `openIdConnectUrl`), the scopes a call asks for
 * in the operation's `security` requirement, and what only Powerduck needs in `x-a2a.auth`
 * (x-a2a-model.ts: grant, client id, the client secret's name). No token, no secret value.
 */
import type { OAuth2Auth, OAuth2Endpoints, OAuth2Flow } from '../a2a/auth';
import { normaliseScopes } from '../a2a/auth';
import { isObject } from '../a2a/payload';
import { ownValue, setOwn } from './spec-edits';
import type { XA2aOAuth2 } from './x-a2a-model';

type Obj = Record<string, unknown>;

/** OpenAPI's name of each grant's Flow Object (3.2 calls RFC 8628 `deviceAuthorization`). */
export const oasFlowKeys: Readonly<Record<OAuth2Flow, string>> = {
  clientCredentials: 'clientCredentials',
  authorizationCode: 'authorizationCode',
  deviceCode: 'deviceAuthorization',
};

/**
 * The component name for an auth: the card's scheme name when it came from one, else `oauth2` /
 * `openIdConnect`. Component names may only use `A-Z a-z 0-9 . _ -` (OpenAPI 3.2 §4.8.7.1).
 */
export function securitySchemeNameFor(auth: OAuth2Auth): string {
  const wanted = auth.securityScheme?.trim() || (auth.endpoints.from === 'oidc' ? 'openIdConnect' : 'oauth2');
  const name = wanted.replace(/[^A-Za-z0-9._-]+/g, '_');
  return /[A-Za-z0-9]/.test(name) ? name : 'oauth2';
}

/** Why this auth cannot be written as a security scheme (the endpoints its grant needs are missing), if so. */
export function oauth2SaveProblem(auth: OAuth2Auth): string | undefined {
  if (auth.clientId.trim() === '') return 'OAuth 2.0 auth needs a client ID before it can be saved.';
  if (auth.clientSecret && 'secretRef' in auth.clientSecret && auth.clientSecret.secretRef === '')
    return 'Choose the secret that holds the client secret (or make it a public client) before saving.';
  if (auth.clientSecret && 'env' in auth.clientSecret && auth.clientSecret.env === '') return 'Name the environment variable that holds the client secret.';
  const e = auth.endpoints;
  if (e.from !== 'manual') return e.url.trim() === '' ? 'OAuth 2.0 auth needs the issuer, discovery or metadata URL before it can be saved.' : undefined;
  if (e.tokenUrl.trim() === '') return 'OAuth 2.0 auth needs the token URL before it can be saved.';
  if (auth.flow === 'authorizationCode' && !e.authorizationUrl?.trim())
    return 'The authorization code grant needs the authorization URL before it can be saved.';
  if (auth.flow === 'deviceCode' && !e.deviceAuthorizationUrl?.trim())
    return 'The device code grant needs the device authorization URL before it can be saved.';
  return undefined;
}

/** `next` with the keys `previous` had in their old order first (an update does not reshuffle the entry). */
function inOrderOf(previous: Obj, next: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(previous)) if (Object.hasOwn(next, k)) setOwn(out, k, next[k]);
  for (const [k, v] of Object.entries(next)) if (!Object.hasOwn(out, k)) setOwn(out, k, v);
  return out;
}

/** A person's own words on an entry (its description and x- extensions) survive a change of its type. */
function kept(existing: Obj | undefined): Obj {
  const out: Obj = {};
  if (!existing) return out;
  for (const [k, v] of Object.entries(existing)) if (k === 'description' || k.startsWith('x-')) setOwn(out, k, v);
  return out;
}

/**
 * The Security Scheme Object that says where this auth gets its tokens, made from what the file
 * already holds under that name: other flows, scope descriptions, descriptions and extensions stay.
 */
export function securitySchemeFor(auth: OAuth2Auth, existing: unknown): Obj {
  const before = isObject(existing) ? existing : undefined;
  const e = auth.endpoints;
  if (e.from === 'oidc') {
    const next: Obj = before && ownValue(before, 'type') === 'openIdConnect' ? { ...before } : { ...kept(before), type: 'openIdConnect' };
    next['openIdConnectUrl'] = e.url;
    return before ? inOrderOf(before, next) : next;
  }
  const oauth2 = before && ownValue(before, 'type') === 'oauth2' ? before : undefined;
  const next: Obj = oauth2 ? { ...oauth2 } : { ...kept(before), type: 'oauth2' };
  const oldFlows = oauth2 ? ownValue(oauth2, 'flows') : undefined;
  const flows: Obj = isObject(oldFlows) ? { ...oldFlows } : {};
  if (e.from === 'metadata') {
    // RFC 8414 metadata names every endpoint; the flows may stay empty (OpenAPI 3.2 §4.8.27.1).
    next['oauth2MetadataUrl'] = e.url;
  } else {
    // Read back, a metadata URL wins over the flows: a scheme typed in here has none.
    delete next['oauth2MetadataUrl'];
    const key = oasFlowKeys[auth.flow];
    const oldFlow = ownValue(flows, key);
    const previous: Obj = isObject(oldFlow) ? oldFlow : {};
    const oldScopes = ownValue(previous, 'scopes');
    const scopes: Obj = isObject(oldScopes) ? { ...oldScopes } : {};
    for (const scope of normaliseScopes(auth.scopes)) if (!Object.hasOwn(scopes, scope)) setOwn(scopes, scope, '');
    const flow: Obj = { ...previous };
    if (auth.flow === 'authorizationCode') flow['authorizationUrl'] = e.authorizationUrl ?? '';
    if (auth.flow === 'deviceCode') flow['deviceAuthorizationUrl'] = e.deviceAuthorizationUrl ?? '';
    flow['tokenUrl'] = e.tokenUrl;
    flow['scopes'] = scopes;
    setOwn(flows, key, inOrderOf(previous, flow));
  }
  next['flows'] = flows;
  return before ? inOrderOf(before, next) : next;
}

/**
 * Where a saved OAuth auth gets its tokens, read from its security scheme; a sentence when the
 * scheme is missing or does not say (a hand edit, or another tool rewrote it).
 */
export function endpointsFromScheme(
  flow: OAuth2Flow,
  name: string,
  scheme: unknown,
): { ok: true; endpoints: OAuth2Endpoints } | { ok: false; problem: string } {
  if (!isObject(scheme)) return { ok: false, problem: `components.securitySchemes has no entry "${name}".` };
  const type = ownValue(scheme, 'type');
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  if (type === 'openIdConnect') {
    const url = text(ownValue(scheme, 'openIdConnectUrl'));
    return url ? { ok: true, endpoints: { from: 'oidc', url } } : { ok: false, problem: `The security scheme "${name}" names no openIdConnectUrl.` };
  }
  if (type !== 'oauth2') return { ok: false, problem: `The security scheme "${name}" is not OAuth 2.0 or OpenID Connect.` };
  const metadata = text(ownValue(scheme, 'oauth2MetadataUrl'));
  if (metadata) return { ok: true, endpoints: { from: 'metadata', url: metadata } };
  const flows = ownValue(scheme, 'flows');
  const entry = isObject(flows) ? ownValue(flows, oasFlowKeys[flow]) : undefined;
  const tokenUrl = isObject(entry) ? text(ownValue(entry, 'tokenUrl')) : undefined;
  if (!isObject(entry) || !tokenUrl) return { ok: false, problem: `The security scheme "${name}" has no ${oasFlowKeys[flow]} flow with a tokenUrl.` };
  const authorizationUrl = flow === 'authorizationCode' ? text(ownValue(entry, 'authorizationUrl')) : undefined;
  const deviceAuthorizationUrl = flow === 'deviceCode' ? text(ownValue(entry, 'deviceAuthorizationUrl')) : undefined;
  return {
    ok: true,
    endpoints: { from: 'manual', tokenUrl, ...(authorizationUrl ? { authorizationUrl } : {}), ...(deviceAuthorizationUrl ? { deviceAuthorizationUrl } : {}) },
  };
}

/** The document's `components.securitySchemes` (own members only). */
export function securitySchemesOf(model: unknown): Obj {
  const components = isObject(model) ? ownValue(model, 'components') : undefined;
  const schemes = isObject(components) ? ownValue(components, 'securitySchemes') : undefined;
  return isObject(schemes) ? schemes : {};
}

/** The scopes the operation's `security` asks of the scheme (its first requirement naming it), if it names it. */
export function requirementScopes(operation: unknown, name: string): string[] | undefined {
  const security = isObject(operation) ? ownValue(operation, 'security') : undefined;
  if (!Array.isArray(security)) return undefined;
  for (const requirement of security) {
    if (!isObject(requirement) || !Object.hasOwn(requirement, name)) continue;
    const scopes = ownValue(requirement, name);
    return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
  }
  return undefined;
}

/** The `security` of the operation with this scheme's requirement first; other alternatives the file had stay after it. */
export function securityWith(operation: unknown, name: string, scopes: string[]): Obj[] {
  const security = isObject(operation) ? ownValue(operation, 'security') : undefined;
  const others = Array.isArray(security) ? security.filter((r): r is Obj => isObject(r) && !Object.hasOwn(r, name)) : [];
  const ours: Obj = {};
  setOwn(ours, name, scopes);
  return [ours, ...others];
}

/** A saved OAuth reference with its endpoints and scopes read from the document. */
export function resolveXA2aOAuth2(auth: XA2aOAuth2, model: unknown, operation: unknown): { auth: XA2aOAuth2; problem?: string } {
  const found = endpointsFromScheme(auth.flow, auth.securityScheme, ownValue(securitySchemesOf(model), auth.securityScheme));
  const scopes = requirementScopes(operation, auth.securityScheme);
  const resolved: XA2aOAuth2 = { ...auth, ...(found.ok ? { endpoints: found.endpoints } : {}), ...(scopes?.length ? { scopes } : {}) };
  return found.ok ? { auth: resolved } : { auth: resolved, problem: found.problem };
}
