/**
 * Secrets never reach the record: Authorization, API keys, cookies and tokens in query strings are
 * replaced by a marker in the recorded copy only; the live request is untouched.
 */
import { decodeBase64 } from '../encoding/base64';
import type { HeaderEntry } from './call';
import type { HeaderList } from './exchange';
import { decodeUtf8 } from './utf8';
import {
  editUrl,
  formDecode,
  stripUrlCredentials,
  urlCredentialEdits,
  urlCredentialParts,
  type UrlCredentialRule,
  type UrlParam,
} from '../http/url-credentials';

/** What stands in for a secret: visibly a redaction, and not valid in a header, so it is never re-sent by mistake. */
export const REDACTED = '‹redacted›';

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
const SECRET_QUERY = new Set([
  'token',
  'access_token',
  'accesstoken',
  'id_token',
  'refresh_token',
  'api_key',
  'apikey',
  'api-key',
  'key',
  'secret',
  'client_secret',
  'password',
  'passwd',
  'pwd',
  'sig',
  'signature',
  'auth',
]);

/** Names that say "credential" wherever they appear (`X-Api-Token`, `session_secret`, `db_password`). Not
 * "credential" itself: `Access-Control-Allow-Credentials` is a CORS fact worth seeing. */
const SECRET_NAME_PATTERN = /token|secret|passw(or)?d|api[-_]?key|access[-_]?key/i;

export interface RedactionRules {
  /** Extra header names to redact (e.g. a configured API-key header), case-insensitive. */
  headers?: readonly string[];
  /** Extra query parameter names to redact (e.g. a configured API-key query name). */
  query?: readonly string[];
  /** Literal secret values (resolved auth secrets) to scrub wherever they appear. */
  values?: readonly string[];
}

/**
 * Header names already judged, as spelled: the same few names come with every request, answer and
 * trailer of every call, and each judgement lower-cased the name and ran a pattern. Bounded, so an
 * agent inventing new names forever only stops the memo growing.
 */
const judgedHeaderNames = new Map<string, boolean>();
const maxJudgedHeaderNames = 512;

function isSecretHeaderName(name: string): boolean {
  let secret = judgedHeaderNames.get(name);
  if (secret === undefined) {
    const lower = name.toLowerCase();
    secret = SECRET_HEADERS.has(lower) || SECRET_NAME_PATTERN.test(lower);
    if (judgedHeaderNames.size < maxJudgedHeaderNames) judgedHeaderNames.set(name, secret);
  }
  return secret;
}

export function isSecretHeader(name: string, rules: RedactionRules = {}): boolean {
  if (isSecretHeaderName(name)) return true;
  if (!rules.headers?.length) return false;
  const lower = name.toLowerCase();
  return rules.headers.some((h) => h.toLowerCase() === lower);
}

export function isSecretQuery(name: string, rules: RedactionRules = {}): boolean {
  const lower = name.toLowerCase();
  return SECRET_QUERY.has(lower) || SECRET_NAME_PATTERN.test(lower) || (rules.query ?? []).some((q) => q.toLowerCase() === lower);
}

/**
 * Literals shorter than this are not searched for everywhere: "ab3" would turn every "ab3" of every
 * body into a marker. They are still hidden where their position says they are a credential: in
 * header values and URLs (by name, whatever the length), and in echoed text right after a credential
 * word (`Bearer ab3`, `token=ab3`, `"password": "ab3"`).
 */
const minSecretLength = 4;

/**
 * A credential word and what joins it to its value: a scheme word and spaces, or a credential-like name
 * (SECRET_NAME_PATTERN's words and the short query names it misses) and `=`/`:` (quoted, or JSON-escaped
 * inside a raw body).
 */
const credentialLeadIn = String.raw`((?:\b(?:bearer|token)\s+)|(?:(?:${SECRET_NAME_PATTERN.source}|pwd|key|auth|sig|signature)\\?["']?\s*[=:]\s*\\?["']?))`;

/** One compiled pattern per short value, bounded like judgedHeaderNames (a call has a handful of secrets). */
const shortValuePatterns = new Map<string, RegExp>();

function shortValuePattern(value: string): RegExp {
  let pattern = shortValuePatterns.get(value);
  if (!pattern) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`${credentialLeadIn}${escaped}(?![A-Za-z0-9._~+/=-])`, 'gi');
    if (shortValuePatterns.size < 256) shortValuePatterns.set(value, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** Replaces every occurrence of the literal secrets; one under 4 characters only right after a credential word. */
export function scrubValues(text: string, rules: RedactionRules = {}): string {
  if (!rules.values?.length) return text;
  let out = text;
  for (const value of rules.values) {
    if (value === '' || !out.includes(value)) continue;
    out = value.length < minSecretLength ? out.replace(shortValuePattern(value), `$1${REDACTED}`) : out.split(value).join(REDACTED);
  }
  return out;
}

/**
 * The forms a secret takes on the way back from an agent that echoes it: as is, percent-encoded (a
 * query string), JSON-escaped (inside a body), and for a `user:password` pair also its base64 (Basic).
 * Longest first, so a secret that contains another is replaced whole.
 */
export function secretForms(values: readonly string[]): string[] {
  const out = new Set<string>();
  for (const value of values) {
    if (value === '') continue;
    out.add(value);
    out.add(encodeURIComponent(value));
    out.add(encodeURIComponent(value).replace(/%20/g, '+'));
    out.add(JSON.stringify(value).slice(1, -1));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/** A Basic credential's `user:password`, when it is base64 of valid UTF-8. */
function decodeBasic(credential: string): string | undefined {
  const bytes = decodeBase64(credential);
  if (!bytes) return undefined;
  const decoded = decodeUtf8(bytes);
  return decoded.invalid ? undefined : decoded.text;
}

/** The secret parts of one credential-carrying header value: the credential after the scheme word, and for Basic the decoded pair and password. */
function headerSecrets(value: string): string[] {
  const match = /^([A-Za-z][A-Za-z0-9-]*) +(.+)$/.exec(value.trim());
  // Without a scheme word the whole value is the secret; with one, the scheme stays readable ("Basic ‹redacted›").
  if (!match?.[2]) return [value];
  const credential = match[2].trim();
  const out = [credential];
  if (match[1]?.toLowerCase() === 'basic') {
    const pair = decodeBasic(credential);
    if (pair !== undefined) {
      out.push(pair);
      const colon = pair.indexOf(':');
      if (colon !== -1) out.push(pair.slice(colon + 1));
    }
  }
  return out;
}

/** A query or fragment parameter with a value under a credential-looking name. */
function isSecretParam(param: UrlParam, rules: RedactionRules): boolean {
  return param.value.end > param.value.start && isSecretQuery(param.name, rules);
}

/** userinfo and credential-looking query and fragment values of a URL, as written and decoded. */
function urlSecrets(url: string, rules: RedactionRules): string[] {
  const out: string[] = [];
  // Most endpoints have no userinfo, query or fragment (the same test as urlCredentialEdits): every call runs this.
  if (url.indexOf('@') === -1 && url.indexOf('?') === -1 && url.indexOf('#') === -1) return out;
  const parts = urlCredentialParts(url);
  if (parts.userinfo) {
    const userinfo = url.slice(parts.userinfo.start, parts.userinfo.end).replace(/[\t\n\r]/g, '');
    out.push(userinfo, formDecode(userinfo));
    const colon = userinfo.indexOf(':');
    if (colon !== -1) out.push(userinfo.slice(colon + 1), formDecode(userinfo.slice(colon + 1)));
  }
  for (const param of parts.params) {
    if (!isSecretParam(param, rules)) continue;
    const value = url.slice(param.value.start, param.value.end).replace(/[\t\n\r]/g, '');
    out.push(value, formDecode(value));
  }
  return out;
}

/**
 * Everything one call must hide wherever it shows up again (headers, URLs, echoed bodies, parsed
 * results): the auth settings' secrets plus any credential the user typed straight into a header row
 * or the endpoint (userinfo, `?token=`), in every form an agent may echo them.
 */
export function callRedaction(call: { endpoint: string; headers?: readonly HeaderEntry[] | undefined }, auth: RedactionRules = {}): RedactionRules {
  const values: string[] = [...(auth.values ?? [])];
  for (const row of call.headers ?? []) {
    if (row.enabled === false || typeof row.name !== 'string' || typeof row.value !== 'string') continue;
    if (isSecretHeader(row.name.trim(), auth)) values.push(...headerSecrets(row.value));
  }
  for (const value of auth.values ?? []) values.push(...headerSecrets(value));
  values.push(...urlSecrets(call.endpoint, auth));
  const out: RedactionRules = { values: secretForms(values) };
  if (auth.headers) out.headers = auth.headers;
  if (auth.query) out.query = auth.query;
  return out;
}

/** Keeps the scheme word of an Authorization value ("Bearer ‹redacted›") so the record still says what was sent. */
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

/** The history's reading of a URL: a parameter is a credential if its name looks like one (isSecretQuery). */
function historyRule(rules: RedactionRules): UrlCredentialRule {
  return { isCredentialName: (name) => isSecretQuery(name, rules) };
}

/**
 * Redacts the userinfo and credential query and fragment values of a URL, wherever `new URL` would
 * find them (see urlCredentialParts), whatever their length: the position says they are secret. Then
 * scrubs the call's known secret values (as written and percent-encoded) from the rest.
 */
export function redactUrl(url: string, rules: RedactionRules = {}): string {
  const edited = editUrl(url, urlCredentialEdits(url, historyRule(rules), REDACTED));
  const values = rules.values;
  if (!values?.length) return edited;
  // Secrets may sit percent-encoded in a URL.
  const encoded = values.map((v) => encodeURIComponent(v)).filter((v) => !values.includes(v));
  return scrubValues(edited, { ...rules, values: [...values, ...encoded] });
}

/**
 * The URL with its credentials taken out rather than marked: no userinfo, credential query values
 * emptied. For copies that may be edited and sent again (a persisted draft), where a marker would be
 * sent as if it were the value.
 */
export function withoutUrlCredentials(url: string): string {
  return stripUrlCredentials(url, historyRule({}));
}
