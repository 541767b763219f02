/**
 * The stdio command line the CLI prints before it starts a server ("Starting MCP server: …"), shown
 * as the app's start confirmation shows it (shared/mcp/command-preview.ts): the arguments with their
 * `{{variables}}` filled in as the core will fill them (a run's --env NAME=VALUE over the named
 * environment's value), a secret-backed value by its secret's name, never its value.
 */
import { isCredentialName } from '../../shared/a2a/credential-names';
import { findEnvironment } from '../../shared/env/environments-model';
import type { PreviewValue } from '../../shared/env/variables';
import { commandPreview, environmentPreviewLookup } from '../../shared/mcp/command-preview';
import type { McpStdioTarget, McpTarget } from '../../shared/mcp/mcp-types';
import type { CliIo } from './cli-types';
import type { Core } from '../node/core';

export async function stdioStartLine(
  core: Core,
  target: Pick<McpStdioTarget, 'command' | 'args'>,
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
  return commandPreview(target.command, target.args ?? [], lookup).line;
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
