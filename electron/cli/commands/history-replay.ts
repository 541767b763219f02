/**
 * `powerduck history replay ID`: sends a history entry's request again. The entry is read by the same
 * reader as the app's "Open as new request" (shared/history/replay-request.ts), so the CLI and a reopened
 * tab send the same request: the address and header rows as written, `{{variables}}` and all (filled in
 * from --env, as `send --env`), auth by secret or variable name. The new exchange is recorded in the
 * history like any send. What history never keeps (a body under hashed bodies, a credential typed in
 * directly, a binary file) is named and nothing is sent (exit 2), unless an option gives it back.
 */
import type { AuthConfig } from '../../../shared/a2a/auth';
import type { A2aCall, CallTls, HeaderEntry } from '../../../shared/a2a/call';
import { withFreshMessageId } from '../../../shared/a2a/fresh-message-id';
import { REDACTED } from '../../../shared/a2a/redaction';
import type { HistoryEntry, HistoryTls, HttpSendSettings } from '../../../shared/history/history-types';
import { a2aReplayOf, entryProtocol, httpReplayOf, mcpReplayOf, type BodyNotKept } from '../../../shared/history/replay-request';
import type { HttpRequest } from '../../../shared/http/http-types';
import type { McpCallRequest, McpTarget } from '../../../shared/mcp/mcp-types';
import type { Core } from '../../node/core';
import { parseArgs, type ParsedArgs } from '../args';
import { openCliCore } from '../cli-core';
import { exitCodes, UsageError, type CliIo } from '../cli-types';
import { parseHeader } from '../header-arg';
import { oneLine } from '../one-line';
import { signInIfNeeded } from '../oauth-sign-in';
import { stdioStartLine } from '../stdio-start-line';
import { callMcpAndPrint, elicitAnswerFrom, samplingFrom, timeoutFrom } from './mcp';
import { signedIn } from './mcp-sign-in';
import { sendA2aCall } from './send';
import { outputFrom, sendHttpAndPrint } from './send-http';

/** The synopsis and the option lines `history --help` shows for replay. */
export const replaySynopsis = `powerduck history replay ID [--env NAME] [--header 'K: V']... [--token T | --token-env NAME]
                [--same-message-id] [--allow-stdio] [--pfx-passphrase-env NAME] [--timeout MS] [-o|--output FILE] [--json]`;

export const replayHelp = `  replay sends the entry's request again (A2A, plain HTTP or MCP) as "Open as new request" in the
         app would: the address, header rows and auth as written, {{variables}} filled in from
         --env NAME; the new exchange is recorded in the history. It needs the entry's body: under
         hashed bodies (the default) only its SHA-256 is kept (powerduck history settings
         --full-bodies on keeps bodies of later sends, redacted); a body over the record's size
         limit is kept cut and is not sent in part
  --header 'K: V'    replaces the entry's header row of that name, or adds one (e.g. a credential
                     header history did not keep: --header 'X-Api-Key: {{apiKey}}')
  --token T | --token-env NAME
                     a bearer token instead of the entry's auth (when it was typed in, not kept)
  --same-message-id  A2A: send the same message again (a retry: history counts it as the next
                     attempt of that messageId); by default a new messageId, as Send in the app
  --allow-stdio      MCP: start the entry's stdio server (its command line is printed first)
  --pfx-passphrase-env NAME
                     plain HTTP and MCP: the passphrase of the entry's client key (history keeps
                     the certificate and key paths; an MCP entry keeps a passphrase by secret or
                     variable name, never one typed in, and plain HTTP none)
  --timeout MS       time allowed for the call (default: the entry's, else 60000)
  -o, --output FILE  plain HTTP: write the response body's exact bytes to FILE as they arrive (any
                     size), as send --http -o does
  A plain HTTP entry is sent with its own settings: redirects followed or not (and their limit),
  the cookie jar used or not, certificate checks off, extra CA and client certificate (by path),
  its timeout; an A2A entry with its timeout and connect timeout; both through the proxy they went
  through (a Settings choice included), or direct; an entry recorded before these were kept is sent
  with the defaults. An MCP entry
  over HTTPS is sent with its certificate checks, extra CA and client certificate as kept
  --json             print the exchange record as JSON, as send does
  Exit codes: 0 ok, 1 the peer answered with an error, 2 the entry cannot be sent again (unknown id,
  body or credential not kept), usage, network or transport error, or a proxy that let nothing
  through (unreachable, CONNECT refused, 407)`;

/** Why a replay sends nothing: printed on stderr, exit 2. */
class CannotReplay extends Error {}

/** The body-not-kept refusal, said the same way for every protocol. */
function notKept(entry: HistoryEntry, what: string, body: BodyNotKept): CannotReplay {
  if (body.keptBytes !== undefined)
    return new CannotReplay(
      `History entry ${entry.id}'s ${what} was cut at ${body.keptBytes} bytes when it was recorded (it was ${body.bytes} bytes, over the size a record keeps), so it cannot be replayed exactly and nothing was sent. ` +
        'Send the whole body again with powerduck send --body @FILE.',
    );
  return new CannotReplay(
    `History entry ${entry.id} kept only the ${what}'s size and SHA-256 (${body.bytes} bytes; full bodies were off when it was sent), so it cannot be sent again. ` +
      'Turn full bodies on (powerduck history settings --full-bodies on, or the History view in the app) and the sends after that can be replayed.',
  );
}

function redactedIn(value: unknown): boolean {
  return value !== undefined && JSON.stringify(value).includes(REDACTED);
}

function refuseRedacted(entry: HistoryEntry, value: unknown, where: string): void {
  if (redactedIn(value))
    throw new CannotReplay(
      `History entry ${entry.id}'s ${where} held a secret value, which history keeps only as ${REDACTED}: sending it again would send that placeholder. ` +
        'Send the request from the app or with powerduck send, with the secret by name.',
    );
}

interface Overrides {
  headers: HeaderEntry[];
  auth?: AuthConfig;
  /** The environment variable holding the client key's passphrase (plain HTTP). */
  passphraseEnv?: string;
}

function overridesFrom(args: ParsedArgs): Overrides {
  const token = args.options.get('token');
  const tokenEnv = args.options.get('token-env');
  if (token !== undefined && tokenEnv !== undefined) throw new UsageError('Use either --token or --token-env, not both.');
  if (token === '' || tokenEnv === '')
    throw new UsageError(`--${token === '' ? 'token' : 'token-env'} is empty; give the token (or the variable name holding it).`);
  const auth: AuthConfig | undefined =
    token !== undefined ? { type: 'bearer', token: { value: token } } : tokenEnv !== undefined ? { type: 'bearer', token: { env: tokenEnv } } : undefined;
  const passphraseEnv = args.options.get('pfx-passphrase-env');
  if (passphraseEnv === '') throw new UsageError('--pfx-passphrase-env needs the name of the environment variable holding the passphrase.');
  return {
    headers: (args.repeated.get('header') ?? []).map(parseHeader),
    ...(auth ? { auth } : {}),
    ...(passphraseEnv !== undefined ? { passphraseEnv } : {}),
  };
}

/** The entry's header rows with --header rows put in place of those of the same name (or added). */
function withHeaders(rows: readonly HeaderEntry[], given: readonly HeaderEntry[]): HeaderEntry[] {
  const named = new Set(given.map((h) => h.name.toLowerCase()));
  return [...rows.filter((row) => !named.has(row.name.toLowerCase())), ...given];
}

/**
 * What the request needs and the entry does not hold, after the options: a credential typed in
 * directly (auth, or a header row the template emptied and switched off, as the entry view says).
 */
function credentialGaps(entry: HistoryEntry, headers: readonly HeaderEntry[], overrides: Overrides): void {
  const gaps: string[] = [];
  if (entry.replay?.authNotKept && !overrides.auth && overrides.headers.length === 0)
    gaps.push('its auth was a credential typed in directly: give it with --token-env NAME (a bearer token) or --header');
  for (const row of headers)
    if (row.enabled === false && row.value === '')
      gaps.push(
        `the header ${row.name} held a credential: give it with --header '${row.name}: {{variable}}' (filled in from --env) or --header '${row.name}: VALUE'`,
      );
  if (gaps.length) throw new CannotReplay(`History entry ${entry.id}'s request had credentials history never keeps, so it was not sent: ${gaps.join('; ')}.`);
}

function a2aCall(entry: HistoryEntry, args: ParsedArgs, overrides: Overrides, io: CliIo): A2aCall {
  const replay = a2aReplayOf(entry);
  const { version, binding } = replay;
  if (!version || !binding) throw new CannotReplay(`History entry ${entry.id} names no A2A version and binding to send it with.`);
  if (!replay.body.kept) throw notKept(entry, 'request body', replay.body.notKept);
  refuseRedacted(entry, replay.body.value, 'request body');
  refuseRedacted(entry, replay.endpoint, 'endpoint');
  const headers = withHeaders(replay.headers, overrides.headers);
  credentialGaps(entry, headers, overrides);
  const sent = headers.filter((h) => h.enabled !== false);
  let body = replay.body.value;
  if (!args.flags.has('same-message-id')) {
    // As Send in the app: a new message each time, unless the person asks for a retry of the same one.
    const fresh = withFreshMessageId(replay.method, JSON.stringify(body));
    if (fresh.changed) {
      body = JSON.parse(fresh.text) as unknown;
      io.stderr(
        `New messageId ${fresh.messageId}${fresh.previous ? ` (the entry sent ${fresh.previous})` : ''}; --same-message-id resends the same message.\n`,
      );
    }
  }
  const auth = overrides.auth ?? replay.auth;
  const tenant = replay.tenant.trim();
  return {
    version,
    binding,
    endpoint: replay.endpoint,
    method: replay.method,
    body,
    ...(sent.length ? { headers: sent } : {}),
    ...(auth.type !== 'none' ? { auth } : {}),
    ...(replay.proxy ? { proxy: replay.proxy } : {}),
    ...(replay.timeouts ? { timeouts: { ...replay.timeouts } } : {}),
    // As the app's tab: HTTP+JSON carries the tenant in the path; the other bindings have it in the body.
    ...(tenant && binding === 'HTTP+JSON' ? { tenant } : {}),
  };
}

function httpRequest(entry: HistoryEntry, overrides: Overrides): HttpRequest {
  const replay = httpReplayOf(entry);
  if (replay.bodyNotKept) throw notKept(entry, 'request body', replay.bodyNotKept);
  if (replay.filesNotKept?.length)
    throw new CannotReplay(
      `History entry ${entry.id} sent ${replay.filesNotKept.map((name) => `the file ${name || '(unnamed)'}`).join(', ')}, whose bytes history does not keep (text files only): ` +
        'send it with powerduck send --http (--form name=@FILE or --body @FILE), or reopen the entry in the app and choose the file.',
    );
  refuseRedacted(entry, replay.body, 'request body');
  refuseRedacted(entry, replay.url, 'URL');
  const headers = withHeaders(replay.headers ?? [], overrides.headers);
  credentialGaps(entry, headers, overrides);
  const auth = overrides.auth ?? replay.auth;
  const sent = headers.filter((h) => h.enabled !== false);
  return {
    method: replay.method,
    url: replay.url,
    ...(sent.length ? { headers: sent } : {}),
    ...(auth && auth.type !== 'none' ? { auth } : {}),
    ...(replay.body ? { body: replay.body } : {}),
    ...(replay.proxy ? { proxy: replay.proxy } : {}),
    ...sentWith(entry, replay.send, overrides),
  };
}

/**
 * The entry's TLS settings as a send takes them, with --pfx-passphrase-env as the passphrase of its
 * client key; a passphrase history did not keep must be given again, or nothing is sent.
 */
function replayTls(entry: HistoryEntry, kept: HistoryTls | undefined, passphraseNotKept: boolean, overrides: Overrides): CallTls | undefined {
  if (overrides.passphraseEnv !== undefined && !(kept?.pfxFile || kept?.keyFile))
    throw new UsageError(`--pfx-passphrase-env applies to an entry sent with a client key; history entry ${entry.id} had none.`);
  if (passphraseNotKept && overrides.passphraseEnv === undefined)
    throw new CannotReplay(
      `History entry ${entry.id}'s client key had a passphrase, which history did not keep, so it was not sent: give it with --pfx-passphrase-env NAME (the environment variable holding it).`,
    );
  if (!kept) return undefined;
  const { passphraseNotKept: _notKept, ...tls } = kept;
  return { ...tls, ...(overrides.passphraseEnv !== undefined ? { passphrase: { env: overrides.passphraseEnv } } : {}) };
}

/** The entry's send settings as request fields; none kept (an older entry): the defaults, as it was sent then. */
function sentWith(entry: HistoryEntry, send: HttpSendSettings | undefined, overrides: Overrides): Partial<HttpRequest> {
  const tls = replayTls(entry, send?.tls, send?.passphraseNotKept === true, overrides);
  if (!send) return {};
  return {
    ...(send.followRedirects ? { followRedirects: true } : {}),
    ...(send.maxRedirects !== undefined ? { maxRedirects: send.maxRedirects } : {}),
    ...(send.cookies ? {} : { cookies: false }),
    ...(tls ? { tls } : {}),
    ...(send.timeouts ? { timeouts: { ...send.timeouts } } : {}),
  };
}

function mcpRequest(entry: HistoryEntry, args: ParsedArgs, overrides: Overrides): McpCallRequest {
  const replay = mcpReplayOf(entry);
  if (replay.paramsNotKept)
    throw notKept(entry, 'params', { bytes: replay.paramsNotKept.bytes, ...(entry.request.sha256 ? { sha256: entry.request.sha256 } : {}) });
  refuseRedacted(entry, replay.params, 'params');
  const params = replay.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new CannotReplay(`History entry ${entry.id}'s params are not a JSON object.`);
  let target: McpTarget;
  if (replay.transport === 'stdio') {
    if (overrides.auth || overrides.headers.length || overrides.passphraseEnv !== undefined)
      throw new UsageError('A stdio server takes no --header, --token or --pfx-passphrase-env: its credentials come from its environment.');
    // The template keeps the environment by reference; a literal value (or one an older entry only names) is not there.
    const lost = [
      ...(replay.env ?? []).filter((e) => 'secretRef' in e.value && e.value.secretRef === '').map((e) => e.name),
      ...(replay.env ? [] : (replay.envNames ?? [])),
    ];
    if (lost.length)
      throw new CannotReplay(
        `History entry ${entry.id} started its server with ${lost.join(', ')} set to values history does not keep: ` +
          `start it with powerduck send --mcp --stdio --env-secret ${lost[0]}=SECRET_NAME … instead.`,
      );
    target = {
      transport: 'stdio',
      command: replay.command ?? '',
      args: replay.args ?? [],
      ...(replay.env?.length ? { env: replay.env } : {}),
      ...(replay.cwd ? { cwd: replay.cwd } : {}),
      ...(replay.cwd && replay.cwdBase ? { cwdBase: replay.cwdBase } : {}),
    };
    if (!target.command) throw new CannotReplay(`History entry ${entry.id} names no command to start its stdio server with.`);
  } else {
    const headers = withHeaders(replay.headers ?? [], overrides.headers);
    credentialGaps(entry, headers, overrides);
    refuseRedacted(entry, replay.endpoint, 'endpoint');
    const sent = headers.filter((h) => h.enabled !== false);
    const auth = overrides.auth ?? replay.auth;
    // The client certificate as it was presented (by path; its passphrase by reference or --pfx-passphrase-env).
    const tls = replayTls(entry, replay.tls, replay.tls?.passphraseNotKept === true, overrides);
    target = {
      transport: replay.transport,
      endpoint: replay.endpoint ?? '',
      ...(sent.length ? { headers: sent } : {}),
      ...(auth && auth.type !== 'none' ? { auth } : {}),
      ...(tls ? { tls } : {}),
    };
  }
  return {
    target,
    method: replay.method,
    ...(Object.keys(params).length ? { params: params as Record<string, unknown> } : {}),
    // The CLI asks nobody: the server's questions are declined, and sampling is not offered (as send --mcp without answers).
    elicitAnswer: elicitAnswerFrom(undefined),
    ...samplingFrom(undefined),
  };
}

async function replayEntry(core: Core, entry: HistoryEntry, args: ParsedArgs, io: CliIo): Promise<number> {
  const json = args.flags.has('json');
  const environment = args.options.get('env');
  const totalMs = timeoutFrom(args);
  const env = environment !== undefined ? { environment } : {};
  const overrides = overridesFrom(args);
  const protocol = entryProtocol(entry);
  const sameMessageOnly = protocol !== 'a2a' && args.flags.has('same-message-id');
  if (sameMessageOnly) throw new UsageError('--same-message-id applies to A2A entries only.');
  if (protocol !== 'mcp' && args.flags.has('allow-stdio')) throw new UsageError('--allow-stdio applies to MCP entries only.');
  if (protocol === 'a2a' && overrides.passphraseEnv !== undefined) throw new UsageError('--pfx-passphrase-env applies to plain HTTP and MCP entries only.');
  if (protocol !== 'http' && args.options.has('output')) throw new UsageError('-o/--output applies to plain HTTP entries only.');
  const said = `Replaying history entry ${entry.id} (${entry.method}, sent ${entry.startedAt})`;
  switch (protocol) {
    case 'a2a': {
      const drafted = a2aCall(entry, args, overrides, io);
      // --timeout replaces the entry's limit for the whole answer; its connect limit stays (as for HTTP).
      const call: A2aCall = { ...drafted, ...env, ...(totalMs !== undefined ? { timeouts: { ...drafted.timeouts, totalMs } } : {}) };
      io.stderr(`${said}.\n`);
      return sendA2aCall(core, call, io, { json, retries: 0, command: 'history replay' });
    }
    case 'http': {
      const recorded = httpRequest(entry, overrides);
      // --timeout replaces the entry's limit for the whole answer; its connect limit stays.
      const output = await outputFrom(args, io);
      const request: HttpRequest = {
        ...recorded,
        ...env,
        ...(totalMs !== undefined ? { timeouts: { ...recorded.timeouts, totalMs } } : {}),
        ...(output !== undefined ? { responseFile: output } : {}),
      };
      io.stderr(`${said}.\n`);
      if (request.auth?.type === 'oauth2') {
        const failure = await signInIfNeeded(core, request.auth, environment, io);
        if (failure) throw new CannotReplay(failure.message);
      }
      return sendHttpAndPrint(core, request, io, json, 'history replay');
    }
    case 'mcp': {
      const request: McpCallRequest = { ...mcpRequest(entry, args, overrides), ...env, ...(totalMs !== undefined ? { timeoutMs: totalMs } : {}) };
      // The command line as it will run: its arguments' {{variables}} filled from --env, a secret by name (as run and send --mcp print it).
      const line = request.target.transport === 'stdio' ? await stdioStartLine(core, request.target, env) : undefined;
      if (line !== undefined && !args.flags.has('allow-stdio'))
        throw new CannotReplay(
          `History entry ${entry.id} starts a process on this machine: ${line}. It comes from the history, not from your command line: ` +
            'run it again with --allow-stdio to start it.',
        );
      io.stderr(line !== undefined ? `${said}; starting MCP server: ${line}.\n` : `${said}.\n`);
      if (!(await signedIn(core, request.target, io, 'history replay', environment))) return exitCodes.error;
      return callMcpAndPrint(core, request, io, { json, command: 'history replay', elicitAnswered: false, samplingAnswered: false });
    }
  }
}

export async function replayCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    values: ['env', 'header', 'token', 'token-env', 'timeout', 'pfx-passphrase-env', 'output'],
    flags: ['json', 'same-message-id', 'allow-stdio'],
  });
  const [id, extra] = args.positionals;
  if (!id) throw new UsageError('Name the entry: history replay ID (the last column of history list).');
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}".`);
  if (args.options.get('env') === '') throw new UsageError('--env needs an environment name.');
  const core = await openCliCore(io);
  const got = await core.dispatcher.invoke('history.get', { id });
  try {
    if (!got.ok) throw new CannotReplay(got.error.code === 'not-found' ? `${got.error.message} (powerduck history list shows the ids).` : got.error.message);
    return await replayEntry(core, got.value, args, io);
  } catch (error) {
    if (!(error instanceof CannotReplay)) throw error;
    io.stderr(`powerduck history replay: ${oneLine(error.message)}\n`);
    return exitCodes.error;
  }
}
