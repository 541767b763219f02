import { describe, expect, it } from 'vitest';
import { inputArguments, typeWord } from './mcp-input-schema';
import { toolArgumentLines } from './mcp-summary';

describe('a tool’s inputSchema as arguments', () => {
  const schema = {
    type: 'object',
    $defs: { Lang: { type: 'string', enum: ['en', 'ko'], description: 'Language' } },
    properties: {
      name: { type: 'string', description: 'Who to greet\nSecond line nobody lists' },
      lang: { $ref: '#/$defs/Lang' },
      tags: { type: 'array', items: { type: 'string' } },
      note: { type: ['string', 'null'] },
      anything: {},
      loop: { $ref: '#/properties/loop' },
      __proto__: { type: 'integer' },
    },
    required: ['name', '__proto__'],
  };

  it('lists each property with its resolved schema, required flag and description', () => {
    const { args, left } = inputArguments(JSON.parse(JSON.stringify(schema)), 100);
    expect(left).toBe(0);
    expect(args.map((a) => [a.name, a.required])).toEqual([
      ['name', true],
      ['lang', false],
      ['tags', false],
      ['note', false],
      ['anything', false],
      ['loop', false],
    ]);
    expect(args.find((a) => a.name === 'lang')?.description).toBe('Language');
    // A $ref cycle leads to no schema, not a hang.
    expect(args.find((a) => a.name === 'loop')?.schema).toBeUndefined();
    expect(inputArguments(schema, 2)).toMatchObject({ left: 4 });
  });

  it('a property named __proto__ is an ordinary argument', () => {
    const parsed = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}},"required":["__proto__"]}') as Record<string, unknown>;
    expect(inputArguments(parsed, 10).args).toEqual([{ name: '__proto__', schema: { type: 'integer' }, required: true }]);
  });

  it('names types in short words', () => {
    expect(typeWord({ type: 'number' })).toBe('number');
    expect(typeWord({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeWord({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeWord({ type: 'array', items: { enum: ['a', 'b'] } })).toBe('array of (one of "a", "b")');
    expect(typeWord({ type: 'array' })).toBe('array');
    expect(typeWord({ enum: ['en', 'ko'] })).toBe('one of "en", "ko"');
    expect(typeWord({ const: 3 })).toBe('const 3');
    expect(typeWord({})).toBe('any');
    expect(typeWord(undefined)).toBe('any');
  });

  it('the CLI listing: type, required mark, first line of the description', () => {
    expect(toolArgumentLines(JSON.parse(JSON.stringify(schema)))).toEqual([
      '  arguments (* required):',
      '    name* string — Who to greet …',
      '    lang one of "en", "ko" — Language',
      '    tags array of string',
      '    note string | null',
      '    anything any',
      '    loop any',
    ]);
    expect(toolArgumentLines(undefined)).toEqual([]);
    expect(toolArgumentLines({ type: 'object' })).toEqual([]);
    const many = { type: 'object', properties: Object.fromEntries(Array.from({ length: 53 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const lines = toolArgumentLines(many);
    expect(lines).toHaveLength(52);
    expect(lines.at(-1)).toBe('    … 3 more (use --json for all)');
  });
});
