/**
 * How a save merges into what a spec file already holds, as pure functions of the parsed model:
 * which operation a request names, which fields Powerduck owns, and which operations an edit
 * touches (two saves from one version that touch different operations can both land).
 */
import type { BuiltOperation } from './operation-build';
import { listOperations } from './operation-list';
import type { SpecEdit } from './spec-edits';
import { ownValue, setOwn } from './spec-edits';
import { isObject } from '../a2a/payload';

type Obj = Record<string, unknown>;

export function pathsOf(model: unknown): Obj {
  const paths = isObject(model) ? ownValue(model, 'paths') : undefined;
  return isObject(paths) ? paths : {};
}

/** The verb of the operation a request names: explicit, else the A2A one at the path, else the only one. */
export function resolveVerb(model: unknown, path: string, httpMethod?: string): string | undefined {
  const ops = listOperations(model).filter((op) => op.path === path && !op.additional);
  if (httpMethod) return ops.find((op) => op.httpMethod === httpMethod)?.httpMethod;
  return (ops.find((op) => op.kind === 'a2a') ?? (ops.length === 1 ? ops[0] : undefined))?.httpMethod;
}

export function existingSchemaNames(model: unknown): Set<string> {
  const components = isObject(model) ? ownValue(model, 'components') : undefined;
  const schemas = isObject(components) ? ownValue(components, 'schemas') : undefined;
  return new Set(isObject(schemas) ? Object.keys(schemas) : []);
}

/** `next` with the keys `previous` had in their old order first (so an update does not reshuffle). */
export function orderLike(previous: Obj, next: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(previous)) if (Object.hasOwn(next, k)) setOwn(out, k, next[k]);
  for (const [k, v] of Object.entries(next)) if (!Object.hasOwn(out, k)) setOwn(out, k, v);
  return out;
}

export interface MergeDraft {
  summary?: string;
  agentCardUrl?: string;
  agentCard?: unknown;
}

/**
 * The fields to write, merged with what the operation already holds: Powerduck owns summary,
 * x-protocol, x-a2a and responses '200'/'default'; the user's own x- keys inside x-a2a, other
 * response codes and every other key of the operation stay.
 */
export function mergedFields(existing: Obj | undefined, built: BuiltOperation, draft: MergeDraft): Array<[string, unknown]> {
  const fields: Obj = { ...built.fields };
  if (!existing) return Object.entries(fields);
  const summary = ownValue(existing, 'summary');
  if (draft.summary === undefined && typeof summary === 'string') fields['summary'] = summary;
  const oldXValue = ownValue(existing, 'x-a2a');
  const oldX: Obj = isObject(oldXValue) ? oldXValue : {};
  const x: Obj = { ...(fields['x-a2a'] as Obj) };
  const oldCardUrl = ownValue(oldX, 'agentCardUrl');
  const oldCard = ownValue(oldX, 'agentCard');
  if (draft.agentCardUrl === undefined && typeof oldCardUrl === 'string') x['agentCardUrl'] = oldCardUrl;
  if (draft.agentCard === undefined && isObject(oldCard)) x['agentCard'] = oldCard;
  for (const [k, v] of Object.entries(oldX)) if (k.startsWith('x-') && !Object.hasOwn(x, k)) setOwn(x, k, v);
  fields['x-a2a'] = orderLike(oldX, x);
  const responses = ownValue(existing, 'responses');
  if (isObject(responses)) {
    const merged: Obj = { ...(built.fields.responses as Obj) };
    for (const [code, value] of Object.entries(responses)) if (code !== '200' && code !== 'default') setOwn(merged, code, value);
    fields['responses'] = merged;
  }
  return Object.entries(fields);
}

/** The operations (path + verb) an edit list creates, changes, moves or removes. */
export function touchedOperations(edits: readonly SpecEdit[]): Array<{ path: string; verb: string }> {
  const out: Array<{ path: string; verb: string }> = [];
  for (const edit of edits) {
    if (edit.kind === 'addSchemas' || edit.kind === 'setComponent') continue;
    out.push({ path: edit.path, verb: edit.verb });
    if (edit.kind === 'renameOperation') out.push({ path: edit.newPath, verb: edit.verb });
  }
  return out;
}
