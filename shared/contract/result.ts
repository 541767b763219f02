/**
 * Errors cross every boundary as data with a stable code. Callers branch on `code`,
 * never on `message` (which is for people and may be translated or reworded).
 */
export const wireErrorCodes = [
  'bad-request',
  'unknown-operation',
  'cancelled',
  'timeout',
  'dns',
  /** Nothing reached the server: refused, unreachable, a proxy that would not tunnel. */
  'connect',
  /**
   * The proxy failed, so nothing reached the server: it could not be reached, did not open a tunnel in
   * time, or refused to (CONNECT answered other than 2xx and 407). Never the server's answer.
   */
  'proxy',
  /**
   * The proxy asked for credentials (407), so nothing reached the server. Its own code because asking
   * again cannot help: Powerduck sends no proxy credentials, so a retry gets the same 407.
   */
  'proxy-auth',
  /** The server (or something on the way) closed the connection after the request went out, before the answer was complete. */
  'reset',
  'tls',
  'http-status',
  'rpc-error',
  'grpc-error',
  'protocol',
  'not-json',
  'too-large',
  'unsupported',
  'not-found',
  'conflict',
  'parse',
  'invalid',
  /** A credential in a URL about to be written to a spec file (use Auth and a named secret instead). */
  'credential-in-url',
  /** A `{{variable}}` has no value: no environment chosen, not defined there, its secret not stored, or an unknown `{{$name}}` (details: UnresolvedVariableDetails). */
  'unresolved-variable',
  'io',
  'unauthorized',
  'internal',
] as const;

export type WireErrorCode = (typeof wireErrorCodes)[number];

export interface WireError {
  code: WireErrorCode;
  message: string;
  details?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WireError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: WireErrorCode, message: string, details?: unknown): { ok: false; error: WireError } {
  return details === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, details } };
}

export function isWireErrorCode(value: unknown): value is WireErrorCode {
  return typeof value === 'string' && (wireErrorCodes as readonly string[]).includes(value);
}
