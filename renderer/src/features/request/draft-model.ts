import { proxyAskOf, tabProxyFields, type TabProxyFields } from '../../../../shared/http/tab-proxy';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import { exampleBody } from '../../../../shared/a2a/body-templates';
import type { A2aCall, CallTls, HeaderEntry } from '../../../../shared/a2a/call';
import { parseJsonTemplate } from '../../../../shared/env/json-variables';
import { timeoutsFromSeconds, usableTls, validTimeout } from '../../../../shared/a2a/call';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import { bindingsFor } from '../../../../shared/a2a/versions';
import { normaliseGrpcEndpoint } from '../../../../shared/a2a/grpc-endpoint';
import { buildRestRequest, joinRestUrl, queryString, restRouteFor } from '../../../../shared/a2a/rest-routes';
import { defaultMethod, equivalentMethod, methodsFor } from './a2a-catalog';
import { urlTitle } from '../../ui/format';

/**
 * One request tab. Secrets never live here: auth holds only `{secretRef}` / `{env}` sources. Options ›
 * Proxy is in TabProxyFields (shared/http/tab-proxy.ts): absent mode = follow Settings.
 */
export interface A2aDraft extends TabProxyFields {
  id: string;
  kind: 'a2a';
  version: A2aVersion;
  binding: Binding;
  endpoint: string;
  method: string;
  /** Editor text: JSON-RPC `params`, or the HTTP+JSON / gRPC request object. */
  bodyText: string;
  headers: HeaderEntry[];
  auth: AuthConfig;
  /** Client certificate (mutual TLS) and extra CA: file paths and the passphrase's secret name only. */
  tls?: CallTls;
  tenant: string;
  /** Server ids carried over by "Continue"; "Generate body" puts them in the next message. */
  continuation?: { contextId?: string; taskId?: string };
  /**
   * Opened from a history entry that kept only a hash of the body (the logging policy): the body is
   * empty until the person picks one, and the editor says so. Cleared once they choose.
   */
  bodyNotKept?: { historyId: string; bytes: number; sha256?: string; keptBytes?: number };
  /** Callable interfaces of the card last applied to this tab: a binding switch follows them. */
  cardInterfaces?: Array<{ binding: Binding; version: A2aVersion; url: string; tenant?: string }>;
  /**
   * Options › "New messageId on each Send": Send writes a fresh `message.messageId` into the body first,
   * so resending is a new message; off, Send repeats the same message (a deliberate retry). Absent
   * (tabs saved before the option existed) reads as on.
   */
  freshMessageId?: boolean;
  /** Options › Timeout: how long Send waits for the answer (a stream: until it answers); unset = the core's 60 s. */
  timeoutSeconds?: number;
  /** Options › Connect timeout: how long Send waits for the connection (TCP and TLS); unset = the core's 10 s. */
  connectTimeoutSeconds?: number;
}

/** Whether Send mints a new messageId for this tab (on unless the person turned it off). */
export function mintsMessageId(draft: Pick<A2aDraft, 'freshMessageId'>): boolean {
  return draft.freshMessageId !== false;
}

/** A new tab starts with a valid example body for its method, with a fresh messageId. */
export function initialBodyText(version: A2aVersion, method: string): string {
  const body = exampleBody(version, method, {});
  return JSON.stringify(body ?? {}, null, 2) + '\n';
}

export function createDraft(id: string, seed: Partial<A2aDraft> = {}): A2aDraft {
  const version = seed.version ?? '1.0';
  return {
    id,
    kind: 'a2a',
    version,
    binding: seed.binding ?? 'JSONRPC',
    endpoint: seed.endpoint ?? '',
    method: seed.method ?? defaultMethod(version),
    bodyText: seed.bodyText ?? initialBodyText(version, seed.method ?? defaultMethod(version)),
    headers: seed.headers ?? [],
    auth: seed.auth ?? { type: 'none' },
    tenant: seed.tenant ?? '',
    ...(seed.tls ? { tls: seed.tls } : {}),
    ...(seed.continuation ? { continuation: seed.continuation } : {}),
    ...(seed.bodyNotKept ? { bodyNotKept: seed.bodyNotKept } : {}),
    ...(seed.cardInterfaces ? { cardInterfaces: seed.cardInterfaces } : {}),
    freshMessageId: seed.freshMessageId !== false,
    ...(validTimeout(seed.timeoutSeconds) ? { timeoutSeconds: seed.timeoutSeconds } : {}),
    ...(validTimeout(seed.connectTimeoutSeconds) ? { connectTimeoutSeconds: seed.connectTimeoutSeconds } : {}),
    ...tabProxyFields(seed),
  };
}

/**
 * Version change: keep the body (it is the user's), move the binding to one the version offers,
 * and keep the method when the other version has the same operation.
 */
export function withVersion(draft: A2aDraft, version: A2aVersion): A2aDraft {
  if (draft.version === version) return draft;
  const allowed = bindingsFor(version);
  const binding = allowed.includes(draft.binding) ? draft.binding : (allowed[0] ?? 'JSONRPC');
  const method = equivalentMethod(draft.method, version) ?? defaultMethod(version);
  return { ...draft, version, binding, method };
}

export function withBinding(draft: A2aDraft, binding: Binding): A2aDraft {
  if (!bindingsFor(draft.version).includes(binding)) return draft;
  const known = methodsFor(draft.version, binding).some((m) => m.name === draft.method);
  return { ...draft, binding, method: known ? draft.method : defaultMethod(draft.version) };
}

/** Changing only the method never touches the body (issue 7: the draft is the user's). */
export function withMethod(draft: A2aDraft, method: string): A2aDraft {
  return { ...draft, method };
}

export type BuiltCall = { ok: true; call: A2aCall } | { ok: false; problem: 'endpoint' | 'body'; message: string };

/**
 * The editor's body. `template`: it holds an unquoted `{{name}}` (`"n": {{n}}`), so it is JSON only
 * once the core fills that in; `value` then has null in each such place (its shape, for previews)
 * and the text itself is what is sent (`bodyText`).
 */
export function parseBody(text: string): { ok: true; value: unknown; template?: boolean } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: {} };
  const read = parseJsonTemplate(text);
  if (!read.ok) return read;
  return read.template ? { ok: true, value: read.value, template: true } : { ok: true, value: read.value };
}

export function buildCall(draft: A2aDraft, override?: { method: string; body: unknown }): BuiltCall {
  const endpoint = draft.endpoint.trim();
  if (!endpoint) return { ok: false, problem: 'endpoint', message: 'endpoint-missing' };
  let body: unknown;
  let bodyText: string | undefined;
  if (override) body = override.body;
  else {
    const parsed = parseBody(draft.bodyText);
    if (!parsed.ok) return { ok: false, problem: 'body', message: parsed.message };
    body = parsed.value;
    if (parsed.template) bodyText = draft.bodyText;
  }
  const headers = draft.headers.filter((h) => h.name.trim());
  const timeouts = timeoutsFromSeconds(draft.timeoutSeconds, draft.connectTimeoutSeconds);
  return {
    ok: true,
    call: {
      version: draft.version,
      binding: draft.binding,
      endpoint,
      method: override?.method ?? draft.method,
      body,
      ...(bodyText !== undefined ? { bodyText } : {}),
      ...(headers.length ? { headers } : {}),
      ...(draft.auth.type !== 'none' ? { auth: draft.auth } : {}),
      ...(usableTls(draft.tls) ? { tls: usableTls(draft.tls) } : {}),
      ...(draft.tenant.trim() && draft.binding === 'HTTP+JSON' ? { tenant: draft.tenant.trim() } : {}),
      ...(timeouts ? { timeouts } : {}),
      // gRPC has no proxy (the core refuses one): its tab's proxy choice is not sent.
      ...(draft.binding === 'GRPC' ? {} : proxyAskOf(draft)),
    },
  };
}

/** The JSON-RPC envelope around `params`, shown read-only above the editor. */
export function envelopePreview(draft: A2aDraft): string {
  return `{ "jsonrpc": "2.0", "id": ‹minted per send›, "method": ${JSON.stringify(draft.method)}, "params": ‹body below› }`;
}

export interface EffectiveHeader {
  name: string;
  value: string;
  origin: 'protocol' | 'auth' | 'user';
}

function describeSource(source: { secretRef: string } | { env: string } | { value: string }): string {
  if ('secretRef' in source) return `‹secret: ${source.secretRef}›`;
  if ('env' in source) return `‹env: ${source.env}›`;
  return '‹value›';
}

// gRPC framing owns these; the core does not send them as metadata.
const reservedGrpc = new Set([
  'content-type',
  'content-length',
  'host',
  'te',
  'connection',
  'transfer-encoding',
  'accept',
  'user-agent',
  'grpc-timeout',
  'grpc-encoding',
]);

function authHeaders(draft: A2aDraft): EffectiveHeader[] {
  const auth = draft.auth;
  if (auth.type === 'bearer') return [{ name: 'Authorization', value: `Bearer ${describeSource(auth.token)}`, origin: 'auth' }];
  if (auth.type === 'basic') return [{ name: 'Authorization', value: `Basic base64(${auth.username}:${describeSource(auth.password)})`, origin: 'auth' }];
  if (auth.type === 'apiKey' && auth.in === 'header' && auth.name) return [{ name: auth.name, value: describeSource(auth.value), origin: 'auth' }];
  return [];
}

function protocolDefaults(draft: A2aDraft): Array<[string, string]> {
  const streaming = methodsFor(draft.version, draft.binding).find((m) => m.name === draft.method)?.streaming ?? false;
  if (draft.binding === 'JSONRPC')
    return [
      ['Content-Type', 'application/json'],
      ['Accept', streaming ? 'text/event-stream' : 'application/json'],
    ];
  if (draft.binding === 'HTTP+JSON') {
    const hasBody = restRouteFor(draft.method)?.rest === 'json';
    return [
      ...(hasBody ? ([['Content-Type', 'application/a2a+json']] as Array<[string, string]>) : []),
      ['Accept', streaming ? 'text/event-stream' : 'application/a2a+json, application/json'],
    ];
  }
  return [];
}

/**
 * What will be on the wire besides the body, in the order the core builds it (user rows, then
 * A2A-Version and the binding's defaults where the user set none, then auth replacing a same-named
 * row), secrets shown as references. gRPC sends them as lowercase metadata (A2A §10.2).
 */
export function effectiveHeaders(draft: A2aDraft): EffectiveHeader[] {
  const list: EffectiveHeader[] = [];
  const has = (name: string): boolean => list.some((h) => h.name.toLowerCase() === name.toLowerCase());
  for (const header of draft.headers) {
    if (header.enabled === false || !header.name.trim()) continue;
    list.push({ name: header.name.trim(), value: header.value, origin: 'user' });
  }
  // A2A §3.6.1: the version header on every request (the core sends 0.3 as well, as a2a-js does).
  for (const [name, value] of [['A2A-Version', draft.version] as [string, string], ...protocolDefaults(draft)]) {
    if (!has(name)) list.push({ name, value, origin: 'protocol' });
  }
  for (const header of authHeaders(draft)) {
    for (let i = list.length - 1; i >= 0; i--) if (list[i]?.name.toLowerCase() === header.name.toLowerCase()) list.splice(i, 1);
    list.push(header);
  }
  if (draft.binding !== 'GRPC') return list;
  return list.filter((h) => !reservedGrpc.has(h.name.toLowerCase())).map((h) => ({ ...h, name: h.name.toLowerCase() }));
}

/** The request line as it will go out: URL and verb (HTTP), or the gRPC method path. */
export function wireTarget(draft: A2aDraft): { ok: true; line: string } | { ok: false; message: string } {
  const endpoint = draft.endpoint.trim() || '‹endpoint›';
  const auth = draft.auth;
  const authQuery: Array<[string, string]> = auth.type === 'apiKey' && auth.in === 'query' && auth.name ? [[auth.name, describeSource(auth.value)]] : [];
  if (draft.binding === 'JSONRPC') return { ok: true, line: `POST ${endpoint}${authQuery.length ? queryString(authQuery) : ''}` };
  if (draft.binding === 'GRPC') {
    // Same form as the core records: grpc(s)://host:port/package.Service/Method.
    const service = draft.version === '0.3' ? 'a2a.v1.A2AService' : 'lf.a2a.v1.A2AService';
    // A bare host:port (as cards publish it) is read as the core reads it: loopback plaintext, else TLS.
    const form = normaliseGrpcEndpoint(endpoint);
    const match = /^(\w+):\/\/([^/]+)/.exec(form?.endpoint ?? endpoint);
    const scheme = match?.[1]?.toLowerCase() === 'https' ? 'grpcs' : 'grpc';
    const authority = match?.[2] ?? endpoint.replace(/\/+$/, '');
    return { ok: true, line: `${scheme}://${authority}/${service}/${draft.method}` };
  }
  const body = parseBody(draft.bodyText);
  if (!body.ok) return { ok: false, message: body.message };
  const built = buildRestRequest(draft.method, body.value, draft.tenant.trim() ? { tenant: draft.tenant.trim() } : {});
  if (!built.ok) return { ok: false, message: built.message };
  return { ok: true, line: `${built.request.httpMethod} ${joinRestUrl(endpoint, built.request.path, [...built.request.query, ...authQuery])}` };
}

/** The tab's title: the method and the agent's host. */
export function a2aTabTitle(draft: A2aDraft): string {
  const endpoint = draft.endpoint.trim();
  const host = urlTitle(endpoint) || endpoint;
  return host ? `${draft.method} · ${host}` : draft.method;
}
