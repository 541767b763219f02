import type { CliCommand } from '../cli-types';
import { cardCommand } from './card';
import { checkCommand } from './check';
import { runCommand } from './run';
import { sendCommand } from './send';
import { specCommand } from './spec';
import { servergenCommand } from './servergen';

/**
 * Subcommands register here, one line each, in the order `--help` lists them.
 * Each feature owns its own module under commands/.
 */
export const commands: CliCommand[] = [
  cardCommand,
  checkCommand,
  sendCommand,
  specCommand,
  runCommand,
  servergenCommand,
];
