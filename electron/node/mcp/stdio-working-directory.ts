/**
 * The folder a stdio MCP server starts in. A relative `cwd` is read against `cwdBase` (the spec
 * file's folder of a saved operation, the CLI's current folder), never against wherever Powerduck
 * itself happens to run; the folder is checked before the process is spawned, because Node reports
 * a missing working directory as `spawn <command> ENOENT`, which blames the command.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { McpStdioTarget } from '../../../shared/mcp/mcp-types';
import { CoreError } from '../core-error';

/** The absolute folder `target` names, or undefined for Powerduck's own; refuses a relative one without a base. */
export function workingDirectoryOf(target: Pick<McpStdioTarget, 'cwd' | 'cwdBase'>): string | undefined {
  const cwd = target.cwd?.trim();
  if (!cwd) return undefined;
  if (isAbsolute(cwd)) return resolve(cwd);
  const base = target.cwdBase?.trim();
  if (base && isAbsolute(base)) return resolve(base, cwd);
  throw new CoreError(
    'bad-request',
    `The working directory "${cwd}" is a relative path and there is no folder to read it against: give an absolute path (a saved operation reads a relative one against its spec file's folder). Nothing was started.`,
  );
}

/** The folder to start in, checked to be an existing directory; a clear refusal otherwise (nothing is started). */
export async function checkedWorkingDirectory(target: Pick<McpStdioTarget, 'cwd' | 'cwdBase'>): Promise<string | undefined> {
  const dir = workingDirectoryOf(target);
  if (dir === undefined) return undefined;
  const found = await stat(dir).catch((e: NodeJS.ErrnoException) => e);
  if (found instanceof Error) {
    if (found.code === 'ENOENT' || found.code === 'ENOTDIR')
      throw new CoreError('not-found', `The working directory ${dir} does not exist. Nothing was started.`);
    throw new CoreError('io', `The working directory ${dir} cannot be read (${found.code ?? found.message}). Nothing was started.`);
  }
  if (!found.isDirectory()) throw new CoreError('bad-request', `The working directory ${dir} is a file, not a folder. Nothing was started.`);
  return dir;
}
