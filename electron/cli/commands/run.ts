import type { RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { describeEvent, recordSeverity, summarizeExchange } from '../../../shared/a2a/exchange-summary';
import { openCliCore } from '../cli-core';
import type { Core } from '../../node/core';
import type { OAuth2Auth } from '../../../shared/a2a/auth';
import { callFromXA2a } from '../../../shared/openapi/call-from-operation';
import { signInIfNeeded } from '../oauth-sign-in';
import { parseArgs } from '../args';
import type { CliCommand } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { parseEnv } from '../env-args';
import { oneLine } from '../one-line';
import { streamToEnd } from '../cli-stream';
import { streamHeading } from '../stream-heading';
import { resolveSpecFile, specFileLookupUsage } from '../spec-file';
import { stdioFolderFrom } from './mcp';
import { runMcpOperation, savedMcpOperation } from './run-mcp';
import { isHttpOperationArg, runHttpFlags, runHttpOperation, runHttpUsage, runHttpValueOptions } from './send-http';

const usage = `powerduck run <file> <path> [--env NAME] [--env NAME=VALUE]... [--json]

Sends the operation saved at <path> in the OpenAPI file <file> (see 'powerduck spec'): an A2A (x-a2a) or
MCP (x-mcp) operation by its path, a plain HTTP one by its method and path ("GET /items/{id}", see below).
An A2A message goes out with a new messageId each run, as Send in the app (the file keeps its own);
'powerduck history replay ID --same-message-id' sends one message again.
  --env NAME        fill the operation's {{variables}} from this environment (see 'powerduck env')
  --env NAME=VALUE  a value for this run (repeatable), never saved: fills {{NAME}} over the
                    environment's value (or with no environment at all; a credential-named value is
                    redacted like a secret's), the operation's auth reference {env: NAME} reads it
                    first (then the process environment), and a {secretRef: NAME} missing from the
                    secret store falls back to it
  --json            print the exchange record as JSON; for streams, one JSON line per event first

An operation saved with OAuth 2.0 gets its token as send --oauth2 does: client credentials from the
issuer; device code and authorization code ask you to sign in (on stderr) only when no cached token
can be used or refreshed.

Exit codes (as for send): 0 ok, 1 the agent said no (RPC/HTTP/gRPC error) or answered something that
is not A2A (a body that is not JSON, an HTML page), 2 usage, file, network or transport error.

${specFileLookupUsage}

An MCP operation (x-mcp, docs/x-mcp.md) reconnects to its server (a stdio server's command line is
printed before it starts, its {{variables}} filled in, a secret-backed one by its secret's name) and calls its method; exit 1 for a JSON-RPC error, an isError result or
structuredContent that breaks the saved outputSchema. --env NAME and --env NAME=VALUE work as above.
  --allow-stdio     run an MCP operation whose server is a stdio command: it starts the program the
                    file names, so it is refused (exit 2, the command line shown) without this flag
  --cwd DIR         start that stdio server in DIR instead of the folder the operation saves (DIR is
                    read against the current folder, {{variables}} filled; a missing folder exits 2)
  --elicit-answer JSON  when the server asks for input (elicitation), accept with these values (a JSON
                    object fitting its form); without it the request is declined
  --sampling-answer TEXT  offer sampling and answer every sampling/createMessage with TEXT; without it
                    sampling is not offered
  --log-level L     send logging/setLevel L first (debug … emergency)

${runHttpUsage}`;

/** The OAuth 2.0 auth of the saved A2A operation, if it has one (anything unreadable is left to spec.runStream to report). */
async function savedOAuth(core: Core, file: string, path: string): Promise<OAuth2Auth | undefined> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  if (!opened.ok) return undefined;
  const op = opened.value.operations.find((o) => o.path === path && o.kind === 'a2a');
  const auth = op?.a2a ? callFromXA2a(op.a2a).auth : undefined;
  return auth?.type === 'oauth2' ? auth : undefined;
}

const savedValueOptions = ['env', 'elicit-answer', 'sampling-answer', 'log-level', 'cwd'] as const;
const savedFlags = ['json', 'allow-stdio'] as const;

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'send a request saved in an OpenAPI file (x-a2a, x-mcp, or any HTTP operation as "GET /path")',
  usage,
  async run(argv, io) {
    // "GET /pets/{id}" names a plain HTTP operation of an OpenAPI document (send-http.ts). Read with
    // every option either form takes, so an option's value (--env "Walk Coll") is never taken for it.
    const probe = parseArgs(argv, { values: [...savedValueOptions, ...runHttpValueOptions], flags: [...savedFlags, ...runHttpFlags] });
    if (isHttpOperationArg(probe.positionals[1])) return runHttpOperation(argv, io);
    const args = parseArgs(argv, { values: savedValueOptions, flags: savedFlags });
    if (args.positionals.length !== 2) throw new UsageError('Expected <file> <path>.');
    const [fileArg, path] = args.positionals as [string, string];
    const { values: env, environment } = parseEnv(args.repeated.get('env') ?? []);
    const json = args.flags.has('json');
    // As send --mcp --cwd: read against the folder powerduck runs in, not the spec's.
    const folder = stdioFolderFrom(args, io.cwd);
    const core = await openCliCore(io);
    const file = resolveSpecFile(fileArg, io, core, 'run');
    const mcp = await savedMcpOperation(core, file, path);
    if (folder && mcp?.call.target.transport !== 'stdio') {
      await core.close();
      throw new UsageError(`--cwd applies to an MCP operation whose server is a stdio command; ${path} is not one.`);
    }
    if (mcp) {
      try {
        return await runMcpOperation(
          core,
          mcp,
          {
            values: env,
            ...(environment !== undefined ? { environment } : {}),
            json,
            allowStdio: args.flags.has('allow-stdio'),
            ...(folder ? { cwd: folder } : {}),
            ...(args.options.has('elicit-answer') ? { elicitAnswer: args.options.get('elicit-answer') as string } : {}),
            ...(args.options.has('sampling-answer') ? { samplingAnswer: args.options.get('sampling-answer') as string } : {}),
            ...(args.options.has('log-level') ? { logLevel: args.options.get('log-level') as string } : {}),
          },
          io,
        );
      } finally {
        await core.close();
      }
    }

    // A saved OAuth grant that needs the person (device code, authorization code) signs in first
    // when no token is usable yet; later runs reuse or refresh the cached one.
    const saved = await savedOAuth(core, file, path);
    if (saved) {
      const signIn = await signInIfNeeded(core, saved, environment, io);
      if (signIn) {
        io.stderr(`powerduck run: ${oneLine(signIn.message)}\n`);
        return exitCodes.error;
      }
    }

    let live = 0;
    // In text, what was run comes before the first event; the closing summary names the exact request sent.
    let headed = json;
    const printEvent = (event: RecordedStreamEvent): void => {
      if (!headed) {
        headed = true;
        io.stdout(`${streamHeading(path, file, 'saved operation')}\n`);
      }
      io.stdout(json ? `${JSON.stringify(event)}\n` : `${describeEvent(event)}\n`);
    };
    // One path for unary and streaming methods: stream events print as they arrive.
    const { record, failure } = await streamToEnd(
      core,
      'spec.runStream',
      { file, path, env, ...(environment !== undefined ? { environment } : {}) },
      (event) => {
        live++;
        printEvent(event);
      },
    );
    if (failure) {
      io.stderr(`powerduck run: ${oneLine(failure.message)}\n`);
      return exitCodes.error;
    }
    if (!record) {
      io.stderr('powerduck run: the call ended without a record.\n');
      return exitCodes.error;
    }
    if (json) io.stdout(`${JSON.stringify(record)}\n`);
    else if (live === 0 && record.events?.length) {
      // Events that came only with the record print under its request line.
      const [requestLine, ...rest] = summarizeExchange(record);
      io.stdout(`${[requestLine, ...record.events.map(describeEvent), ...rest].join('\n')}\n`);
    } else io.stdout(`${summarizeExchange(record).join('\n')}\n`);
    const severity = recordSeverity(record);
    return severity === 'ok' ? exitCodes.ok : severity === 'refused' ? exitCodes.refused : exitCodes.error;
  },
};
