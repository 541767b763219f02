/**
 * Proves a lossless edit of a JSON file without parsing and comparing all of it: a member's value
 * depends on its own text only, so members whose text is unchanged keep their value (the edit
 * left those values untouched too) and changed members are parsed on their own.
 */
import type { JsonObjectOutline, JsonPair } from './json-editor';
import { JsonCloseIndex, jsonObjectAt, skipWs } from './json-editor';
import { deepEqual } from '../../../shared/openapi/spec-edits';
import { isObject } from '../../../shared/a2a/payload';

type Obj = Record<string, unknown>;
const hasOwn = (o: Obj, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function descends(trail: readonly string[], key: string): boolean {
  if (trail.length === 0) return key === 'paths' || key === 'components';
  return trail.length === 1 && trail[0] === 'components' && key === 'schemas';
}

function parseMember(text: string, pair: JsonPair): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.slice(pair.valueStart, pair.valueEnd)) as unknown };
  } catch {
    return { ok: false };
  }
}

interface Texts {
  oldText: string;
  newText: string;
  oldIndex: JsonCloseIndex;
  newIndex: JsonCloseIndex;
}

function verifyObject(t: Texts, oldObj: JsonObjectOutline | undefined, newObj: JsonObjectOutline, oldValue: Obj, expected: Obj, trail: string[]): boolean {
  if (newObj.pairs.length !== Object.keys(expected).length) return false;
  const oldPairs = new Map<string, JsonPair>();
  for (const p of oldObj?.pairs ?? []) oldPairs.set(p.key, p);
  const seen = new Set<string>();
  for (const pair of newObj.pairs) {
    if (seen.has(pair.key) || !hasOwn(expected, pair.key)) return false;
    seen.add(pair.key);
    const want = expected[pair.key];
    const oldPair = oldPairs.get(pair.key);
    if (
      oldPair &&
      hasOwn(oldValue, pair.key) &&
      oldValue[pair.key] === want &&
      oldPair.valueEnd - oldPair.valueStart === pair.valueEnd - pair.valueStart &&
      t.oldText.slice(oldPair.valueStart, oldPair.valueEnd) === t.newText.slice(pair.valueStart, pair.valueEnd)
    ) {
      continue;
    }
    if (descends(trail, pair.key) && isObject(want)) {
      const newChild = jsonObjectAt(t.newText, pair.valueStart, t.newIndex);
      if (!newChild) return false;
      const oldChild = oldPair ? jsonObjectAt(t.oldText, oldPair.valueStart, t.oldIndex) : undefined;
      const before = oldValue[pair.key];
      if (!verifyObject(t, oldChild, newChild, isObject(before) ? before : {}, want, [...trail, pair.key])) return false;
      continue;
    }
    const parsed = parseMember(t.newText, pair);
    if (!parsed.ok || !deepEqual(parsed.value, want)) return false;
  }
  return true;
}

/** `oldIndex`: the close index of `oldText` when the editor already built it (saves one scan). */
export function verifyJsonEdit(oldText: string, newText: string, oldModel: unknown, expected: unknown, oldIndex?: JsonCloseIndex): boolean {
  if (!isObject(oldModel) || !isObject(expected)) return false;
  try {
    const t: Texts = { oldText, newText, oldIndex: oldIndex ?? new JsonCloseIndex(oldText), newIndex: new JsonCloseIndex(newText) };
    const oldRoot = jsonObjectAt(oldText, skipWs(oldText, 0), t.oldIndex);
    const newRoot = jsonObjectAt(newText, skipWs(newText, 0), t.newIndex);
    if (!newRoot || skipWs(newText, newRoot.close + 1) !== newText.length) return false;
    return verifyObject(t, oldRoot, newRoot, oldModel, expected, []);
  } catch {
    return false;
  }
}
