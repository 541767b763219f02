import { describe, expect, it } from 'vitest';
import { markersToKeep } from './template-markers';

describe('editor markers and unquoted {{variables}}', () => {
  // What Monaco's JSON service reports for this text (seen in the browser): the reference read as a
  // broken object, the enclosing object ended early, and a schema problem about the rest.
  const text = '{"a": {{n}}, "b": {{m}}}';
  const reported = [
    { start: 0, end: 1, message: 'Missing property "b".' },
    { start: 6, end: 10, message: 'Incorrect type. Expected "number".' },
    { start: 7, end: 8, message: 'Property expected' },
    { start: 11, end: 12, message: 'End of file expected.' },
  ];

  it('drops every marker when the text is JSON with the references as null: none of them is the user’s to fix', () => {
    expect(markersToKeep(text, reported)).toEqual([]);
  });

  it('keeps a real syntax error’s markers (less those on a reference itself)', () => {
    const broken = '{"a": {{n}} "b": {{m}}}';
    const markers = [
      { start: 7, end: 8, message: 'Property expected' },
      { start: 12, end: 15, message: 'End of file expected.' },
    ];
    expect(markersToKeep(broken, markers)).toEqual([{ start: 12, end: 15, message: 'End of file expected.' }]);
  });

  it('changes nothing without unquoted references: a quoted {{s}} is plain text', () => {
    expect(markersToKeep('{"b": "{{s}}" "c": 1}', [{ start: 0, end: 1 }])).toBeUndefined();
    expect(markersToKeep(text, [])).toBeUndefined();
  });
});
