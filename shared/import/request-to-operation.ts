/**
 * An imported request as a spec operation. A2A-shaped requests (a JSON-RPC body whose method is in
 * the A2A catalogue, or an A2A 1.0 HTTP+JSON route) become `x-a2a` operations built by the same
 * code as a saved draft; everything else becomes a plain OpenAPI 3.2 operation at its real path.
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import { authSecretSource } from '../a2a/auth';
import type { A2aCall, HeaderEntry } from '../a2a/call';
import { versionOfMethod } from '../a2a/catalogue';
import { restRoutesV1 } from '../a2a/rest-routes';
import type { A2aVersion } from '../a2a/versions';
import type { SaveDraft } from '../openapi/operation-build';
import { isCredentialHeader } from '../openapi/x-a2a-model';
import { isSecretHeader, isSecretQuery } from '../a2a/redaction';
import { decodeBase64 } from '../encoding/base64';
import { decodeUtf8 } from '../a2a/utf8';
import { hasVariables, wholeVariable } from '../env/variables';
import { readSavedJsonText } from '../env/json-variables';
import type { ImportCredential, ImportedAuth, ImportedForm, ImportedHeader, ImportedRequest } from './imported-request';
import { ImportRefusal, slug } from './imported-request';
import { isObject } from '../a2a/payload';
import type { HttpSaveDraft, SaveParam, SchemeAuth } from '../http/http-operation-build';
import { buildHttpOperation } from '../http/http-operation-build';

export type PlannedOperation =
  | {
      kind: 'a2a';
      path: string;
      name: string;
      method: string;
      draft: SaveDraft;
      /** The collection folder it came from, written as the operation's tag (importTags). */
      folder?: string;
      credential?: PendingCredential;
      /** Headers left out and why, for the import's notes. */
      notes: string[];
    }
  | {
      kind: 'http';
      path: string;
      verb: string;
      name: string;
      /** What http.save's builder turns into the operation at `path` (buildImportedHttp). */
      draft: Omit<HttpSaveDraft, 'path'>;
      /** Fields the builder does not write (x-powerduck-path). */
      extra: Array<[string, unknown]>;
      /** What the builder left out and why, for the import's notes. */
      notes: string[];
      /** Written as a security requirement + components.securitySchemes entry named after its secret. */
      auth?: SchemeAuth;
      /** The collection folder it came from, written as the operation's tag (importTags). */
      folder?: string;
      credential?: PendingCredential;
    };

/**
 * A literal credential the operation's auth cannot carry (a second credential header, a cookie): stored
 * as a secret and sent as a `{{variable}}` that the import's environment backs with that secret.
 */
export interface VariableSecret extends PendingCredential {
  variable: string;
}

/** A literal credential and where the operation will reference it once stored. */
export interface PendingCredential extends ImportCredential {
  value: string;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '' || text.length > 8 * 1024 * 1024) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function headerValue(headers: readonly ImportedHeader[], name: string): string | undefined {
  return headers.find((h) => h.enabled && h.name.toLowerCase() === name.toLowerCase())?.value;
}

/** Splits a URL (possibly `{{base}}/x`) into server, path and query; undefined when it has no usable path. */
export function splitUrl(url: string): { server: string; path: string; query: Array<[string, string]> } | undefined {
  const hashless = url.split('#')[0] as string;
  const q = hashless.indexOf('?');
  const beforeQuery = q === -1 ? hashless : hashless.slice(0, q);
  const query: Array<[string, string]> = [];
  if (q !== -1) {
    for (const pair of hashless.slice(q + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const decode = (s: string): string => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return s;
        }
      };
      query.push(eq === -1 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
    }
  }
  let serverEnd: number;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(beforeQuery);
  if (scheme) {
    const slash = beforeQuery.indexOf('/', scheme[0].length);
    serverEnd = slash === -1 ? beforeQuery.length : slash;
  } else if (beforeQuery.startsWith('{{')) {
    const close = beforeQuery.indexOf('}}');
    if (close === -1) return undefined;
    serverEnd = close + 2;
  } else {
    const slash = beforeQuery.indexOf('/');
    serverEnd = slash === -1 ? beforeQuery.length : slash;
  }
  const server = beforeQuery.slice(0, serverEnd);
  const path = beforeQuery.slice(serverEnd) || '/';
  if (!server) return undefined;
  return { server, path, query };
}

interface A2aShape {
  version: A2aVersion;
  binding: 'JSONRPC' | 'HTTP+JSON';
  endpoint: string;
  method: string;
  body: unknown;
}

const unambiguousRoute = /:(send|stream|cancel|subscribe)$|pushNotificationConfigs|extendedAgentCard/;

function routeRegex(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '([^/?#]+)');
  return new RegExp(`${escaped}$`);
}

/** JSON-RPC with an A2A method, or an A2A 1.0 REST route (plain `/tasks` needs the A2A-Version header to count). */
export function a2aShapeOf(req: ImportedRequest): A2aShape | undefined {
  const body = parseJson(req.body);
  const split = splitUrl(req.url);
  if (isObject(body) && body['jsonrpc'] === '2.0' && typeof body['method'] === 'string') {
    const version = versionOfMethod(body['method']);
    if (version && req.method === 'POST') return { version, binding: 'JSONRPC', endpoint: req.url, method: body['method'], body };
    return undefined;
  }
  if (!split) return undefined;
  const versionHeader = headerValue(req.headers, 'A2A-Version');
  for (const route of restRoutesV1) {
    const verbs = route.fallbackOn405 ? [route.httpMethod, route.fallbackOn405] : [route.httpMethod];
    if (!verbs.includes(req.method as 'GET')) continue;
    const match = routeRegex(route.path).exec(split.path);
    if (!match) continue;
    if (!unambiguousRoute.test(route.path) && versionHeader !== '1.0') continue;
    const base = split.path.slice(0, match.index);
    // A2A 0.3's REST routes live under /v1; Powerduck speaks 0.3 over JSON-RPC only.
    if (/\/v1$/.test(base) && versionHeader !== '1.0') return undefined;
    const fields: Record<string, unknown> = {};
    route.pathFields.forEach((name, i) =>
      Object.defineProperty(fields, name, { value: decodeURIComponent(match[i + 1] as string), enumerable: true, writable: true, configurable: true }),
    );
    if (route.rest === 'json' && isObject(body))
      for (const [k, v] of Object.entries(body))
        if (!(k in fields)) Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (route.rest !== 'json')
      for (const [k, v] of split.query)
        if (!(k in fields)) Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
    return { version: '1.0', binding: 'HTTP+JSON', endpoint: `${split.server}${base}`, method: route.method, body: fields };
  }
  return undefined;
}

/** `Basic <base64 of user:password>` as its user and password; undefined for anything else. */
function basicCredentials(value: string): { username: string; password: string } | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value)?.[1];
  if (encoded === undefined) return undefined;
  const bytes = decodeBase64(encoded);
  const decoded = bytes ? decodeUtf8(bytes) : undefined;
  if (!decoded || decoded.invalid) return undefined;
  const text = decoded.text;
  const colon = text.indexOf(':');
  return colon === -1 ? undefined : { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Moves credential headers into auth (the file keeps only references). */
function authOf(req: ImportedRequest): { auth?: ImportedAuth; headers: ImportedHeader[] } {
  let auth = req.auth;
  const headers: ImportedHeader[] = [];
  for (const h of req.headers) {
    const lower = h.name.toLowerCase();
    if (!auth && h.enabled && lower === 'authorization') {
      const bearer = /^Bearer\s+(.+)$/i.exec(h.value);
      if (bearer) {
        auth = { type: 'bearer', token: (bearer[1] as string).trim() };
        continue;
      }
      const basic = basicCredentials(h.value);
      if (basic) {
        auth = { type: 'basic', ...basic };
        continue;
      }
    }
    if (!auth && h.enabled && (lower === 'x-api-key' || lower === 'api-key')) {
      auth = { type: 'apiKey', in: 'header', name: h.name, value: h.value };
      continue;
    }
    headers.push(h);
  }
  return auth ? { auth, headers } : { headers };
}

function sourceFor(value: string, credential: () => PendingCredential): { source: SecretSource; pending?: PendingCredential } {
  if (wholeVariable(value) !== undefined) return { source: { secretRef: value } };
  const pending = credential();
  return { source: { secretRef: pending.suggestedName }, pending };
}

function authConfig(
  auth: ImportedAuth | undefined,
  requestName: string,
  idBase: string,
  secretBase: string,
): { auth?: AuthConfig; pending?: PendingCredential } {
  if (!auth) return {};
  const make = (what: string, value: string) => (): PendingCredential => ({
    id: `${idBase}:${auth.type}`,
    request: requestName,
    what,
    suggestedName: secretBase,
    value,
  });
  switch (auth.type) {
    case 'bearer': {
      const { source, pending } = sourceFor(auth.token, make('bearer token', auth.token));
      return { auth: { type: 'bearer', token: source }, ...(pending ? { pending } : {}) };
    }
    case 'basic': {
      const { source, pending } = sourceFor(auth.password, make(`Basic auth password of ${auth.username}`, auth.password));
      return { auth: { type: 'basic', username: auth.username, password: source }, ...(pending ? { pending } : {}) };
    }
    case 'apiKey': {
      const { source, pending } = sourceFor(auth.value, make(`API key ${auth.name}`, auth.value));
      return { auth: { type: 'apiKey', in: auth.in, name: auth.name, value: source }, ...(pending ? { pending } : {}) };
    }
  }
}

function uniquePath(wanted: string, taken: Set<string>): string {
  let path = wanted;
  for (let n = 2; taken.has(path); n++) path = `${wanted}-${n}`;
  taken.add(path);
  return path;
}

export interface PlanContext {
  /** Paths (and `verb path` keys for plain operations) already used in the target file or this import. */
  taken: Set<string>;
  /** Prefix of derived secret names, e.g. the collection's slug. */
  secretPrefix: string;
  /** Secret names already proposed in this import. */
  secretNames: Set<string>;
  /** Inherited auth sources (`ImportedRequest.authFrom.key`) and the secret name each one got. */
  sharedSecrets: Map<string, string>;
  /** Variables for credentials the auth cannot carry, by value (one value is one secret); filled while planning. */
  variableSecrets: Map<string, VariableSecret>;
}

/**
 * The credential id and secret name for a request's auth: its own, or (inherited from a
 * collection or folder) the one every request of that source shares, so one value is one secret.
 */
function secretFor(req: ImportedRequest, index: number, ctx: PlanContext): { idBase: string; secretBase: string; owner?: string } {
  const from = req.auth ? req.authFrom : undefined;
  if (!from)
    return { idBase: `r${index}`, secretBase: uniquePath(`${ctx.secretPrefix}-${slug(req.name, `request-${index + 1}`)}`.slice(0, 120), ctx.secretNames) };
  let secretBase = ctx.sharedSecrets.get(from.key);
  if (secretBase === undefined) {
    secretBase = uniquePath(`${ctx.secretPrefix}${from.folder ? `-${slug(from.folder, 'folder')}` : ''}-auth`.slice(0, 120), ctx.secretNames);
    ctx.sharedSecrets.set(from.key, secretBase);
  }
  return { idBase: `auth:${from.key}`, secretBase, owner: from.folder ? `folder "${from.folder}"` : 'the collection' };
}

/** Whether the request's auth itself sends this header (Authorization for bearer/basic/OAuth, an API key's own header). */
function sentByAuth(name: string, auth: AuthConfig): boolean {
  const lower = name.trim().toLowerCase();
  if (auth.type === 'apiKey') return auth.in === 'header' && auth.name.trim().toLowerCase() === lower;
  return auth.type !== 'none' && lower === 'authorization';
}

/** Plans one operation; `index` keeps credential ids and names unique within the import. */
export function planOperation(req: ImportedRequest, index: number, ctx: PlanContext): PlannedOperation {
  const name = req.name || `${req.method} ${req.url}`;
  const { auth: rawAuth, headers } = authOf(req);
  const { idBase, secretBase, owner } = secretFor(req, index, ctx);
  const { auth, pending } = authConfig(rawAuth, owner ?? name, idBase, secretBase);
  const shape = a2aShapeOf({ ...req, headers });
  if (shape) {
    const notes: string[] = [];
    const keep: HeaderEntry[] = [];
    for (const h of headers) {
      // Powerduck sets these itself on every A2A send (the binding's media type, A2A-Version).
      if (['content-type', 'accept', 'a2a-version', 'content-length'].includes(h.name.trim().toLowerCase())) continue;
      if (isCredentialHeader(h.name, auth)) {
        // An x-a2a operation keeps credentials in auth only: a header that carries one is left out, and said so.
        if (!auth || !sentByAuth(h.name, auth))
          notes.push(
            `header ${h.name} is not imported: it carries a credential, and an A2A operation keeps credentials in its auth only; set it up there with a secret.`,
          );
        continue;
      }
      keep.push({ name: h.name, value: h.value, ...(h.enabled ? {} : { enabled: false }) });
    }
    const call: A2aCall = { version: shape.version, binding: shape.binding, endpoint: shape.endpoint, method: shape.method, body: shape.body };
    if (keep.length) call.headers = keep;
    if (auth) call.auth = auth;
    const path = uniquePath(
      `/imported/${slug(req.folder ? `${req.folder} ${req.name}` : req.name, shape.method.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}`,
      ctx.taken,
    );
    return {
      kind: 'a2a',
      path,
      name,
      method: shape.method,
      draft: { call, summary: name },
      ...(req.folder ? { folder: req.folder } : {}),
      ...(pending ? { credential: pending } : {}),
      notes: notes.map((n) => `${name}: ${n}`),
    };
  }
  return planHttp(req, headers, auth, pending, name, ctx);
}

/**
 * A header whose value is computed over the body's bytes (a digest, an HTTP message signature, a
 * webhook HMAC such as X-Hub-Signature-256 or Stripe-Signature, an AWS SigV4 Authorization): the
 * name, when the request has one.
 */
function bodySigningHeader(headers: readonly ImportedHeader[]): string | undefined {
  return headers.find(
    (h) =>
      h.enabled &&
      (/^(?:digest|content-digest|content-md5|repr-digest)$/i.test(h.name) ||
        /signature/i.test(h.name) ||
        (/^authorization$/i.test(h.name) && /\bSignature=|^\s*hmac/i.test(h.value))),
  )?.name;
}

/** JSON text without the white space between its tokens (strings kept as they are). */
function compactJson(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|\s+/g, (m) => (m.startsWith('"') ? m : ''));
}

/** Sets an own property whatever its name (a field called `__proto__` is data, not the prototype). */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A form body as its media type with one property per field: text with its example, a file as binary. */
function formBody(form: ImportedForm): NonNullable<HttpSaveDraft['body']> {
  const properties: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (!field.name || Object.prototype.hasOwnProperty.call(properties, field.name)) continue;
    const property: Record<string, unknown> =
      field.file !== undefined
        ? { type: 'string', format: 'binary', ...(field.contentType ? { contentMediaType: field.contentType } : {}) }
        : { type: 'string', ...(field.value !== undefined && field.value !== '' ? { example: field.value } : {}) };
    if (field.description) property['description'] = field.description;
    own(properties, field.name, property);
  }
  return { mediaType: form.mediaType, schema: { type: 'object', properties } };
}

/** The path with its known `{templates}` taken out: what is left must hold no brace to be a real OpenAPI path. */
function withoutTemplates(path: string, names: ReadonlySet<string>): string {
  return path.replace(/\{([^{}/]+)\}/g, (whole, name: string) => (names.has(name) ? '' : whole));
}

function planHttp(
  req: ImportedRequest,
  headers: ImportedHeader[],
  auth: AuthConfig | undefined,
  pending: PendingCredential | undefined,
  name: string,
  ctx: PlanContext,
): PlannedOperation {
  const verb = req.method.toLowerCase();
  const split = splitUrl(req.url);
  // Path variables (Postman's :petId) arrive as {petId}: those templates are real OpenAPI path templates.
  const pathNames = new Set((req.pathParams ?? []).map((p) => p.name));
  const realPath = split && !withoutTemplates(split.path, pathNames).includes('{') ? split.path : undefined;
  let path = realPath && !ctx.taken.has(`${verb} ${realPath}`) ? realPath : undefined;
  const notes: string[] = [];
  // Two requests to the same verb and path (or a path OpenAPI cannot template) get an identifier path;
  // the address stays in `servers` plus x-powerduck-path, which is what a send calls.
  if (!path) {
    path = uniquePath(`/imported/${slug(req.name, verb)}`, ctx.taken);
    if (realPath)
      notes.push(
        `another request of this import is also ${req.method} ${realPath}: this one is stored as ${req.method} ${path} (one path holds one ${req.method}) and still calls ${realPath}.`,
      );
  }
  ctx.taken.add(`${verb} ${path}`);
  const parameters: SaveParam[] = [];
  for (const p of req.pathParams ?? [])
    parameters.push({ name: p.name, in: 'path', example: p.example, ...(p.description ? { description: p.description } : {}) });
  for (const [key, value] of split?.query ?? []) {
    if (auth?.type === 'apiKey' && auth.in === 'query' && auth.name === key) continue;
    // A literal credential in the query (api_key=…) is kept as a header or cookie one is: a secret sent
    // as a {{variable}}, since the operation never writes the value itself (the builder withholds it).
    const literalCredential = value !== '' && wholeVariable(value) === undefined && isSecretQuery(key);
    const example = literalCredential ? `{{${credentialVariable(value, `query parameter ${key}`, key, { req, name, ctx })}}}` : value;
    parameters.push({ name: key, in: 'query', example });
  }
  for (const key of req.offQuery ?? []) {
    if (parameters.some((p) => p.in === 'query' && p.name === key)) continue;
    parameters.push({ name: key, in: 'query', description: 'Switched off in the imported request: sent only when given a value.' });
    notes.push(`query parameter ${key} is switched off in the source: it is an optional parameter without a value, so it is not sent.`);
  }
  const own = { req, name, ctx, notes };
  for (const h of headers) headerParameters(h, auth, own, parameters);
  const draft: Omit<HttpSaveDraft, 'path'> = { method: req.method, summary: name, parameters };
  if (split) draft.serverUrl = split.server;
  if (req.form) draft.body = formBody(req.form);
  else if (req.body !== undefined && req.body !== '') {
    const contentType = headerValue(headers, 'Content-Type') ?? (parseJson(req.body) !== undefined ? 'application/json' : 'text/plain');
    const mediaType = contentType.split(';')[0]?.trim() || 'application/octet-stream';
    const json = /json/i.test(mediaType) ? parseJson(req.body) : undefined;
    // Only a JSON media type's example is a value (sent as JSON); any other body is its text, as written.
    draft.body = { mediaType, example: json !== undefined ? json : req.body };
    const sent = json !== undefined ? JSON.stringify(json, null, 2) : req.body;
    // JSON once its {{variables}} are filled in (`"age": {{age}}`): kept as written (x-powerduck-body-text), sent filled in.
    const template = json === undefined && /json/i.test(mediaType) && hasVariables(req.body) ? readSavedJsonText(req.body, 'The body') : undefined;
    if (template?.kind === 'template') draft.body = { mediaType, text: req.body };
    else if (template?.kind === 'problem')
      notes.push(`${template.message}; it is kept as text, which a send of this operation encodes as one JSON string: edit the body before you send it.`);
    else if (sent !== req.body) {
      if (compactJson(req.body) !== JSON.stringify(json))
        notes.push(
          'the JSON body is kept as its value, so some of its text changes when sent (a number such as 1.0 or 1e3, an escaped character or a repeated key is written the standard way).',
        );
      else {
        // Only white space differs: every JSON reader sees the same value, so this is worth saying
        // only when a header was computed over the bytes as written (a signature or digest).
        const signed = bodySigningHeader(req.headers);
        if (signed)
          notes.push(
            `the JSON body is kept as its value and sent formatted (2-space indentation), so its bytes change and the ${signed} header, computed over the bytes as written, will not match them: update it before you send.`,
          );
      }
    }
  }
  const extra: Array<[string, unknown]> = path !== realPath && split ? [[ADDRESS_FIELD, split.path]] : [];
  // Built once now: a request the builder refuses is refused before anything is stored.
  const built = buildHttpOperation({ ...draft, path: realPath ?? path });
  if (!built.ok) throw new ImportRefusal(`${name}: ${built.message}`);
  const schemeAuth = auth && auth.type !== 'none' && auth.type !== 'oauth2' ? auth : undefined;
  return {
    kind: 'http',
    path,
    verb: built.verb,
    name,
    draft,
    extra,
    notes: [...notes, ...built.notes].map((n) => `${name}: ${n}`),
    ...(schemeAuth ? { auth: schemeAuth } : {}),
    ...(req.folder ? { folder: req.folder } : {}),
    ...(pending ? { credential: pending } : {}),
  };
}

// Set by the client or by HTTP itself: not imported as parameters (OAS §4.8.12.1 says the same of Accept,
// Content-Type and Authorization; Powerduck sends Accept from a parameter, see below).
const clientHeaders = new Set(['user-agent', 'host', 'content-length', 'connection', 'accept-encoding', 'content-type']);

/** The `{{variable}}` that sends a literal credential the auth cannot carry, its value proposed as a secret. */
function credentialVariable(value: string, what: string, label: string, own: { req: ImportedRequest; name: string; ctx: PlanContext }): string {
  const known = own.ctx.variableSecrets.get(value);
  if (known) return known.variable;
  let base = slug(`${own.req.name} ${label}`, 'credential').slice(0, 56);
  if (!/^[a-z]/.test(base)) base = `v-${base}`;
  let variable = base;
  for (let n = 2; [...own.ctx.variableSecrets.values()].some((v) => v.variable === variable); n++) variable = `${base}-${n}`;
  const suggestedName = uniquePath(`${own.ctx.secretPrefix}-${variable}`.slice(0, 120), own.ctx.secretNames);
  own.ctx.variableSecrets.set(value, { id: `var:${variable}`, request: own.name, what, suggestedName, value, variable });
  return variable;
}

/**
 * One header of the request as what the operation sends: a parameter with its value as example, an
 * optional one without a value when it was switched off, cookie parameters for a Cookie header; a
 * literal credential the auth does not carry goes by a `{{variable}}`. What is left out gets a note.
 */
function headerParameters(
  h: ImportedHeader,
  auth: AuthConfig | undefined,
  own: { req: ImportedRequest; name: string; ctx: PlanContext; notes: string[] },
  parameters: SaveParam[],
): void {
  const lower = h.name.trim().toLowerCase();
  // The header the auth itself sends (an API key moved into auth).
  if (auth?.type === 'apiKey' && auth.in === 'header' && auth.name.toLowerCase() === lower) return;
  if (!h.enabled) {
    if (clientHeaders.has(lower) || lower === 'authorization' || lower === 'cookie') return;
    parameters.push({ name: h.name, in: 'header', description: 'Switched off in the imported request: sent only when given a value.' });
    own.notes.push(`header ${h.name} is switched off in the source: it is an optional parameter without a value, so it is not sent.`);
    return;
  }
  if (lower === 'content-type') return;
  if (clientHeaders.has(lower)) {
    own.notes.push(`header ${h.name} is not imported: Powerduck sets it itself when it sends.`);
    return;
  }
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    own.notes.push(
      auth
        ? `header ${h.name} is not imported: the request's auth sends the credential.`
        : `header ${h.name} is not imported: its credential is not one the import recognises; set up the auth on the request.`,
    );
    return;
  }
  if (lower === 'cookie') {
    for (const pair of h.value.split(';')) {
      const eq = pair.indexOf('=');
      const cookie = (eq === -1 ? pair : pair.slice(0, eq)).trim();
      const value = eq === -1 ? '' : pair.slice(eq + 1).trim();
      if (!cookie) continue;
      const example =
        value === '' || wholeVariable(value) !== undefined ? value : `{{${credentialVariable(value, `cookie ${cookie}`, `cookie ${cookie}`, own)}}}`;
      parameters.push({ name: cookie, in: 'cookie', ...(example ? { example } : {}) });
    }
    return;
  }
  if (lower !== 'accept' && isSecretHeader(h.name) && h.value !== '' && wholeVariable(h.value) === undefined) {
    parameters.push({ name: h.name, in: 'header', example: `{{${credentialVariable(h.value, `header ${h.name}`, h.name, own)}}}` });
    return;
  }
  parameters.push({ name: h.name, in: 'header', example: h.value });
}

/**
 * The builder leaves an Accept parameter out (OAS: tools ignore it, the response's media types say it),
 * but a Powerduck send takes Accept from it: without it the request would go out with Accept: *\/*.
 */
function withAccept(fields: Array<[string, unknown]>, parameters: readonly SaveParam[]): Array<[string, unknown]> {
  const accept = parameters.find((p) => p.in === 'header' && p.name.trim().toLowerCase() === 'accept' && p.example);
  if (!accept) return fields;
  return fields.map(([k, v]): [string, unknown] =>
    k === 'parameters' && Array.isArray(v) ? [k, [...v, { name: accept.name, in: 'header', schema: { type: 'string' }, example: accept.example }]] : [k, v],
  );
}

/** The secret (and security scheme) name a plain operation's auth refers to: a stored secret's, or a `{{variable}}`. */
export function httpSecretRef(auth: SchemeAuth): string | undefined {
  const source = authSecretSource(auth);
  return source && 'secretRef' in source ? source.secretRef : undefined;
}

/**
 * A planned plain operation as Operation Object fields, by the builder http.save uses: its auth is
 * the standard `security` requirement naming `securityScheme` (placed in components by the caller).
 */
/**
 * The operation's `tags`: the collection folder it came from, as one tag (nested folders joined by
 * " / ", as the import's notes name them), so the Specs sidebar groups an imported collection as its
 * folders did. One tag, not one per level: OpenAPI tags are flat, and a tag per level would list a
 * request under its folder and under every folder above it.
 */
export function importTags(op: PlannedOperation): Array<[string, unknown]> {
  return op.folder ? [['tags', [op.folder]]] : [];
}

export function buildImportedHttp(op: Extract<PlannedOperation, { kind: 'http' }>, securityScheme?: string): Array<[string, unknown]> {
  // Built at its address, so the path parameters of a request stored under another key keep their examples.
  const address = addressOf(op);
  const templatable = address !== undefined && !address.includes('{{') ? address : undefined;
  const built = buildHttpOperation({ ...op.draft, path: templatable ?? op.path, ...(securityScheme ? { securityScheme } : {}) });
  if (!built.ok) throw new ImportRefusal(`${op.name}: ${built.message}`);
  const withHeaders = withAccept(built.fields, op.draft.parameters);
  const at = withHeaders.findIndex(([k]) => k === 'parameters');
  return [...importTags(op), ...withHeaders.slice(0, at), ...op.extra, ...withHeaders.slice(at)];
}

/**
 * The field holding the path a request really calls when its key under `paths` is another one (one
 * path holds one operation per method); operation sends read it (draftFromOperation).
 */
export const ADDRESS_FIELD = 'x-powerduck-path';

/** The path a planned plain operation calls, when its key is not it. */
export function addressOf(op: Extract<PlannedOperation, { kind: 'http' }>): string | undefined {
  const found = op.extra.find(([k]) => k === ADDRESS_FIELD)?.[1];
  return typeof found === 'string' ? found : undefined;
}

/** The operation stored under another key (`path`), still calling its address. */
export function rekeyed(op: Extract<PlannedOperation, { kind: 'http' }>, path: string): Extract<PlannedOperation, { kind: 'http' }> {
  const address = addressOf(op) ?? op.path;
  return { ...op, path, extra: [[ADDRESS_FIELD, address], ...op.extra.filter(([k]) => k !== ADDRESS_FIELD)] };
}

/** Points a planned operation's credential at the secret name the user chose (or drops the auth). */
export function withSecretName(op: PlannedOperation, name: string | null): PlannedOperation {
  if (!op.credential) return op;
  const rename = (source: SecretSource): SecretSource =>
    'secretRef' in source && source.secretRef === op.credential?.suggestedName && name ? { secretRef: name } : source;
  if (op.kind === 'a2a') {
    const call = { ...op.draft.call };
    if (name === null) delete call.auth;
    else if (call.auth && call.auth.type !== 'none') {
      const a = call.auth;
      call.auth =
        a.type === 'bearer'
          ? { ...a, token: rename(a.token) }
          : a.type === 'basic'
            ? { ...a, password: rename(a.password) }
            : a.type === 'oauth2'
              ? { ...a, ...(a.clientSecret ? { clientSecret: rename(a.clientSecret) } : {}) }
              : { ...a, value: rename(a.value) };
    }
    return { ...op, draft: { ...op.draft, call } };
  }
  if (name === null) {
    const { auth: _dropped, ...rest } = op;
    return rest;
  }
  const a = op.auth;
  if (!a) return op;
  const auth: SchemeAuth =
    a.type === 'bearer' ? { ...a, token: rename(a.token) } : a.type === 'basic' ? { ...a, password: rename(a.password) } : { ...a, value: rename(a.value) };
  return { ...op, auth };
}
