/**
 * A plain HTTP request as a standard OpenAPI 3.2 Operation Object (no `x-a2a`): its server,
 * parameters with their examples, the request body's media type with an example, and the answer
 * observed as the example of its status. Secrets never enter: auth is written as a security
 * requirement naming the scheme (the secret keeps that name in the store); OAuth 2.0 adds `x-auth`
 * with the client settings OpenAPI has no place for (x-auth.ts).
 */
import type { AuthConfig, OAuth2Auth } from '../a2a/auth';
import { normaliseScopes } from '../a2a/auth';
import { isObject } from '../a2a/payload';
import { isSecretHeader, isSecretQuery } from '../a2a/redaction';
import { openApiVerbs } from '../openapi/operation-list';
import type { ParamLocation, ParamStyle } from './param-style';
import { draftTextProblem } from '../openapi/draft-text';
import { oauth2SaveProblem } from '../openapi/oauth-scheme';
import { literalSecretOf } from '../openapi/x-a2a-model';
import { wholeVariable } from '../env/variables';
import { X_AUTH, xAuthFor } from './x-auth';
import { readSavedJsonText } from '../env/json-variables';

export interface SaveParam {
  name: string;
  in: ParamLocation;
  required?: boolean;
  description?: string;
  style?: ParamStyle;
  explode?: boolean;
  /** The value the user sent, as typed. */
  example?: string;
  schema?: unknown;
}

export interface HttpSaveDraft {
  method: string;
  /** Path template under `paths` (`/pets/{petId}`). */
  path: string;
  /** Base URL the path is relative to (written as the operation's server). */
  serverUrl?: string;
  summary?: string;
  parameters: SaveParam[];
  /**
   * `schema`: the body's fields when they are known (an imported form: text fields with examples, files as binary).
   * `text`: a JSON body with unquoted `{{variables}}`, as written: kept as BODY_TEXT (`example` is then its quoted stand-in).
   */
  body?: { mediaType: string; example?: unknown; schema?: unknown; text?: string };
  response?: { status: number; contentType?: string; example?: unknown };
  /**
   * securitySchemes key the operation's auth uses. When the document has no entry of that name, one
   * is written from `schemeAuth`; without it, no requirement is written (and a note says so).
   */
  securityScheme?: string;
  /** The bearer, Basic or API-key auth `securityScheme` describes (its secret is named like the scheme). */
  schemeAuth?: SchemeAuth;
  /** OAuth 2.0 / OpenID Connect: the scopes the requirement asks for (other schemes take none). */
  securityScopes?: string[];
  /**
   * OAuth 2.0 / OpenID Connect auth as drafted: its endpoints go into components.securitySchemes, its
   * scopes into `security`, and the grant, client id and the client secret's NAME into `x-auth`
   * (docs/x-auth.md). A literal client secret is stored as a named secret first (http.save does it).
   */
  oauth2?: OAuth2Auth;
}

/**
 * Where a JSON body with unquoted `{{variables}}` (`{"count": {{n}}}`) keeps its text: an extension of
 * the Media Type Object, since that text is not JSON until the variables are filled in at send time.
 * The media type's `example` beside it shows each such variable as the string "{{name}}", for tools
 * that read JSON only; Powerduck opens and sends the text (openapi-draft.ts readBody).
 */
export const BODY_TEXT = 'x-powerduck-body-text';

/** Bearer, Basic or API key auth: the kinds a standard security scheme plus a named secret fully describe. */
export type SchemeAuth = Extract<AuthConfig, { type: 'bearer' | 'basic' | 'apiKey' }>;

/**
 * Where a saved Basic auth keeps its user name: OpenAPI's `http`/`basic` scheme has no place for it,
 * and the entry is per credential anyway (its name is the password's secret name). readSecurity
 * (openapi-draft.ts) reads it back.
 */
export const SCHEME_USERNAME = 'x-powerduck-username';

/**
 * The components.securitySchemes entry for a bearer, basic or API-key auth. The operation's
 * `security` names it, and the secret holding the credential carries the same name.
 */
export function securitySchemeForAuth(auth: SchemeAuth): Record<string, unknown> {
  switch (auth.type) {
    case 'bearer':
      return { type: 'http', scheme: 'bearer' };
    case 'basic':
      return { type: 'http', scheme: 'basic', ...(auth.username ? { [SCHEME_USERNAME]: auth.username } : {}) };
    case 'apiKey':
      return { type: 'apiKey', in: auth.in, name: auth.name };
  }
}

export type BuiltHttpOperation =
  | {
      ok: true;
      verb: string;
      fields: Array<[string, unknown]>;
      /** What was left out and why (a credential's value), for the save's notes. */
      notes: string[];
      /** OAuth 2.0 without its client secret: its security scheme is placed at write time (oauth-scheme-placement.ts). */
      oauth2?: OAuth2Auth;
    }
  | { ok: false; message: string };

// Headers HTTP or the client owns: not parameters of an API (OAS §4.8.12.1 says the same of the first three).
const notParameters = new Set(['accept', 'content-type', 'authorization', 'cookie', 'user-agent', 'host', 'content-length', 'connection', 'accept-encoding']);

function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k === '$ref' || hasRef(v));
}

function draftShapeProblem(draft: object): string | undefined {
  const d = draft as Record<string, unknown>;
  if (typeof d['method'] !== 'string' || typeof d['path'] !== 'string') return 'The draft needs a method and a path, as text.';
  if (!Array.isArray(d['parameters']) || d['parameters'].some((p) => !isObject(p) || typeof p['name'] !== 'string'))
    return 'The draft’s parameters must be a list of {name, in} objects.';
  return undefined;
}

/**
 * `literalSecretName`: the secret-store name that now holds the drafted OAuth client secret when it
 * was typed in as a value (never written itself).
 */
export function buildHttpOperation(draft: HttpSaveDraft, options: { literalSecretName?: string } = {}): BuiltHttpOperation {
  if (!isObject(draft)) return { ok: false, message: 'The request to save is missing (draft must be an object).' };
  const textProblem = draftTextProblem(draft);
  if (textProblem) return { ok: false, message: textProblem };
  const shapeProblem = draftShapeProblem(draft);
  if (shapeProblem) return { ok: false, message: shapeProblem };
  const verb = draft.method.trim().toLowerCase();
  if (!(openApiVerbs as readonly string[]).includes(verb))
    return { ok: false, message: `${draft.method} is not one of the OpenAPI methods (${openApiVerbs.join(', ')}); it cannot be saved as an operation.` };
  if (!draft.path.startsWith('/') || /[\r\n?#]/.test(draft.path))
    return { ok: false, message: 'The path template starts with "/" and holds no query or fragment (e.g. /pets/{petId}).' };
  const templated = new Set([...draft.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string));
  const parameters: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  const withheld: string[] = [];
  for (const p of draft.parameters) {
    // A credential header is the secret itself, unless its value is a `{{variable}}`: that is a name the
    // environment fills on every send (as the Postman import writes it), so the parameter keeps it.
    const reference = typeof p.example === 'string' && wholeVariable(p.example) !== undefined;
    if (!p.name || (p.in === 'header' && (notParameters.has(p.name.toLowerCase()) || (isSecretHeader(p.name) && !reference)))) continue;
    if (p.in === 'path' && !templated.has(p.name)) continue;
    const key = `${p.in}:${p.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const out: Record<string, unknown> = { name: p.name, in: p.in };
    if (p.description) out['description'] = p.description;
    if (p.in === 'path' || p.required) out['required'] = true;
    if (p.style) out['style'] = p.style;
    if (p.explode !== undefined) out['explode'] = p.explode;
    // A schema that points into another document would dangle here: keep only self-contained ones.
    out['schema'] = p.schema !== undefined && !hasRef(p.schema) ? p.schema : { type: 'string' };
    // A query or cookie value named like a credential (api_key, access_token, session_token…) is the
    // secret itself: the parameter is described, its value never written (a spec file holds references only).
    const credential = (p.in === 'query' || p.in === 'cookie') && isSecretQuery(p.name) && !reference;
    if (credential && p.example !== undefined && p.example !== '') withheld.push(p.name);
    else if (p.example !== undefined && p.example !== '') out['example'] = p.example;
    parameters.push(out);
  }
  for (const name of templated) {
    if (!seen.has(`path:${name}`)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  let withheldAuth: string | undefined;
  const fields: Array<[string, unknown]> = [['summary', draft.summary?.trim() || `${draft.method.toUpperCase()} ${draft.path}`]];
  if (draft.serverUrl) fields.push(['servers', [{ url: draft.serverUrl }]]);
  fields.push(['parameters', parameters]);
  if (draft.body) {
    const media: Record<string, unknown> = {};
    // As for parameters: a schema pointing into another document would dangle here.
    if (draft.body.schema !== undefined && !hasRef(draft.body.schema)) media['schema'] = draft.body.schema;
    const bodyText = draft.body.text;
    if (bodyText !== undefined) {
      if (typeof bodyText !== 'string') return { ok: false, message: 'The body text must be text.' };
      const read = readSavedJsonText(bodyText, 'The body');
      if (read.kind === 'problem') return { ok: false, message: read.message };
      // Plain JSON text is saved as the example value, as a body given as a value always was.
      media['example'] = read.value;
      if (read.kind === 'template') media[BODY_TEXT] = read.text;
    } else if (draft.body.example !== undefined) media['example'] = draft.body.example;
    fields.push(['requestBody', { content: { [draft.body.mediaType]: media } }]);
  }
  const responses: Record<string, unknown> = {};
  if (draft.response) {
    const media = draft.response.contentType?.split(';')[0]?.trim();
    responses[String(draft.response.status)] = {
      description: 'Observed response',
      ...(media ? { content: { [media]: draft.response.example !== undefined ? { example: draft.response.example } : {} } } : {}),
    };
  } else responses['default'] = { description: 'Response' };
  fields.push(['responses', responses]);
  let oauth2: OAuth2Auth | undefined;
  if (draft.oauth2 !== undefined && (!isObject(draft.oauth2) || draft.oauth2.type !== 'oauth2'))
    return { ok: false, message: 'oauth2 must be an OAuth 2.0 auth setting.' };
  // An OAuth setting not finished yet (no client id, no secret chosen) still saves the operation, as
  // before x-auth existed: the requirement only, and a note saying what was not kept.
  const unfinished = draft.oauth2 ? oauth2SaveProblem(draft.oauth2) : undefined;
  if (unfinished) withheldAuth = `The OAuth 2.0 client settings were not saved: ${unfinished}`;
  if (draft.oauth2 !== undefined && !unfinished) {
    if (literalSecretOf(draft.oauth2) !== undefined && !options.literalSecretName)
      return { ok: false, message: 'The client secret is a literal value; store it as a secret and save a reference instead.' };
    // The requirement (and the securitySchemes entry) is placed when written; x-auth names it then.
    fields.push([X_AUTH, xAuthFor(draft.oauth2, options.literalSecretName)]);
    const { clientSecret: _secret, ...rest } = draft.oauth2;
    oauth2 = rest;
  } else if (draft.securityScheme) fields.push(['security', [{ [draft.securityScheme]: normaliseScopes(draft.securityScopes) }]]);
  const notes: string[] = withheld.length
    ? [
        `The value${withheld.length === 1 ? '' : 's'} of ${withheld.map((n) => `"${n}"`).join(', ')} ${withheld.length === 1 ? 'looks' : 'look'} like a credential and ${withheld.length === 1 ? 'was' : 'were'} not written; set ${withheld.length === 1 ? 'it' : 'them'} in the request's Auth settings with a named secret.`,
      ]
    : [];
  if (withheldAuth) notes.push(withheldAuth);
  return { ok: true, verb, fields, notes, ...(oauth2 ? { oauth2 } : {}) };
}
