import type { CliCommand, CliIo, LazyCommand } from './cli-types';
import { exitCodes, UsageError } from './cli-types';
import { closeCliCores } from './cli-core';
import { commands } from './commands/index';
import { oneLine } from './one-line';
import { packageVersion } from '../node/package-version';

function helpText(list: readonly (CliCommand | LazyCommand)[]): string {
  const width = Math.max(8, ...list.map((c) => c.name.length));
  return [
    'powerduck — API, A2A and MCP debugging client (command line)',
    '',
    'Usage: powerduck <command> [options]',
    '',
    'Commands:',
    ...list.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  --help     show help (also: powerduck <command> --help)',
    '  --version  print the version',
    "  -H, -X, -e short for --header, --method, --env wherever a command takes them (-H 'K: V', as in curl)",
    '',
    'Exit codes: 0 success, 1 the agent or protocol said no, 2 usage, network or transport error.',
    '',
  ].join('\n');
}

/** The usage line of the subcommand the user typed (`history show …`), else the command's first. */
/**
 * The usage line of what was run: a subcommand's (`env set`), or a mode's (`send --mcp`,
 * `send --http`: a flag anywhere before a stdio command's `--`), else the command's first line.
 */
function usageLine(command: CliCommand, argv: readonly string[]): string {
  const lines = command.usage.split('\n');
  const ownLine = (word: string): string | undefined =>
    lines.find((l) => l.startsWith(`powerduck ${command.name} ${word} `) || l === `powerduck ${command.name} ${word}`);
  const sub = argv[0];
  const words = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length);
  const own =
    sub && !sub.startsWith('-')
      ? ownLine(sub)
      : words
          .filter((w) => w.startsWith('--'))
          .map(ownLine)
          .find((l) => l !== undefined);
  return own ?? lines[0] ?? '';
}

/** Commands come from the lazy table (commands/index.ts); tests may pass loaded commands directly. */
export async function runCli(argv: readonly string[], io: CliIo, list: readonly (CliCommand | LazyCommand)[] = commands): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(helpText(list));
    return first === undefined ? exitCodes.error : exitCodes.ok;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${packageVersion()}\n`);
    return exitCodes.ok;
  }
  const entry = list.find((c) => c.name === first);
  if (!entry) {
    io.stderr(`powerduck: unknown command '${first}'. Run 'powerduck --help' for the list.\n`);
    return exitCodes.error;
  }
  let command: CliCommand | undefined;
  const json = rest.includes('--json');
  let printed = false;
  let said = '';
  const tracked: CliIo = {
    ...io,
    stdout: (text) => {
      printed = true;
      return io.stdout(text);
    },
    stderr: (text) => {
      if (said.length < 4096) said += text;
      return io.stderr(text);
    },
  };
  // A script reading --json output gets JSON even when the command never ran (a bad option or URL):
  // one object on stdout with what stderr said, unless the command had already written its own.
  const jsonError = (kind: 'usage' | 'error', message: string): void => {
    if (json && !printed) io.stdout(`${JSON.stringify({ error: { kind, command: entry.name, message } })}\n`);
  };
  try {
    command = 'load' in entry ? await entry.load() : entry;
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.usage}\n`);
      return exitCodes.ok;
    }
    const code = await command.run(rest, tracked);
    if (code !== exitCodes.ok && said.trim()) jsonError('error', oneLine(said.trim().replace(new RegExp(`^powerduck ${entry.name}: `), '')));
    return code;
  } catch (error) {
    const message = oneLine(error instanceof Error ? error.message : String(error));
    const usage = error instanceof UsageError && command ? `\nUsage: ${usageLine(command, rest)}` : '';
    io.stderr(`powerduck ${entry.name}: ${message}${usage}\n`);
    jsonError(error instanceof UsageError ? 'usage' : 'error', message);
    return exitCodes.error;
  } finally {
    // History appends are batched: the last batch is written before the command returns.
    await closeCliCores();
  }
}

async function stdinBytes(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => Buffer.from(await stdinBytes()).toString('utf8'),
    readStdinBytes: stdinBytes,
    env: process.env,
    cwd: process.cwd(),
  };
}
