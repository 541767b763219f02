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
  /**
   * The same, as files the core reads at send time (so a saved request or a session holds paths,
   * never key material). `{{name}}` placeholders resolve from the environment, so an environment
   * can pick the certificate.
   */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Client certificate and key in one PKCS#12 file (.p12/.pfx) instead of certFile/keyFile. */
  pfxFile?: string;
  /** Passphrase of the PKCS#12 file (or of an encrypted PEM key): a stored secret or an env variable. */
  passphrase?: SecretSource;
}

/**
 * The settings as a send should carry them: blank fields dropped, and nothing at all when nothing
 * is left (an emptied form must not make a gRPC call refuse "custom TLS").
 */
export function usableTls(tls: CallTls | undefined): CallTls | undefined {
  if (!tls) return undefined;
  const out: CallTls = {};
  for (const field of ['caPem', 'certPem', 'caFile', 'certFile', 'keyFile', 'pfxFile'] as const) {
    const value = tls[field]?.trim();
    if (value) out[field] = value;
  }
  if (tls.keyPem) out.keyPem = tls.keyPem;
  if (tls.insecureSkipVerify) out.insecureSkipVerify = true;
  // A passphrase only matters with something to open; an unchosen secret is no passphrase.
  const chosen =
    tls.passphrase && !('secretRef' in tls.passphrase && tls.passphrase.secretRef === '') && !('env' in tls.passphrase && tls.passphrase.env === '');
  if (chosen && (out.pfxFile || out.keyFile || out.keyPem)) out.passphrase = tls.passphrase;
  return Object.keys(out).length ? out : undefined;
}

/** True when the settings present a client certificate (mutual TLS). */
export function hasClientCertificate(tls: CallTls | undefined): boolean {
  return !!tls && !!(tls.certPem || tls.certFile || tls.pfxFile);
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

/** How long a unary A2A call (a stream: until it answers) may take when the call sets no timeout. */
export const DEFAULT_CALL_TOTAL_MS = 60_000;

/** A timeout as people say it: "500 ms", "3 s", "2.5 s" (messages name the setting in the unit its field uses elsewhere). */
export function durationWords(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1))} s`;
}

export interface CallTimeouts {
  /** Time allowed to open the connection (TCP + TLS). */
  connectMs?: number;
  /** Time allowed for the whole unary call; for streams, the time until the first byte. */
  totalMs?: number;
}

/** A timeout a send can use: a positive, finite number of seconds (as the tabs' Options take them). */
export function validTimeout(seconds: unknown): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0;
}

/** A tab's two timeout settings (HTTP and A2A tabs alike), in seconds. */
export type TimeoutField = 'timeoutSeconds' | 'connectTimeoutSeconds';

/** `draft` with one timeout set to `seconds`, or without it (the core's default) when that is not a usable timeout. */
export function withTimeoutSeconds<T extends Partial<Record<TimeoutField, number>>>(draft: T, field: TimeoutField, seconds: unknown): T {
  const next = { ...draft };
  delete next[field];
  return validTimeout(seconds) ? { ...next, [field]: seconds } : next;
}

/** The timeouts a send used (history keeps them in milliseconds) as a tab's seconds: the one reader for HTTP and A2A tabs reopened from history. */
export function timeoutSecondsOf(timeouts: CallTimeouts | undefined): Partial<Record<TimeoutField, number>> {
  return {
    ...(validTimeout(timeouts?.totalMs) ? { timeoutSeconds: timeouts.totalMs / 1000 } : {}),
    ...(validTimeout(timeouts?.connectMs) ? { connectTimeoutSeconds: timeouts.connectMs / 1000 } : {}),
  };
}

/** A tab's timeouts in seconds as the core's milliseconds, the unset ones left to the core's defaults; undefined when none is set. */
export function timeoutsFromSeconds(totalSeconds: unknown, connectSeconds: unknown): CallTimeouts | undefined {
  const timeouts: CallTimeouts = {
    ...(validTimeout(connectSeconds) ? { connectMs: Math.round(connectSeconds * 1000) } : {}),
    ...(validTimeout(totalSeconds) ? { totalMs: Math.round(totalSeconds * 1000) } : {}),
  };
  return Object.keys(timeouts).length ? timeouts : undefined;
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
  /**
   * The body as JSON text with unquoted `{{name}}` references (`{"count": {{n}}}`), when it is JSON
   * only once they are filled in (shared/env/json-variables.ts); the core fills it in and parses it
   * into `body` before anything else reads the call. Absent: `body` is the body.
   */
  bodyText?: string;
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
  /** HTTP bindings only, without `proxy`: go the way the Settings-level proxy says (off, the environment, a URL). Absent both: direct. */
  proxyFromSettings?: boolean;
  /** Cap for one SSE event in bytes (default 4 MiB). */
  maxEventBytes?: number;
  /**
   * Name of the environment whose variables fill `{{name}}` placeholders at send time (the core
   * resolves them; see shared/env/variables.ts). Omitted: any placeholder blocks the send.
   */
  environment?: string;
  /**
   * Values for `{{name}}` given for this send only (`powerduck run --env NAME=VALUE`), as
   * HttpRequest.variables: they win over the environment's and are never saved.
   */
  variables?: Record<string, string>;
}
