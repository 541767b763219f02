import { describe, expect, it } from 'vitest';
import { maxRequestDepth, nestsDeeperThan } from './request-depth';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan('text')).toBe(false);
    expect(nestsDeeperThan(null)).toBe(false);
    expect(nestsDeeperThan(nested(maxRequestDepth))).toBe(false);
    expect(nestsDeeperThan(nested(maxRequestDepth + 1))).toBe(true);
  });

  it('walks 100,000 levels without overflowing its own stack', () => {
    expect(nestsDeeperThan(nested(100_000))).toBe(true);
  });

  it('ends on a cyclic in-process value instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    // A cycle is unbounded depth: it is refused like a deep request, not walked forever.
    expect(nestsDeeperThan(cyclic)).toBe(true);
  });

  it('reads own enumerable values only (a __proto__ key from JSON.parse is just a key)', () => {
    expect(nestsDeeperThan(JSON.parse('{"__proto__":{"a":{"b":1}}}'), 3)).toBe(false);
    expect(nestsDeeperThan(JSON.parse('{"__proto__":{"a":{"b":{}}}}'), 3)).toBe(true);
  });
});
