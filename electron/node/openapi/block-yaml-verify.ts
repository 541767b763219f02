/**
 * Proves a lossless edit of a block-subset YAML file without re-reading all of it. The subset has
 * no anchors or aliases, so an entry's value depends on its own lines only: entries whose lines
 * are unchanged keep their value (the edit left those values untouched too), and changed entries
 * are re-read on their own. Any doubt returns false, and the caller re-reads the whole file.
 */
import { readBlockYaml } from './block-yaml-reader';
import { deepEqual } from '../../../shared/openapi/spec-edits';
import { indentOf } from './yaml-lines';
import type { MapOutline, Pair } from './yaml-outline';
import { childMap, outlineMap } from './yaml-outline';
import { isObject } from '../../../shared/a2a/payload';

type Obj = Record<string, unknown>;
const hasOwn = (o: Obj, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function sameLines(a: readonly string[], pa: Pair, b: readonly string[], pb: Pair): boolean {
  if (pa.end - pa.line !== pb.end - pb.line) return false;
  for (let i = 0; i < pa.end - pa.line; i++) if (a[pa.line + i] !== b[pb.line + i]) return false;
  return true;
}

const unreadable = Symbol('unreadable');

/** One entry read on its own (dedented to the left margin). */
function readEntry(lines: readonly string[], pair: Pair): unknown {
  const text = `${lines
    .slice(pair.line, pair.end)
    .map((l) => l.slice(Math.min(pair.col, indentOf(l))))
    .join('\n')}\n`;
  const read = readBlockYaml(text);
  return read && isObject(read.value) && hasOwn(read.value, pair.key) ? read.value[pair.key] : unreadable;
}

/** Where the check goes one level deeper instead of re-reading an entry whole. */
function descends(trail: readonly string[], key: string): boolean {
  if (trail.length === 0) return key === 'paths' || key === 'components';
  return trail.length === 1 && trail[0] === 'components' && key === 'schemas';
}

function verifyMap(
  oldLines: readonly string[],
  newLines: readonly string[],
  oldMap: MapOutline | undefined,
  newMap: MapOutline,
  oldValue: Obj,
  expected: Obj,
  trail: string[],
): boolean {
  if (newMap.pairs.length !== Object.keys(expected).length) return false;
  const oldPairs = new Map<string, Pair>();
  for (const p of oldMap?.pairs ?? []) oldPairs.set(p.key, p);
  const seen = new Set<string>();
  for (const pair of newMap.pairs) {
    if (seen.has(pair.key) || !hasOwn(expected, pair.key)) return false;
    seen.add(pair.key);
    const want = expected[pair.key];
    const oldPair = oldPairs.get(pair.key);
    if (oldPair && hasOwn(oldValue, pair.key) && oldValue[pair.key] === want && sameLines(oldLines, oldPair, newLines, pair)) continue;
    if (descends(trail, pair.key) && isObject(want) && Object.keys(want).length > 0 && pair.inline === 'none') {
      const newChild = childMap(newLines, pair);
      if (!newChild) return false;
      const oldChild = oldPair ? childMap(oldLines, oldPair) : undefined;
      const before = oldValue[pair.key];
      if (!verifyMap(oldLines, newLines, oldChild, newChild, isObject(before) ? before : {}, want, [...trail, pair.key])) return false;
      continue;
    }
    if (!deepEqual(readEntry(newLines, pair), want)) return false;
  }
  return true;
}

/**
 * `split` may hand over both texts already split at their line breaks (the editor has them), which
 * spares splitting a big file twice more.
 */
export function verifyBlockEdit(
  oldText: string,
  newText: string,
  oldModel: unknown,
  expected: unknown,
  split?: { oldLines: readonly string[]; newLines: readonly string[] },
): boolean {
  if (newText.includes('\t') || newText.includes('\r') || !isObject(oldModel) || !isObject(expected)) return false;
  const oldLines = split?.oldLines ?? oldText.split('\n');
  const newLines = split?.newLines ?? newText.split('\n');
  const oldRoot = outlineMap(oldLines, 0, oldLines.length);
  const newRoot = outlineMap(newLines, 0, newLines.length);
  if (!newRoot || newRoot.indent !== 0) return false;
  // Nothing may follow the root mapping (a stray line would change the document).
  for (let i = newRoot.insertAt; i < newLines.length; i++) {
    const line = newLines[i] as string;
    const ind = indentOf(line);
    if (ind < line.length && line.charCodeAt(ind) !== 35) return false;
  }
  return verifyMap(oldLines, newLines, oldRoot, newRoot, oldModel, expected, []);
}
