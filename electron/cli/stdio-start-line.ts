/**
 * The stdio command line the CLI prints before it starts a server ("Starting MCP server: …"), shown
 * as the app's start confirmation shows it (shared/mcp/command-preview.ts): the arguments (and the
 * folder it starts in, when one is set) with their `{{variables}}` filled in as the core will fill them
 * (a run's --env NAME=VALUE over the named environment's value), a secret-backed value by its
 * secret's name, never its value.
 */
import { isAbsolute, resolve } from 'node:path';
import { isCredentialName } from '../../shared/a2a/credential-names';
import { findEnvironment } from '../../shared/env/environments-model';
import type { PreviewValue } from '../../shared/env/variables';
import { commandPreview, environmentPreviewLookup } from '../../shared/mcp/command-preview';
import type { McpStdioTarget, McpTarget } from '../../shared/mcp/mcp-types';
import type { CliIo } from './cli-types';
import type { Core } from '../node/core';

export async function stdioStartLine(
  core: Core,
  target: Pick<McpStdioTarget, 'command' | 'args' | 'cwd' | 'cwdBase'>,
  given: { environment?: string; values?: Readonly<Record<string, string>> },
): Promise<string> {
  const values = given.values ?? {};
  let fromEnvironment: (name: string) => PreviewValue | undefined = () => undefined;
  if (given.environment !== undefined) {
    // An environment that cannot be read or is not there fills nothing here: the core refuses the start and says why.
    const listed = await core.dispatcher.invoke('env.list', {});
    if (listed.ok) fromEnvironment = environmentPreviewLookup(findEnvironment(listed.value, given.environment));
  }
  const lookup = (name: string): PreviewValue | undefined => {
    if (!Object.hasOwn(values, name)) return fromEnvironment(name);
    // A run value under a credential's name is kept out of the record like a secret's: not printed either.
    return isCredentialName(name) ? { secret: name } : { value: values[name] as string };
  };
  const preview = commandPreview(
    { command: target.command, ...(target.args ? { args: target.args } : {}), ...(target.cwd ? { cwd: target.cwd } : {}) },
    lookup,
  );
  return preview.cwd !== undefined ? `${preview.line} (in ${shownFolder(preview.cwd, target.cwdBase)})` : preview.line;
}

/** The folder as it will be used: a relative one read against its base (the core refuses one without a base, and says so). */
function shownFolder(cwd: string, base: string | undefined): string {
  return base && !isAbsolute(cwd) && !cwd.includes('{{') ? resolve(base, cwd) : cwd;
}

/**
 * `powerduck mcp … --stdio` and `send --mcp --stdio`: starting a process is code execution, so say
 * exactly what runs before it does (its environment's variables come from secrets).
 */
export async function announceStdio(core: Core, target: McpTarget, environment: string | undefined, io: CliIo): Promise<void> {
  if (target.transport !== 'stdio') return;
  const line = await stdioStartLine(core, target, environment !== undefined ? { environment } : {});
  io.stderr(`Starting MCP server: ${line}${target.env?.length ? ` (environment: ${target.env.map((e) => e.name).join(', ')} from secrets)` : ''}\n`);
}
