/**
 * MCP requests (issue 19): what the user drafts (a server to reach and one JSON-RPC method to call)
 * and the one record of what happened: every HTTP request/response of the connection (redacted),
 * every JSON-RPC message both ways, the server's initialize answer and the call's outcome.
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import type { CallTls, HeaderEntry } from '../a2a/call';
import type { HeaderList, RecordedStreamEvent } from '../a2a/exchange';
import type { ResponseViolation } from '../http/http-types';
import type { WireErrorCode } from '../contract/result';
import type { McpElicitation, McpElicitationPrompt, McpElicitAnsweredBy, McpElicitResult } from './mcp-elicitation';
import type { McpSampling, McpSamplingAnswer, McpSamplingAnsweredBy, McpSamplingPrompt } from './mcp-sampling';
import type { McpWatchSummary } from './mcp-watch';

/** A root the client offers the server (roots/list): a file:// URI and an optional name. */
export interface McpRoot {
  uri: string;
  name?: string;
}

/** `auto` = Streamable HTTP, falling back to the legacy HTTP+SSE transport when the server offers only that. */
export type McpHttpTransport = 'auto' | 'streamable-http' | 'sse';
export type McpTransport = McpHttpTransport | 'stdio';
export const mcpTransports: readonly McpTransport[] = ['auto', 'streamable-http', 'sse', 'stdio'];

export interface McpHttpTarget {
  transport: McpHttpTransport;
  endpoint: string;
  headers?: HeaderEntry[];
  auth?: AuthConfig;
  /** Extra CA, client certificate, allow invalid certificate: as an HTTP or A2A request takes them. */
  tls?: CallTls;
}

/** An environment variable for a stdio server; its value from a named secret, an env var or (CLI only) a literal. */
export interface McpEnvEntry {
  name: string;
  value: SecretSource;
}

export interface McpStdioTarget {
  transport: 'stdio';
  /** The program to start, exactly as run (no shell). */
  command: string;
  args?: string[];
  env?: McpEnvEntry[];
  /**
   * The folder the server starts in (absent: Powerduck's own). Its `{{variables}}` are filled in as
   * the arguments' are; a relative path is read against `cwdBase`, and refused without one. A folder
   * that is not there (or a file) is refused before anything starts.
   */
  cwd?: string;
  /**
   * The absolute folder a relative `cwd` is read against: the spec file's folder for a saved
   * operation (mcp.draftOperation sets it), the current folder for the CLI's --cwd. Never saved to a spec.
   */
  cwdBase?: string;
}

export type McpTarget = McpHttpTarget | McpStdioTarget;

export type McpSubjectKind = 'tool' | 'resource' | 'prompt';

/** What a call is about: a tool (its name), a resource (its URI or template) or a prompt (its name). */
export interface McpSubject {
  kind: McpSubjectKind;
  name: string;
}

/**
 * What every request that reaches an MCP server names (mcp.connect, mcp.call/stream, mcp.watch,
 * mcp.complete): the server — HTTP with its endpoint, headers and auth, or a stdio command with its
 * args and env — and the environment its `{{variables}}` are filled in from.
 */
export interface McpServerRequest {
  target: McpTarget;
  /** The environment whose `{{variables}}` the core fills in (endpoint, headers, auth, params, stdio args/env) at send time. */
  environment?: string;
  /**
   * Values for `{{name}}` given for this request only (`powerduck run --env NAME=VALUE`), as
   * HttpRequest.variables: they win over the environment's and are never saved.
   */
  variables?: Record<string, string>;
}

/** A request that opens a session of its own (connect, call, watch): the roots the client offers in it. */
export interface McpSessionRequest extends McpServerRequest {
  /** Offered to the server (the client declares `roots` only when this is set) and listed on roots/list. */
  roots?: McpRoot[];
}

export interface McpCallRequest extends McpSessionRequest {
  /** Any JSON-RPC method (`tools/call`, `resources/read`…); `initialize` alone just connects. */
  method: string;
  params?: Record<string, unknown>;
  /**
   * The params as JSON text, instead of `params`, when they hold unquoted `{{name}}` references
   * (`{"name": "add", "arguments": {"a": {{n}}}}`): the core fills each in as a JSON value (quoted
   * ones as escaped text, shared/env/json-variables.ts) and parses the text into `params`.
   */
  paramsText?: string;
  /** List methods: follow `nextCursor` and return every page (default true for the list methods). */
  allPages?: boolean;
  /** tools/call: check structuredContent against this schema (default: the tool's own from tools/list). */
  outputSchema?: Record<string, unknown>;
  /**
   * tools/call with `paramsText`: the tool's inputSchema, so an argument written as a whole
   * `{{variable}}` is checked against its property's type once filled in (refused before anything is sent).
   */
  inputSchema?: Record<string, unknown>;
  timeoutMs?: number;
  /** Recorded body bytes per HTTP request/response (default 5 MB). */
  recordBodyLimit?: number;
  /**
   * The answer to every elicitation/create of this call, without asking (the CLI's --elicit-answer);
   * it must fit each form or the core declines. Without it a stream asks the user and mcp.call declines.
   */
  elicitAnswer?: McpElicitResult;
  /**
   * The answer to every sampling/createMessage of this call, without asking (the CLI's --sampling-answer).
   * The client declares `sampling` when this is set, or when a stream can ask its user (unless
   * `offerSampling` is false); otherwise it does not, and the server takes its own fallback.
   */
  samplingAnswer?: McpSamplingAnswer;
  /** false: never declare sampling, even on a stream whose user could answer (to try a server's fallback). */
  offerSampling?: boolean;
  /** Sent as logging/setLevel right after initialize, so the server's log messages during the call start at this level. */
  logLevel?: McpLogLevel;
}

/** The syslog levels of MCP logging (RFC 5424 order, least severe first). */
export const mcpLogLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type McpLogLevel = (typeof mcpLogLevels)[number];

export interface McpConnectRequest extends McpSessionRequest {
  timeoutMs?: number;
}

/** What the server said about itself in its initialize answer. */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
  protocolVersion: string;
  instructions?: string;
  capabilities: Record<string, unknown>;
  /** Streamable HTTP session id (absent for a stateless server, stdio and legacy SSE). */
  sessionId?: string;
  /** The transport actually used (auto resolves to one of the others). */
  transport: Exclude<McpTransport, 'auto'>;
}

/** One HTTP request/response of the connection, as sent and received, secrets redacted. */
export interface McpHttpExchange {
  seq: number;
  atMs: number;
  httpMethod: string;
  url: string;
  requestHeaders: HeaderList;
  requestBody?: string;
  status?: number;
  statusText?: string;
  responseHeaders?: HeaderList;
  contentType?: string;
  /** JSON body, or the raw text of an SSE answer (as far as it arrived before the record closed). */
  responseBody?: string;
  truncated?: boolean;
  /** Network failure of this request. */
  error?: string;
  durationMs?: number;
}

/** One JSON-RPC message in either direction. */
export interface McpMessage {
  seq: number;
  atMs: number;
  direction: 'sent' | 'received';
  kind: 'request' | 'response' | 'error' | 'notification';
  method?: string;
  id?: string | number;
  message: unknown;
}

/** What a server answering 401 asks for (RFC 9728 protected-resource metadata, when it names some). */
export interface McpAuthChallenge {
  status: number;
  wwwAuthenticate?: string;
  resourceMetadataUrl?: string;
  /** The metadata document as served (bounded). */
  resourceMetadata?: Record<string, unknown>;
  authorizationServers?: string[];
  scopes?: string[];
  /** Why the metadata could not be read, when it could not. */
  metadataError?: string;
}

export type McpOutcome =
  | { kind: 'result'; result: unknown }
  /** A tools/call result with isError: true (the tool failed; the protocol worked). */
  | { kind: 'tool-error'; result: unknown }
  | { kind: 'rpc-error'; code: number; message: string; data?: unknown }
  | { kind: 'auth-required'; message: string; challenge: McpAuthChallenge }
  | { kind: 'http-error'; status: number; message: string }
  | { kind: 'transport-error'; code: WireErrorCode; message: string }
  | { kind: 'cancelled'; message: string };

export interface McpOutputCheck {
  /** ok = conforms; violations = breaks outputSchema; missing = schema declared, no structuredContent; unchecked = nothing to check. */
  verdict: 'ok' | 'violations' | 'missing' | 'unchecked';
  violations: ResponseViolation[];
  /** English sentences (the CLI prints them); the page shows `reason` in its own language instead. */
  notes: string[];
  /** Why the note is there, as a code the page translates; `detail` is the schema library's own message. */
  reason?: McpOutputCheckReason;
  detail?: string;
}

/** noSchema: structuredContent without an outputSchema; toolError: isError, not checked; noStructured: schema, no structuredContent; schemaUnusable: the schema did not compile. */
export type McpOutputCheckReason = 'noSchema' | 'toolError' | 'noStructured' | 'schemaUnusable';

export interface McpExchangeRecord {
  protocol: 'mcp';
  id: string;
  startedAt: string;
  method: string;
  params?: unknown;
  /** Where it went: endpoint URL (redacted) or the command line of a stdio server (and the folder it started in, absolute). */
  target: { transport: McpTransport; endpoint?: string; command?: string; args?: string[]; envNames?: string[]; cwd?: string };
  server?: McpServerInfo;
  outcome: McpOutcome;
  /** List methods: how many pages were read. */
  pages?: number;
  outputCheck?: McpOutputCheck;
  http: McpHttpExchange[];
  messages: McpMessage[];
  /** Server notifications and requests received during the call (and the answers to elicitations), as timeline events. */
  events?: RecordedStreamEvent[];
  /** Each elicitation/create the server sent and the answer it got. */
  elicitations?: McpElicitation[];
  /** Each sampling/createMessage the server sent and the answer it got. */
  samplings?: McpSampling[];
  /** Last lines a stdio server wrote to stderr (bounded, redacted). */
  stderr?: string;
  timings: { totalMs: number; initializeMs?: number };
  warnings: string[];
  /** mcp.watch: how the watch went and why it ended. */
  watch?: McpWatchSummary;
}

export interface McpConnectResult {
  record: McpExchangeRecord;
  server?: McpServerInfo;
  tools: McpTool[];
  resources: McpResource[];
  resourceTemplates: McpResourceTemplate[];
  prompts: McpPrompt[];
}

export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface McpResource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

/** Methods whose answers are paginated with `cursor` / `nextCursor`, and the result field holding the items. */
export const mcpListMethods: Readonly<Record<string, string>> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

/**
 * A data event of mcp.stream: a timeline event, and for elicitation/create and sampling/createMessage
 * the question waiting for mcp.answer (`elicitation`, `sampling`), then the answer it got.
 */
export interface McpStreamEvent extends RecordedStreamEvent {
  elicitation?: McpElicitationPrompt;
  elicitationAnswered?: { serverRequestId: string | number; answer: McpElicitResult; answeredBy: McpElicitAnsweredBy };
  sampling?: McpSamplingPrompt;
  samplingAnswered?: { serverRequestId: string | number; answer: McpSamplingAnswer; answeredBy: McpSamplingAnsweredBy };
  /** When it arrived (ISO 8601): set on mcp.watch events, whose timeline may span hours. */
  time?: string;
}

/**
 * completion/complete: suggestions for one argument of a prompt or one variable of a resource
 * template, as the user types it. A typing aid, not a request the user sends: it is not kept in history.
 */
export interface McpCompleteRequest extends McpServerRequest {
  /** An http(s) server (a stdio server would be started for every keystroke, so it is refused). */
  target: McpTarget;
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  /** The other arguments already filled in (the server may narrow its suggestions with them). */
  context?: Record<string, string>;
  timeoutMs?: number;
}

export interface McpCompleteResult {
  /** At most 100, as the spec bounds them. */
  values: string[];
  total?: number;
  hasMore?: boolean;
  /** Why there are none when that is not the server's answer: it does not offer completions, or the lookup failed. */
  note?: string;
}
