import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { readBlockYaml } from './block-yaml-reader';
import { deepEqual } from '../../../shared/openapi/spec-edits';

/** Whatever the fast reader returns must be exactly what `yaml` returns. */
function agrees(text: string): boolean {
  const fast = readBlockYaml(text);
  if (!fast) return true;
  return deepEqual(fast.value, YAML.parse(text));
}

const key = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('200', '404', 'default', 'x-a2a', '$ref', '/agents/a/send', 'on', 'yes', 'null', 'true', '1.0', '0x1F', 'a: b', '#x', "it's", 'key #c'),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '1.0',
    '3.2.0',
    'true',
    'False',
    '~',
    '',
    ' lead',
    'trail ',
    'a #b',
    'a: b',
    '- x',
    '@x',
    '`x',
    'line\nbreak',
    'two\n\nlines\n',
    'ünï €',
    '0o17',
    '0x1f',
    '.inf',
    '-.Inf',
    '.nan',
    '1e3',
    '+12',
    '007',
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
})).object;

const word = fc.stringMatching(/^[A-Za-z$/_.-][A-Za-z0-9$/_.{}:-]{0,10}$/);
const specScalar = fc.oneof(
  word,
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('1.0', '#/components/schemas/X', 'multi\nline\n'),
);
const specLike = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, specScalar, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  object: fc.dictionary(word, tie('node'), { minKeys: 1, maxKeys: 5 }),
})).object;

describe('readBlockYaml', () => {
  it('agrees with yaml on everything yaml writes (random documents, several styles)', () => {
    fc.assert(
      fc.property(value, fc.boolean(), fc.boolean(), fc.constantFrom(2, 4), (doc, indentSeq, singleQuote, indent) => {
        const text = YAML.stringify(doc, { indentSeq, singleQuote, indent, lineWidth: 0 });
        return agrees(text);
      }),
      { numRuns: 400 },
    );
  });

  it('reads most spec-like documents itself (the property above must not hold only because it gave up)', () => {
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(specLike, fc.boolean(), (doc, indentSeq) => {
        const text = YAML.stringify(doc, { indentSeq, lineWidth: 0 });
        runs++;
        if (readBlockYaml(text)) read++;
        return agrees(text);
      }),
      { numRuns: 300 },
    );
    expect(read / runs).toBeGreaterThan(0.9);
  });

  it('reads what Powerduck writes without falling back', () => {
    const doc = {
      openapi: '3.2.0',
      info: { title: 'T', version: '1.0' },
      paths: {
        '/a': {
          post: {
            summary: 'multi\nline',
            'x-a2a': { version: '1.0', example: { jsonrpc: '2.0', id: 1, params: { parts: [{ text: 'x' }, { data: { n: 1.5 } }] } }, empty: {}, list: [] },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const text = YAML.stringify(doc, { lineWidth: 0 });
    expect(readBlockYaml(text)?.value).toEqual(doc);
  });

  it('handles comments, compact sequences, quoted keys and literal blocks', () => {
    const text = [
      '# head',
      '---',
      'a: 1   # trailing',
      '\'quoted key\': "v\\u00e9"',
      'list:',
      '- x',
      '- k: v',
      '  j: w',
      '-',
      '  nested: true',
      'lit: |',
      '  one',
      '    two',
      '',
      'strip: |-',
      '  end',
      '# tail',
      '',
    ].join('\n');
    expect(agrees(text)).toBe(true);
    expect(readBlockYaml(text)?.value).toEqual({
      a: 1,
      'quoted key': 'vé',
      list: ['x', { k: 'v', j: 'w' }, { nested: true }],
      lit: 'one\n  two\n',
      strip: 'end',
    });
  });

  it('agrees with yaml on hand-written oddities', () => {
    const cases = [
      'a:    b   \n',
      'key :  value\n',
      'a: b#c\n',
      "a: 'it''s'\n",
      'a: "x" # c\n',
      'a: -1\nb: :x\nc: ?y\nd: -z\n',
      'a:\n  # c\n  b: 1\n',
      'a: |\n\n  x\n',
      'a: |-\n  x\n\n\nb: 1\n',
      'a: |\n  # not a comment\n  x\n# a comment\nb: 2\n',
      'a:\n- 1\n- 2\nb: 3\n',
      'a: 0o17\nb: 0x1F\nc: 1e3\nd: .5\ne: +7\nf: 1.50\ng: .NaN\n',
      '"a": 1\n\'b\': 2\n',
      'a: "tab\\tand \\u00e9 \\" \\\\"\n',
      'a: ~\nb: Null\nc:\nd: TRUE\n',
      'list:\n  - - 1\n    - 2\n  - - 3\n',
      '200: ok\n"201": created\n',
      'a:\n  b:\n    c: 1\n  # between\n  d: 2\n',
    ];
    for (const text of cases) {
      expect(readBlockYaml(text), JSON.stringify(text)).toBeDefined();
      expect(agrees(text), JSON.stringify(text)).toBe(true);
    }
  });

  /** White space YAML does not strip (YAML 1.2 §5.5: only space and tab are s-white), and a few it does. */
  const unicodeSpace = fc.constantFrom('\u00a0', '\u3000', '\ufeff', '\u2003', '\u2028', '\u200b', '\u0085', ' ', '  ');
  const padded = fc
    .tuple(
      fc.constantFrom('', 'k', 'get', '1', 'true', 'a b', '/agents/x', 'null'),
      fc.array(unicodeSpace, { maxLength: 3 }),
      fc.array(unicodeSpace, { maxLength: 3 }),
    )
    .map(([core, before, after]) => `${before.join('')}${core}${after.join('')}`);

  it('keeps non-YAML white space (NBSP, U+3000, U+FEFF…) as content, in keys and values, like yaml', () => {
    fc.assert(
      fc.property(padded, padded, fc.constantFrom('top', 'nested'), (k, v, where) => {
        if (/^[ ]|[ ]$/.test(k) && k.trim() === '') return true;
        const line = `${k}: ${v}`;
        const text = where === 'top' ? `a: 1\n${line}\n` : `a:\n  ${line}\n  z: 2\n`;
        let expected: unknown;
        try {
          expected = YAML.parse(text);
        } catch {
          return true;
        }
        const fast = readBlockYaml(text);
        return fast === undefined || deepEqual(fast.value, expected);
      }),
      { numRuns: 500 },
    );
  });

  it('reads `k: 1\u00a0` as the string "1\u00a0" and `get\u00a0:` as the key "get\u00a0", never 1 or "get"', () => {
    expect(readBlockYaml('k: 1\u00a0\n')?.value).toEqual({ k: '1\u00a0' });
    expect(readBlockYaml('k: 1\u3000\n')?.value).toEqual({ k: '1\u3000' });
    expect(readBlockYaml('k: true\ufeff\n')?.value).toEqual({ k: 'true\ufeff' });
    expect(readBlockYaml('paths:\n  /a:\n    get\u00a0: {}\n')?.value).toEqual({ paths: { '/a': { 'get\u00a0': {} } } });
    expect(readBlockYaml('k: 1   \n')?.value).toEqual({ k: 1 });
    for (const text of ['k: 1\u00a0\n', 'k: 1\u3000\n', 'paths:\n  /a:\n    get\u00a0: {}\n']) expect(agrees(text), JSON.stringify(text)).toBe(true);
  });

  it('falls back on everything outside the subset', () => {
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: {b: 1}\n',
      'a: [1]\n',
      'a: >\n  folded\n',
      'a: plain\n  continued\n',
      'a: "multi\n  line"\n',
      'a:\tb\n',
      'a: 1\r\nb: 2\r\n',
      '? complex\n: key\n',
      'a: 1\na: 2\n',
      '- top\n- level\n',
      'a: 1\n...\n',
      '%YAML 1.2\n---\na: 1\n',
      'a: |2\n    x\n',
      'a: |\n  x',
    ]) {
      expect(readBlockYaml(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});
