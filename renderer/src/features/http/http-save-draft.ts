/** What "Save to spec" writes for a tab: the OpenAPI operation draft built from the request and its last answer. */
import type { HttpSaveDraft, SaveParam } from '../../../../shared/http/http-operation-build';
import type { HttpExchangeRecord } from '../../../../shared/http/http-types';
import { bodyView } from '../../../../shared/http/media-kind';
import { serverUrl } from '../../../../shared/http/openapi-draft';
import { splitUrl } from '../../../../shared/import/request-to-operation';
import type { HttpDraft } from './http-draft';
import { hasUnquotedReference } from '../../../../shared/env/json-variables';
import { wireMethod } from '../../../../shared/http/http-method';

const maxExampleChars = 64 * 1024;

function parseMaybe(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A `{{name}}` a path segment holds: written as the OpenAPI template `{name}` (a path parameter). */
const pathVariable = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}/g;

/** `scheme://user:pw@` → `scheme://`: credentials never go into `servers` (they belong in Auth, by secret name). */
function withoutUserinfo(server: string): string {
  return server.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1');
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Path template and server of an ad-hoc URL: the origin is the server, the decoded path the template.
 * A URL with `{{variables}}` is not one `new URL` reads (`{{base}}/echo`, `http://{{host}}:{{port}}/x`):
 * it is split as the Postman import splits it (splitUrl), so `{{base}}` is the server, kept as written
 * for the environment to fill on every send, and a `{{id}}` segment of the path becomes `{id}`.
 */
export function splitForSpec(url: string): { serverUrl: string; path: string } | undefined {
  if (url.includes('{{')) {
    const split = splitUrl(url.trim());
    if (!split) return undefined;
    // Between the `{{name}}` segments, stray braces go (OpenAPI reads them as templates); each `{{name}}` becomes `{name}`.
    const text = decoded(split.path);
    let path = '';
    let at = 0;
    for (const m of text.matchAll(pathVariable)) {
      path += `${text.slice(at, m.index).replace(/[{}]/g, '')}{${m[1] as string}}`;
      at = m.index + m[0].length;
    }
    path += text.slice(at).replace(/[{}]/g, '');
    return { serverUrl: withoutUserinfo(split.server), path: path || '/' };
  }
  try {
    const u = new URL(url);
    return { serverUrl: u.origin, path: decoded(u.pathname).replace(/[{}]/g, '') || '/' };
  } catch {
    return undefined;
  }
}

/** Path parameters a `{{name}}` segment of the URL stands for, with the reference as their example. */
function pathParameters(url: string): SaveParam[] {
  const path = splitUrl(url.trim())?.path ?? '';
  const out: SaveParam[] = [];
  for (const m of decoded(path).matchAll(pathVariable)) {
    const name = m[1] as string;
    if (!out.some((p) => p.name === name)) out.push({ name, in: 'path', example: `{{${name}}}` });
  }
  return out;
}

/**
 * The request a response answers, as far as Save to spec is concerned: its method, server and path
 * (an operation tab's: its file, operation and chosen server). The query and the fields' values are the
 * operation's examples, not another operation, so a response stays the operation's when only they change;
 * another method, server or path is another request, whose response must not be saved as this one's.
 */
export function responseOrigin(draft: HttpDraft): string | undefined {
  const method = wireMethod(draft.method) || 'GET';
  const op = draft.operation;
  if (op) {
    const server = op.draft.servers[op.serverIndex];
    return JSON.stringify([method, op.file, op.path, server ? serverUrl(server, op.serverVariables) : '']);
  }
  const split = splitForSpec(draft.url.trim());
  return split ? JSON.stringify([method, split.serverUrl, split.path]) : undefined;
}

export function saveDraftFor(
  draft: HttpDraft,
  record: HttpExchangeRecord | undefined,
  input: { path: string; summary: string; withResponse: boolean },
): HttpSaveDraft {
  const parameters: SaveParam[] = [];
  let server: string | undefined;
  if (draft.operation) {
    const op = draft.operation;
    const s = op.draft.servers[op.serverIndex];
    if (s) server = serverUrl(s, op.serverVariables);
    for (const p of op.draft.params) {
      parameters.push({
        name: p.name,
        in: p.in,
        required: p.required,
        style: p.style,
        explode: p.explode,
        example: op.values[`${p.in}:${p.name}`] ?? p.example,
        ...(p.description ? { description: p.description } : {}),
        ...(p.schema !== undefined ? { schema: p.schema } : {}),
      });
    }
  } else {
    server = splitForSpec(draft.url)?.serverUrl;
    if (draft.url.includes('{{')) parameters.push(...pathParameters(draft.url));
    for (const row of draft.params) if (row.enabled !== false && row.name) parameters.push({ name: row.name, in: 'query', example: row.value });
  }
  for (const h of draft.headers) if (h.enabled !== false && h.name.trim()) parameters.push({ name: h.name.trim(), in: 'header', example: h.value });
  const out: HttpSaveDraft = {
    method: wireMethod(draft.method) || 'GET',
    path: input.path,
    parameters,
    ...(server ? { serverUrl: server } : {}),
    ...(input.summary.trim() ? { summary: input.summary.trim() } : {}),
  };
  switch (draft.bodyKind) {
    case 'json':
      // A body with unquoted {{variables}} is JSON only once they are filled in: it is saved as its text.
      out.body = {
        mediaType: 'application/json',
        ...(!draft.bodyText.trim() ? {} : hasUnquotedReference(draft.bodyText) ? { text: draft.bodyText } : { example: parseMaybe(draft.bodyText) }),
      };
      break;
    case 'text':
      out.body = { mediaType: draft.textType.split(';')[0]?.trim() || 'text/plain', example: draft.bodyText };
      break;
    case 'urlencoded':
      out.body = {
        mediaType: 'application/x-www-form-urlencoded',
        example: Object.fromEntries(draft.formFields.filter((f) => f.enabled !== false && f.name).map((f) => [f.name, f.value])),
      };
      break;
    case 'multipart':
      out.body = {
        mediaType: 'multipart/form-data',
        example: Object.fromEntries(
          draft.multipartFields.filter((f) => f.enabled !== false && f.name).map((f) => [f.name, f.file ? '‹file›' : (f.value ?? '')]),
        ),
      };
      break;
    case 'file':
      out.body = { mediaType: draft.file?.contentType ?? 'application/octet-stream' };
      break;
    case 'none':
      break;
  }
  const response = record?.response;
  if (input.withResponse && response?.status !== undefined) {
    const view = bodyView(response.contentType);
    const text = response.body;
    const example =
      text !== undefined && text.length <= maxExampleChars && !response.truncated && view !== 'binary' && view !== 'image'
        ? view === 'json'
          ? parseMaybe(text)
          : text
        : undefined;
    out.response = {
      status: response.status,
      ...(response.contentType ? { contentType: response.contentType } : {}),
      ...(example !== undefined ? { example } : {}),
    };
  }
  const auth = draft.auth;
  const ref = auth.type === 'bearer' ? auth.token : auth.type === 'apiKey' ? auth.value : auth.type === 'basic' ? auth.password : undefined;
  if (ref && 'secretRef' in ref && ref.secretRef && auth.type !== 'oauth2' && auth.type !== 'none') {
    out.securityScheme = draft.operation?.draft.security?.scheme ?? ref.secretRef;
    // The scheme entry the core writes when the document has none (the secret is named like it).
    out.schemeAuth = auth;
  }
  // OAuth 2.0: the core places the security scheme (endpoints), the requirement (scopes) and x-auth
  // (grant, client id, the client secret's name), so a reopened operation needs no client id again.
  if (auth.type === 'oauth2') {
    out.oauth2 = auth;
    if (auth.securityScheme) out.securityScheme = auth.securityScheme;
    if (auth.scopes?.length) out.securityScopes = [...auth.scopes];
  }
  return out;
}
