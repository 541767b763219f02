import type { RecordedProxy } from '../http/proxy-rules';
import type { WireErrorCode } from '../contract/result';
import type { A2aVersion, Binding } from './versions';

/** Headers as sent/received, in order, with secrets replaced by `‹redacted›` (record only). */
export type HeaderList = Array<[name: string, value: string]>;

export interface RecordedRequest {
  /** Full URL (HTTP) or `grpc://host:port/package.Service/Method` (`grpcs://` over TLS). */
  url: string;
  httpMethod?: string;
  headers: HeaderList;
  /** gRPC metadata (redacted). */
  metadata?: HeaderList;
  body?: string;
  bodyBytes: number;
  truncated?: boolean;
  /** JSON-RPC request id the core minted (distinct from any messageId). */
  rpcId?: string | number;
  /** The proxy it went through (or direct because a bypass list named it); absent: direct as asked. */
  proxy?: RecordedProxy;
}

export interface RecordedResponse {
  status?: number;
  statusText?: string;
  /** gRPC status code and name. */
  grpcStatus?: number;
  grpcStatusName?: string;
  headers: HeaderList;
  trailers?: HeaderList;
  contentType?: string;
  body?: string;
  bodyBytes: number;
  truncated?: boolean;
  /**
   * A long stream keeps only the head of its raw text in `body` and its last bytes here (every
   * event is kept once, in `events`); `truncated` is set and `bodyBytes` is what arrived.
   */
  bodyTail?: string;
  /** The body was not valid UTF-8; invalid bytes show as U+FFFD. */
  invalidUtf8?: boolean;
  /**
   * The answer stopped before its end (the timeout, Stop, the connection closed mid-body): `body` and
   * `bodyBytes` are what arrived; the outcome (a transport error) says why.
   */
  incomplete?: boolean;
}

export interface RecordedStreamEvent {
  seq: number;
  /** Milliseconds since the call started. */
  atMs: number;
  /** SSE `event:` name when present ('message' otherwise); 'grpc' for gRPC stream messages. */
  event: string;
  /** Parsed payload as received (JSON-RPC envelope for JSON-RPC, StreamResponse otherwise). */
  data: unknown;
  /** Which A2A object it carries: task, message, statusUpdate, artifactUpdate (1.0) or the 0.3 kind. */
  objectKind?: string;
  /** Task state after this event, when it carries one. */
  state?: string;
  error?: { code: number | string; message: string; reason?: string };
  /** The event's data text when it is not valid JSON (then `data` is that text too). */
  raw?: string;
  /** Task id carried by the event, when any. */
  taskId?: string;
  /** Context id carried by the event, when any. */
  contextId?: string;
}

export type Outcome =
  | { kind: 'message'; message: unknown }
  | { kind: 'task'; task: unknown; state?: string }
  /** Any other successful result (GetExtendedAgentCard, ListTasks, push configs, an empty DELETE…). */
  | { kind: 'result'; value: unknown }
  | { kind: 'rpc-error'; code: number; message: string; data?: unknown; reason?: string }
  | { kind: 'http-error'; status: number; message: string; reason?: string; body?: unknown }
  | { kind: 'grpc-error'; code: number; codeName: string; message: string; reason?: string }
  | { kind: 'transport-error'; code: WireErrorCode; message: string }
  | {
      kind: 'stream';
      /** completed = server closed after a terminal/interrupted state; stopped = the user dropped the connection. */
      ended: 'completed' | 'closed' | 'stopped' | 'error';
      lastState?: string;
      eventCount: number;
      error?: { code: number | string; message: string; reason?: string };
      /**
       * Events that were not the binding (data that is not JSON, JSON that is not a JSON-RPC response or
       * is another binding's envelope, a gRPC message that does not decode): how many, and the first one
       * named with its first bytes. The server was reached and answered wrongly, whatever came after.
       */
      wrongEvents?: { count: number; first: string };
    };

/** Points in time, in milliseconds since the call started. */
export interface Timings {
  /** Host name resolved (absent for an IP address or a reused connection). */
  dnsMs?: number;
  /** TCP connected (HTTP bindings; before the TLS handshake on https). */
  tcpMs?: number;
  /** Connection ready: TCP connected, and for https:// the TLS handshake done. */
  connectMs?: number;
  firstByteMs?: number;
  totalMs: number;
  /** The call went over an already open connection (keep-alive / gRPC channel): no connect time. */
  reusedConnection?: boolean;
}

/** The one record of a call, from which every view, history entry and export is derived. */
export interface ExchangeRecord {
  id: string;
  startedAt: string;
  version: A2aVersion;
  binding: Binding;
  endpoint: string;
  method: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  timings: Timings;
  events?: RecordedStreamEvent[];
  outcome: Outcome;
  /** Notes such as a mismatched JSON-RPC id or plaintext gRPC to a non-loopback host. */
  warnings: string[];
  /** The answer had another binding's shape (a JSON-RPC envelope on HTTP+JSON, HTML on JSON-RPC). */
  bindingMismatch?: { looksLike: 'jsonrpc-envelope' | 'html'; message: string };
  /** How a token the core obtained itself was used (OAuth 2.0: flow, cached or new, expiry, scopes, issuer); never a secret. */
  authNote?: string;
}
