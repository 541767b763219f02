/**
 * The request an OpenAPI operation describes, filled with its own examples: what the Docs view's
 * code examples and Copy for LLM show. Opening the operation as a tab reads the body kind and form
 * fields with the same functions, so the docs and the drafted tab agree. Auth stays a reference to
 * a secret named after the security scheme; no value ever enters.
 */
import { isObject } from '../a2a/payload';
import type { FormField, HttpBody, HttpBodyKind, HttpRequest, MultipartField } from './http-types';
import type { FormFile, OperationBody, OperationDraft, ServerChoice } from './openapi-draft';
import { buildOperationRequest, serverUrl } from './openapi-draft';
import { hasVariables } from '../env/variables';

/** How a tab sends a body of this media type. */
export function bodyKindFor(mediaType: string | undefined): HttpBodyKind {
  if (!mediaType) return 'none';
  if (/json/i.test(mediaType)) return 'json';
  if (/x-www-form-urlencoded/i.test(mediaType)) return 'urlencoded';
  if (/multipart\//i.test(mediaType)) return 'multipart';
  if (/^text\/|xml|yaml/i.test(mediaType)) return 'text';
  return 'file';
}

/** Form fields from an example written as a JSON object (other examples give none). */
export function formFieldsOf(text: string): FormField[] {
  return objectFields(text) ?? [];
}

/**
 * A multipart body's fields as a tab opens them: the example's text fields, and each file the
 * schema declares (openapi-draft.ts `files`) as a file field with nothing chosen yet, in the
 * example's order with files it left out after it. The typed sample in a file's place ("string")
 * is never kept: sent as the part's text, it would be a made-up upload. A file the schema requires
 * starts switched on (Send asks for it); an optional one starts off, left out of the request until
 * a file is chosen for it, as `powerduck run` leaves it out.
 */
export function multipartFieldsOf(body: Pick<OperationBody, 'text' | 'files'>): MultipartField[] {
  const files = new Map((body.files ?? []).map((f) => [f.name, f]));
  const fileField = (f: FormFile): MultipartField => ({
    name: f.name,
    file: { name: '', base64: '', ...(f.contentType ? { contentType: f.contentType } : {}) },
    enabled: f.required === true,
  });
  const fields: MultipartField[] = formFieldsOf(body.text).map((field) => {
    const file = files.get(field.name);
    return file ? fileField(file) : field;
  });
  for (const file of files.values()) if (!fields.some((f) => f.name === file.name)) fields.push(fileField(file));
  return fields;
}

function objectFields(text: string): FormField[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return Object.entries(value).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
  } catch {
    /* not fields */
  }
  return undefined;
}

/**
 * A form or multipart body for `mediaType` from text holding a JSON object of field values (the
 * shape drafted examples take), as an operation tab holds it: the core encodes the fields, so the
 * app and `powerduck run` send the same bytes. Undefined for another media type or other text.
 */
export function formBodyFor(mediaType: string, text: string): Extract<HttpBody, { kind: 'urlencoded' | 'multipart' }> | undefined {
  const kind = bodyKindFor(mediaType);
  if (kind !== 'urlencoded' && kind !== 'multipart') return undefined;
  const fields = objectFields(text);
  if (!fields) return undefined;
  return kind === 'urlencoded' ? { kind, fields } : { kind, fields };
}

function exampleBody(draft: OperationDraft): HttpBody | undefined {
  const body = draft.body;
  if (!body) return undefined;
  switch (bodyKindFor(body.mediaType)) {
    case 'json':
      return { kind: 'json', text: body.text };
    case 'text':
      return { kind: 'text', text: body.text, contentType: body.mediaType };
    case 'urlencoded':
      return { kind: 'urlencoded', fields: formFieldsOf(body.text) };
    case 'multipart':
      // A file field as the code examples write it: the part's name as the file to upload. Every file the
      // operation takes is shown, optional ones too: an example says how to send it.
      return {
        kind: 'multipart',
        fields: multipartFieldsOf(body).map((f) =>
          f.file ? { ...f, enabled: true, file: { path: f.name, ...(f.file.contentType ? { contentType: f.file.contentType } : {}) } } : f,
        ),
      };
    default:
      return { kind: 'file', file: { path: 'body.bin', contentType: body.mediaType } };
  }
}

/** Where examples go when the document names no absolute server (OpenAPI's default server is "/"). */
export const placeholderOrigin = 'https://api.example.com';

export type ExampleRequest = { ok: true; request: HttpRequest; notes: string[] } | { ok: false; message: string };

/**
 * The first server (its variables at their defaults) and every parameter at its example. A
 * required parameter without one is written as `{name}`, so the reader sees what to fill in.
 */
export function exampleRequestFor(draft: OperationDraft): ExampleRequest {
  const notes: string[] = [];
  const server: ServerChoice | undefined = draft.servers[0];
  let baseUrl = server ? serverUrl(server) : placeholderOrigin;
  if (!server) notes.push(`The document declares no servers: the examples use ${placeholderOrigin}.`);
  // A server URL that is a {{variable}} (an imported Postman collection's {{baseUrl}}) is shown as written, as Postman does.
  else if (!/^https?:\/\//i.test(baseUrl) && !hasVariables(baseUrl)) {
    notes.push(`The server URL "${baseUrl}" is relative to where the document is served: the examples put it under ${placeholderOrigin}.`);
    baseUrl = `${placeholderOrigin}/${baseUrl.replace(/^\/+/, '')}`;
  }
  const values: Record<string, string> = {};
  const placeholders: string[] = [];
  for (const p of draft.params) {
    if (p.example !== '') values[`${p.in}:${p.name}`] = p.example;
    else if (p.required) {
      values[`${p.in}:${p.name}`] = `{${p.name}}`;
      placeholders.push(p.name);
    }
  }
  const built = buildOperationRequest({}, draft, { baseUrl, values, keepVariables: true });
  if (!built.ok) return built;
  // A placeholder is text the reader replaces, not a value: keep its braces readable in the URL.
  let url = built.url;
  for (const name of placeholders) url = url.split(encodeURIComponent(`{${name}}`)).join(`{${name}}`);
  const body = exampleBody(draft);
  const auth = draft.security?.auth;
  const request: HttpRequest = {
    method: draft.method,
    url,
    ...(built.headers.length ? { headers: built.headers } : {}),
    ...(auth && auth.type !== 'none' ? { auth } : {}),
    ...(body ? { body } : {}),
  };
  if (draft.security?.note) notes.push(draft.security.note);
  return { ok: true, request, notes };
}
