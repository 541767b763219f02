import { formatPath, type PathSegment } from './json-path';
import { isObject } from '../a2a/payload';

export interface CardDiffEntry {
  /** Path in the card that has it: the second card for `added`/`changed`, the first for `removed`. */
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/**
 * Structural diff, e.g. public card → extended card. Arrays of objects with unique `id`s (skills) are
 * matched by id and interfaces by url+binding+version, so an inserted skill reads as one addition.
 */
export function diffCards(before: unknown, after: unknown): CardDiffEntry[] {
  const out: CardDiffEntry[] = [];
  diffValue(before, after, [], out);
  return out;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

function diffValue(a: unknown, b: unknown, path: PathSegment[], out: CardDiffEntry[]): void {
  if (jsonEqual(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) out.push({ path: formatPath([...path, key]), change: 'removed', before: a[key] });
      else diffValue(a[key], b[key], [...path, key], out);
    }
    for (const key of Object.keys(b)) {
      if (!Object.prototype.hasOwnProperty.call(a, key)) out.push({ path: formatPath([...path, key]), change: 'added', after: b[key] });
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const keyOf = arrayKey(a, b);
    if (keyOf) {
      const beforeIndex = new Map(a.map((item, i) => [keyOf(item), i]));
      const matched = new Set<number>();
      b.forEach((item, j) => {
        const i = beforeIndex.get(keyOf(item));
        if (i === undefined) out.push({ path: formatPath([...path, j]), change: 'added', after: item });
        else {
          matched.add(i);
          diffValue(a[i], item, [...path, j], out);
        }
      });
      a.forEach((item, i) => {
        if (!matched.has(i)) out.push({ path: formatPath([...path, i]), change: 'removed', before: item });
      });
      return;
    }
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diffValue(a[i], b[i], [...path, i], out);
    for (let j = common; j < b.length; j++) out.push({ path: formatPath([...path, j]), change: 'added', after: b[j] });
    for (let i = common; i < a.length; i++) out.push({ path: formatPath([...path, i]), change: 'removed', before: a[i] });
    return;
  }
  const entry: CardDiffEntry = { path: formatPath(path), change: 'changed' };
  if (a !== undefined) entry.before = a;
  if (b !== undefined) entry.after = b;
  out.push(entry);
}

function arrayKey(a: unknown[], b: unknown[]): ((item: unknown) => string) | undefined {
  const all = [...a, ...b];
  if (all.length === 0 || !all.every(isObject)) return undefined;
  const objects = all as Array<Record<string, unknown>>;
  const unique = (items: unknown[], key: (item: Record<string, unknown>) => string | undefined): boolean => {
    const keys = (items as Array<Record<string, unknown>>).map(key);
    return keys.every((k) => k !== undefined) && new Set(keys).size === keys.length;
  };
  const byId = (item: Record<string, unknown>): string | undefined => (typeof item['id'] === 'string' ? item['id'] : undefined);
  if (objects.every((o) => byId(o) !== undefined) && unique(a, byId) && unique(b, byId)) return (item) => byId(item as Record<string, unknown>) ?? '';
  const byInterface = (item: Record<string, unknown>): string | undefined =>
    typeof item['url'] === 'string'
      ? `${item['url']} ${String(item['protocolBinding'] ?? item['transport'] ?? '')} ${String(item['protocolVersion'] ?? '')}`
      : undefined;
  if (objects.every((o) => byInterface(o) !== undefined) && unique(a, byInterface) && unique(b, byInterface)) {
    return (item) => byInterface(item as Record<string, unknown>) ?? '';
  }
  return undefined;
}
