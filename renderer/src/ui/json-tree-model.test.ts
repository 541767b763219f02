import { describe, expect, it } from 'vitest';
import { childCount, childPath, initiallyOpen, jsonPageSize, nextPage, visibleChildren } from './json-tree-model';

describe('the JSON tree pages long containers', () => {
  it('lists a page at a time and says what the next button offers', () => {
    expect(nextPage(250, 100)).toEqual({ shown: 100, more: { count: 100, remaining: 150 } });
    expect(nextPage(250, 200)).toEqual({ shown: 200, more: { count: 50, remaining: 50 } });
    expect(nextPage(250, 300)).toEqual({ shown: 250 });
    expect(nextPage(0, 100)).toEqual({ shown: 0 });
    expect(nextPage(10, -5)).toEqual({ shown: 0, more: { count: 10, remaining: 10 } });
  });

  it('takes only the shown children of a big array or object', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => i);
    const page = visibleChildren(big, jsonPageSize);
    expect(page).toHaveLength(100);
    expect(page[99]).toEqual(['99', 99]);
    expect(visibleChildren(big, 0)).toEqual([]);
    expect(visibleChildren({ a: 1, b: { c: 2 } }, 1)).toEqual([['a', 1]]);
    expect(childCount(big)).toBe(100_000);
    expect(childCount({ a: 1, b: 2 })).toBe(2);
  });

  it('keeps keys with slashes apart in paths', () => {
    expect(childPath('', 'a/b')).toBe('/a~1b');
    expect(childPath('/a', 'b')).toBe('/a/b');
    expect(childPath('', 'a~1b')).toBe('/a~01b');
  });
});

describe('what opens by itself', () => {
  it('opens the first levels of a small document', () => {
    expect([...initiallyOpen({ a: { b: { c: { d: 1 } } }, e: [1, 2] })].sort()).toEqual(['', '/a', '/a/b', '/e']);
    expect(initiallyOpen(42).size).toBe(0);
  });

  it('opens only what fits the row budget, and never below the depth limit', () => {
    // 50 objects of 50 keys of 50-key objects: opening it all would lay out 125,000 rows.
    const wide = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`, Object.fromEntries(Array.from({ length: 50 }, (_, j) => [`j${j}`, { x: j, y: [j] }]))]),
    );
    const open = initiallyOpen(wide, 300);
    expect(open.has('')).toBe(true);
    // Root (50 rows) + five children of 50 rows each = 300.
    expect([...open].filter((p) => p.split('/').length === 2)).toHaveLength(5);
    expect([...open].some((p) => p.split('/').length > 2)).toBe(false);
  });

  it('leaves a huge array closed but opens its small siblings', () => {
    const doc = { rows: Array.from({ length: 30_000 }, (_, i) => ({ i })), meta: { page: 1 } };
    const open = initiallyOpen(doc);
    expect(open.has('')).toBe(true);
    expect(open.has('/meta')).toBe(true);
    expect(open.has('/rows')).toBe(false);
    // Over the budget, a small sibling waits too.
    expect(initiallyOpen({ a: Array.from({ length: 40 }, (_, i) => i), b: [1] }, 30).has('/a')).toBe(false);
  });
});
