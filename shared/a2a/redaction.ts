/**
 * Secrets never reach the record: Authorization, API keys, cookies and tokens in query strings are
 * replaced by a marker in the recorded copy only; the live request is untouched.
 */
import type { HeaderList } from './exchange';

export const REDACTED = '[redacted]';

/** Header names that always carry credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-access-token',
  'x-a2a-notification-token',
]);

/** Query parameter names that conventionally carry credentials. */
const SECRET_QUERY = new Set(['token', 'access_token', 'accesstoken', 'id_token', 'refresh_token', 'api_key', 'apikey', 'api-key', 'key', 'secret', 'client_secret', 'password', 'sig', 'signature']);

export interface RedactionRules {
  /** Extra header names to redact (e.g. a configured API-key header), case-insensitive. */
  headers?: readonly string[];
  /** Extra query parameter names to redact (e.g. a configured API-key query name). */
  query?: readonly string[];
  /** Literal secret values (resolved auth secrets) to scrub wherever they appear. */
  values?: readonly string[];
}

export function isSecretHeader(name: string, rules: RedactionRules = {}): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || (rules.headers ?? []).some((h) => h.toLowerCase() === lower);
}

function isSecretQuery(name: string, rules: RedactionRules): boolean {
  const lower = name.toLowerCase();
  return SECRET_QUERY.has(lower) || (rules.query ?? []).some((q) => q.toLowerCase() === lower);
}

/** Replaces every occurrence of the literal secrets (at least 4 characters, to avoid scrubbing noise). */
export function scrubValues(text: string, rules: RedactionRules = {}): string {
  if (!rules.values?.length) return text;
  let out = text;
  for (const value of rules.values ?? []) {
    if (value.length < 4) continue;
    out = out.split(value).join(REDACTED);
  }
  return out;
}

/** Keeps the scheme word of an Authorization value ("Bearer [redacted]") so the record still says what was sent. */
function redactHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const space = value.indexOf(' ');
    if (space > 0 && /^[A-Za-z][A-Za-z0-9-]*$/.test(value.slice(0, space))) return `${value.slice(0, space)} ${REDACTED}`;
  }
  return REDACTED;
}

export function redactHeaders(headers: HeaderList, rules: RedactionRules = {}): HeaderList {
  const out: HeaderList = new Array(headers.length);
  for (let i = 0; i < headers.length; i++) {
    const [name, value] = headers[i] as [string, string];
    out[i] = [name, isSecretHeader(name, rules) ? redactHeaderValue(name, value) : scrubValues(value, rules)];
  }
  return out;
}

/** Redacts credential query parameters and userinfo in a URL; leaves anything unparsable scrubbed by value only. */
export function redactUrl(url: string, rules: RedactionRules = {}): string {
  // Nothing to hide: no query, no userinfo, no known secret values.
  if (!rules.values?.length && url.indexOf('?') === -1 && url.indexOf('@') === -1) return url;
  const hashAt = url.indexOf('#');
  const noHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const q = noHash.indexOf('?');
  let base = q === -1 ? noHash : noHash.slice(0, q);
  // user:password@ in the authority
  base = base.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^@/?#]*)@/, (_m, scheme: string) => `${scheme}${REDACTED}@`);
  // Secrets may sit percent-encoded in a URL.
  const encoded = (rules.values ?? []).map((v) => encodeURIComponent(v)).filter((v) => !(rules.values ?? []).includes(v));
  rules = { ...rules, values: [...(rules.values ?? []), ...encoded] };
  if (q === -1) return scrubValues(base + hash, rules);
  const query = noHash
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return eq !== -1 && isSecretQuery(name, rules) ? `${rawName}=${encodeURIComponent(REDACTED)}` : pair;
    })
    .join('&');
  return scrubValues(`${base}?${query}${hash}`, rules);
}
