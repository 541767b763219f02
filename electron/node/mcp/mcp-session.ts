/**
 * Opens one MCP connection with the official SDK client: Streamable HTTP (falling back to the
 * legacy HTTP+SSE transport when the server offers only that), or a stdio child process. Every
 * transport is wrapped by the recorder, so the record sees each HTTP exchange and JSON-RPC message.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, type StreamableHTTPReconnectionOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ChildProcess } from 'node:child_process';
import { callRedaction } from '../../../shared/a2a/redaction';
import type { McpHttpTarget, McpServerInfo, McpStdioTarget, McpTarget } from '../../../shared/mcp/mcp-types';
import { applyAuth, resolveSecret, type SecretDeps } from '../a2a/auth-apply';
import { CoreError } from '../core-error';
import { usableTls } from '../../../shared/a2a/call';
import { resolveClientTls } from '../a2a/client-tls';
import { HttpPool } from '../a2a/http-transport';
import { tlsFetch } from './mcp-tls-fetch';
import type { FetchLike, McpRecorder } from './mcp-recorder';
import type { ClientSetup } from './mcp-server-requests';
import { ConnectionLoss } from './mcp-connection-loss';
import { isObject } from '../../../shared/a2a/payload';
import { commandLine as shellLine } from '../../../shared/mcp/command-preview';
import { checkedWorkingDirectory } from './stdio-working-directory';

export interface McpDeps extends SecretDeps {
  now: () => number;
  version: string;
  /** Starting processes is code execution: the browser host allows it only with --allow-stdio. */
  allowStdio: boolean;
  /** How long an elicitation waits for the user (default 5 minutes; tests shorten it). */
  elicitationTimeoutMs?: number;
  /** Values of secret-backed `{{variables}}` this request was filled in with: its record scrubs them. */
  redactValues?: readonly string[];
  /** The core's keep-alive connections, which an endpoint with TLS settings is reached through. */
  pool?: HttpPool;
}

export interface McpSession {
  client: Client;
  server: McpServerInfo;
  initializeResult: Record<string, unknown>;
  /**
   * Why the server's connection went away under this session (it closed the stream, the process
   * exited); undefined while it is up. A session that is gone is never used again: the next call
   * connects anew.
   */
  readonly lost: string | undefined;
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 2_000;

export function parseMcpEndpoint(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new CoreError('bad-request', `"${text}" is not a valid MCP endpoint URL (expected http://… or https://…).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CoreError('bad-request', `An MCP endpoint needs an http:// or https:// URL, not ${url.protocol}//.`);
  return url;
}

/** The command line exactly as it will run (what the user confirms), quoted for reading. */
export function commandLine(target: Pick<McpStdioTarget, 'command' | 'args'>): string {
  return shellLine(target.command, target.args ?? []);
}

/**
 * A signal that follows `outer` only until `done()`. The SDK keeps its abort listener after a
 * request has finished, so the caller's Stop would otherwise send notifications/cancelled for
 * requests that already have their answer (initialize, earlier pages).
 */
export function phaseSignal(outer: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, done: () => outer.removeEventListener('abort', onAbort) };
}

/** The client declares what `setup` answers (elicitation, roots) and nothing else: no sampling. */
function newClient(deps: McpDeps, setup: ClientSetup | undefined): Client {
  const client = new Client({ name: 'powerduck', version: deps.version }, { capabilities: setup?.capabilities ?? {} });
  setup?.install(client);
  return client;
}

async function closeQuietly(client: Client, transport: Transport): Promise<void> {
  const closing = (async () => {
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
      // Ends the server's session (DELETE); a server that does not allow it answers 405, which is fine.
      await transport.terminateSession().catch(() => undefined);
    }
    await client.close().catch(() => undefined);
  })();
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
}

function serverInfoFrom(
  client: Client,
  initializeResult: Record<string, unknown>,
  transport: McpServerInfo['transport'],
  sessionId: string | undefined,
): McpServerInfo {
  const info = client.getServerVersion();
  const out: McpServerInfo = {
    name: info?.name ?? '',
    version: info?.version ?? '',
    protocolVersion: typeof initializeResult['protocolVersion'] === 'string' ? initializeResult['protocolVersion'] : '',
    capabilities: (client.getServerCapabilities() as Record<string, unknown> | undefined) ?? {},
    transport,
  };
  if (info?.title) out.title = info.title;
  const instructions = client.getInstructions();
  if (instructions) out.instructions = instructions;
  if (sessionId) out.sessionId = sessionId;
  return out;
}

/** The initialize result as the server sent it (from the record: the SDK keeps only parts of it). */
function initializeResultOf(recorder: McpRecorder): Record<string, unknown> {
  const request = recorder.messages.find((m) => m.direction === 'sent' && m.method === 'initialize');
  const answer = recorder.messages.find((m) => m.direction === 'received' && m.kind === 'response' && request !== undefined && m.id === request.id);
  const result = isObject(answer?.message) ? answer.message['result'] : undefined;
  return isObject(result) ? result : {};
}

/** What a long-lived session (mcp.watch) changes about the HTTP transports. */
export interface SessionOptions {
  /** Wraps the fetch under the recorder's (a watch follows its GET stream through it). */
  fetch?: (base: FetchLike) => FetchLike;
  /** How the Streamable HTTP client reopens its GET stream when it ends. */
  reconnection?: StreamableHTTPReconnectionOptions;
}

/** What every transport's connect passes through unchanged (openMcpSession's arguments). */
interface Connecting {
  deps: McpDeps;
  recorder: McpRecorder;
  signal: AbortSignal;
  timeoutMs: number;
  setup: ClientSetup | undefined;
  options: SessionOptions;
  loss: ConnectionLoss;
}

async function connectWith(
  { deps, recorder, signal, timeoutMs, setup, loss }: Connecting,
  transport: Transport,
  kind: McpServerInfo['transport'],
  watching: { started?: () => void; closed?: () => string | undefined } = {},
): Promise<McpSession> {
  const client = newClient(deps, setup);
  const phase = phaseSignal(signal);
  try {
    await client.connect(loss.wrap(recorder.wrap(transport), watching), { signal: phase.signal, timeout: timeoutMs });
  } catch (e) {
    loss.closing();
    await closeQuietly(client, transport);
    throw e;
  } finally {
    phase.done();
  }
  const initializeResult = initializeResultOf(recorder);
  return {
    client,
    initializeResult,
    server: serverInfoFrom(client, initializeResult, kind, transport.sessionId),
    get lost() {
      return loss.reason;
    },
    close: async () => {
      loss.closing();
      await closeQuietly(client, transport);
    },
  };
}

async function connectHttp(target: McpHttpTarget, connecting: Connecting): Promise<McpSession> {
  const { deps, recorder, signal } = connecting;
  let url = parseMcpEndpoint(target.endpoint);
  const auth = await applyAuth(target.auth, deps);
  const headers: Record<string, string> = {};
  for (const h of target.headers ?? []) {
    if (h.enabled === false || !h.name.trim()) continue;
    headers[h.name.trim()] = h.value;
  }
  for (const [name, value] of auth.headers) headers[name] = value;
  for (const [name, value] of auth.query) url.searchParams.append(name, value);
  url = new URL(url.href);
  recorder.setRedaction(callRedaction({ endpoint: url.href, headers: target.headers }, auth.redaction));
  const tls = await resolveClientTls(usableTls(target.tls), deps);
  if (tls && !tls.rejectUnauthorized) recorder.warnings.push('TLS certificate checks were switched off for this server ("allow invalid certificate").');
  const base: FetchLike = tls ? tlsFetch(deps.pool ?? new HttpPool(), tls) : fetch;
  const fetchFn = connecting.loss.fetch(recorder.recordingFetch(connecting.options.fetch ? connecting.options.fetch(base) : base));
  const requestInit: RequestInit = { headers };
  if (target.transport !== 'sse') {
    const reconnection = connecting.options.reconnection ? { reconnectionOptions: connecting.options.reconnection } : {};
    try {
      return await connectWith(connecting, new StreamableHTTPClientTransport(url, { fetch: fetchFn, requestInit, ...reconnection }), 'streamable-http');
    } catch (e) {
      const status = recorder.lastFailure?.status;
      // MCP 2025-03-26 §Transports, backwards compatibility: a POST of initialize refused with
      // 400/404/405 means the server may speak only the 2024-11-05 HTTP+SSE transport.
      const fallback = target.transport === 'auto' && !signal.aborted && status !== undefined && [400, 404, 405].includes(status);
      if (!fallback) throw e;
      recorder.warnings.push(`Streamable HTTP was refused (HTTP ${status}); trying the legacy HTTP+SSE transport (protocol 2024-11-05).`);
      recorder.lastFailure = undefined;
    }
  }
  return connectWith(connecting, new SSEClientTransport(url, { fetch: fetchFn, requestInit }), 'sse');
}

/** A stdio server's variables are chosen on the MCP request's Environment tab (or `--env-secret` in the CLI). */
const STDIO_ENV_PLACE = {
  where: 'the Environment tab of the MCP request (--env-secret VAR=NAME in the CLI)',
  otherwise: 'or remove the variable',
} as const;

async function connectStdio(target: McpStdioTarget, connecting: Connecting): Promise<McpSession> {
  const { deps, recorder } = connecting;
  if (!deps.allowStdio) {
    throw new CoreError(
      'unsupported',
      'This host does not start processes: stdio MCP servers run in the desktop app and the CLI, or in the browser host started with --allow-stdio.',
    );
  }
  if (typeof target.command !== 'string' || !target.command.trim()) throw new CoreError('bad-request', 'A stdio MCP server needs a command to run.');
  const args = target.args ?? [];
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
    throw new CoreError('bad-request', 'The arguments of a stdio MCP server must be a list of strings.');
  const env: Record<string, string> = { ...getDefaultEnvironment() };
  const secretValues: string[] = [];
  for (const entry of target.env ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.name)) throw new CoreError('bad-request', `"${entry.name}" is not a valid environment variable name.`);
    const value = await resolveSecret(entry.value, deps, `environment variable ${entry.name}`, STDIO_ENV_PLACE);
    env[entry.name] = value;
    secretValues.push(value);
  }
  // Checked before the spawn: a missing folder would otherwise surface as the command's ENOENT.
  const cwd = await checkedWorkingDirectory(target);
  recorder.setRedaction(callRedaction({ endpoint: '' }, { values: secretValues }));
  const transport = new StdioClientTransport({ command: target.command, args, env, stderr: 'pipe', ...(cwd ? { cwd } : {}) });
  transport.stderr?.on('data', (chunk: Buffer) => recorder.stderr(chunk.toString('utf8')));
  // The SDK reports the end of the process without its exit code or signal, and keeps the child
  // private; its fields are read here (set before 'close', which is when the SDK reports the end).
  let child: ChildProcess | undefined;
  return connectWith(connecting, transport, 'stdio', {
    started: () => {
      child = (transport as unknown as { _process?: ChildProcess })._process;
    },
    closed: () => ConnectionLoss.describeExit(child ? { code: child.exitCode, signal: child.signalCode } : undefined, recorder.stderrText),
  });
}

export async function openMcpSession(
  target: McpTarget,
  deps: McpDeps,
  recorder: McpRecorder,
  signal: AbortSignal,
  timeoutMs: number,
  setup?: ClientSetup,
  options: SessionOptions = {},
): Promise<McpSession> {
  if (!isObject(target)) throw new CoreError('bad-request', 'An MCP request needs a target (an endpoint or a stdio command).');
  const loss = new ConnectionLoss((reason) => (recorder.connectionLost = reason));
  const connecting: Connecting = { deps, recorder, signal, timeoutMs, setup, options, loss };
  if (target.transport === 'stdio') return connectStdio(target, connecting);
  if (!['auto', 'streamable-http', 'sse'].includes(target.transport))
    throw new CoreError('bad-request', `Unknown MCP transport "${String(target.transport)}" (auto, streamable-http, sse or stdio).`);
  return connectHttp(target, connecting);
}
