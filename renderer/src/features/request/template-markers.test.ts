import { describe, expect, it } from 'vitest';
import { markersToKeep } from './template-markers';

describe('editor markers and unquoted {{variables}}', () => {
  const text = '{"a": {{n}}, "b": "{{s}}", "c": 1}';
  const at = (needle: string): { start: number; end: number } => {
    const start = text.indexOf(needle);
    return { start, end: start + needle.length };
  };

  it('drops the syntax errors an unquoted reference causes and any marker on it, keeping a schema problem elsewhere', () => {
    const markers = [
      { ...at('{{n}}'), code: 0x201 },
      { start: text.length - 1, end: text.length, code: '518' },
      { ...at('{{n}}'), code: 0 },
      { ...at('1'), code: 0 },
    ];
    expect(markersToKeep(text, markers)).toEqual([{ ...at('1'), code: 0 }]);
  });

  it('keeps a real syntax error (the text is not JSON even with the references as null) and a duplicate key', () => {
    const broken = '{"a": {{n}} "b": 1}';
    const markers = [{ start: 12, end: 15, code: 0x202 }];
    expect(markersToKeep(broken, markers)).toBeUndefined();
    expect(markersToKeep(text, [{ ...at('"c"'), code: 0x208 }])).toBeUndefined();
  });

  it('changes nothing without unquoted references: a quoted {{s}} is plain text', () => {
    expect(markersToKeep('{"b": "{{s}}" "c": 1}', [{ start: 0, end: 1, code: 0x202 }])).toBeUndefined();
  });
});
