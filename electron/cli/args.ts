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
