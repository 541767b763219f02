import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Core } from '../node/core';
import type { CliIo } from './cli-types';

/** The lookup rule in a command's usage text, so every command that names a spec file says it the same way. */
export const specFileLookupUsage =
  "A relative spec file name is looked up in the working folder, then in the workspace (where import copies\nfiles); in both, the working folder's is used and stderr names the other.";

/**
 * The spec file a command means: an absolute path as given; a relative one in the working folder when it is
 * there, else in the workspace (where `powerduck import` copies files), so `run openapi.json …` finds the copy
 * import just made. Found in both, the working folder's wins and stderr says so, naming the other.
 * Found in neither, the working folder's path (the command's own "does not exist" names it).
 */
export function resolveSpecFile(fileArg: string, io: CliIo, core: Core, command: string): string {
  return lookUp(fileArg, io, core, command, 'working folder');
}

/**
 * The spec file a command writes into (`import --into`): found as resolveSpecFile finds it, so the file it
 * writes is the one `run NAME` then runs; a name found in neither place is a new file in the workspace,
 * where import puts what it makes.
 */
export function resolveSpecTarget(fileArg: string, io: CliIo, core: Core, command: string): string {
  return lookUp(fileArg, io, core, command, 'workspace');
}

function lookUp(fileArg: string, io: CliIo, core: Core, command: string, whenNowhere: 'working folder' | 'workspace'): string {
  if (isAbsolute(fileArg)) return resolve(fileArg);
  const here = resolve(io.cwd, fileArg);
  const inWorkspace = resolve(core.env.dataDir.workspaceDir, fileArg);
  const hereExists = existsSync(here);
  const thereExists = here !== inWorkspace && existsSync(inWorkspace);
  if (!hereExists && !thereExists) return whenNowhere === 'workspace' ? inWorkspace : here;
  if (!thereExists) return here;
  if (!hereExists) return inWorkspace;
  io.stderr(
    `powerduck ${command}: ${fileArg} is in the working folder and in the workspace; using ${here} (not ${inWorkspace}: give its full path for that one).\n`,
  );
  return here;
}
