import { describe, expect, it } from 'vitest';
import { readSumInput, type InputPart } from '../src/sum-input.js';

const text = (t: string): InputPart => ({ kind: 'text', text: t });
const data = (d: unknown): InputPart => ({ kind: 'data', data: d });

describe('readSumInput', () => {
  it.each([
    ['12 30', [12, 30]],
    ['[12,30]', [12, 30]],
    ['12+30', [12, 30]],
    ['sum 12 and 30 please', [12, 30]],
    ['-5 47', [-5, 47]],
    ['0.1 0.2', [0.1, 0.2]],
    ['4.2e1', [42]],
  ])('text %j → %j', (input, numbers) => {
    expect(readSumInput([text(input)])).toMatchObject({ ok: true, numbers });
  });

  it('adds text and data parts, ignores other parts and unrelated data', () => {
    const result = readSumInput([text('12'), { kind: 'other' }, data({ numbers: [30] }), data({ note: 'x' })]);
    expect(result).toEqual({ ok: true, numbers: [12, 30], total: 42 });
  });

  it.each([
    [[text('no digits')], 'no-numbers'],
    [[], 'no-numbers'],
    [[data({ numbers: [] })], 'no-numbers'],
    [[text('Infinity')], 'not-finite'],
    [[text('-inf 3')], 'not-finite'],
    [[data({ numbers: [Number.NaN] })], 'not-finite'],
    [[data({ numbers: [1, '2'] })], 'bad-data'],
    [[data({ numbers: { a: 1 } })], 'bad-data'],
    [[data({ numbers: Array.from({ length: 1001 }, () => 0) })], 'too-many'],
    [[text('1 '.repeat(600)), text('1 '.repeat(401))], 'too-many'],
  ])('refuses %j with %s', (parts, reason) => {
    const result = readSumInput(parts);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.explanation).toContain('I add up numbers');
  });
});
