import type { AuthConfig, SecretSource } from '../a2a/auth';
import type { CallTimeouts, CallTls, HeaderEntry } from '../a2a/call';
import type { ExchangeRecord, Outcome } from '../a2a/exchange';
import type { HttpExchangeRecord, RedirectStep } from '../http/http-types';
import type { McpEnvEntry, McpExchangeRecord, McpTransport } from '../mcp/mcp-types';
import type { A2aVersion, Binding } from '../a2a/versions';

/** One part of a message as the logging policy keeps it: what kind, which media type, how big. */
export interface PartSummary {
  kind: 'text' | 'data' | 'url' | 'raw' | 'unknown';
  mediaType: string;
  /** False when the part carried no media type and the default for its kind is shown. */
  mediaTypeDeclared: boolean;
  /** Size of the content in bytes (UTF-8 text, JSON text of data, decoded raw bytes); absent for URLs. */
  bytes?: number;
}

export interface MessageSummary {
  direction: 'sent' | 'received';
  messageId?: string;
  role?: string;
  taskId?: string;
  contextId?: string;
  parts: PartSummary[];
}

/** The interface the exchange went to (binding + version + endpoint). */
export interface HistoryInterface {
  /** 'HTTP' for plain HTTP requests (issue 18), which have no A2A version ('-'). */
  binding: Binding | 'HTTP' | 'MCP';
  version: A2aVersion | '-';
  endpoint: string;
}

export interface HistoryA2aError {
  /** JSON-RPC code, HTTP status or gRPC status name, as the binding carries it. */
  code: number | string;
  reason?: string;
  message: string;
}

export interface BodyDigest {
  bytes: number;
  /** Hex SHA-256 of the body as recorded (the recorded copy is already redacted). */
  sha256?: string;
  truncated?: boolean;
  /** The answer stopped before its end (timeout, Stop, connection closed): `bytes` and the digest are of what arrived. */
  incomplete?: boolean;
}

/**
 * How a plain HTTP request was sent, beyond what it said: the settings a faithful resend needs. No
 * secret is among them: TLS keeps file paths only (as a tab and its saved session do), never key
 * material or a passphrase (`passphraseNotKept` says one was set and must be given again).
 */
export interface HttpSendSettings {
  /** 3xx answers were followed (off: shown as they came). */
  followRedirects: boolean;
  /** The request's own limit on followed redirects (absent: the core's default, 10). */
  maxRedirects?: number;
  /** The core's cookie jar was used: its cookies sent, the answer's stored. */
  cookies: boolean;
  /** Certificate verification off, an extra CA, a client certificate: paths as written (`{{variables}}` kept). */
  tls?: Pick<CallTls, 'insecureSkipVerify' | 'caFile' | 'certFile' | 'keyFile' | 'pfxFile'>;
  passphraseNotKept?: true;
  /** The request's own limits (absent: the core's defaults, 60 s for the whole answer). */
  timeouts?: CallTimeouts;
}

/**
 * An MCP server's TLS settings as history keeps them: certificate checks off, and the extra CA and
 * client certificate by file path (`{{variables}}` kept). Never key material; the passphrase of a
 * PKCS#12 file or an encrypted key only by reference (a stored secret's name, a `{{variable}}`, a
 * process environment variable's name): one typed in as a value is not kept, and `passphraseNotKept` says so.
 */
export interface HistoryTls extends Pick<CallTls, 'insecureSkipVerify' | 'caFile' | 'certFile' | 'keyFile' | 'pfxFile'> {
  passphrase?: Exclude<SecretSource, { value: string }>;
  passphraseNotKept?: true;
}

/**
 * What "Open as new request" needs besides the interface and method. Auth is kept by secret or
 * variable name only (a literal value typed for one send is never kept: `authNotKept` says so);
 * credential headers keep their name, not their value. `body` exists only when full bodies are on.
 */
export interface HistoryReplay {
  /**
   * The URL (HTTP) or endpoint (A2A, MCP) as the user wrote it, `{{variables}}` and all, credentials
   * taken out (shared/history/replay-template.ts). Absent on entries recorded before it was kept:
   * those reopen with the address that was sent (`interface.endpoint`).
   */
  endpoint?: string;
  auth?: AuthConfig;
  authNotKept?: boolean;
  /** The header rows as written (`{{…}}` values kept, literal credentials emptied and switched off). */
  headers?: HeaderEntry[];
  /** MCP stdio: the program and its arguments as written. */
  command?: string;
  args?: string[];
  /**
   * MCP stdio: the environment by reference only (a secret's name, a `{{variable}}`, a process
   * environment variable's name); a literal value is not kept: its row comes back with no secret chosen.
   */
  env?: McpEnvEntry[];
  /** MCP stdio: the working directory as written (`{{variables}}` kept) and the folder a relative one is read against. */
  cwd?: string;
  cwdBase?: string;
  /** MCP over HTTPS: the TLS settings, paths and a passphrase by reference only. */
  tls?: HistoryTls;
  tenant?: string;
  /** The drafted body (JSON-RPC: the params), only under the full-bodies policy. */
  body?: unknown;
  /**
   * The http:// proxy the request went through (A2A over HTTP, plain HTTP), without credentials, under
   * either policy; a replay goes through it again. Absent: the request went direct.
   */
  proxy?: string;
  /** The request followed the Settings-level proxy (`proxy` is what it gave then; absent: it gave direct). */
  proxyFromSettings?: true;
  /** A2A: the call's own timeouts (absent: the defaults); plain HTTP keeps them in `send`. */
  timeouts?: CallTimeouts;
  /** Plain HTTP: how it was sent (redirects, cookie jar, TLS, timeout), under either policy; absent on older entries (replayed with the defaults). */
  send?: HttpSendSettings;
}

/**
 * What an MCP entry says in MCP's own terms, under any policy: the transport used and what the call was
 * about (a tool, prompt or resource named in its params; a name, not a body).
 */
export interface HistoryMcpFacts {
  transport: McpTransport;
  subject?: { kind: 'tool' | 'prompt' | 'resource'; name: string };
}

/** Where an exchange came from, so the history can be filtered by it. */
export type HistorySource = 'send' | 'stream' | 'check' | 'cli';

/**
 * One exchange in the history. By default it holds metadata only, and bodies as SHA-256 digests;
 * `exchange` (the full record, redacted by the core) is kept only when full bodies are switched on.
 */
export interface HistoryEntry {
  id: string;
  startedAt: string;
  source: HistorySource;
  /** Set for exchanges made by a contract check run. */
  check?: { runId: string; checkId: string };
  method: string;
  interface: HistoryInterface;
  /** 1 for the first send of a messageId, 2 for its first resend, and so on. */
  attempt: number;
  httpStatus?: number;
  grpcStatus?: string;
  outcomeKind: Outcome['kind'] | 'response' | McpExchangeRecord['outcome']['kind'];
  /** For a transport failure, its code (timeout, connect…): tells "never sent" from "no answer". */
  transportError?: string;
  a2aError?: HistoryA2aError;
  /** The server created a task for this exchange (a send that came back with a new task). */
  taskCreated: boolean;
  taskId?: string;
  contextId?: string;
  taskState?: string;
  messages: MessageSummary[];
  eventCount?: number;
  durationMs: number;
  /** Plain HTTP: the request as written (the first one sent, with its method), under either policy. */
  request: BodyDigest & { url: string; httpMethod?: string };
  /**
   * Plain HTTP whose redirects were followed: each 3xx and the request it led to, in order (the last
   * one got the final answer). History search matches these URLs as well as the first.
   */
  redirects?: RedirectStep[];
  response?: BodyDigest & { contentType?: string };
  warnings: string[];
  bodies: 'hashed' | 'full';
  exchange?: ExchangeRecord;
  /** The full record of a plain HTTP request, under the same policy as `exchange`. */
  httpExchange?: HttpExchangeRecord;
  /** The full record of an MCP request (issue 19), under the same policy. */
  mcpExchange?: McpExchangeRecord;
  /** MCP entries: transport and subject (absent on entries recorded before they were kept). */
  mcp?: HistoryMcpFacts;
  /** Absent for entries recorded before replay was kept, and for runs of saved operations. */
  replay?: HistoryReplay;
}

/** What `history.list` returns per row: the entry without the full record. */
export type HistorySummary = Omit<HistoryEntry, 'exchange' | 'httpExchange' | 'mcpExchange'>;

export interface HistorySettings {
  /** Keep full request/response bodies (redacted) instead of SHA-256 digests. Off by default. */
  fullBodies: boolean;
  /** Upper bound for the history on disk; the oldest entries go first. */
  maxBytes: number;
}

export const defaultHistorySettings: HistorySettings = { fullBodies: false, maxBytes: 20 * 1024 * 1024 };

/** Lower and upper limits accepted for maxBytes (1 MiB to 1 GiB). */
export const historyMaxBytesRange = { min: 1024 * 1024, max: 1024 * 1024 * 1024 } as const;
