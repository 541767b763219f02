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

  it('a short option the command does not take stays what it was (a word), and after -- everything is a word', () => {
    expect(parseArgs(['-H', 'x'], { values: ['url'] }).positionals).toEqual(['-H', 'x']);
    expect(parseArgs(['--', '-X', 'POST'], spec)).toMatchObject({ positionals: ['-X', 'POST'], options: new Map() });
    // A lone "-" (standard input) and other letters are not options.
    expect(parseArgs(['-', '-q'], spec).positionals).toEqual(['-', '-q']);
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
