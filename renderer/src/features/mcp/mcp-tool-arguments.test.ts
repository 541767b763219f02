import { describe, expect, it } from 'vitest';
import {
  argumentFields,
  argumentValue,
  controlFor,
  documentArguments,
  maxArgumentFields,
  missingArguments,
  readArguments,
  valueFromControl,
  withArgument,
  type ArgumentField,
} from './mcp-tool-arguments';

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'Where' },
    days: { type: 'integer', default: 3 },
    ratio: { type: 'number' },
    units: { type: 'string', enum: ['metric', 'imperial'] },
    alerts: { type: 'boolean' },
    filter: { type: 'object', properties: { tag: { type: 'string', example: 'x' } } },
    tags: { type: 'array', items: { type: 'string' } },
    mode: { const: 'fast' },
    shared: { $ref: '#/$defs/Shared' },
  },
  required: ['city', 'days'],
  $defs: { Shared: { type: 'string', example: 'from-ref' } },
};

describe('tool argument fields from an inputSchema', () => {
  it('gives one field per property with its control, required mark and description', () => {
    const { fields, left } = argumentFields(schema);
    expect(left).toBe(0);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['city', 'text', true],
      ['days', 'integer', true],
      ['ratio', 'number', false],
      ['units', 'choice', false],
      ['alerts', 'boolean', false],
      ['filter', 'json', false],
      ['tags', 'json', false],
      ['mode', 'json', false],
      ['shared', 'text', false],
    ]);
    expect(fields[0]?.description).toBe('Where');
    expect(fields[3]?.choices).toEqual(['metric', 'imperial']);
  });

  it('gives each field its JSON Schema type as `mcp tools` words it, enum values included', () => {
    expect(argumentFields(schema).fields.map((f) => [f.name, f.type])).toEqual([
      ['city', 'string'],
      ['days', 'integer'],
      ['ratio', 'number'],
      ['units', 'one of "metric", "imperial"'],
      ['alerts', 'boolean'],
      ['filter', 'object'],
      ['tags', 'array of string'],
      ['mode', 'const "fast"'],
      ['shared', 'string'],
    ]);
  });

  it('keeps properties named like prototype members as ordinary fields', () => {
    const parsed = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"},"toString":{}},"required":["__proto__"]}',
    ) as unknown;
    const { fields } = argumentFields(parsed);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['__proto__', 'text', true],
      ['constructor', 'number', false],
      ['toString', 'json', false],
    ]);
    const text = withArgument('{}', '__proto__', 'p');
    expect(text).toBe('{\n  "__proto__": "p"\n}\n');
    const read = readArguments(text ?? '');
    expect(read.ok && argumentValue(read.value, '__proto__')).toBe('p');
    expect(read.ok && argumentValue(read.value, 'constructor')).toBeUndefined();
    expect(missingArguments(parsed, '{}')).toEqual(['__proto__']);
    expect(missingArguments(parsed, text ?? '')).toEqual([]);
    expect(({} as Record<string, unknown>)['p']).toBeUndefined();
  });

  it('is bounded: a huge schema shows the first fields and says how many it left, a $ref cycle ends', () => {
    const properties = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'string', default: 'd' }]));
    const huge = argumentFields({ type: 'object', properties });
    expect(huge.fields).toHaveLength(maxArgumentFields);
    expect(huge.left).toBe(5000 - maxArgumentFields);
    expect(Object.keys(documentArguments({ type: 'object', properties }))).toHaveLength(maxArgumentFields);
    const cyclic = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } };
    expect(argumentFields(cyclic)).toEqual({ fields: [], left: 0 });
    // Deep nesting is never walked: a nested object is one JSON field.
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { next: deep } };
    expect(argumentFields(deep).fields).toEqual([{ name: 'next', kind: 'json', required: false, type: 'object' }]);
    expect(argumentFields(undefined)).toEqual({ fields: [], left: 0 });
    expect(argumentFields({ type: 'object', properties: [1, 2] })).toEqual({ fields: [], left: 0 });
  });
});

describe('what a chosen tool starts with', () => {
  it('takes only the document’s example, default or const; a property without one is left out', () => {
    expect(documentArguments(schema)).toEqual({ days: 3, mode: 'fast', shared: 'from-ref' });
    // No type-made values: no "string", no first enum value, no 0, no true.
    expect(
      documentArguments({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' }, c: { enum: ['x', 'y'] }, d: { type: 'boolean' } } }),
    ).toEqual({});
    // An example of the whole object wins.
    expect(documentArguments({ type: 'object', examples: [{ a: 1 }], properties: { a: { type: 'number', default: 2 } } })).toEqual({ a: 1 });
  });
});

describe('field values and the arguments text', () => {
  const field = (kind: ArgumentField['kind'], choices?: unknown[]): ArgumentField => ({
    name: 'x',
    kind,
    required: false,
    type: kind,
    ...(choices ? { choices } : {}),
  });

  it('round-trips each control’s value through the text, in place, and leaves other keys as they were', () => {
    let text = '{\n  "a": 1,\n  "x": "old",\n  "z": {"k": [1]}\n}\n';
    text = withArgument(text, 'x', 'new') ?? '';
    expect(text).toBe('{\n  "a": 1,\n  "x": "new",\n  "z": {\n    "k": [\n      1\n    ]\n  }\n}\n');
    text = withArgument(text, 'x', undefined) ?? '';
    expect(JSON.parse(text)).toEqual({ a: 1, z: { k: [1] } });
    text = withArgument(text, 'n', 2.5) ?? '';
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['a', 'z', 'n']);
    expect(withArgument('', 'x', true)).toBe('{\n  "x": true\n}\n');

    const cases: Array<[ArgumentField, unknown]> = [
      [field('text'), 'hello'],
      [field('number'), 1.5],
      [field('integer'), 7],
      [field('boolean'), false],
      [field('choice', ['a', 2, null]), 2],
      [field('choice', ['a', 2, null]), null],
      [field('json'), { k: ['v'] }],
    ];
    for (const [f, value] of cases) {
      const shown = controlFor(f, value);
      expect(shown.kind).toBe(f.kind);
      expect(valueFromControl(f, shown.kind, shown.text)).toEqual({ ok: true, value });
    }
  });

  it('an empty control is "not given"; text that does not parse is refused, not sent', () => {
    expect(valueFromControl(field('text'), 'text', '')).toEqual({ ok: true, value: undefined });
    expect(valueFromControl(field('boolean'), 'boolean', '')).toEqual({ ok: true, value: undefined });
    expect(valueFromControl(field('number'), 'number', 'many')).toEqual({ ok: false, problem: 'notNumber' });
    expect(valueFromControl(field('integer'), 'integer', '1.5')).toEqual({ ok: false, problem: 'notInteger' });
    // Only a JSON number is a number: what Number() would also read (hex, binary, Infinity, a bare dot) is refused.
    for (const text of ['0x10', '0b1', 'Infinity', '.5', '5.', '1e', '+1', '1 2', '--1'])
      expect(valueFromControl(field('number'), 'number', text), text).toEqual({ ok: false, problem: 'notNumber' });
    for (const [text, value] of [
      [' 12 ', 12],
      ['-0.5', -0.5],
      ['1e3', 1000],
      ['0', 0],
    ] as const)
      expect(valueFromControl(field('number'), 'number', text), text).toEqual({ ok: true, value });
    expect(valueFromControl(field('integer'), 'integer', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(valueFromControl(field('json'), 'json', '{"a":')).toEqual({ ok: false, problem: 'notJson' });
  });

  it('a value its control cannot hold (a quoted {{variable}} in a number field) is shown as JSON, unchanged', () => {
    expect(controlFor(field('number'), '{{n}}')).toEqual({ kind: 'json', text: '"{{n}}"' });
    expect(controlFor(field('text'), { a: 1 })).toEqual({ kind: 'json', text: '{"a":1}' });
    expect(controlFor(field('choice', ['a']), 'b')).toEqual({ kind: 'json', text: '"b"' });
    expect(valueFromControl(field('number'), 'json', '"{{n}}"')).toEqual({ ok: true, value: '{{n}}' });
  });

  it('a whole {{variable}} in a number, integer, boolean or JSON field is that field’s value, written unquoted as the JSON view writes it', () => {
    const template = '{"a": {{n}}, "b": 2, "c": {"d": {{ flag }}}}';
    const read = readArguments(template);
    expect(read.ok).toBe(true);
    // Another field's edit keeps every reference as it was: unquoted, where it was.
    expect(withArgument(template, 'b', 3)).toBe('{\n  "a": {{n}},\n  "b": 3,\n  "c": {\n    "d": {{flag}}\n  }\n}\n');
    for (const kind of ['number', 'integer', 'boolean', 'json'] as const) {
      const typed = valueFromControl(field(kind), kind, ' {{count}} ');
      expect(typed.ok).toBe(true);
      const value = typed.ok ? typed.value : undefined;
      expect(controlFor(field(kind), value)).toEqual({ kind, text: '{{count}}' });
      expect(withArgument('{}', 'x', value)).toBe('{\n  "x": {{count}}\n}\n');
    }
    // A text field's {{name}} is text with a variable in it (quoted), as everywhere else.
    expect(valueFromControl(field('text'), 'text', '{{count}}')).toEqual({ ok: true, value: '{{count}}' });
    // Read back from the text, a reference in a text or choice field is shown as JSON (it is not their kind).
    const marker = readArguments('{"x": {{v}}}');
    expect(marker.ok && controlFor(field('text'), marker.value['x'])).toEqual({ kind: 'json', text: '{{v}}' });
    // Not a whole variable: refused, never sent as text.
    expect(valueFromControl(field('number'), 'number', '{{a}}{{b}}')).toEqual({ ok: false, problem: 'notNumber' });
    expect(valueFromControl(field('boolean'), 'boolean', 'yes')).toEqual({ ok: false, problem: 'notVariable' });
    // A string of the text's own that looks like a marker stays an ordinary string.
    const own = readArguments('{"x": "\\u0000{{n}}"}');
    expect(own.ok && own.value['x']).toBe('\u0000{{n}}');
    expect(withArgument('{"x": "\\u0000{{n}}"}', 'y', 1)).toBe('{\n  "x": "\\u0000{{n}}",\n  "y": 1\n}\n');
  });

  it('text that is not JSON even with its variables standing in is not rewritten: the form cannot show it', () => {
    const template = '{"a": {{n}}{{m}}, "b": 2}';
    expect(readArguments(template)).toEqual({ ok: false, reason: 'notJson' });
    expect(withArgument(template, 'b', 3)).toBeUndefined();
    expect(readArguments('[1]')).toEqual({ ok: false, reason: 'notObject' });
    expect(readArguments('  ')).toEqual({ ok: true, value: {} });
  });
});

describe('required arguments before Run', () => {
  it('names each missing one; a {{variable}} counts as given; unparseable text names none (the JSON check speaks)', () => {
    expect(missingArguments(schema, '{}')).toEqual(['city', 'days']);
    expect(missingArguments(schema, '')).toEqual(['city', 'days']);
    expect(missingArguments(schema, '{"city": "Seoul"}')).toEqual(['days']);
    expect(missingArguments(schema, '{"city": "{{c}}", "days": {{d}}}')).toEqual([]);
    expect(missingArguments(schema, '{"city": ')).toEqual([]);
    expect(missingArguments({ type: 'object' }, '{}')).toEqual([]);
  });
});
