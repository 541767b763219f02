import { describe, expect, it } from 'vitest';
import { JsonCloseIndex, jsonObjectAt } from './json-editor';
import { NotEditable } from '../../../shared/openapi/spec-edits';

describe('JsonCloseIndex', () => {
  const text = '{"a": {"s": "}{][\\"", "n": [1, {"x": "]"}]}, "paths": {"/p": {"post": {"deep": {"er": [[{}]]}}}}, "z": "\\\\"}';

  it('gives the same outline as the plain scan, strings with brackets and escapes included', () => {
    const index = new JsonCloseIndex(text);
    expect(jsonObjectAt(text, 0, index)).toEqual(jsonObjectAt(text, 0));
    const paths = jsonObjectAt(text, 0)!.pairs.find((p) => p.key === 'paths')!;
    expect(jsonObjectAt(text, paths.valueStart, index)).toEqual(jsonObjectAt(text, paths.valueStart));
    expect(JSON.parse(text.slice(paths.valueStart, paths.valueEnd))).toEqual({ '/p': { post: { deep: { er: [[{}]] } } } });
  });

  it('indexes only shallow values: deeper ones fall back to the scan and still come out right', () => {
    const index = new JsonCloseIndex(text);
    const deep = text.indexOf('{"er"');
    expect(index.closeOf(deep)).toBeUndefined();
    expect(index.closeOf(0)).toBe(text.length - 1);
    expect(jsonObjectAt(text, deep, index)?.pairs.map((p) => p.key)).toEqual(['er']);
  });

  it('refuses unbalanced or unterminated text as not editable', () => {
    expect(() => new JsonCloseIndex('{"a": [1}}')).toThrow(NotEditable);
    expect(() => new JsonCloseIndex('{"a": 1}}')).toThrow(NotEditable);
    expect(() => new JsonCloseIndex('{"a": "open')).toThrow(NotEditable);
  });
});
