/**
 * The request as the user wrote it, for "Open as new request": the address with its `{{variables}}`,
 * the header rows as typed and auth by secret name, so a replay fills them again from whichever
 * environment is active instead of pinning what one send resolved. Built at the persistence seam
 * (the history recorder) from the drafted request, never from what was sent:
 * - a `{{name}}` is a name, not a credential, and stays;
 * - a credential header (Authorization, X-API-Key…) keeps a value made of `{{variables}}` (optionally
 *   after a scheme word: `Bearer {{token}}`); a literal value is emptied and the row switched off;
 * - credentials typed into the address go (userinfo, credential-named query values: safeUrl);
 * - any text holding a value the send resolved from a secret (or another secret the call knew) is
 *   treated as a literal credential: a header row is emptied and switched off, other text is scrubbed;
 * - literal auth values are never kept (`authNotKept` says a credential was set and must be chosen again).
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import type { CallTimeouts, CallTls, HeaderEntry } from '../a2a/call';
import { isSecretHeader, REDACTED, scrubValues, type RedactionRules } from '../a2a/redaction';
import { safeAuth, safeUrl } from '../session/session-state';
import { wholeReference } from '../env/variables';
import type { McpEnvEntry } from '../mcp/mcp-types';
import type { HttpRequest } from '../http/http-types';
import type { HistoryReplay, HistoryTls, HttpSendSettings } from './history-types';

export interface RequestTemplate {
  /** URL or endpoint as drafted. */
  endpoint?: string;
  headers?: readonly HeaderEntry[];
  auth?: AuthConfig;
  /** stdio: the program and its arguments as drafted. */
  command?: string;
  args?: readonly string[];
  /** stdio: the server's environment as drafted (values by reference, or literal). */
  env?: readonly McpEnvEntry[];
  /** stdio: the working directory as drafted, and the folder a relative one is read against. */
  cwd?: string;
  cwdBase?: string;
  /** MCP over HTTPS: the TLS settings as drafted (see templateTls). */
  tls?: CallTls;
  /** A2A over HTTP and plain HTTP: the http:// proxy the request went through (what the record says it used). */
  proxy?: string;
  /** The request followed the Settings-level proxy (whatever it gave: a proxy, or direct). */
  proxyFromSettings?: boolean;
  /** A2A: the call's own timeouts (plain HTTP keeps them in `send`). */
  timeouts?: CallTimeouts;
  /** Plain HTTP: the request's send settings as drafted (see sendSettings). */
  send?: Pick<HttpRequest, 'followRedirects' | 'maxRedirects' | 'cookies' | 'tls' | 'timeouts'>;
}

/** `{{a}}`, `{{a}}{{b}}`, `Bearer {{token}}`: names only, nothing a credential could be typed into. */
const referenceOnly = /^\s*(?:[A-Za-z][\w-]*\s+)?(?:\{\{\s*\$?[A-Za-z_][\w.-]*\s*\}\}\s*)+$/;

/** A text that holds a secret value the call knew (scrubValues would change it). */
function holdsSecret(text: string, rules: RedactionRules): boolean {
  return text.includes(REDACTED) || scrubValues(text, rules) !== text;
}

export function templateHeaders(headers: readonly HeaderEntry[], rules: RedactionRules = {}): HeaderEntry[] {
  const out: HeaderEntry[] = [];
  for (const row of headers) {
    if (typeof row?.name !== 'string' || typeof row.value !== 'string') continue;
    const { name, value } = row;
    const literalCredential = isSecretHeader(name) && value.trim() !== '' && !referenceOnly.test(value);
    if (literalCredential || holdsSecret(value, rules)) out.push({ name, value: '', enabled: false });
    else out.push({ name, value, ...(row.enabled === false ? { enabled: false } : {}) });
  }
  return out;
}

/** A credential typed as only `{{name}}` is that variable's name, kept as a reference (as Save to spec keeps it), not a literal. */
function byReference(source: SecretSource): SecretSource {
  return 'value' in source && typeof source.value === 'string' && wholeReference(source.value.trim()) !== undefined
    ? { secretRef: source.value.trim() }
    : source;
}

function referencesKept(auth: AuthConfig): AuthConfig {
  switch (auth.type) {
    case 'bearer':
      return { ...auth, token: byReference(auth.token) };
    case 'apiKey':
      return { ...auth, value: byReference(auth.value) };
    case 'basic':
      return { ...auth, password: byReference(auth.password) };
    case 'oauth2':
      return auth.clientSecret ? { ...auth, clientSecret: byReference(auth.clientSecret) } : auth;
    case 'none':
      return auth;
  }
}

/** Auth by name only: a literal credential is dropped and said to be (authNotKept); `{{token}}` is a name and stays. */
export function templateAuth(auth: AuthConfig | undefined): Pick<HistoryReplay, 'auth' | 'authNotKept'> {
  if (!auth || auth.type === 'none') return {};
  const safe = safeAuth(referencesKept(auth)) as unknown as AuthConfig;
  return safe.type === 'none' ? { authNotKept: true } : { auth: safe };
}

/**
 * A stdio server's environment by reference, as headers keep `{{…}}` values: a secret's name, a
 * process environment variable's name and a `{{variable}}` (typed as a value or as a reference)
 * stay; a literal value, or a name holding a secret the call knew, becomes "no secret chosen".
 */
export function templateEnv(env: readonly McpEnvEntry[], rules: RedactionRules = {}): McpEnvEntry[] {
  const out: McpEnvEntry[] = [];
  for (const entry of env) {
    if (typeof entry?.name !== 'string') continue;
    const source: Record<string, unknown> = typeof entry.value === 'object' && entry.value !== null ? (entry.value as Record<string, unknown>) : {};
    const name = (text: unknown): string | undefined => (typeof text === 'string' && !holdsSecret(text, rules) ? text : undefined);
    const env = name(source['env']);
    const ref = name(source['secretRef']);
    const value = name(source['value']);
    const kept: SecretSource =
      env !== undefined
        ? { env }
        : ref !== undefined
          ? { secretRef: ref }
          : value !== undefined && wholeReference(value.trim()) !== undefined
            ? { secretRef: value.trim() }
            : { secretRef: '' };
    out.push({ name: entry.name, value: kept });
  }
  return out;
}

const tlsPaths = ['caFile', 'certFile', 'keyFile', 'pfxFile'] as const;

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * TLS by file path as history keeps it (plain HTTP and MCP alike): certificate checks off, and the
 * paths as written; key material (PEM text) never, and a path holding a secret the send knew is
 * dropped like any text that holds one.
 */
function tlsPathsKept(given: CallTls, rules: RedactionRules): NonNullable<HttpSendSettings['tls']> {
  const tls: NonNullable<HttpSendSettings['tls']> = {};
  if (given.insecureSkipVerify === true) tls.insecureSkipVerify = true;
  for (const field of tlsPaths) {
    const path = given[field];
    if (typeof path === 'string' && path.trim() !== '' && !holdsSecret(path, rules)) tls[field] = path.trim();
  }
  return tls;
}

/**
 * An MCP server's TLS settings as history keeps them (HistoryTls): the paths, and the passphrase
 * of a kept PKCS#12 file or key by reference only (a secret's name, a `{{variable}}`, a process
 * variable's name), so a replay opens the same identity; a passphrase typed in as a value is never
 * kept (`passphraseNotKept`). Undefined when nothing is left.
 */
export function templateTls(given: CallTls, rules: RedactionRules = {}): HistoryTls | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  const out: HistoryTls = tlsPathsKept(given, rules);
  const source = given.passphrase;
  if (source !== undefined && (out.pfxFile || out.keyFile)) {
    const named = byReference(source);
    const name = 'secretRef' in named ? named.secretRef : 'env' in named ? named.env : undefined;
    if (typeof name === 'string' && name.trim() !== '' && !holdsSecret(name, rules))
      out.passphrase = 'secretRef' in named ? { secretRef: name.trim() } : { env: name.trim() };
    else if (!(typeof name === 'string' && name.trim() === '')) out.passphraseNotKept = true;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A plain HTTP request's send settings as history keeps them: whether redirects were followed (and
 * the request's own limit), whether the cookie jar was used, TLS by file path and the timeouts.
 * Key material (PEM text) and a passphrase are never kept; a path holding a secret the send knew is
 * dropped like any text that holds one.
 */
export function sendSettings(send: NonNullable<RequestTemplate['send']>, rules: RedactionRules = {}): HttpSendSettings {
  const follow = send.followRedirects === true;
  const out: HttpSendSettings = { followRedirects: follow, cookies: send.cookies !== false };
  if (follow && Number.isInteger(send.maxRedirects) && (send.maxRedirects as number) >= 0) out.maxRedirects = send.maxRedirects as number;
  const given: CallTls = typeof send.tls === 'object' && send.tls !== null ? send.tls : {};
  const tls = tlsPathsKept(given, rules);
  if (Object.keys(tls).length) out.tls = tls;
  if (given.passphrase !== undefined && (tls.pfxFile || tls.keyFile)) out.passphraseNotKept = true;
  const timeouts = keptTimeouts(send.timeouts);
  if (timeouts) out.timeouts = timeouts;
  return out;
}

/** A request's own timeouts as history keeps them (A2A and plain HTTP alike): positive numbers only; absent: the defaults. */
export function keptTimeouts(given: CallTimeouts | undefined): CallTimeouts | undefined {
  const timeouts: CallTimeouts = {};
  if (positive(given?.connectMs)) timeouts.connectMs = given.connectMs;
  if (positive(given?.totalMs)) timeouts.totalMs = given.totalMs;
  return Object.keys(timeouts).length ? timeouts : undefined;
}

/** The template a history entry keeps beside what was sent; fields the request did not have stay absent. */
export function replayTemplate(template: RequestTemplate, rules: RedactionRules = {}): HistoryReplay {
  const out: HistoryReplay = {};
  if (typeof template.endpoint === 'string') out.endpoint = scrubValues(safeUrl(template.endpoint), rules);
  if (template.headers?.length) out.headers = templateHeaders(template.headers, rules);
  Object.assign(out, templateAuth(template.auth));
  if (typeof template.command === 'string') out.command = scrubValues(template.command, rules);
  if (template.args?.length) out.args = template.args.map((arg) => scrubValues(arg, rules));
  if (template.env?.length) out.env = templateEnv(template.env, rules);
  if (typeof template.cwd === 'string' && template.cwd.trim() !== '') {
    out.cwd = scrubValues(template.cwd, rules);
    if (typeof template.cwdBase === 'string' && template.cwdBase !== '') out.cwdBase = scrubValues(template.cwdBase, rules);
  }
  const tls = template.tls ? templateTls(template.tls, rules) : undefined;
  if (tls) out.tls = tls;
  if (template.send) out.send = sendSettings(template.send, rules);
  // The core refuses a proxy with a user name or password; were one ever here, it would go as any URL's does.
  if (typeof template.proxy === 'string' && template.proxy.trim() !== '') out.proxy = scrubValues(safeUrl(template.proxy.trim()), rules);
  if (template.proxyFromSettings === true) out.proxyFromSettings = true;
  const timeouts = keptTimeouts(template.timeouts);
  if (timeouts) out.timeouts = timeouts;
  return out;
}
