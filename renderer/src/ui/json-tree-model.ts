/**
 * What the JSON tree puts on screen, decided without walking the whole document: a 4 MB response
 * must open in well under a second, so only the first levels open (within a row budget), a container's
 * children are listed only when it is open, a page (100) at a time, and long strings are cut.
 */

export type JsonContainer = Record<string, unknown> | unknown[];

/** Children listed per page of an open array or object ("Show 100 more"). */
export const jsonPageSize = 100;
/** Rows the tree lays out when it first opens, across all the levels it opens. */
export const initialRowBudget = 300;
/** Levels below the root that may open by themselves (still within the budget). */
export const autoOpenDepth = 3;
/** Below the root, a container with more children than this waits to be opened (it says how many). */
export const autoOpenMaxChildren = 50;
/** Characters of a string shown before "show all". */
export const stringPreviewChars = 2000;

export function isContainer(value: unknown): value is JsonContainer {
  return typeof value === 'object' && value !== null;
}

/** How many children a container has (an object's own enumerable keys). */
export function childCount(value: JsonContainer): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** The first `shown` children as [key, value] pairs; an array is sliced, never copied whole. */
export function visibleChildren(value: JsonContainer, shown: number): Array<readonly [string, unknown]> {
  const limit = Math.max(0, shown);
  if (Array.isArray(value)) {
    const end = Math.min(limit, value.length);
    const out: Array<readonly [string, unknown]> = [];
    for (let i = 0; i < end; i++) out.push([String(i), value[i]] as const);
    return out;
  }
  return Object.keys(value)
    .slice(0, limit)
    .map((key) => [key, value[key]] as const);
}

/** After "Show more": how many are listed, and what the next button offers (undefined when all are shown). */
export function nextPage(total: number, shown: number): { shown: number; more?: { count: number; remaining: number } } {
  const now = Math.min(Math.max(0, shown), total);
  const remaining = total - now;
  return remaining > 0 ? { shown: now, more: { count: Math.min(jsonPageSize, remaining), remaining } } : { shown: now };
}

/** A child's path from its parent's (JSON Pointer escaping, so keys with "/" stay distinct). */
export function childPath(parent: string, key: string): string {
  return `${parent}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Which containers start open: breadth first from the root, down to `autoOpenDepth` levels, each
 * opened only while the rows it adds fit the budget. The root always opens (its first page); an
 * array or object deeper down with more than `autoOpenMaxChildren` children stays closed and says
 * how many it holds.
 */
export function initiallyOpen(root: unknown, budget: number = initialRowBudget, maxDepth: number = autoOpenDepth): Set<string> {
  const open = new Set<string>();
  if (!isContainer(root)) return open;
  let used = 0;
  let level: Array<{ path: string; value: JsonContainer }> = [{ path: '', value: root }];
  for (let depth = 0; depth < maxDepth && level.length; depth++) {
    const next: Array<{ path: string; value: JsonContainer }> = [];
    for (const { path, value } of level) {
      const count = childCount(value);
      const rows = Math.min(count, jsonPageSize);
      if (depth > 0 && (count > autoOpenMaxChildren || used + rows > budget)) continue;
      open.add(path);
      used += rows;
      for (const [key, child] of visibleChildren(value, jsonPageSize)) if (isContainer(child)) next.push({ path: childPath(path, key), value: child });
    }
    level = next;
  }
  return open;
}
