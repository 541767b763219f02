/** What every subcommand gets: parsed argv, output streams and the environment. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (for `--body -`, `card verify -`). */
  readStdin: () => Promise<string>;
  /** Reads all of standard input as bytes (`send --http --body -`: a body is sent as it came, never re-encoded). */
  readStdinBytes: () => Promise<Uint8Array>;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes shared by all subcommands. */
export const exitCodes = {
  ok: 0,
  /** The agent or protocol said no: RPC error, invalid signature, failed check. */
  refused: 1,
  /** Usage, network or transport error. */
  error: 2,
} as const;

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command as the CLI's table lists it: what `--help` prints, and how to load the rest on use. */
export interface LazyCommand {
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}
