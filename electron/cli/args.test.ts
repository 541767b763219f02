import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { UsageError } from './cli-types';

const spec = { values: ['header', 'method', 'env', 'url'], flags: ['json'] };

describe('parseArgs', () => {
  it('takes -H, -X and -e as --header, --method and --env, with the value next or attached as curl does', () => {
    const args = parseArgs(['-X', 'PUT', '-H', 'A: 1', '-HB: 2', '--header', 'C: 3', '-e', 'staging', '--url', 'http://h/'], spec);
    expect(args.options.get('method')).toBe('PUT');
    expect(args.repeated.get('header')).toEqual(['A: 1', 'B: 2', 'C: 3']);
    expect(args.options.get('env')).toBe('staging');
    expect(args.positionals).toEqual([]);
  });

  it('a short option without its value is a usage error naming the long one', () => {
    expect(() => parseArgs(['--url', 'http://h/', '-H'], spec)).toThrow(new UsageError('-H (--header) needs a value.'));
  });

  it('a single-dash option nobody claims is an unknown option, not a stray argument', () => {
    // The walkthrough's case: `run spec.yaml "GET /x" -v` said "Expected <file> ..." instead.
    expect(() => parseArgs(['spec.yaml', 'GET /x', '-v'], spec)).toThrow(new UsageError('Unknown option -v.'));
    // A known short letter on a command without its long option is unknown there too.
    expect(() => parseArgs(['-H', 'x'], { values: ['url'] })).toThrow(new UsageError('Unknown option -H.'));
    // A long option typed with one dash gets the spelling it needs.
    expect(() => parseArgs(['-json'], spec)).toThrow(new UsageError('Unknown option -json (long options take two dashes: --json).'));
    expect(() => parseArgs(['-url=http://h/'], spec)).toThrow('long options take two dashes: --url');
  });

  it('"-" (standard input), negative numbers and everything after -- stay words', () => {
    expect(parseArgs(['-', '-5', '-0.5'], spec).positionals).toEqual(['-', '-5', '-0.5']);
    expect(parseArgs(['--url', '-1', '-H', '-v'], spec)).toMatchObject({
      options: new Map([
        ['url', '-1'],
        ['header', '-v'],
      ]),
    });
    expect(parseArgs(['--', '-X', 'POST', '-v'], spec)).toMatchObject({ positionals: ['-X', 'POST', '-v'], options: new Map() });
  });

  it("a command whose words may start with a dash (a search's exclusions) keeps them as words", () => {
    expect(parseArgs(['-source:check', '-v', '--json'], { flags: ['json'], dashWords: true })).toMatchObject({
      positionals: ['-source:check', '-v'],
      flags: new Set(['json']),
    });
  });

  it('the value after a short option is taken as is, even when it starts with a dash', () => {
    expect(parseArgs(['-H', '--not-an-option: x'], spec).repeated.get('header')).toEqual(['--not-an-option: x']);
  });

  it('long options keep their strictness: unknown ones and values on flags are usage errors', () => {
    expect(() => parseArgs(['--nope'], spec)).toThrow('Unknown option --nope.');
    expect(() => parseArgs(['--json=1'], spec)).toThrow('--json does not take a value.');
    expect(() => parseArgs(['--url'], spec)).toThrow('--url needs a value.');
  });
});
