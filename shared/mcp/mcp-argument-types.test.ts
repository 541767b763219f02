import { describe, expect, it } from 'vitest';
import { argumentTypeMessage, argumentTypeProblems, hasVariableArguments } from './mcp-argument-types';

const schema = {
  type: 'object',
  properties: { n: { type: 'integer' }, r: { type: 'number' }, on: { type: 'boolean' }, maybe: { type: ['number', 'null'] }, free: {} },
};
const text = '{"name": "t", "arguments": {"n": {{n}}, "r": {{r}}, "on": {{on}}, "maybe": {{m}}, "free": {{f}}, "lit": 1}}';

describe('arguments written as a whole {{variable}}, checked once filled', () => {
  it('passes values of the declared type (an integer is a number), and leaves untyped properties alone', () => {
    expect(argumentTypeProblems(text, { name: 't', arguments: { n: 3, r: 4, on: false, maybe: null, free: 'x', lit: 1 } }, schema)).toEqual([]);
  });

  it('names each argument whose value is of another type, with its variable, and never quotes the value', () => {
    const problems = argumentTypeProblems(text, { name: 't', arguments: { n: 2.5, r: 'four', on: 1, maybe: true, free: 'x' } }, schema);
    expect(problems).toEqual([
      { argument: 'n', variable: 'n', expected: ['integer'], got: 'number' },
      { argument: 'r', variable: 'r', expected: ['number'], got: 'string' },
      { argument: 'on', variable: 'on', expected: ['boolean'], got: 'integer' },
      { argument: 'maybe', variable: 'm', expected: ['number', 'null'], got: 'boolean' },
    ]);
    const message = argumentTypeMessage(problems, 'dev');
    expect(message).toContain('The argument "n" takes a whole number (the tool\'s inputSchema), but {{n}} in the environment "dev" holds a number.');
    expect(message).toContain('"maybe" takes a number or null');
    expect(message).not.toContain('four');
  });

  it('checks only whole references: a literal of the wrong type is the server’s to judge', () => {
    expect(argumentTypeProblems('{"name": "t", "arguments": {"n": "x", "r": "{{r}}"}}', { arguments: { n: 'x', r: 'y' } }, schema)).toEqual([]);
  });

  it('tells params with an argument written as a whole {{variable}} from those without (quoted, nested, or no arguments)', () => {
    expect(hasVariableArguments(text)).toBe(true);
    expect(hasVariableArguments('{"name": "t", "arguments": {"n": "{{n}}", "o": {"deep": {{d}}}}}')).toBe(false);
    expect(hasVariableArguments('{"name": {{tool}}}')).toBe(false);
    expect(hasVariableArguments('not json {{n}}')).toBe(false);
  });

  it('says the tool was not called when the schema came from the server in the call’s session', () => {
    const problems = argumentTypeProblems(text, { arguments: { n: 'five' } }, schema);
    const message = argumentTypeMessage(problems, undefined, true);
    expect(message).toContain("(the tool's inputSchema, as the server lists it), but {{n}} holds text.");
    expect(message).toMatch(/The tool was not called\.$/);
  });
});
