/**
 * Where a saved OAuth auth's security scheme goes in the file: under its own name when that entry
 * is missing, already says the same, or can be updated without changing what any other operation
 * of the file resolves to; else under the next free name (`oauth2_2`, …), so saving one operation
 * never silently re-points another one at a different issuer.
 *
 * The same placement serves every kind of saved operation; only where the operation keeps its
 * OAuth reference differs (see AuthHolder).
 */
import type { OAuth2Auth } from '../a2a/auth';
import { normaliseScopes } from '../a2a/auth';
import type { BuiltOperation } from './operation-build';
import { listOperations, rawOperation } from './operation-list';
import { endpointsFromScheme, securitySchemeFor, securitySchemeNameFor, securitySchemesOf, securityWith } from './oauth-scheme';
import type { SpecEdit } from './spec-edits';
import { deepEqual, operationIn, ownValue } from './spec-edits';
import type { XA2aOAuth2 } from './x-a2a-model';
import { readXA2aAuth } from './x-a2a-model';

type Obj = Record<string, unknown>;

const MAX_NAMES = 100;

/**
 * Where an operation keeps its saved auth reference: `x-a2a.auth`, `x-mcp.auth`, or, on a plain
 * HTTP operation (which has no protocol object), the operation-level `x-auth` (docs/x-auth.md).
 */
export type AuthHolder = 'x-a2a' | 'x-mcp' | 'x-auth';

/** The raw saved auth value of an operation, from its holder. */
export function savedAuthValue(operation: unknown, holder: AuthHolder): unknown {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const op = operation as Obj;
  if (holder === 'x-auth') return ownValue(op, 'x-auth');
  const x = ownValue(op, holder);
  return typeof x === 'object' && x !== null ? ownValue(x as Obj, 'auth') : undefined;
}

/** The saved OAuth reference of a raw operation, whichever holder it sits in. */
function savedOAuthOf(operation: Obj): XA2aOAuth2 | undefined {
  for (const holder of ['x-a2a', 'x-mcp', 'x-auth'] as const) {
    const auth = readXA2aAuth(savedAuthValue(operation, holder));
    if (auth?.scheme === 'oauth2') return auth;
  }
  return undefined;
}

/** Whether replacing `before` by `after` under `name` changes how another operation of the file gets its tokens. */
function changesOthers(model: unknown, name: string, before: unknown, after: unknown, self: { path: string; verb: string }): boolean {
  for (const op of listOperations(model)) {
    if (op.path === self.path && op.httpMethod === self.verb && !op.additional) continue;
    const raw = rawOperation(model, op.path, op.httpMethod, op.additional);
    if (!raw) continue;
    const auth = savedOAuthOf(raw);
    if (auth) {
      if (auth.securityScheme !== name) continue;
      if (!deepEqual(endpointsFromScheme(auth.flow, name, before), endpointsFromScheme(auth.flow, name, after))) return true;
      continue;
    }
    // Any other operation (another tool's, or a plain HTTP one) that requires the scheme: only a
    // change of its type would break what it says.
    const security = ownValue(raw, 'security');
    const uses = Array.isArray(security) && security.some((r) => typeof r === 'object' && r !== null && Object.hasOwn(r, name));
    const typeOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? ownValue(v as Obj, 'type') : undefined);
    if (uses && typeOf(before) !== typeOf(after)) return true;
  }
  return false;
}

/** What a save writes for its OAuth scheme: the name it sits under, the operation's new `security`, and the component edit. */
export interface PlacedScheme {
  /** Set when the operation uses OAuth: the components.securitySchemes name its reference must carry. */
  securityScheme?: string;
  /** The operation's `security` to write, when it changes. */
  security?: Obj[];
  edits: SpecEdit[];
  /** Operation keys to remove (`security` when the only requirement left was the one Powerduck placed). */
  remove: string[];
}

/**
 * Places the security scheme of `auth` (OAuth 2.0 without its client secret) for the operation at
 * path/verb; without OAuth, the requirement Powerduck placed for an older OAuth save goes (see
 * withoutOldRequirement). `holder` says where the operation kept that older reference.
 */
export function placeOAuthScheme(model: unknown, path: string, verb: string, auth: OAuth2Auth | undefined, holder: AuthHolder): PlacedScheme {
  if (!auth) return withoutOldRequirement(model, path, verb, holder);
  const schemes = securitySchemesOf(model);
  const base = securitySchemeNameFor(auth);
  for (let i = 1; i <= MAX_NAMES; i++) {
    const name = i === 1 ? base : `${base}_${i}`;
    const existing = Object.hasOwn(schemes, name) ? schemes[name] : undefined;
    const scheme = securitySchemeFor(auth, existing);
    const same = existing !== undefined && deepEqual(existing, scheme);
    if (existing !== undefined && !same && changesOthers(model, name, existing, scheme, { path, verb })) continue;
    const security = securityWith(operationIn(model, path, verb), name, normaliseScopes(auth.scopes));
    return {
      securityScheme: name,
      security,
      edits: same ? [] : [{ kind: 'setComponent', section: 'securitySchemes', name, value: scheme }],
      remove: [],
    };
  }
  throw new Error(`No free name for the security scheme "${base}" (tried ${MAX_NAMES}).`);
}

/**
 * The saved A2A operation with its OAuth scheme placed: `x-a2a.auth.securityScheme` and `security`
 * name the chosen entry, and the edit that writes the entry when it changes.
 */
export function placeSecurityScheme(
  model: unknown,
  path: string,
  verb: string,
  built: BuiltOperation,
): { built: BuiltOperation; edits: SpecEdit[]; remove: string[] } {
  const x = built.fields['x-a2a'];
  const oauth = built.oauth2 && x.auth?.scheme === 'oauth2' ? built.oauth2 : undefined;
  const placed = placeOAuthScheme(model, path, verb, oauth, 'x-a2a');
  const fields = { ...built.fields };
  if (placed.securityScheme && x.auth?.scheme === 'oauth2') fields['x-a2a'] = { ...x, auth: { ...x.auth, securityScheme: placed.securityScheme } };
  if (placed.security) fields.security = placed.security as NonNullable<BuiltOperation['fields']['security']>;
  return { built: { ...built, fields }, edits: placed.edits, remove: placed.remove };
}

/**
 * A request that no longer uses OAuth must not keep requiring the scheme Powerduck placed for it:
 * the requirement naming that scheme goes from `security` (the key goes when nothing else is left).
 * Requirements the user wrote for other schemes stay, and so does the scheme entry itself (other
 * operations may use it).
 */
function withoutOldRequirement(model: unknown, path: string, verb: string, holder: AuthHolder): PlacedScheme {
  const existing = operationIn(model, path, verb);
  const oldAuth = savedAuthValue(existing, holder);
  const placed =
    typeof oldAuth === 'object' && oldAuth !== null && ownValue(oldAuth as Obj, 'scheme') === 'oauth2' ? ownValue(oldAuth as Obj, 'securityScheme') : undefined;
  const security = existing ? ownValue(existing, 'security') : undefined;
  if (typeof placed !== 'string' || !Array.isArray(security)) return { edits: [], remove: [] };
  const kept = security.filter((r) => !(typeof r === 'object' && r !== null && Object.hasOwn(r, placed)));
  if (kept.length === security.length) return { edits: [], remove: [] };
  if (kept.length > 0) return { security: kept as Obj[], edits: [], remove: [] };
  return { edits: [], remove: ['security'] };
}

/** Whether the file already holds a security scheme `name` that says something other than `scheme`. */
export function schemeNameClashes(model: unknown, name: string, scheme: unknown): boolean {
  const schemes = securitySchemesOf(model);
  return Object.hasOwn(schemes, name) && !deepEqual(schemes[name], scheme);
}

/**
 * Where a bearer, basic or API-key scheme goes: under `wanted` when that entry is missing or already
 * says the same, else under the next free name (`wanted-2`, … — the numbering the secret store
 * uses, since the secret carries the scheme's name). An existing entry is never changed: other
 * operations, and other tools, rely on it.
 */
export function placeNamedScheme(model: unknown, wanted: string, scheme: unknown): { name: string; edits: SpecEdit[] } {
  const schemes = securitySchemesOf(model);
  for (let i = 1; i <= MAX_NAMES; i++) {
    const name = i === 1 ? wanted : `${wanted}-${i}`;
    if (schemeNameClashes(model, name, scheme)) continue;
    return { name, edits: Object.hasOwn(schemes, name) ? [] : [{ kind: 'setComponent', section: 'securitySchemes', name, value: scheme }] };
  }
  throw new Error(`No free name for the security scheme "${wanted}" (tried ${MAX_NAMES}).`);
}
