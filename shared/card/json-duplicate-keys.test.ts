import { describe, expect, it } from 'vitest';
import { findDuplicateKeys } from './json-duplicate-keys';

describe('findDuplicateKeys', () => {
  it('finds nothing in a card without repeats, including same names in sibling objects', () => {
    expect(findDuplicateKeys('{"a":{"name":1},"b":{"name":2},"c":[{"id":1},{"id":1}]}')).toEqual([]);
  });

  it('reports a repeated top-level key with both values and which one JSON.parse kept', () => {
    const text = '{"name":"Good helper","version":"1","name":"Evil helper"}';
    expect(JSON.parse(text).name).toBe('Evil helper');
    expect(findDuplicateKeys(text)).toEqual([{ path: [], key: 'name', count: 2, firstValue: '"Good helper"', lastValue: '"Evil helper"', differs: true }]);
  });

  it('compares names after unescaping, so "na\\u006de" repeats "name"', () => {
    const found = findDuplicateKeys('{"name":"a","na\\u006de":"b"}');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ key: 'name', firstValue: '"a"', lastValue: '"b"' });
  });

  it('gives the path through objects and arrays, and counts three copies', () => {
    const text = '{"skills":[{"id":"x"},{"id":"a","tags":[],"id":"b","id":"c"}],"capabilities":{"streaming":true,"streaming":false}}';
    const found = findDuplicateKeys(text);
    expect(found).toEqual([
      { path: ['skills', 1], key: 'id', count: 3, firstValue: '"a"', lastValue: '"c"', differs: true },
      { path: ['capabilities'], key: 'streaming', count: 2, firstValue: 'true', lastValue: 'false', differs: true },
    ]);
  });

  it('notes identical copies as not differing, and handles containers, escapes and odd whitespace as values', () => {
    const text = '{ "x" : { "q" : "a\\"}" } ,\n\t"x":{ "q" : "b" }, "y": [1, {"z": null}], "y": [1, {"z": null}] }';
    const found = findDuplicateKeys(text);
    expect(found.map((d) => [d.key, d.differs])).toEqual([
      ['x', true],
      ['y', false],
    ]);
    expect(found[0]?.firstValue).toBe('{ "q" : "a\\"}" }');
  });

  it('handles prototype-named keys as plain names', () => {
    const found = findDuplicateKeys('{"__proto__":{"a":1},"constructor":1,"__proto__":{"a":2},"toString":1,"toString":2}');
    expect(found.map((d) => d.key).sort()).toEqual(['__proto__', 'toString']);
  });

  it('walks a 30 000-deep document without overflowing (a recursive walk would), and shortens long values', () => {
    const deep = `${'['.repeat(30_000)}{"k":1,"k":2}${']'.repeat(30_000)}`;
    const found = findDuplicateKeys(deep);
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toHaveLength(30_000);
    const long = findDuplicateKeys(`{"d":"${'x'.repeat(500)}","d":"y"}`);
    expect(long[0]?.firstValue.length).toBeLessThanOrEqual(60);
    expect(long[0]?.firstValue.endsWith('…')).toBe(true);
  }, 60_000);

  it('stops at the limit and gives nothing (not an error) for text that is not JSON', () => {
    const many = `{${Array.from({ length: 50 }, (_, i) => `"k${i}":1,"k${i}":2`).join(',')}}`;
    expect(findDuplicateKeys(many, 5)).toHaveLength(5);
    expect(findDuplicateKeys('{"a":"unterminated')).toEqual([]);
  });
});
