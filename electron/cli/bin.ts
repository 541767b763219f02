import { processIo, runCli } from './main';

/**
 * Status of a command whose reader went away (`powerduck send … | head -1`): what a shell reports for
 * a tool that SIGPIPE ended (128 + 13), so `set -o pipefail` scripts see the same as with any Unix tool.
 */
const closedPipeStatus = 141;

// A closed pipe is a normal end, not a crash with a stack trace: stop quietly (a stream is stopped
// locally, as Ctrl-C does). The core's exit hook writes the history entries still queued.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(closedPipeStatus);
});
// Nothing is left to tell when stderr's reader is gone; the command goes on.
process.stderr.on('error', () => undefined);

process.exitCode = await runCli(process.argv.slice(2), processIo());
