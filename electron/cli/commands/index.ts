import type { CliCommand } from '../cli-types';

/**
 * Subcommands register here, one line each, in the order `--help` lists them.
 * Each feature owns its own module under commands/.
 */
export const commands: CliCommand[] = [];
