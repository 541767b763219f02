/**
 * The command line a stdio MCP server starts with, as it is shown before it starts: the app's start
 * confirmation and the CLI's "Starting MCP server:" line read it here, so both show the same thing.
 */
import type { Environment } from '../env/environments-model';
import { previewText, variableNamesIn, type PreviewValue } from '../env/variables';

/** A shell-readable rendering of the command line (nothing runs through a shell). */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (word: string): string => (word === '' ? "''" : /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [command, ...args].map(quote).join(' ');
}

/** The command line a stdio server starts with, as the confirmation shows it (see commandPreview). */
export interface CommandPreview {
  /** Shell-readable, the arguments' variables filled in, a secret-backed one as ‹secret: NAME›. */
  line: string;
  /** Whether anything was filled in (the confirmation then says where from). */
  filled: boolean;
  /** Names no value fills (unknown, or in a loop): the core refuses to start with them. */
  unfilled: string[];
}

/**
 * What will actually run: the arguments with the `{{variables}}` filled in as the core fills them
 * at start (values that use other variables too; the command itself is run as written,
 * mcp-variables.ts), a secret-backed value shown by its secret's name, never its value. A
 * `{{$dynamic}}` stays as written: it gets a fresh value at start.
 */
export function commandPreview(command: string, args: readonly string[], lookup: (name: string) => PreviewValue | undefined): CommandPreview {
  const filledArgs = args.map((arg) => previewText(arg, lookup));
  const unfilled = [...new Set(filledArgs.flatMap(variableNamesIn))];
  return { line: commandLine(command, filledArgs), filled: filledArgs.some((arg, i) => arg !== args[i]), unfilled };
}

/** For previews: an environment's plain value, or its secret's name (a secret's value is never read for one). */
export function environmentPreviewLookup(env: Environment | undefined): (name: string) => PreviewValue | undefined {
  return (name) => {
    const v = env?.variables.find((x) => x.name === name);
    if (!v) return undefined;
    return v.secret !== undefined ? { secret: v.secret } : { value: v.value ?? '' };
  };
}
