/**
 * The open tabs as they survive a reload or a restart: each tab's draft, the environment it ran
 * against and a one-line summary of its last response. Kept apart from history (history is the
 * log of exchanges; this is the desk) and bounded, so a runaway draft cannot grow the file forever.
 * Secrets never land here: auth keeps only `{secretRef}`/`{env}` sources, credential headers
 * lose their values, and so do credentials typed into a URL (userinfo, `access_token=…`).
 */
import { isSecretHeader, isSecretQuery } from '../a2a/redaction';
import { isObject } from '../a2a/payload';
import { stripUrlCredentials, type UrlCredentialRule } from '../http/url-credentials';

export interface LastResponseSummary {
  /** What ran (A2A method name). */
  method: string;
  /** HTTP status, or the gRPC status name. */
  status?: number | string;
  /** `Outcome['kind']` of the exchange, or `failed` when the call never happened. */
  outcome: string;
  taskState?: string;
  durationMs?: number;
  /** When the call finished (ISO 8601). */
  at: string;
}

/** One open tab. `draft` is the page's draft object (any kind), kept as JSON. */
export interface SessionTab {
  draft: Record<string, unknown> & { id: string; kind: string };
  lastResponse?: LastResponseSummary;
  /** Fingerprint of the content the tab was opened with or last saved to a spec (credentials masked), so "unsaved changes" survives a restart. */
  baseline?: string;
}

export interface SessionState {
  tabs: SessionTab[];
  activeId?: string;
  /** The active environment's name when environments exist (never its values). */
  environment?: string;
}

/** Bounds: enough for a long working day, small enough to rewrite on every keystroke pause. */
export const sessionLimits = { maxTabs: 50, maxDraftBytes: 512 * 1024, maxTotalBytes: 4 * 1024 * 1024, maxStringLength: 256 } as const;

type Json = Record<string, unknown>;

function shortString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= sessionLimits.maxStringLength;
}

/** A secret source as the session may keep it: a name, never a value. */
function safeSource(source: unknown): Json | undefined {
  if (!isObject(source)) return undefined;
  if (shortString(source['secretRef'])) return { secretRef: source['secretRef'] };
  if (shortString(source['env'])) return { env: source['env'] };
  return undefined;
}

/** Auth without literal values: a literal secret (e.g. typed once) is dropped, the rest is kept by name. */
export function safeAuth(auth: unknown): Json {
  if (!isObject(auth)) return { type: 'none' };
  switch (auth['type']) {
    case 'bearer': {
      const token = safeSource(auth['token']);
      return token ? { type: 'bearer', token } : { type: 'none' };
    }
    case 'apiKey': {
      const value = safeSource(auth['value']);
      const where = auth['in'] === 'query' ? 'query' : 'header';
      return value && typeof auth['name'] === 'string' ? { type: 'apiKey', in: where, name: auth['name'], value } : { type: 'none' };
    }
    case 'basic': {
      const password = safeSource(auth['password']);
      return password && typeof auth['username'] === 'string' ? { type: 'basic', username: auth['username'], password } : { type: 'none' };
    }
    case 'oauth2':
      return safeOAuth2(auth);
    default:
      return { type: 'none' };
  }
}

const oauth2FlowNames = ['clientCredentials', 'authorizationCode', 'deviceCode'];

/** OAuth 2.0 settings are names and URLs; only the client secret is a secret, kept by reference or emptied. */
function safeOAuth2(auth: Record<string, unknown>): Json {
  const flow = auth['flow'];
  const endpoints = auth['endpoints'];
  if (typeof flow !== 'string' || !oauth2FlowNames.includes(flow) || !isObject(endpoints) || typeof auth['clientId'] !== 'string') return { type: 'none' };
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 4096 ? value : undefined);
  let safeEndpoints: Json;
  if (endpoints['from'] === 'manual') {
    const token = text(endpoints['tokenUrl']);
    if (token === undefined) return { type: 'none' };
    const authorization = text(endpoints['authorizationUrl']);
    const device = text(endpoints['deviceAuthorizationUrl']);
    safeEndpoints = {
      from: 'manual',
      tokenUrl: token,
      ...(authorization !== undefined ? { authorizationUrl: authorization } : {}),
      ...(device !== undefined ? { deviceAuthorizationUrl: device } : {}),
    };
  } else if (endpoints['from'] === 'oidc' || endpoints['from'] === 'metadata') {
    const url = text(endpoints['url']);
    if (url === undefined) return { type: 'none' };
    safeEndpoints = { from: endpoints['from'], url };
  } else return { type: 'none' };
  const scopes = Array.isArray(auth['scopes']) ? auth['scopes'].filter((s): s is string => typeof s === 'string' && s.length <= 256).slice(0, 100) : undefined;
  const resource = text(auth['resource']);
  const scheme = text(auth['securityScheme']);
  const secret = auth['clientSecret'] === undefined ? undefined : (safeSource(auth['clientSecret']) ?? { secretRef: '' });
  return {
    type: 'oauth2',
    flow,
    endpoints: safeEndpoints,
    clientId: auth['clientId'],
    ...(secret !== undefined ? { clientSecret: secret } : {}),
    ...(scopes?.length ? { scopes } : {}),
    ...(resource !== undefined ? { resource } : {}),
    ...(scheme !== undefined ? { securityScheme: scheme } : {}),
  };
}

/**
 * Client-certificate settings keep file paths and the passphrase's secret name; PEM text typed in
 * (a key) never reaches the session.
 */
export function safeTls(tls: unknown): Json | undefined {
  if (!isObject(tls)) return undefined;
  const out: Json = {};
  for (const field of ['caFile', 'certFile', 'keyFile', 'pfxFile']) {
    const value = Object.hasOwn(tls, field) ? tls[field] : undefined;
    if (typeof value === 'string' && value !== '' && value.length <= 4096) out[field] = value;
  }
  if (Object.hasOwn(tls, 'passphrase')) out['passphrase'] = safeSource(tls['passphrase']) ?? { secretRef: '' };
  if (tls['insecureSkipVerify'] === true) out['insecureSkipVerify'] = true;
  return Object.keys(out).length ? out : undefined;
}

const variableOnly = /^\s*(\{\{\s*[\w.-]+\s*\}\}\s*)+$/;

/**
 * Header rows without credentials: a credential header (Authorization, X-API-Key, Cookie…) keeps its
 * name but loses a literal value and is switched off; a `{{variable}}` reference is a name, so it stays.
 */
export function safeHeaders(headers: unknown): Json[] {
  if (!Array.isArray(headers)) return [];
  const out: Json[] = [];
  for (const row of headers) {
    if (!isObject(row) || typeof row['name'] !== 'string' || typeof row['value'] !== 'string') continue;
    const name = row['name'];
    const value = row['value'];
    if (isSecretHeader(name) && value && !variableOnly.test(value)) out.push({ name, value: '', enabled: false });
    else out.push({ name, value, ...(row['enabled'] === false ? { enabled: false } : {}) });
  }
  return out;
}

const variableUserinfo = /^(\{\{\s*[\w.-]+\s*\}\}|:)+$/;

/** A literal value to forget (a `{{variable}}` is a name, so it stays). */
const literal = (value: string): boolean => value !== '' && !variableOnly.test(value);

/**
 * A URL without the credentials typed into it, found where `new URL` finds them (urlCredentialParts:
 * `http:bob:pw@h`, `http:\\bob:pw@h`, the last `@` of the authority, the fragment): userinfo is dropped
 * and a query or fragment parameter named like a credential (history's reading, isSecretQuery: wider
 * than the names a spec save refuses, so `client_secret=` or `id_token=` never reach session.json) keeps
 * its name with an empty value, so the restored tab shows where the credential went (put it in Auth with
 * a named secret). `{{variables}}` are names, not values, and stay.
 */
export function safeUrl(url: string): string {
  return stripUrlCredentials(url, sessionUrlRule);
}

/** History's credential names; a userinfo or value made only of `{{variables}}` stays. */
const sessionUrlRule: UrlCredentialRule = {
  isCredentialName: (name) => isSecretQuery(name),
  keepsUserinfo: (userinfo) => variableUserinfo.test(userinfo),
  keepsValue: (value) => !literal(value),
};

/** The query table of an HTTP tab: a credential-named row keeps its name, not its value. */
function safeParams(params: unknown): unknown {
  if (!Array.isArray(params)) return params;
  return params.map((row: unknown) =>
    isObject(row) && typeof row['name'] === 'string' && typeof row['value'] === 'string' && isSecretQuery(row['name']) && literal(row['value'])
      ? { ...row, value: '' }
      : row,
  );
}

/** An OpenAPI-driven HTTP tab's field values (`in:name` → text): credentials and cookies lose their value. */
function safeOperationValues(operation: unknown): void {
  if (!isObject(operation) || !isObject(operation['values'])) return;
  const values = operation['values'];
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (typeof value !== 'string' || !literal(value)) continue;
    const colon = key.indexOf(':');
    const where = key.slice(0, colon);
    const name = key.slice(colon + 1);
    if (where === 'cookie' || (where === 'query' && isSecretQuery(name)) || (where === 'header' && isSecretHeader(name))) values[key] = '';
  }
}

/** Copies only own, non-prototype keys (a hostile `__proto__` key never becomes a prototype). */
function plainCopy(value: unknown, depth = 0): unknown {
  if (depth > 64) return undefined;
  if (Array.isArray(value)) return value.map((v) => plainCopy(v, depth + 1));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = plainCopy(value[key], depth + 1);
  }
  return out;
}

function safeSummary(value: unknown): LastResponseSummary | undefined {
  if (!isObject(value) || !shortString(value['method']) || !shortString(value['outcome']) || !shortString(value['at'])) return undefined;
  const out: LastResponseSummary = { method: value['method'], outcome: value['outcome'], at: value['at'] };
  const status = value['status'];
  if ((typeof status === 'number' && Number.isInteger(status)) || shortString(status)) out.status = status;
  if (shortString(value['taskState'])) out.taskState = value['taskState'];
  if (typeof value['durationMs'] === 'number' && Number.isFinite(value['durationMs']) && value['durationMs'] >= 0) out.durationMs = value['durationMs'];
  return out;
}

export type SessionProblem = { tab: number; reason: 'not-a-draft' | 'too-large' | 'too-many' | 'total-too-large' };

/**
 * Makes any input a session the core may store: drafts without secrets, bounded in count and size.
 * Tabs that do not fit are dropped (listed in `dropped`), never cut in half.
 */
export function sanitiseSession(input: unknown): { state: SessionState; dropped: SessionProblem[] } {
  const dropped: SessionProblem[] = [];
  const tabs: SessionTab[] = [];
  const raw = isObject(input) ? input : {};
  const rawTabs = Array.isArray(raw['tabs']) ? raw['tabs'] : [];
  let total = 0;
  rawTabs.forEach((item: unknown, index: number) => {
    const draft = isObject(item) ? item['draft'] : undefined;
    if (!isObject(draft) || !shortString(draft['id']) || !shortString(draft['kind'])) return dropped.push({ tab: index, reason: 'not-a-draft' });
    if (tabs.length >= sessionLimits.maxTabs) return dropped.push({ tab: index, reason: 'too-many' });
    const copy = plainCopy(draft) as Json;
    if ('auth' in copy) copy['auth'] = safeAuth(copy['auth']);
    if ('headers' in copy) copy['headers'] = safeHeaders(copy['headers']);
    // proxyUrl too: a proxy typed with a user name or password is refused at send, but the tab keeps what was typed.
    for (const key of ['endpoint', 'url', 'proxyUrl'] as const) if (typeof copy[key] === 'string') copy[key] = safeUrl(copy[key]);
    if ('params' in copy) copy['params'] = safeParams(copy['params']);
    if ('operation' in copy) safeOperationValues(copy['operation']);
    if ('tls' in copy) {
      const tls = safeTls(copy['tls']);
      if (tls) copy['tls'] = tls;
      else delete copy['tls'];
    }
    const tab: SessionTab = { draft: copy as SessionTab['draft'] };
    const summary = safeSummary(isObject(item) ? item['lastResponse'] : undefined);
    if (summary) tab.lastResponse = summary;
    const baseline = isObject(item) ? item['baseline'] : undefined;
    if (shortString(baseline)) tab.baseline = baseline;
    const bytes = JSON.stringify(tab).length;
    if (bytes > sessionLimits.maxDraftBytes) return dropped.push({ tab: index, reason: 'too-large' });
    if (total + bytes > sessionLimits.maxTotalBytes) return dropped.push({ tab: index, reason: 'total-too-large' });
    total += bytes;
    tabs.push(tab);
  });
  const state: SessionState = { tabs };
  if (shortString(raw['activeId']) && tabs.some((t) => t.draft.id === raw['activeId'])) state.activeId = raw['activeId'];
  if (shortString(raw['environment'])) state.environment = raw['environment'];
  return { state, dropped };
}
