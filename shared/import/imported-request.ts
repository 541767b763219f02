/**
 * One request read from a Postman collection or a curl command, before it becomes an operation.
 * Credentials are pulled out of headers, query and auth into `credentials`: the operation only
 * ever gets a reference (a named secret, or the `{{variable}}` the source already used).
 */
export interface ImportedHeader {
  name: string;
  value: string;
  enabled: boolean;
}

export interface ImportedRequest {
  /** Shown as the operation's summary. */
  name: string;
  /** Folder path in the collection ("Users / Admin"), if any. */
  folder?: string;
  /** Upper-case HTTP verb. */
  method: string;
  /** Full URL as written (may hold `{{variables}}`), query included. */
  url: string;
  headers: ImportedHeader[];
  /** Raw body text, if any. */
  body?: string;
  /** A form body (multipart or urlencoded), field by field; wins over `body`. */
  form?: ImportedForm;
  /**
   * Path variables (Postman's `:petId`): the URL holds them as `{petId}` templates, and each becomes a
   * path parameter with its value as the example.
   */
  pathParams?: ImportedPathParam[];
  auth?: ImportedAuth;
  /** Query parameters switched off in the source (Postman's unticked rows): not in `url`, not sent. */
  offQuery?: string[];
  /**
   * Set when `auth` is inherited (a Postman collection's or folder's): `key` names that source
   * within the import, and every request with the same key shares one secret. `folder` is the
   * folder's path; absent for the collection itself.
   */
  authFrom?: { key: string; folder?: string };
}

export interface ImportedPathParam {
  name: string;
  example: string;
  description?: string;
}

/** One field of a form body: text with its value, or a file of which only the name is known. */
export interface ImportedFormField {
  name: string;
  /** A text field's value. */
  value?: string;
  /** A file field: the file's name as the source gave it (its content is not part of the import). */
  file?: string;
  contentType?: string;
  description?: string;
}

export interface ImportedForm {
  mediaType: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  fields: ImportedFormField[];
}

/** A credential value as found: literal, or a whole `{{variable}}` reference. */
export type ImportedAuth =
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: string };

/** A literal credential the import must store as a secret before the file may reference it. */
export interface ImportCredential {
  /** Stable id within one import (request index and what it is). */
  id: string;
  /** The request it belongs to. */
  request: string;
  /** e.g. "bearer token", "Basic auth password", "API key X-API-Key". */
  what: string;
  /** Proposed secret name (the user may change it). */
  suggestedName: string;
}

export function slug(text: string, fallback = 'request'): string {
  const out = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return out || fallback;
}

/** A request the import cannot write as an operation; the core reports it as a bad request, with nothing stored. */
export class ImportRefusal extends Error {}
