/**
 * `{{name}}` variables in a plain HTTP request: URL, headers, auth, client-certificate paths, and
 * every text of the body (JSON or text, form and multipart fields, a file's path). The same resolver as A2A calls
 * (`variables.ts`), so the syntax, the whole-value secret references in auth and the refusal that
 * names every unknown variable are one behaviour across protocols.
 */
import type { A2aCall } from '../a2a/call';
import type { HttpBody, HttpRequest } from '../http/http-types';
import type { DynamicSource } from './dynamic-variables';
import type { NestingProblem, VariableValue } from './nested-variables';
import { callDynamicNames, callVariableNames, fillKnownVariables, resolveCallVariables } from './variables';

/** Disabled form rows are not sent, so their variables neither need values nor get filled in. */
function sentBody(body: HttpBody | undefined): HttpBody | undefined {
  // A body off the wire may be any shape: the send refuses a malformed one; here it only holds no variables.
  if (!body || typeof body !== 'object' || !Array.isArray((body as { fields?: unknown }).fields)) return body;
  if (body.kind === 'urlencoded') return { ...body, fields: body.fields.filter((f) => f?.enabled !== false) };
  if (body.kind === 'multipart') return { ...body, fields: body.fields.filter((f) => f?.enabled !== false) };
  return body;
}

// The A2A resolver walks endpoint, headers, auth and every string of the body; an HTTP request
// maps onto those fields one to one (the body's `kind` and base64 texts never hold `{{`). A JSON
// body's text is filled as JSON (json-variables.ts): the same rule as A2A bodies and MCP params.
function asCall(request: HttpRequest): A2aCall {
  const body = sentBody(request.body);
  const json = body?.kind === 'json' && typeof body.text === 'string' ? body.text : undefined;
  return {
    version: '1.0',
    binding: 'HTTP+JSON',
    endpoint: request.url,
    method: request.method,
    ...(json !== undefined ? { body: undefined, bodyText: json } : { body }),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.auth ? { auth: request.auth } : {}),
    ...(request.tls ? { tls: request.tls } : {}),
  };
}

/**
 * Every variable the request uses, in order of first use. `texts` are the sender's own texts filled
 * in the same pass (an OpenAPI operation's server URL and field values: see resolveHttpVariables).
 */
export function httpVariableNames(request: HttpRequest, texts: readonly string[] = []): string[] {
  const { environment: _environment, ...rest } = request;
  return callVariableNames(asCall(rest), texts);
}

/** The dynamic variables ({{$uuid}}…) the request and `texts` use, known or not. */
export function httpDynamicNames(request: HttpRequest, texts: readonly string[] = []): string[] {
  const { environment: _environment, ...rest } = request;
  return callDynamicNames(asCall(rest), texts);
}

export type ResolvedHttp =
  | { ok: true; request: HttpRequest; texts: string[] }
  | { ok: false; unknown: string[]; notJson?: string[]; nesting?: NestingProblem[]; usedBy?: Map<string, string> };

/**
 * The request with every `{{name}}` replaced from `values` (and without `environment`), and `texts`
 * filled in as plain text, in order; an unknown name anywhere refuses the whole request.
 */
export function resolveHttpVariables(
  request: HttpRequest,
  values: ReadonlyMap<string, VariableValue>,
  dynamic?: DynamicSource,
  texts: readonly string[] = [],
): ResolvedHttp {
  const { environment: _environment, ...rest } = request;
  const resolved = resolveCallVariables(asCall(rest), values, dynamic, texts);
  if (!resolved.ok) return resolved;
  const call = resolved.call;
  const out: HttpRequest = { ...rest, url: call.endpoint };
  if (rest.headers) out.headers = call.headers ?? [];
  if (rest.auth && call.auth) out.auth = call.auth;
  if (rest.body) out.body = call.bodyText !== undefined ? { kind: 'json', text: call.bodyText } : (call.body as HttpBody);
  if (rest.tls && call.tls) out.tls = call.tls;
  return { ok: true, request: out, texts: resolved.texts };
}

/** The request with the variables `values` holds (and, with `dynamic`, the dynamic ones) filled in, others left as written; auth untouched (see fillKnownVariables). */
export function fillKnownHttpVariables(request: HttpRequest, values: ReadonlyMap<string, string>, dynamic?: DynamicSource): HttpRequest {
  const { environment: _environment, ...rest } = request;
  const call = fillKnownVariables(asCall(rest), values, dynamic);
  const out: HttpRequest = { ...rest, url: call.endpoint };
  if (rest.headers) out.headers = call.headers ?? [];
  if (rest.body) out.body = call.bodyText !== undefined ? { kind: 'json', text: call.bodyText } : (call.body as HttpBody);
  return out;
}
