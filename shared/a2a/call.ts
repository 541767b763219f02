import type { AuthConfig, SecretSource } from './auth';
import type { A2aVersion, Binding } from './versions';

export interface HeaderEntry {
  name: string;
  value: string;
  /** Disabled rows stay in the draft but are not sent. */
  enabled?: boolean;
}

/**
 * TLS settings for HTTP(S) calls. HTTP-only: the gRPC binding refuses them (its TLS always trusts
 * the operating system's certificate store).
 */
export interface CallTls {
  /** Extra CA certificates (PEM) trusted in addition to the system store. */
  caPem?: string;
  /** Client certificate (PEM) for mutual TLS. */
  certPem?: string;
  /** Private key (PEM) of the client certificate. */
  keyPem?: SecretSource;
  /** Accept any server certificate. For local testing only; the record carries a warning. */
  insecureSkipVerify?: boolean;
}

/** The longest delay a JavaScript timer takes (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Why a user-given timeout cannot be used, or undefined when it can. */
export function timeoutProblem(name: string, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return `${name} must be a positive number of milliseconds.`;
  if (value > MAX_TIMER_MS) {
    return `${name} is ${value} ms, longer than the longest timer there is (${MAX_TIMER_MS} ms, about 24.8 days), which would fire at once. Use a smaller value.`;
  }
  return undefined;
}

export interface CallTimeouts {
  /** Time allowed to open the connection (TCP + TLS). */
  connectMs?: number;
  /** Time allowed for the whole unary call; for streams, the time until the first byte. */
  totalMs?: number;
}

/**
 * What the user drafted. For JSON-RPC `body` is `params` (the core builds the envelope);
 * for HTTP+JSON and gRPC `body` is the request object itself.
 */
export interface A2aCall {
  version: A2aVersion;
  binding: Binding;
  endpoint: string;
  method: string;
  body: unknown;
  headers?: HeaderEntry[];
  auth?: AuthConfig;
  /** HTTP+JSON only: optional `/{tenant}` path prefix. */
  tenant?: string;
  timeouts?: CallTimeouts;
  /** Cap for recorded bodies (bytes); bodies beyond it are cut and flagged `truncated`. */
  recordBodyLimit?: number;
  /** HTTP bindings only: custom TLS trust / client certificate. */
  tls?: CallTls;
  /** HTTP bindings only: an http:// proxy URL (HTTP via absolute-form, HTTPS via CONNECT). */
  proxy?: string;
  /** Cap for one SSE event in bytes (default 4 MiB). */
  maxEventBytes?: number;
  /**
   * Name of the environment whose variables fill `{{name}}` placeholders at send time (the core
   * resolves them; see shared/env/variables.ts). Omitted: any placeholder blocks the send.
   */
  environment?: string;
}
