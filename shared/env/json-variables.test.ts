import { describe, expect, it } from 'vitest';
import { fillJsonText, hasUnquotedReference, jsonReferences, maskUnquotedReferences, parseJsonTemplate } from './json-variables';
import { resolveCallVariables } from './variables';
import type { A2aCall } from '../a2a/call';

const values = new Map<string, string>([
  ['n', '5'],
  ['yes', 'true'],
  ['obj', '{"a": [1, 2], "b": null}'],
  ['word', 'rex'],
  ['tricky', 'say "hi"\\now\nnext'],
  ['notJson', 'abc'],
  ['__proto__', '7'],
  ['constructor', '"c"'],
]);
const lookup = (name: string): string | undefined => values.get(name);

function filled(text: string): unknown {
  const out = fillJsonText(text, lookup);
  expect(out.missing).toEqual([]);
  expect(out.notJson).toEqual([]);
  return JSON.parse(out.text);
}

describe('{{variables}} in JSON text', () => {
  it('an unquoted reference is its value as JSON: number, boolean, object, and a quoted JSON string', () => {
    expect(filled('{"count": {{n}}, "on": {{yes}}, "o": {{obj}}, "s": {{constructor}}}')).toEqual({
      count: 5,
      on: true,
      o: { a: [1, 2], b: null },
      s: 'c',
    });
  });

  it('a quoted reference stays text, even when the value looks like JSON', () => {
    expect(filled('{"count": "{{n}}", "o": "{{ obj }}", "who": "hi {{word}}!"}')).toEqual({ count: '5', o: '{"a": [1, 2], "b": null}', who: 'hi rex!' });
  });

  it('unquoted references inside arrays and nested objects, with and without inner spaces', () => {
    expect(filled('[{{n}}, {{ yes }}, {"deep": [{{obj}}, "{{word}}"]}]')).toEqual([5, true, { deep: [{ a: [1, 2], b: null }, 'rex'] }]);
  });

  it('a value with quotes, backslashes and newlines in a quoted position is JSON-escaped and arrives exactly', () => {
    expect(filled('{"text": "<{{tricky}}>"}')).toEqual({ text: '<say "hi"\\now\nnext>' });
  });

  it('escaped quotes and braces inside strings do not confuse which references are quoted', () => {
    const text = '{"a": "x\\"{{n}}", "b": "}{", "c": {{n}}, "d": "\\\\", "e": {{yes}}}';
    expect(jsonReferences(text).map((r) => [r.name, r.quoted])).toEqual([
      ['n', true],
      ['n', false],
      ['yes', false],
    ]);
    expect(filled(text)).toEqual({ a: 'x"5', b: '}{', c: 5, d: '\\', e: true });
  });

  it('an unknown variable is reported (and left as written); a value that is not JSON in unquoted position is named', () => {
    expect(fillJsonText('{"a": {{nope}}, "b": "{{gone}}"}', lookup)).toMatchObject({ missing: ['nope', 'gone'], notJson: [] });
    expect(fillJsonText('{"a": {{notJson}}, "b": "{{notJson}}"}', lookup)).toMatchObject({ missing: [], notJson: ['notJson'] });
    // Quoted, the same value is fine: it is text.
    expect(fillJsonText('{"b": "{{notJson}}"}', lookup).notJson).toEqual([]);
  });

  it('prototype-named variables are ordinary names', () => {
    expect(filled('{"p": {{__proto__}}, "q": "{{__proto__}}", "__proto__": {{n}}}')).toEqual(JSON.parse('{"p": 7, "q": "7", "__proto__": 5}'));
    expect(fillJsonText('{"a": {{toString}}, "b": {{hasOwnProperty}}}', lookup).missing).toEqual(['toString', 'hasOwnProperty']);
  });

  it('the mask stands null in for unquoted references, keeping every offset, so the shape can be checked before sending', () => {
    const text = '{"a": {{n}}, "b": "{{word}}"}';
    const masked = maskUnquotedReferences(text);
    expect(masked).toHaveLength(text.length);
    expect(JSON.parse(masked)).toEqual({ a: null, b: '{{word}}' });
    expect(hasUnquotedReference(text)).toBe(true);
    expect(hasUnquotedReference('{"b": "{{word}}"}')).toBe(false);
    expect(parseJsonTemplate(text)).toMatchObject({ ok: true, template: true });
    expect(parseJsonTemplate('{"a": {{n}} "b": 1}')).toMatchObject({ ok: false });
    expect(parseJsonTemplate('{"a": {{not a name}}}')).toMatchObject({ ok: false });
  });

  it('a call with bodyText is filled by the same rule; a notJson value refuses the whole call', () => {
    const call: A2aCall = {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://h/{{word}}',
      method: 'M',
      body: undefined,
      bodyText: '{"n": {{n}}, "s": "{{tricky}}"}',
    };
    const out = resolveCallVariables(call, values);
    if (!out.ok) throw new Error('not resolved');
    expect(out.call.endpoint).toBe('http://h/rex');
    expect(JSON.parse(out.call.bodyText ?? '')).toEqual({ n: 5, s: 'say "hi"\\now\nnext' });
    expect(resolveCallVariables({ ...call, bodyText: '{"n": {{notJson}}}' }, values)).toEqual({ ok: false, unknown: [], notJson: ['notJson'] });
    expect(resolveCallVariables({ ...call, bodyText: '{"n": {{nope}}}' }, values)).toEqual({ ok: false, unknown: ['nope'] });
  });
});
