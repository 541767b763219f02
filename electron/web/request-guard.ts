import { timingSafeEqual } from 'node:crypto';

export interface GuardInput {
  host: string | undefined;
  origin: string | undefined;
  token: string | undefined;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403 | 421; reason: string };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Host names that can only ever mean this machine; anything else could be a DNS-rebinding name. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/**
 * Every request must name a loopback Host (DNS rebinding); API requests additionally need the
 * per-run token and, when the browser sends an Origin, our own origin. No CORS headers are ever sent,
 * so a foreign page can neither read responses nor pass a preflight.
 */
export function checkHost(port: number, host: string | undefined): GuardVerdict {
  if (!host || !allowedHosts(port).has(host.toLowerCase())) {
    return { ok: false, status: 421, reason: `Host header must be 127.0.0.1:${port} or localhost:${port}.` };
  }
  return { ok: true };
}

export function checkApiRequest(port: number, expectedToken: string, input: GuardInput): GuardVerdict {
  const host = checkHost(port, input.host);
  if (!host.ok) return host;
  if (input.origin !== undefined && !allowedOrigins(port).has(input.origin.toLowerCase())) {
    return { ok: false, status: 403, reason: 'Requests from other origins are refused.' };
  }
  if (!input.token || !sameToken(input.token, expectedToken)) {
    return { ok: false, status: 401, reason: 'Missing or wrong Powerduck session token.' };
  }
  return { ok: true };
}
