import type { AuthConfig } from '../../../shared/a2a/auth';
import { exampleBody, exampleMessage } from '../../../shared/a2a/body-templates';
import { DEFAULT_CALL_TOTAL_MS, timeoutProblem, type A2aCall } from '../../../shared/a2a/call';
import { findMethod, isStreamingMethod } from '../../../shared/a2a/catalogue';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { describeEvent, recordSeverity, summarizeExchange } from '../../../shared/a2a/exchange-summary';
import { isA2aVersion } from '../../../shared/a2a/versions';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WireError, WireErrorCode } from '../../../shared/contract/index';
import { openCliCore } from '../cli-core';
import type { Core } from '../../node/core';
import { optionOr, parseArgs, proxyFrom, requireOption } from '../args';
import type { CliCommand, CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oneLine } from '../one-line';
import { parseHeader } from '../header-arg';
import { timeoutHint } from '../timeout-hint';
import { streamToEnd } from '../cli-stream';
import { readJsonBodyText } from '../read-json-body';
import { oauth2FromArgs, oauth2Options, oauth2Usage } from '../oauth-args';
import { signInIfNeeded } from '../oauth-sign-in';
import { tlsFromArgs, tlsOptions, tlsUsage } from '../tls-args';
import { parseBinding } from '../parse-binding';
import { streamHeading } from '../stream-heading';
import { runSendHttp, sendHttpUsage } from './send-http';
import { sendMcpUsage } from './mcp-usage';

const usage = `powerduck send --endpoint URL [--a2a <1.0|0.3>] [--binding <JSONRPC|HTTP+JSON|GRPC>] [--method NAME]
                [--body JSON|FILE|-] [--text TEXT] [--header 'K: V']... [--token T | --token-env NAME]
                [--oauth2 client-credentials|authorization-code|device-code (--token-url URL | --issuer URL)
                 --client-id ID [--client-secret-env NAME] [--scope S]... [--resource URL]]
                [--cert FILE --key FILE | --pfx FILE [--pfx-passphrase-env NAME]] [--ca FILE]
                [--tenant T] [--timeout MS] [--retry N] [--env NAME] [--proxy URL] [--json]

Sends one A2A call and prints what came back.
  --endpoint URL   JSON-RPC / HTTP+JSON: the URL; gRPC: host:port as agent cards publish it
                   (loopback host = plaintext http://, any other host = TLS https://; the output
                   says which was used), or http://host:port / https://host:port to choose
  --a2a V          the protocol version the agent speaks: 1.0 (default) or 0.3 (JSON-RPC only);
                   the call is sent in that version as given, never converted
  --binding B      JSONRPC (default), HTTP+JSON or GRPC
  --method NAME    the A2A method (default SendMessage; for --a2a 0.3 message/send), e.g.
                   SendStreamingMessage, GetTask, CancelTask (0.3: message/stream, tasks/get…)
  --body JSON|FILE|-
                   the request body as JSON (for JSON-RPC: the params object; for HTTP+JSON and
                   gRPC: the request object itself): inline ('{"message": …}'), a file, or '-' for
                   standard input. With --env, a {{name}} inside a string is filled in as text, an
                   unquoted one ({"count": {{n}}}) as the variable's JSON value (a number, true…)
  --text TEXT      shortcut: send a user message with this text (fresh messageId)
  --context-id ID  with --text: continue this conversation (the contextId the agent answered with)
  --task-id ID     with --text: continue this task; without --body or --text: the task that GetTask,
                   CancelTask, SubscribeToTask… (0.3: tasks/get, tasks/cancel…) address
  --header 'K: V'  extra header (gRPC: metadata); repeatable. A2A-Version is added unless given
  --token T        bearer token (prefer --token-env NAME to keep it out of shell history)
${oauth2Usage}
${tlsUsage}
  --tenant T       A2A 1.0 tenant: the path prefix on HTTP+JSON, params.tenant on JSON-RPC and gRPC
  --retry N        after a transport failure (no answer, timeout, connection refused or reset, a name
                   that did not resolve, a proxy unreachable or refusing the tunnel), send the same
                   request again, same messageId, up to N more times; each send is recorded in the
                   history as the next attempt of that messageId. Off by default: a resend after no
                   answer may execute the message twice (see powerduck history stats). A proxy's 407
                   is not resent: it asks for credentials Powerduck never sends
  --timeout MS     time allowed for a unary call, or until a stream answers (default 60000)
  --proxy URL      JSON-RPC / HTTP+JSON: send through this http:// proxy (http:// endpoints in
                   absolute form, https:// through CONNECT); a user name or password in it is
                   refused (no proxy credentials are sent). History keeps it: a replay goes
                   through it again. Without --proxy the send goes direct: the app's Settings
                   proxy and HTTPS_PROXY/HTTP_PROXY are not read (a script sends what it says).
                   A proxy that lets nothing through is error 'proxy' (unreachable, CONNECT
                   refused) or 'proxy-auth' (407 asking for credentials), exit 2: the agent was
                   not reached. A
                   forwarded http:// request's 502/504 is an answer (exit 1): it may come from
                   the proxy or from the agent behind it, and the proxy does not say which
  --env NAME       fill {{variables}} (endpoint, headers, token, body) from this environment
                   (see 'powerduck env'); e.g. --endpoint '{{baseUrl}}/rpc' --token '{{token}}'
  --json           print the exchange record as JSON; for streams, one JSON line per event first

Streams run until the agent closes them; Ctrl-C stops locally (the task keeps running remotely).
Exit codes: 0 ok, 1 the agent said no (RPC/HTTP/gRPC error) or answered something that is not A2A
(a body that is not JSON, an HTML page, a stream event that is not the binding: the stream is read to
its end and the summary names the first such event), 2 usage, network or transport error (a proxy
that let nothing through included).

${sendHttpUsage}

${sendMcpUsage}`;

/**
 * Wire codes of a call that failed in transit and may go through another time: the request may or may
 * not have reached the agent (timeout, reset), or certainly did not (connect, dns, and a proxy that was
 * unreachable or would not open a tunnel: safe to send again, like a refused connection). Not
 * `proxy-auth`: a proxy's 407 asks for credentials Powerduck never sends, so every resend gets it again.
 */
const retryableCodes = new Set<WireErrorCode>(['timeout', 'connect', 'reset', 'dns', 'proxy']);

/** Why a failure with this code is not resent, when --retry was asked for and the reason is not obvious. */
const notRetried: Partial<Record<WireErrorCode, string>> = {
  'proxy-auth': 'the proxy asks for credentials (407) and Powerduck sends none, so a resend would get the same answer',
};

/** The transport failure of a call with nothing received (as a wire error), or undefined when something was. */
function transportFailure(record: ExchangeRecord): WireError | undefined {
  const outcome = record.outcome;
  if (outcome.kind !== 'transport-error' || (record.events?.length ?? 0) > 0) return undefined;
  return { code: outcome.code, message: outcome.message };
}

/** Puts the tenant in the request object (A2A 1.0 `tenant` field on JSON-RPC params and gRPC requests). */
function withTenant(body: unknown, tenant: string): unknown {
  if (body === undefined) return { tenant };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError('--tenant needs the request body to be a JSON object.');
  const existing = (body as Record<string, unknown>)['tenant'];
  if (existing !== undefined && existing !== tenant)
    throw new UsageError(`The body already sets tenant "${String(existing)}"; drop --tenant or make them agree.`);
  return { ...body, tenant };
}

function exitFor(record: ExchangeRecord): number {
  const severity = recordSeverity(record);
  return severity === 'ok' ? exitCodes.ok : severity === 'refused' ? exitCodes.refused : exitCodes.error;
}

export const sendCommand: CliCommand = {
  name: 'send',
  summary: 'send one A2A call (JSON-RPC, HTTP+JSON or gRPC; A2A 1.0 or 0.3) or, with --http, any HTTP request, or with --mcp, an MCP request',
  usage,
  async run(argv, io) {
    // Plain HTTP has its own options (send-http.ts).
    if (argv.includes('--http')) return runSendHttp(argv, io);
    // MCP has its own options too (mcp.ts); only flags before a stdio command's -- count.
    if (argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--mcp')) return (await import('./mcp')).runSendMcp(argv, io);
    const args = parseArgs(argv, {
      values: [
        'a2a',
        'binding',
        'endpoint',
        'method',
        'body',
        'text',
        'context-id',
        'task-id',
        'header',
        'token',
        'token-env',
        'tenant',
        'timeout',
        'env',
        'retry',
        'proxy',
        ...oauth2Options,
        ...tlsOptions,
      ],
      flags: ['json'],
    });
    if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
    // The defaults are the protocol's: A2A 1.0 over JSON-RPC, the send of a message. A value given is
    // used as given (a 0.3 agent gets 0.3 calls only when the user says --a2a 0.3).
    const version = optionOr(args, 'a2a', '1.0');
    if (!isA2aVersion(version)) throw new UsageError(`--a2a must be 1.0 or 0.3, not "${version}".`);
    const binding = parseBinding(optionOr(args, 'binding', 'JSONRPC'));
    const endpoint = requireOption(args, 'endpoint');
    const method = optionOr(args, 'method', version === '0.3' ? 'message/send' : 'SendMessage');
    const json = args.flags.has('json');

    let body: unknown;
    /** The body as text when it holds an unquoted {{name}}: the core fills that in (as JSON) and parses it. */
    let bodyText: string | undefined;
    const bodyArg = args.options.get('body');
    const text = args.options.get('text');
    if (bodyArg !== undefined && text !== undefined) throw new UsageError('Use either --body or --text, not both.');
    const contextId = args.options.get('context-id');
    const taskId = args.options.get('task-id');
    if (contextId === '' || taskId === '') throw new UsageError(`--${contextId === '' ? 'context-id' : 'task-id'} needs an id.`);
    if (bodyArg !== undefined && (contextId || taskId))
      throw new UsageError('--context-id and --task-id go with --text; with --body, put the ids in the body.');
    if (bodyArg !== undefined) {
      const read = await readJsonBodyText(bodyArg, io);
      body = read?.value;
      bodyText = read?.text;
    } else if (text !== undefined)
      body = {
        message: exampleMessage(version, { text, ...(contextId ? { contextId } : {}), ...(taskId ? { taskId } : {}) }),
        ...(version === '0.3' && method === 'message/send' ? { configuration: { blocking: true } } : {}),
      };
    else if (taskId !== undefined || contextId !== undefined) {
      // A task method addressed by id (GetTask --task-id X): the catalogue's body for it, with that id.
      if (contextId !== undefined) throw new UsageError('--context-id needs --text (it continues a conversation with a new message).');
      // A message method takes its task id inside the message (--text); the catalogue says which methods address a task.
      body = findMethod(version, method)?.taskIdField ? exampleBody(version, method, { taskId }) : undefined;
      if (body === undefined)
        throw new UsageError(`--task-id without --text or --body needs a method that takes a task id (GetTask, CancelTask…), not ${method}.`);
    }

    const token = args.options.get('token');
    const tokenEnv = args.options.get('token-env');
    if (token !== undefined && tokenEnv !== undefined) throw new UsageError('Use either --token or --token-env, not both.');
    // An empty value (`--token "$UNSET_VAR"`) would send a bare "Bearer " and look like a server-side refusal.
    if (token === '' || tokenEnv === '')
      throw new UsageError(`--${token === '' ? 'token' : 'token-env'} is empty; give the token (or the variable name holding it).`);
    const oauth2 = oauth2FromArgs(args);
    if (oauth2 && (token !== undefined || tokenEnv !== undefined)) throw new UsageError('Use either --token/--token-env or --oauth2, not both.');
    const auth: AuthConfig | undefined =
      oauth2 ??
      (token !== undefined ? { type: 'bearer', token: { value: token } } : tokenEnv !== undefined ? { type: 'bearer', token: { env: tokenEnv } } : undefined);

    const timeout = args.options.get('timeout');
    let totalMs: number | undefined;
    if (timeout !== undefined) {
      totalMs = Number(timeout);
      const problem = timeoutProblem('--timeout', totalMs);
      if (problem) throw new UsageError(problem);
    }
    const tenant = args.options.get('tenant');
    const environment = args.options.get('env');
    if (environment === '') throw new UsageError('--env needs an environment name.');
    if (tenant === '') throw new UsageError('--tenant needs a value.');
    if (tenant !== undefined && version === '0.3') throw new UsageError('A2A 0.3 has no tenant; --tenant applies to A2A 1.0 only.');
    // A2A 1.0: HTTP+JSON carries the tenant as a path prefix; JSON-RPC and gRPC as the request's `tenant` field.
    const pathTenant = tenant !== undefined && binding === 'HTTP+JSON' ? tenant : undefined;
    if (tenant !== undefined && binding !== 'HTTP+JSON') {
      // The text is sent as written: the tenant cannot be put into it without rewriting what the user wrote.
      if (bodyText !== undefined) throw new UsageError('--tenant cannot be added to a body with an unquoted {{variable}}; put "tenant" in the body.');
      body = withTenant(body, tenant);
    }
    const retryText = args.options.get('retry');
    const retries = retryText === undefined ? 0 : Number(retryText);
    if (!Number.isInteger(retries) || retries < 0 || retries > 10) throw new UsageError('--retry takes a whole number of resends from 0 to 10.');
    const tls = tlsFromArgs(args, io.cwd);
    const proxy = proxyFrom(args);
    if (proxy !== undefined && binding === 'GRPC') throw new UsageError('--proxy applies to JSON-RPC and HTTP+JSON; gRPC connects directly.');
    const call: A2aCall = {
      version,
      binding,
      endpoint,
      method,
      body,
      ...(bodyText !== undefined ? { bodyText } : {}),
      headers: (args.repeated.get('header') ?? []).map(parseHeader),
      ...(auth ? { auth } : {}),
      ...(tls ? { tls } : {}),
      ...(pathTenant ? { tenant: pathTenant } : {}),
      ...(totalMs !== undefined ? { timeouts: { totalMs } } : {}),
      ...(environment !== undefined ? { environment } : {}),
      ...(proxy !== undefined ? { proxy } : {}),
    };

    const core = await openCliCore(io);
    return sendA2aCall(core, call, io, { json, retries, command: 'send' });
  },
};

/**
 * Sends one A2A call (a stream when its method streams) and prints it as `send` does: the request line
 * and each event as it comes, then the summary (`--json`: one JSON object a line). `retries` resends
 * after a transport failure with nothing received, as `--retry N`. Returns the exit code. Used by
 * `send` and `history replay`.
 */
export async function sendA2aCall(core: Core, call: A2aCall, io: CliIo, options: { json: boolean; retries: number; command: string }): Promise<number> {
  const { json, retries, command } = options;
  const { method, endpoint, version, binding, auth, environment } = call;
  // In text, the request line comes before the first event (once, across retries); --json keeps one object a line.
  let headed = json;
  const printEvent = (event: RecordedStreamEvent): void => {
    if (!headed) {
      headed = true;
      io.stdout(`${streamHeading(method, endpoint, `A2A ${version}, ${binding}`)}\n`);
    }
    io.stdout(json ? `${JSON.stringify(event)}\n` : `${describeEvent(event)}\n`);
  };
  const fail = (error: WireError): number => {
    io.stderr(`powerduck ${command}: ${oneLine(error.message)}\n`);
    return exitCodes.error;
  };

  let record: ExchangeRecord | undefined;
  if (auth?.type === 'oauth2') {
    const signIn = await signInIfNeeded(core, auth, environment, io);
    if (signIn) return fail(signIn);
  }
  try {
    for (let attempt = 1; ; attempt++) {
      record = undefined;
      let failure: WireError | undefined;
      if (isStreamingMethod(version, method)) {
        // The end record does not repeat the events: they are put back for the final summary.
        const events: RecordedStreamEvent[] = [];
        const streamed = await streamToEnd(core, 'a2a.stream', call, (event) => {
          events.push(event);
          printEvent(event);
        });
        if (streamed.record) record = { ...streamed.record, events };
        failure = streamed.failure;
      } else {
        const result = await core.dispatcher.invoke('a2a.send', call);
        if (!result.ok) failure = result.error;
        else {
          record = result.value;
        }
      }
      const transport = failure ?? (record ? transportFailure(record) : undefined);
      if (transport === undefined || !retryableCodes.has(transport.code) || attempt > retries) {
        const why = transport && attempt <= retries ? notRetried[transport.code] : undefined;
        if (why) io.stderr(`powerduck ${command}: not resending: ${why}.\n`);
        if (failure) return fail(failure);
        break;
      }
      // Same call, same body: the same messageId goes out again, and history counts it as the next attempt.
      io.stderr(
        `powerduck ${command}: attempt ${attempt} got no answer (${oneLine(transport.message)}); resending the same request (attempt ${attempt + 1} of ${retries + 1}).\n`,
      );
      await sleep(Math.min(5_000, 250 * 2 ** (attempt - 1)));
    }
  } finally {
    // Keep-alive sockets and gRPC channels would hold the process open after the answer.
    core.env.connections.close();
  }
  if (!record) return fail({ code: 'internal', message: 'The call ended without a record.' });
  if (json) io.stdout(`${JSON.stringify(record)}\n`);
  else if (!headed && record.events?.length) {
    // A unary method that was answered with a stream still shows its events, under its request line.
    const [requestLine, ...rest] = summarizeExchange(record);
    io.stdout(`${[requestLine, ...record.events.map(describeEvent), ...rest].join('\n')}\n`);
  } else io.stdout(`${summarizeExchange(record).join('\n')}\n`);
  const hint = timeoutHint(record.outcome, record.timings.totalMs, call.timeouts?.totalMs ?? DEFAULT_CALL_TOTAL_MS);
  if (hint) io.stderr(hint);
  return exitFor(record);
}
