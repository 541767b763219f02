/**
 * The command line a stdio MCP server starts with, as it is shown before it starts: the app's start
 * confirmation and the CLI's "Starting MCP server:" line read it here, so both show the same thing.
 */
import type { SecretSource } from '../a2a/auth';
import { isCredentialName } from '../a2a/credential-names';
import type { Environment } from '../env/environments-model';
import { plainCredential } from '../env/environments-model';
import { previewText, variableNamesIn, wholeReference, type PreviewValue } from '../env/variables';
import type { McpEnvEntry, McpStdioTarget } from './mcp-types';

/** A shell-readable rendering of the command line (nothing runs through a shell). */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (word: string): string => (word === '' ? "''" : /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [command, ...args].map(quote).join(' ');
}

/** One environment variable of the server as the confirmation shows it: a secret by name, a plain credential hidden. */
export interface EnvPreview {
  name: string;
  shown: string;
}

/** The command line a stdio server starts with, as the confirmation shows it (see commandPreview). */
export interface CommandPreview {
  /** Shell-readable, the arguments' variables filled in, a secret-backed one as ‹secret: NAME›. */
  line: string;
  /**
   * The folder it starts in, its variables filled in as the arguments' are (absent: Powerduck's own).
   * A relative one is shown as written, with `cwdBase`: the folder it is read against.
   */
  cwd?: string;
  cwdBase?: string;
  /** The server's environment variables, each as `shown` (envPreview). */
  env: EnvPreview[];
  /** Whether anything was filled in (the confirmation then says where from). */
  filled: boolean;
  /** Names no value fills (unknown, or in a loop): the core refuses to start with them. */
  unfilled: string[];
}

/** What is left of a shown value once secret names, hidden names and unfilled references are taken out. */
function plainPart(shown: string): string {
  return shown.replace(/‹(?:secret|hidden): [^›]*›|\{\{[^}]*\}\}/g, '').trim();
}

/**
 * A server's environment variable as shown before it starts: a named secret by its name, a process
 * environment variable as `$NAME`, a `{{variable}}` filled as the arguments are. A value typed in (or a
 * plain variable's) under a name that says credential (credential-names.ts, the rule headers and history
 * use) is shown as ‹hidden›: a preview is read over a shoulder and captured in screenshots.
 */
function envEntryPreview(entry: McpEnvEntry, lookup: (name: string) => PreviewValue | undefined): EnvPreview {
  const source: SecretSource = entry.value;
  if ('env' in source) return { name: entry.name, shown: `$${source.env}` };
  const text = 'secretRef' in source ? source.secretRef : source.value;
  if (text.trim() === '') return { name: entry.name, shown: '' };
  if ('secretRef' in source && wholeReference(text.trim()) === undefined) return { name: entry.name, shown: `‹secret: ${text}›` };
  const shown = previewText(text, lookup);
  return { name: entry.name, shown: isCredentialName(entry.name) && plainPart(shown) !== '' ? '‹hidden›' : shown };
}

/**
 * What will actually run: the arguments (and the working directory) with the `{{variables}}` filled in
 * as the core fills them at start (values that use other variables too; the command itself is run as
 * written, mcp-variables.ts), a secret-backed value shown by its secret's name, never its value, a
 * plain one named like a credential hidden. A `{{$dynamic}}` stays as written: it gets a fresh value at start.
 */
export function commandPreview(
  target: Pick<McpStdioTarget, 'command' | 'args' | 'env' | 'cwd' | 'cwdBase'>,
  lookup: (name: string) => PreviewValue | undefined,
): CommandPreview {
  const args = target.args ?? [];
  const filledArgs = args.map((arg) => previewText(arg, lookup));
  const cwd = target.cwd?.trim() ? target.cwd.trim() : undefined;
  const filledCwd = cwd !== undefined ? previewText(cwd, lookup) : undefined;
  const env = (target.env ?? []).map((entry) => envEntryPreview(entry, lookup));
  const texts = [...filledArgs, ...(filledCwd !== undefined ? [filledCwd] : []), ...env.map((e) => e.shown)];
  return {
    line: commandLine(target.command, filledArgs),
    ...(filledCwd !== undefined ? { cwd: filledCwd } : {}),
    ...(filledCwd !== undefined && target.cwdBase ? { cwdBase: target.cwdBase } : {}),
    env,
    filled: filledArgs.some((arg, i) => arg !== args[i]) || filledCwd !== cwd,
    unfilled: [...new Set(texts.flatMap(variableNamesIn))],
  };
}

/**
 * For previews: an environment's plain value, or its secret's name (a secret's value is never read
 * for one); a plain value named like a credential (plainCredential: the rule the Code examples and
 * the environments dialog use) is hidden, as history and code examples keep it out.
 */
export function environmentPreviewLookup(env: Environment | undefined): (name: string) => PreviewValue | undefined {
  return (name) => {
    const v = env?.variables.find((x) => x.name === name);
    if (!v) return undefined;
    if (v.secret !== undefined) return { secret: v.secret };
    return plainCredential(v) ? { hidden: v.name } : { value: v.value ?? '' };
  };
}
