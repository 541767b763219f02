/**
 * Plain HTTP requests (issue 18): what the user drafts, and the one record of what went over the
 * wire. The record reuses the A2A record's request/response/timing/event shapes so redaction,
 * history and every view read the same fields.
 */
import type { AuthConfig } from '../a2a/auth';
import type { CallTimeouts, CallTls, HeaderEntry } from '../a2a/call';
import type { RecordedRequest, RecordedResponse, RecordedStreamEvent, Timings } from '../a2a/exchange';
import type { WireErrorCode } from '../contract/result';

export type { HeaderEntry };

/** A file to send: a path the core reads, or bytes the page already read (base64). */
export type FileSource = { path: string; contentType?: string } | { name: string; base64: string; contentType?: string };

export interface FormField {
  name: string;
  value: string;
  /** Disabled rows stay in the draft but are not sent. */
  enabled?: boolean;
}

export interface MultipartField {
  name: string;
  /** Text value, or a file. */
  value?: string;
  file?: FileSource;
  /** Content-Type of a text part (none by default, i.e. text/plain per RFC 7578). */
  contentType?: string;
  enabled?: boolean;
}

export type HttpBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'urlencoded'; fields: FormField[] }
  | { kind: 'multipart'; fields: MultipartField[] }
  | { kind: 'file'; file: FileSource };

export type HttpBodyKind = HttpBody['kind'];

/**
 * The field values of an operation tab (or `powerduck run`), as typed: `{{variables}}` and all. The
 * core fills the variables in from the environment, then builds the URL and the parameter headers
 * from the operation (openapi-draft.ts), so a filled-in value is encoded by its parameter's style.
 */
export interface HttpOperationInput {
  /** Index into the operation's servers; ignored when `baseUrl` is set. */
  serverIndex?: number;
  serverVariables?: Record<string, string>;
  /** Send to this base URL instead of the document's servers. */
  baseUrl?: string;
  /** Field text by `in:name` (`path:petId`, `query:limit`); an absent or empty optional parameter is left out. */
  values: Record<string, string>;
}

/** The operation of a spec file whose declared responses the answer is checked against. */
export interface HttpOperationRef {
  file: string;
  path: string;
  httpMethod: string;
  /**
   * With it, the request's URL and parameter headers are built by the core from these values
   * (the request's own `url` is only what the tab previewed; its own headers are sent after).
   */
  input?: HttpOperationInput;
}

/** How long a send waits for the whole answer (a stream: for its head) when the request sets no timeout. */
export const DEFAULT_HTTP_TOTAL_MS = 60_000;
/** How long a send waits for the connection (TCP and TLS) when the request sets no connect timeout. */
export const DEFAULT_HTTP_CONNECT_MS = 10_000;

export interface HttpRequest {
  /** Any token (GET, POST… or a custom method such as PROPFIND); sent upper-cased only if the user typed it so. */
  method: string;
  url: string;
  headers?: HeaderEntry[];
  auth?: AuthConfig;
  body?: HttpBody;
  /** Follow 3xx answers (default false: the redirect is shown, not followed). */
  followRedirects?: boolean;
  /** Upper bound on followed redirects (default 10). */
  maxRedirects?: number;
  tls?: CallTls;
  timeouts?: CallTimeouts;
  recordBodyLimit?: number;
  /** An http:// proxy (HTTP via absolute-form, HTTPS via CONNECT). */
  proxy?: string;
  /** Without `proxy`: go the way the Settings-level proxy says (off, the environment, a URL). Absent both: direct. */
  proxyFromSettings?: boolean;
  maxEventBytes?: number;
  /** Check the answer against this operation's declared responses. */
  operation?: HttpOperationRef;
  /** Environment whose variables fill `{{name}}` in URL, headers, auth and body (at send time, in the core). */
  environment?: string;
  /**
   * Values for `{{name}}` given for this send only (`powerduck run --env NAME=VALUE`): they win over
   * the environment's and are never saved (history keeps the request as sent, redacted as usual).
   */
  variables?: Record<string, string>;
  /**
   * Also write the response body's exact bytes to this file (an absolute path) as they arrive, with
   * no cap: the CLI's `-o`. Taken only from the CLI (and tests); the app saves from the cache instead.
   */
  responseFile?: string;
  /**
   * Use the core's cookie jar (default true): cookies it holds for the URL are sent (unless the
   * request has its own Cookie header) and the answer's Set-Cookie headers are stored.
   */
  cookies?: boolean;
}

/** A cookie the core's jar holds, as the UI lists it: never its value (cookies are credentials). */
export interface CookieSummary {
  name: string;
  domain: string;
  path: string;
  /** Set for the exact host only (no Domain attribute). */
  hostOnly: boolean;
  /** ISO date, or undefined for a session cookie (kept until the jar is cleared or the app quits). */
  expires?: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
  /** Size of the value in bytes (UTF-8). */
  valueBytes: number;
}

/** Which cookies a request carried from the jar and which the answer stored: names only. */
export interface ExchangeCookies {
  /** Names sent from the jar (a Cookie header typed on the request is not the jar's). */
  sent: string[];
  /** Names stored from Set-Cookie headers, every hop included. */
  stored: string[];
}

/** One schema violation in a response, as a JSON path into the body. */
export interface ResponseViolation {
  /** `$.items[0].id` */
  path: string;
  message: string;
  /** The schema keyword that failed (`type`, `required`…). */
  rule: string;
}

/** The answer compared with what the operation declares. */
export interface ResponseCheck {
  /** `ok` = matches; `violations` = body breaks the schema; `undeclared` = no response for this status; `unchecked` = nothing to check (no schema, not JSON…). */
  verdict: 'ok' | 'violations' | 'undeclared' | 'unchecked';
  /** The response key that applied (`200`, `2XX`, `default`). */
  declaredStatus?: string;
  /** The media type key that applied. */
  mediaType?: string;
  violations: ResponseViolation[];
  /** Readable notes: undeclared status, media type not declared, body not JSON… */
  notes: string[];
  /** Stream items checked against OAS 3.2 `itemSchema` (index = event seq). */
  items?: Array<{ seq: number; violations: ResponseViolation[] }>;
}

export type HttpOutcome =
  | { kind: 'response'; status: number }
  | { kind: 'stream'; status: number; ended: 'completed' | 'stopped' | 'error'; eventCount: number; error?: string }
  | { kind: 'transport-error'; code: WireErrorCode; message: string };

/** Non-text response bodies are kept in the record (memory, history) as base64 up to this size. */
export const MAX_BINARY_RECORD_BYTES = 10 * 1024 * 1024;

/** Where a response's whole body went when its record cannot hold it (or the CLI's -o asked). */
export interface ResponseBodyFile {
  /** A copy in the data folder's cache, read back with `http.bodyFile` (only the newest few are kept, for a day). */
  cacheId?: string;
  /** Bytes in the file. */
  bytes: number;
  /** The whole body: false when the copy was cut at its cap, the answer broke off, or the write failed. */
  complete: boolean;
  /** Why the write failed (ENOSPC…), when it did. */
  error?: string;
}

/** One hop of a followed redirect chain (the final answer is the record's response). */
export interface RedirectHop {
  /** The method this hop was sent with (a 303, or a 301/302 after POST, turns the next one into GET). */
  method: string;
  url: string;
  status: number;
  location: string;
}

/** One followed redirect as history keeps it: the 3xx that came back and the request it led to. */
export interface RedirectStep {
  status: number;
  method: string;
  url: string;
}

export interface HttpExchangeRecord {
  protocol: 'http';
  id: string;
  startedAt: string;
  /** The method of the first request: the one as written (`request.httpMethod` is the last hop's). */
  method: string;
  /**
   * The URL of the first request as sent (redacted): the request as written, which history lists and
   * searches. After followed redirects `request` is the last hop's, the one the final answer answered.
   */
  url: string;
  request: RecordedRequest;
  /** After followed redirects: the first request as sent (headers, body), the one `method` and `url` name. */
  firstRequest?: RecordedRequest;
  response?: RecordedResponse & {
    /** Base64 of the body bytes when the body is not text (images, binary); absent past MAX_BINARY_RECORD_BYTES. */
    bodyBase64?: string;
    /** The body's exact bytes were also written to a file as they arrived (the record could not hold them all, or `responseFile`). */
    bodyFile?: ResponseBodyFile;
  };
  timings: Timings;
  events?: RecordedStreamEvent[];
  outcome: HttpOutcome;
  /** Redirects that were followed, in order. */
  redirects?: RedirectHop[];
  /**
   * Set when redirects were to be followed and the last answer is still a redirect (the hop limit
   * reached, a loop, or a target that is not http(s)): no final response came, so the CLI exits 1.
   */
  unfinished?: { reason: 'redirect-limit' | 'redirect-not-followable'; message: string };
  check?: ResponseCheck;
  /** Cookies taken from and stored into the core's jar (absent when none were). */
  cookies?: ExchangeCookies;
  warnings: string[];
}
