/**
 * `powerduck mcp info|tools|resources|prompts` and `powerduck send --mcp`: MCP servers from the
 * command line, through the same core (SDK client, recorder, history) as the app.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AuthConfig } from '../../../shared/a2a/auth';
import { mcpHeaderLine, mcpListLines, mcpSeverity, mcpSummaryLines } from '../../../shared/mcp/mcp-summary';
import { redactUrl } from '../../../shared/a2a/redaction';
import type { McpElicitResult } from '../../../shared/mcp/mcp-elicitation';
import { mcpLogLevels, type McpCallRequest, type McpExchangeRecord, type McpHttpTransport, type McpTarget } from '../../../shared/mcp/mcp-types';
import { announceStdio } from '../stdio-start-line';
import { openCliCore } from '../cli-core';
import type { Core } from '../../node/core';
import { parseArgs, type ParsedArgs } from '../args';
import type { CliCommand, CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oneLine } from '../one-line';
import { parseHeader } from '../header-arg';
import { streamToEnd, type StreamOutcome } from '../cli-stream';
import { oauth2FromArgs, oauth2Options } from '../oauth-args';
import { tlsFromArgs, tlsOptions } from '../tls-args';
import { signedIn } from './mcp-sign-in';
import { mcpUsage } from './mcp-usage';
import { runMcpWatch, watchRequestFrom, watchValues } from './mcp-watch';
import { parseJsonTemplate } from '../../../shared/env/json-variables';

export const mcpTargetValues = [
  'endpoint',
  'transport',
  'env-secret',
  'cwd',
  'token',
  'token-env',
  'auth-secret',
  'api-key-header',
  'header',
  'timeout',
  'env',
  ...oauth2Options,
  ...tlsOptions,
] as const;

/** `--env NAME`: the environment whose {{variables}} the core fills in (endpoint, headers, token, params, stdio args). */
export function environmentFrom(args: ParsedArgs): { environment?: string } {
  const environment = args.options.get('env');
  if (environment === undefined) return {};
  if (environment.trim() === '' || environment.includes('='))
    throw new UsageError(`--env needs an environment name (powerduck env list shows them)${environment.includes('=') ? `, not "${environment}"` : ''}.`);
  return { environment };
}

function authFrom(args: ParsedArgs): AuthConfig | undefined {
  const token = args.options.get('token');
  const tokenEnv = args.options.get('token-env');
  const secret = args.options.get('auth-secret');
  const given = [token, tokenEnv, secret].filter((v) => v !== undefined);
  if (given.length > 1) throw new UsageError('Use one of --token, --token-env or --auth-secret.');
  if (given.some((v) => v === '')) throw new UsageError('An empty --token/--token-env/--auth-secret would send no credential; give a value.');
  const oauth2 = oauth2FromArgs(args);
  if (oauth2) {
    if (given.length || args.options.has('api-key-header')) throw new UsageError('Use either --oauth2 or --token/--token-env/--auth-secret, not both.');
    return oauth2;
  }
  const header = args.options.get('api-key-header');
  if (header !== undefined) {
    if (secret === undefined && tokenEnv === undefined) throw new UsageError('--api-key-header needs --auth-secret or --token-env for the key.');
    return { type: 'apiKey', in: 'header', name: header, value: secret !== undefined ? { secretRef: secret } : { env: tokenEnv as string } };
  }
  if (token !== undefined) return { type: 'bearer', token: { value: token } };
  if (tokenEnv !== undefined) return { type: 'bearer', token: { env: tokenEnv } };
  if (secret !== undefined) return { type: 'bearer', token: { secretRef: secret } };
  return undefined;
}

/** The server to reach, from --endpoint or --stdio -- CMD ARGS… (`rest` = the words after --). */
/**
 * `--cwd DIR` for a stdio server, as typed and read against `base`, the folder powerduck runs in (history keeps
 * both, so a replay starts in the same place); the core checks it is a folder before anything starts.
 */
export function stdioFolderFrom(args: ParsedArgs, base: string): { cwd: string; cwdBase: string } | undefined {
  const dir = args.options.get('cwd');
  if (dir === undefined) return undefined;
  if (dir.trim() === '') throw new UsageError('--cwd needs the folder the server starts in.');
  return { cwd: dir, cwdBase: base };
}

export function targetFrom(args: ParsedArgs, rest: string[], cwd: string): McpTarget {
  const endpoint = args.options.get('endpoint');
  if (args.flags.has('stdio')) {
    if (endpoint !== undefined) throw new UsageError('Use either --endpoint or --stdio, not both.');
    const [command, ...commandArgs] = rest;
    if (!command) throw new UsageError('--stdio needs the command after --, e.g. --stdio -- npx -y @modelcontextprotocol/server-everything');
    const env = (args.repeated.get('env-secret') ?? []).map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0 || eq === pair.length - 1) throw new UsageError(`--env-secret "${pair}" must look like VAR=SECRET_NAME.`);
      return { name: pair.slice(0, eq), value: { secretRef: pair.slice(eq + 1) } };
    });
    if (authFrom(args)) throw new UsageError('A stdio server takes credentials from its environment: use --env-secret VAR=NAME.');
    const tlsFlag = [...tlsOptions, 'insecure'].find((name) => args.options.has(name) || args.flags.has(name));
    if (tlsFlag) throw new UsageError(`--${tlsFlag} applies to an --endpoint over HTTPS, not to a stdio server.`);
    return { transport: 'stdio', command, args: commandArgs, ...(env.length ? { env } : {}), ...stdioFolderFrom(args, cwd) };
  }
  if (rest.length) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  if (!endpoint) throw new UsageError('--endpoint URL (or --stdio -- CMD ARGS…) is required.');
  for (const stdioOnly of ['env-secret', 'cwd'])
    if (args.options.has(stdioOnly) || args.repeated.has(stdioOnly)) throw new UsageError(`--${stdioOnly} applies to --stdio servers only.`);
  const transport = (args.options.get('transport') ?? 'auto') as McpHttpTransport;
  if (!['auto', 'streamable-http', 'sse'].includes(transport)) throw new UsageError('--transport must be auto, streamable-http or sse.');
  const auth = authFrom(args);
  const headers = (args.repeated.get('header') ?? []).map(parseHeader);
  // The same TLS options as `send --http` (tls-args.ts), read by the core at send time.
  const tls = tlsFromArgs(args, cwd, args.flags.has('insecure') ? { insecureSkipVerify: true } : {});
  return { transport, endpoint, ...(headers.length ? { headers } : {}), ...(auth ? { auth } : {}), ...(tls ? { tls } : {}) };
}

export function timeoutFrom(args: ParsedArgs): number | undefined {
  const text = args.options.get('timeout');
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!Number.isFinite(ms) || ms <= 0) throw new UsageError('--timeout must be a positive number of milliseconds.');
  return ms;
}

/** Splits argv at `--` (the stdio command line is everything after it, options included). */
function splitAtDashes(argv: string[]): { own: string[]; rest: string[] } {
  const at = argv.indexOf('--');
  return at === -1 ? { own: argv, rest: [] } : { own: argv.slice(0, at), rest: argv.slice(at + 1) };
}

/**
 * Everything after `--` is the server's command line, so `--stdio -- node s.mjs --method tools/list`
 * hands `--method` to the server. When Powerduck then misses an option, a usage error says where
 * the option went (a server may well take an option of that name, so it is never refused for it).
 */
function strayHint(error: unknown, rest: readonly string[], own: readonly string[]): unknown {
  if (!(error instanceof UsageError)) return error;
  const stray = [...new Set(rest.filter((word) => word.startsWith('--') && own.includes(word.slice(2).split('=')[0] as string)))];
  if (!stray.length) return error;
  return new UsageError(`${error.message} (${stray.join(', ')} after -- went to the server's command line: put Powerduck's options before --.)`);
}

function exitFor(severity: 'ok' | 'refused' | 'failed'): number {
  return severity === 'ok' ? exitCodes.ok : severity === 'refused' ? exitCodes.refused : exitCodes.error;
}

/**
 * --body as the params: an object, or (when it holds an unquoted `{{name}}`, `{"a": {{n}}}`) its text,
 * which the core fills in as JSON and parses (`shape` is the object with null in each such place).
 */
async function parseParams(
  source: string | undefined,
  io: CliIo,
): Promise<{ shape: Record<string, unknown>; send: Pick<McpCallRequest, 'params' | 'paramsText'> } | undefined> {
  if (source === undefined) return undefined;
  let text: string;
  if (source === '-') text = await io.readStdin();
  else if (/^\s*[{[]/.test(source)) text = source;
  else
    text = await readFile(resolve(io.cwd, source), 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`Cannot read --body ${source}: ${e.code === 'ENOENT' ? 'no such file (inline JSON starts with {)' : e.message}.`);
    });
  if (text.trim() === '') return undefined;
  const read = parseJsonTemplate(text);
  if (!read.ok) throw new UsageError(`--body is not valid JSON: ${read.message}`);
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--body must be a JSON object (the request params).');
  const shape = value as Record<string, unknown>;
  return { shape, send: read.template ? { paramsText: text } : { params: shape } };
}

/**
 * The CLI asks nobody: a server's elicitation is declined, or accepted with --elicit-answer's
 * values (the core checks them against the server's form and declines what does not fit).
 */
export function elicitAnswerFrom(text: string | undefined): McpElicitResult {
  if (text === undefined) return { action: 'decline' };
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--elicit-answer is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    throw new UsageError('--elicit-answer must be a JSON object of the form\'s values, e.g. \'{"city":"Seoul","days":3}\'.');
  return { action: 'accept', content: content as McpElicitResult['content'] & object };
}

/** The model name a --sampling-answer carries (the server sees it as the result's `model`). */
export const cliSamplingModel = 'powerduck-cli';

/**
 * The CLI asks nobody, so it declares sampling only when --sampling-answer gives the text to answer
 * every sampling request with; without it the server is told the client cannot sample and takes its
 * own fallback (rather than meeting a refusal it did not expect).
 */
export function samplingFrom(text: string | undefined): Pick<McpCallRequest, 'samplingAnswer' | 'offerSampling'> {
  if (text === undefined) return { offerSampling: false };
  if (text.trim() === '') throw new UsageError('--sampling-answer needs the text to answer the server’s sampling requests with.');
  return { samplingAnswer: { action: 'accept', message: { role: 'assistant', content: { type: 'text', text }, model: cliSamplingModel } } };
}

/** --log-level: logging/setLevel after initialize (the server's log messages print as they arrive). */
export function logLevelFrom(text: string | undefined): Pick<McpCallRequest, 'logLevel'> {
  if (text === undefined) return {};
  const level = mcpLogLevels.find((l) => l === text.trim().toLowerCase());
  if (!level) throw new UsageError(`--log-level must be one of ${mcpLogLevels.join(', ')}.`);
  return { logLevel: level };
}

/**
 * Says on stderr that the server asked for input and how the CLI answered (so a decline is not a
 * mystery). True when --elicit-answer did not fit the server's form: the command then exits 2, a
 * usage error, since the values the user gave were never sent (the server got a decline instead).
 */
export function noteElicitations(record: McpExchangeRecord, answered: boolean, io: CliIo): boolean {
  if (!record.elicitations?.length) return false;
  if (!answered) io.stderr("The server asked for input and powerduck declined; pass --elicit-answer '<json object>' to accept with those values.\n");
  for (const e of record.elicitations) if (e.note) io.stderr(`Elicitation: ${e.note}\n`);
  const misfit = record.elicitations.some((e) => e.answeredBy === 'preset' && e.note !== undefined);
  if (misfit) io.stderr('--elicit-answer did not fit the form the server sent (above), so the server was told "decline"; fix the values and run again.\n');
  return misfit;
}

/** Says on stderr when a server sampled although the CLI did not offer it (the record holds the refusal). */
export function noteSamplings(record: McpExchangeRecord, answered: boolean, io: CliIo): void {
  const asked = record.messages.some((m) => m.direction === 'received' && m.kind === 'request' && m.method === 'sampling/createMessage');
  if (asked && !answered) io.stderr('The server asked the client to sample; pass --sampling-answer TEXT to answer its sampling requests with that text.\n');
  for (const s of record.samplings ?? []) if (s.note) io.stderr(`Sampling: ${s.note}\n`);
}

/**
 * Calls through `mcp.stream` and prints it as `send --mcp` does (notifications as they come, then the
 * summary; `--json`: one JSON object a line), with what the CLI answered the server's questions on
 * stderr. Returns the exit code. Used by `send --mcp`, `run` of a saved MCP operation and `history replay`.
 */
export async function callMcpAndPrint(
  core: Core,
  request: McpCallRequest,
  io: CliIo,
  options: { json: boolean; command: string; elicitAnswered: boolean; samplingAnswered: boolean },
): Promise<number> {
  const { record, failure } = await streamMcp(core, request, io, options.json);
  if (!record) {
    io.stderr(`powerduck ${options.command}: ${oneLine(failure?.message ?? 'the call ended without a record.')}\n`);
    return exitCodes.error;
  }
  io.stdout(options.json ? `${JSON.stringify(record)}\n` : `${mcpSummaryLines(record, { header: false }).join('\n')}\n`);
  const misfit = noteElicitations(record, options.elicitAnswered, io);
  noteSamplings(record, options.samplingAnswered, io);
  return misfit ? exitCodes.error : exitFor(mcpSeverity(record));
}

/**
 * Sends through `mcp.stream` (notifications print as they come); returns the record or the refusal.
 * The header ("MCP tools/call → …") comes first, so progress lines read as that call's; the caller
 * prints the summary without it. The endpoint is shown as the history would keep it (credentials marked).
 */
export async function streamMcp(core: Core, request: McpCallRequest, io: CliIo, json: boolean): Promise<StreamOutcome<McpExchangeRecord>> {
  if (!json) {
    const target = request.target;
    const shown: McpExchangeRecord['target'] =
      target.transport === 'stdio'
        ? { transport: 'stdio', command: target.command, args: [...(target.args ?? [])] }
        : { transport: target.transport, endpoint: redactUrl(target.endpoint) };
    io.stdout(`${mcpHeaderLine(request.method, shown)}\n`);
  }
  return streamToEnd(core, 'mcp.stream', request, (data) => {
    const params = data.elicitationAnswered?.answer ?? data.samplingAnswered?.answer ?? (data.data as { params?: unknown }).params;
    io.stdout(json ? `${JSON.stringify(data)}\n` : `${data.event} ${JSON.stringify(params ?? {})}\n`);
  });
}

export async function runSendMcp(argv: string[], io: CliIo): Promise<number> {
  const { own, rest } = splitAtDashes(argv);
  const spec = {
    values: [...mcpTargetValues, 'method', 'body', 'elicit-answer', 'sampling-answer', 'log-level'],
    flags: ['mcp', 'stdio', 'json', 'one-page', 'insecure'],
  };
  const args = parseArgs(own, spec);
  if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
  const target = targetFrom(args, rest, io.cwd);
  const method = args.options.get('method') ?? 'tools/call';
  const params = await parseParams(args.options.get('body'), io);
  if (method === 'tools/call' && typeof params?.shape['name'] !== 'string')
    throw strayHint(new UsageError('tools/call needs --body \'{"name":"TOOL","arguments":{…}}\'.'), rest, [...spec.values, ...spec.flags]);
  const timeoutMs = timeoutFrom(args);
  const request: McpCallRequest = {
    target,
    method,
    ...params?.send,
    ...(args.flags.has('one-page') ? { allPages: false } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    elicitAnswer: elicitAnswerFrom(args.options.get('elicit-answer')),
    ...samplingFrom(args.options.get('sampling-answer')),
    ...logLevelFrom(args.options.get('log-level')),
    ...environmentFrom(args),
  };
  const json = args.flags.has('json');
  const core = await openCliCore(io);
  try {
    await announceStdio(core, target, request.environment, io);
    if (!(await signedIn(core, target, io, 'send', request.environment))) return exitCodes.error;
    return await callMcpAndPrint(core, request, io, {
      json,
      command: 'send',
      elicitAnswered: args.options.has('elicit-answer'),
      samplingAnswered: args.options.has('sampling-answer'),
    });
  } finally {
    await core.close();
  }
}

const listKinds = ['info', 'tools', 'resources', 'prompts'] as const;
type ListKind = (typeof listKinds)[number];
const kinds = [...listKinds, 'watch'] as const;

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'connect to an MCP server (HTTP or stdio) and list its tools, resources and prompts, or watch its notifications',
  usage: mcpUsage,
  async run(argv, io) {
    const { own, rest } = splitAtDashes(argv);
    const args = parseArgs(own, { values: [...mcpTargetValues, ...watchValues], flags: ['stdio', 'json', 'insecure'] });
    const [kind, ...extra] = args.positionals;
    if (!kind || !(kinds as readonly string[]).includes(kind)) throw new UsageError(`Expected one of ${kinds.join(', ')}${kind ? `, not "${kind}"` : ''}.`);
    if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    const target = targetFrom(args, rest, io.cwd);
    if (kind === 'watch') {
      if (args.options.has('timeout')) throw new UsageError('mcp watch runs until stopped: bound it with --for SECONDS or --max-events N (not --timeout).');
      const request = watchRequestFrom(args, { target, ...logLevelFrom(args.options.get('log-level')), ...environmentFrom(args) });
      return runMcpWatch(request, io, args.flags.has('json'));
    }
    const watchOnly = watchValues.find((name) => args.options.has(name));
    if (watchOnly) throw new UsageError(`--${watchOnly} applies to mcp watch only.`);
    const timeoutMs = timeoutFrom(args);
    const environment = environmentFrom(args);
    const core = await openCliCore(io);
    try {
      await announceStdio(core, target, environment.environment, io);
      if (!(await signedIn(core, target, io, 'mcp', environment.environment))) return exitCodes.error;
      const result = await core.dispatcher.invoke('mcp.connect', { target, ...(timeoutMs ? { timeoutMs } : {}), ...environment });
      if (!result.ok) {
        io.stderr(`powerduck mcp: ${oneLine(result.error.message)}\n`);
        return exitCodes.error;
      }
      const value = result.value;
      if (args.flags.has('json')) {
        const { record, ...lists } = value;
        const picked =
          kind === 'tools'
            ? { tools: lists.tools }
            : kind === 'prompts'
              ? { prompts: lists.prompts }
              : kind === 'resources'
                ? { resources: lists.resources, resourceTemplates: lists.resourceTemplates }
                : {};
        io.stdout(`${JSON.stringify({ ...picked, server: lists.server, record })}\n`);
      } else io.stdout(`${mcpListLines(value, kind as ListKind).join('\n')}\n`);
      return exitFor(mcpSeverity(value.record));
    } finally {
      await core.close();
    }
  },
};
