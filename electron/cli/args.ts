import { UsageError } from './cli-types';

export interface ParsedArgs {
  positionals: string[];
  /** Last value of each option. */
  options: Map<string, string>;
  /** Every value of repeatable options such as --header. */
  repeated: Map<string, string[]>;
  flags: Set<string>;
}

export interface ArgSpec {
  /** Options that take a value (`--endpoint URL`). */
  values?: readonly string[];
  /** Boolean flags (`--json`). */
  flags?: readonly string[];
  /**
   * Positionals may begin with `-` and a letter (`history list -source:check`: a search's exclusions).
   * Elsewhere such a word is an option this command does not have, and says so.
   */
  dashWords?: boolean;
}

/**
 * The one-letter spellings people type from curl and newman habit: `-H 'K: V'`, `-X POST`,
 * `-e NAME`, `-o FILE`. Each stands for its long option wherever the command has that option, with the value
 * as the next word or attached (`-H'K: V'`, as curl takes it).
 */
const shortOptions: ReadonlyMap<string, string> = new Map([
  ['H', 'header'],
  ['X', 'method'],
  ['e', 'env'],
  ['o', 'output'],
]);

/** `-H…` as `--header`, when the command takes `--header`; anything else is left as it was. */
function expandShort(
  arg: string,
  next: string | undefined,
  values: ReadonlySet<string>,
): { long: string; value: string | undefined; used: number } | undefined {
  if (!/^-[A-Za-z]/.test(arg)) return undefined;
  const long = shortOptions.get(arg.charAt(1));
  if (long === undefined || !values.has(long)) return undefined;
  return arg.length > 2 ? { long, value: arg.slice(2), used: 0 } : { long, value: next, used: 1 };
}

/** A small strict parser: unknown options are usage errors, `--opt=value` and `--opt value` both work. */
export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const flags = new Set(spec.flags ?? []);
  const parsed: ParsedArgs = { positionals: [], options: new Map(), repeated: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    const short = expandShort(arg, argv[i + 1], values);
    if (short) {
      if (short.value === undefined) throw new UsageError(`${arg} (--${short.long}) needs a value.`);
      parsed.options.set(short.long, short.value);
      parsed.repeated.set(short.long, [...(parsed.repeated.get(short.long) ?? []), short.value]);
      i += short.used;
      continue;
    }
    // `-x` that no short option claimed is an unknown option, not a stray argument; `-` (stdin) and
    // `-5` (a negative number) stay words.
    if (/^-[A-Za-z]/.test(arg) && !spec.dashWords) {
      const name = arg.slice(1).split('=')[0] ?? '';
      const long = flags.has(name) || values.has(name) ? ` (long options take two dashes: --${name})` : '';
      throw new UsageError(`Unknown option ${arg}${long}.`);
    }
    if (!arg.startsWith('--') || arg === '-') {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (flags.has(name)) {
      if (eq !== -1) throw new UsageError(`--${name} does not take a value.`);
      parsed.flags.add(name);
    } else if (values.has(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      parsed.options.set(name, value);
      parsed.repeated.set(name, [...(parsed.repeated.get(name) ?? []), value]);
    } else {
      throw new UsageError(`Unknown option --${name}.`);
    }
  }
  return parsed;
}

/** The option's value, or `fallback` when it was not given; an empty value is a usage error, not the default. */
export function optionOr(args: ParsedArgs, name: string, fallback: string): string {
  const value = args.options.get(name);
  if (value === '') throw new UsageError(`--${name} needs a value.`);
  return value ?? fallback;
}

export function requireOption(args: ParsedArgs, name: string): string {
  const value = args.options.get(name);
  if (value === undefined || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** `--proxy URL` (send, send --http): the core reads and checks it (http:// only, no credentials). */
export function proxyFrom(args: ParsedArgs): string | undefined {
  const value = args.options.get('proxy');
  if (value === '') throw new UsageError('--proxy needs the proxy URL (http://host:port).');
  return value;
}
