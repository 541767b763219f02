/**
 * One HTTP request tab. Secrets never live here: auth holds only `{secretRef}` / `{env}` sources,
 * and files picked in the page are kept only for the session (never persisted).
 */
import { proxyAskOf, tabProxyFields, type TabProxyFields } from '../../../../shared/http/tab-proxy';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import { timeoutsFromSeconds, usableTls, validTimeout, type CallTls, type HeaderEntry } from '../../../../shared/a2a/call';
import type { FileSource, FormField, HttpBody, HttpBodyKind, HttpOperationInput, HttpRequest, MultipartField } from '../../../../shared/http/http-types';
import { parseJsonTemplate } from '../../../../shared/env/json-variables';
import type { OperationDraft } from '../../../../shared/http/openapi-draft';
import { buildOperationRequest } from '../../../../shared/http/openapi-draft';
import type { QueryRow } from '../../../../shared/http/query-table';
import { queryRows, syncRowsFromUrl, withQuery } from '../../../../shared/http/query-table';
import { urlTitle } from '../../ui/format';
import { wireMethod } from '../../../../shared/http/http-method';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'QUERY'] as const;

/** The OpenAPI operation a tab was opened from: its values are fields, the URL is built from them. */
export interface HttpDraftOperation {
  file: string;
  path: string;
  httpMethod: string;
  draft: OperationDraft;
  serverIndex: number;
  serverVariables: Record<string, string>;
  /** Field text by `in:name`. */
  values: Record<string, string>;
  /**
   * A duplicated tab's: the fields came from this operation, which belongs to the original tab, so Save
   * asks where instead of writing over it.
   */
  copy?: true;
}

/** Options › Proxy is in TabProxyFields (shared/http/tab-proxy.ts): absent mode = follow Settings. */
export interface HttpDraft extends TabProxyFields {
  id: string;
  kind: 'http';
  method: string;
  url: string;
  params: QueryRow[];
  headers: HeaderEntry[];
  auth: AuthConfig;
  bodyKind: HttpBodyKind;
  /** JSON or text editor content. */
  bodyText: string;
  /** Content-Type of a text body. */
  textType: string;
  formFields: FormField[];
  multipartFields: MultipartField[];
  /** Raw-file body (base64 read in the page). */
  file?: { name: string; base64: string; contentType?: string };
  /**
   * Files a tab names but does not hold (history keeps no binary file, a restored session no file):
   * their rows wait, empty, for the user to choose the file again; Send refuses until then.
   */
  filesNotKept?: string[];
  /** Opened from a history entry that kept only the body's size and SHA-256: the tab says so until the user moves on. */
  bodyNotKept?: { bytes: number; sha256?: string; keptBytes?: number };
  followRedirects: boolean;
  /** Upper bound on followed redirects; unset = the core's 10. */
  maxRedirects?: number;
  insecure: boolean;
  /** Send and store cookies through the core's cookie jar (default on). */
  useCookies: boolean;
  /** Client certificate (mutual TLS) and extra CA: file paths and the passphrase's secret name only. */
  tls?: CallTls;
  /** How long Send waits for the whole answer (a stream: its first byte); unset = the core's 60 s (the CLI's --timeout). */
  timeoutSeconds?: number;
  /** How long Send waits for the connection (TCP and TLS) to open; unset = the core's 10 s. */
  connectTimeoutSeconds?: number;
  operation?: HttpDraftOperation;
}

export function createHttpDraft(id: string, seed: Partial<HttpDraft> = {}): HttpDraft {
  const url = seed.url ?? '';
  return {
    id,
    kind: 'http',
    method: seed.method ?? 'GET',
    url,
    params: seed.params ?? queryRows(url),
    headers: seed.headers ?? [],
    auth: seed.auth ?? { type: 'none' },
    bodyKind: seed.bodyKind ?? 'none',
    bodyText: seed.bodyText ?? '',
    textType: seed.textType ?? 'text/plain',
    formFields: seed.formFields ?? [],
    multipartFields: seed.multipartFields ?? [],
    ...(seed.file ? { file: seed.file } : {}),
    ...(seed.filesNotKept?.length ? { filesNotKept: seed.filesNotKept } : {}),
    ...(seed.bodyNotKept ? { bodyNotKept: seed.bodyNotKept } : {}),
    followRedirects: seed.followRedirects ?? false,
    ...(validRedirectLimit(seed.maxRedirects) ? { maxRedirects: seed.maxRedirects } : {}),
    insecure: seed.insecure ?? false,
    useCookies: seed.useCookies ?? true,
    ...(seed.tls ? { tls: seed.tls } : {}),
    ...(validTimeout(seed.timeoutSeconds) ? { timeoutSeconds: seed.timeoutSeconds } : {}),
    ...(validTimeout(seed.connectTimeoutSeconds) ? { connectTimeoutSeconds: seed.connectTimeoutSeconds } : {}),
    ...(seed.operation ? { operation: seed.operation } : {}),
    ...tabProxyFields(seed),
  };
}

export { validTimeout };

/** A redirect limit Send can use: a whole number, 0 or more. */
export function validRedirectLimit(limit: unknown): limit is number {
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 0;
}

/** Typing in the URL re-reads the table (keeping disabled rows). */
export function withUrl(draft: HttpDraft, url: string): HttpDraft {
  return { ...draft, url, params: syncRowsFromUrl(url, draft.params) };
}

/** Editing the table rewrites the URL's query. */
export function withParams(draft: HttpDraft, params: QueryRow[]): HttpDraft {
  return { ...draft, params, url: withQuery(draft.url, params) };
}

/** An operation tab: the URL and parameter headers follow the fields. */
export function withOperation(draft: HttpDraft, operation: HttpDraftOperation): HttpDraft {
  const built = buildOperationRequest({}, operation.draft, {
    serverIndex: operation.serverIndex,
    serverVariables: operation.serverVariables,
    values: operation.values,
    keepVariables: true,
  });
  const url = built.ok ? built.url : draft.url;
  return { ...draft, operation, url, params: queryRows(url) };
}

/** A file row history named but did not hold, and the user has not chosen again. */
export function isNotKept(draft: Pick<HttpDraft, 'filesNotKept'>, file: FileSource): boolean {
  return 'base64' in file && file.base64 === '' && (draft.filesNotKept ?? []).includes(file.name);
}

function notKeptProblem(name: string): string {
  return `Choose ${name || 'the file'} again: its bytes were not kept (history keeps only text files, a restored tab no file).`;
}

/** A file source that names a file: bytes read from a chosen file (even an empty one has a name), or a path. */
function fileChosen(file: FileSource): boolean {
  return 'path' in file ? file.path.trim() !== '' : file.name !== '' || file.base64 !== '';
}

function unchosenProblem(field: string): string {
  const which = field.trim() ? `the field "${field}"` : 'the unnamed file field';
  return `Choose a file for ${which} (or switch its row off): no file is chosen.`;
}

/**
 * The first file an operation's multipart body requires (its schema's `required`) that no row switched
 * on has chosen: switched off, removed or still empty, it cannot be left out, as `powerduck run` refuses too.
 */
function missingRequiredFile(draft: HttpDraft): string | undefined {
  const required = (draft.operation?.draft.body?.files ?? []).filter((f) => f.required).map((f) => f.name);
  const sent = (name: string): boolean =>
    draft.multipartFields.some((f) => f.name === name && f.enabled !== false && f.file !== undefined && fileChosen(f.file));
  return required.find((name) => !sent(name));
}

function bodyOf(draft: HttpDraft): HttpBody | { problem: string } {
  switch (draft.bodyKind) {
    case 'none':
      return { kind: 'none' };
    case 'json':
      if (draft.bodyText.trim()) {
        // `{"n": {{count}}}` is JSON only once the core fills the variable in: its shape is checked with the reference as null.
        const read = parseJsonTemplate(draft.bodyText);
        if (!read.ok) return { problem: `The JSON body does not parse: ${read.message}` };
      }
      return { kind: 'json', text: draft.bodyText };
    case 'text':
      return { kind: 'text', text: draft.bodyText, contentType: draft.textType || 'text/plain' };
    case 'urlencoded':
      return { kind: 'urlencoded', fields: draft.formFields };
    case 'multipart': {
      const waiting = draft.multipartFields.find((f) => f.enabled !== false && f.file && isNotKept(draft, f.file));
      if (waiting?.file && 'name' in waiting.file) return { problem: notKeptProblem(waiting.file.name) };
      const required = missingRequiredFile(draft);
      if (required !== undefined) return { problem: `The operation requires the file field "${required}": choose a file for it.` };
      // A file row switched on with nothing chosen ("Add file" left as it was, or an optional file of the
      // operation switched on) would go out as an empty upload the server cannot tell from a real empty file.
      const unchosen = draft.multipartFields.find((f) => f.enabled !== false && f.file && !fileChosen(f.file));
      if (unchosen) return { problem: unchosenProblem(unchosen.name) };
      return { kind: 'multipart', fields: draft.multipartFields };
    }
    case 'file':
      if (draft.file && isNotKept(draft, draft.file)) return { problem: notKeptProblem(draft.file.name) };
      return draft.file ? { kind: 'file', file: draft.file } : { problem: 'Choose a file to send as the body.' };
  }
}

export type BuiltHttp = { ok: true; request: HttpRequest } | { ok: false; message: string };

/**
 * The request to send. An operation tab sends its fields' values as they are (`operation.input`):
 * the core fills their {{variables}} in and builds the URL and parameter headers from them.
 */
export function buildHttpRequest(draft: HttpDraft): BuiltHttp {
  const built = assemble(draft);
  return built.ok ? { ok: true, request: built.request } : built;
}

/** The request as code examples and Copy for LLM show it: an operation's parameter headers in, {{variables}} as written. */
export function shownHttpRequest(draft: HttpDraft): BuiltHttp {
  const built = assemble(draft);
  if (!built.ok) return built;
  const { operation, ...request } = built.request;
  const headers = [...built.paramHeaders, ...(request.headers ?? [])];
  return {
    ok: true,
    request: {
      ...request,
      ...(headers.length ? { headers } : {}),
      ...(operation ? { operation: { file: operation.file, path: operation.path, httpMethod: operation.httpMethod } } : {}),
    },
  };
}

function assemble(draft: HttpDraft): { ok: true; request: HttpRequest; paramHeaders: HeaderEntry[] } | { ok: false; message: string } {
  let url = draft.url.trim();
  let input: HttpOperationInput | undefined;
  let paramHeaders: HeaderEntry[] = [];
  if (draft.operation) {
    const op = draft.operation;
    // Checked here so a missing or malformed field is said at once; the core builds the URL and the
    // parameter headers again from these values once their {{variables}} are filled in.
    const built = buildOperationRequest({}, op.draft, {
      serverIndex: op.serverIndex,
      serverVariables: op.serverVariables,
      values: op.values,
      keepVariables: true,
    });
    if (!built.ok) return { ok: false, message: built.message };
    url = built.url;
    paramHeaders = built.headers;
    input = { serverIndex: op.serverIndex, serverVariables: op.serverVariables, values: op.values };
  }
  if (!url) return { ok: false, message: 'Enter a URL (http:// or https://).' };
  const body = bodyOf(draft);
  if ('problem' in body) return { ok: false, message: body.problem };
  const headers = draft.headers.filter((h) => h.name.trim());
  const tls = usableTls({ ...draft.tls, ...(draft.insecure ? { insecureSkipVerify: true } : {}) });
  const timeouts = timeoutsFromSeconds(draft.timeoutSeconds, draft.connectTimeoutSeconds);
  const request: HttpRequest = {
    method: wireMethod(draft.method) || 'GET',
    url,
    ...(headers.length ? { headers } : {}),
    ...(draft.auth.type !== 'none' ? { auth: draft.auth } : {}),
    ...(body.kind !== 'none' ? { body } : {}),
    ...(draft.followRedirects ? { followRedirects: true } : {}),
    ...(draft.followRedirects && validRedirectLimit(draft.maxRedirects) ? { maxRedirects: draft.maxRedirects } : {}),
    ...(draft.useCookies ? {} : { cookies: false }),
    ...(tls ? { tls } : {}),
    ...(timeouts ? { timeouts } : {}),
    ...proxyAskOf(draft),
    ...(draft.operation
      ? { operation: { file: draft.operation.file, path: draft.operation.path, httpMethod: draft.operation.httpMethod, ...(input ? { input } : {}) } }
      : {}),
  };
  return { ok: true, request, paramHeaders };
}

/** Tab title: `GET · host/path`. */
export function httpTabTitle(draft: HttpDraft): string {
  const where = draft.url.trim().includes('://') || draft.url.includes('{{') ? urlTitle(draft.url, true) : '';
  const method = wireMethod(draft.method) || 'GET';
  if (where) return `${method} · ${where}`;
  return draft.operation ? `${method} · ${draft.operation.path}` : method;
}
