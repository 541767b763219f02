/**
 * Where a saved OAuth auth's security scheme goes in the file: under its own name when that entry
 * is missing, already says the same, or can be updated without changing what any other operation
 * of the file resolves to; else under the next free name (`oauth2_2`, …), so saving one operation
 * never silently re-points another one at a different issuer.
 */
import { normaliseScopes } from '../a2a/auth';
import type { BuiltOperation } from './operation-build';
import { listOperations, rawOperation } from './operation-list';
import { endpointsFromScheme, securitySchemeFor, securitySchemeNameFor, securitySchemesOf, securityWith } from './oauth-scheme';
import type { SpecEdit } from './spec-edits';
import { deepEqual, operationIn, ownValue } from './spec-edits';

type Obj = Record<string, unknown>;

const MAX_NAMES = 100;

/** Whether replacing `before` by `after` under `name` changes how another operation of the file gets its tokens. */
function changesOthers(model: unknown, name: string, before: unknown, after: unknown, self: { path: string; verb: string }): boolean {
  for (const op of listOperations(model)) {
    if (op.path === self.path && op.httpMethod === self.verb && !op.additional) continue;
    const auth = op.a2a?.auth;
    if (auth?.scheme === 'oauth2') {
      if (auth.securityScheme !== name) continue;
      if (!deepEqual(endpointsFromScheme(auth.flow, name, before), endpointsFromScheme(auth.flow, name, after))) return true;
      continue;
    }
    // Any other operation (another tool's, or a plain HTTP one) that requires the scheme: only a
    // change of its type would break what it says.
    const raw = rawOperation(model, op.path, op.httpMethod, op.additional);
    const security = raw ? ownValue(raw, 'security') : undefined;
    const uses = Array.isArray(security) && security.some((r) => typeof r === 'object' && r !== null && Object.hasOwn(r, name));
    const typeOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? ownValue(v as Obj, 'type') : undefined);
    if (uses && typeOf(before) !== typeOf(after)) return true;
  }
  return false;
}

/**
 * The saved operation with its OAuth scheme placed: `x-a2a.auth.securityScheme` and `security`
 * name the chosen entry, and the edit that writes the entry when it changes. An operation saved
 * without OAuth that had it loses the requirement Powerduck placed (see withoutOldRequirement).
 */
export function placeSecurityScheme(
  model: unknown,
  path: string,
  verb: string,
  built: BuiltOperation,
): { built: BuiltOperation; edits: SpecEdit[]; remove: string[] } {
  const x = built.fields['x-a2a'];
  const auth = built.oauth2;
  if (!auth || x.auth?.scheme !== 'oauth2') return withoutOldRequirement(model, path, verb, built);
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
      built: { ...built, fields: { ...built.fields, 'x-a2a': { ...x, auth: { ...x.auth, securityScheme: name } }, security } },
      edits: same ? [] : [{ kind: 'setComponent', section: 'securitySchemes', name, value: scheme }],
      remove: [],
    };
  }
  throw new Error(`No free name for the security scheme "${base}" (tried ${MAX_NAMES}).`);
}

/**
 * A request that no longer uses OAuth must not keep requiring the scheme Powerduck placed for it:
 * the requirement naming that scheme goes from `security` (the key goes when nothing else is left).
 * Requirements the user wrote for other schemes stay, and so does the scheme entry itself (other
 * operations may use it).
 */
function withoutOldRequirement(
  model: unknown,
  path: string,
  verb: string,
  built: BuiltOperation,
): { built: BuiltOperation; edits: SpecEdit[]; remove: string[] } {
  const existing = operationIn(model, path, verb);
  const oldX = existing ? ownValue(existing, 'x-a2a') : undefined;
  const oldAuth = typeof oldX === 'object' && oldX !== null ? ownValue(oldX as Obj, 'auth') : undefined;
  const placed =
    typeof oldAuth === 'object' && oldAuth !== null && ownValue(oldAuth as Obj, 'scheme') === 'oauth2' ? ownValue(oldAuth as Obj, 'securityScheme') : undefined;
  const security = existing ? ownValue(existing, 'security') : undefined;
  if (typeof placed !== 'string' || !Array.isArray(security)) return { built, edits: [], remove: [] };
  const kept = security.filter((r) => !(typeof r === 'object' && r !== null && Object.hasOwn(r, placed)));
  if (kept.length === security.length) return { built, edits: [], remove: [] };
  if (kept.length > 0)
    return { built: { ...built, fields: { ...built.fields, security: kept as NonNullable<BuiltOperation['fields']['security']> } }, edits: [], remove: [] };
  return { built, edits: [], remove: ['security'] };
}
