/**
 * Drafting a request from an OpenAPI 3.0/3.1/3.2 operation: servers and their variables, the
 * path/query/header/cookie parameters (path-level ones merged, the operation's winning), the
 * request body's media types with an example (or a body sampled from its schema), and the
 * security scheme mapped to an Auth setting that names a secret (never a value). Then building
 * the URL and headers from the values the user typed, with each parameter's style/explode.
 */
import { normaliseScopes, type AuthConfig, type OAuth2Auth, type OAuth2Flow } from '../a2a/auth';
import type { HeaderEntry } from '../a2a/call';
import { endpointsFromScheme, oasFlowKeys } from '../openapi/oauth-scheme';
import { savedHttpOAuth } from './x-auth';
import { BODY_TEXT, SCHEME_USERNAME } from './http-operation-build';
import { rawOperation } from '../openapi/operation-list';
import { resolveLocalRef } from '../openapi/schema-resolve';
import type { ParamLocation, ParamStyle, ParamValue } from './param-style';
import { defaultExplode, defaultStyle, dotSegmentParams, fillPathTemplate, percentEncode, serializeParam } from './param-style';
import { hasVariables } from '../env/variables';
import { sampleWithOrigin } from './schema-sample';
import { isObject } from '../a2a/payload';

type Json = Record<string, unknown>;

/** Follows `$ref`s (same document) a few hops; cycles and dangling refs end as undefined. */
export function deref(doc: unknown, value: unknown): unknown {
  let node = value;
  for (let hops = 0; hops < 8 && isObject(node) && typeof node['$ref'] === 'string'; hops++) node = resolveLocalRef(doc, node['$ref']);
  return isObject(node) && typeof node['$ref'] === 'string' ? undefined : node;
}

export interface OperationParam {
  name: string;
  in: ParamLocation;
  required: boolean;
  description?: string;
  style: ParamStyle;
  explode: boolean;
  allowReserved: boolean;
  schema?: unknown;
  /**
   * Starting text for the field: the parameter's example, else its schema's example, default or
   * const; empty when the document gives none (a value Powerduck made up is never sent).
   */
  example: string;
  /** What to type when `example` is empty: the allowed values, or a value of the schema's type (shown, never sent). */
  hint?: string;
}

export interface ServerVariable {
  name: string;
  default: string;
  enum?: string[];
  description?: string;
}

export interface ServerChoice {
  /** The URL template as written (`https://{region}.example.com/v1`). */
  url: string;
  description?: string;
  variables: ServerVariable[];
}

export interface OperationBody {
  mediaType: string;
  /** Every media type the operation accepts, in file order. */
  mediaTypes: string[];
  required: boolean;
  /** Example text for `mediaType` (JSON pretty-printed). */
  text: string;
  /**
   * The text holds values made up from the schema's types (no example or default of the document's
   * own): a template to edit, which a one-click Run does not send.
   */
  sampled: boolean;
  schema?: unknown;
  /**
   * A multipart body's properties that are files, in schema order: a string with `format: binary`
   * (OAS 3.0), a non-text `contentMediaType` or `contentEncoding` (OAS 3.1), an array of those, or a
   * string the media type's `encoding` gives a non-text content type. The editor opens them as file
   * fields; their place in `text` holds only a typed sample ("string"), never something to send.
   */
  files?: FormFile[];
}

/** A file field of a multipart body, with the content type the document gives it (when one, not a wildcard). */
export interface FormFile {
  name: string;
  contentType?: string;
  /** The schema lists the property in `required`: a run cannot leave it out. */
  required?: true;
}

export interface OperationSecurity {
  /**
   * The securitySchemes key; for API key, Bearer and Basic also the name of the secret the auth
   * refers to (OAuth 2.0 / OpenID Connect: Powerduck gets the token; the person gives the client).
   */
  scheme: string;
  auth: AuthConfig;
  /** Why the mapping is partial (cookie API keys, OAuth flows the user runs elsewhere…). */
  note?: string;
}

export interface OperationDraft {
  openapi: string;
  method: string;
  pathTemplate: string;
  operationId?: string;
  summary?: string;
  servers: ServerChoice[];
  params: OperationParam[];
  body?: OperationBody;
  security?: OperationSecurity;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The `example`, else the first of `examples` (its `value`, or OAS 3.2 `dataValue`). */
export function firstExample(doc: unknown, holder: Json): { found: boolean; value: unknown } {
  if ('example' in holder) return { found: true, value: holder['example'] };
  const examples = holder['examples'];
  if (isObject(examples)) {
    for (const ex of Object.values(examples)) {
      const resolved = deref(doc, ex);
      if (isObject(resolved)) {
        if ('value' in resolved) return { found: true, value: resolved['value'] };
        if ('dataValue' in resolved) return { found: true, value: resolved['dataValue'] };
      }
    }
  }
  return { found: false, value: undefined };
}

const locations: readonly ParamLocation[] = ['path', 'query', 'header', 'cookie'];

function readParam(doc: unknown, raw: unknown): OperationParam | undefined {
  const p = deref(doc, raw);
  if (!isObject(p) || typeof p['name'] !== 'string' || !locations.includes(p['in'] as ParamLocation)) return undefined;
  const location = p['in'] as ParamLocation;
  const style = (typeof p['style'] === 'string' ? p['style'] : defaultStyle(location)) as ParamStyle;
  const schema = deref(doc, p['schema']);
  const ex = firstExample(doc, p);
  const sampled = !ex.found && isObject(schema) ? sampleWithOrigin(doc, schema) : undefined;
  // Only the document's own values start a field: an optional parameter left empty is not sent.
  const example = ex.found ? ex.value : sampled && !sampled.invented ? sampled.value : undefined;
  const out: OperationParam = {
    name: p['name'],
    in: location,
    required: location === 'path' || p['required'] === true,
    style,
    explode: typeof p['explode'] === 'boolean' ? p['explode'] : defaultExplode(style),
    allowReserved: p['allowReserved'] === true,
    example: textOf(example),
  };
  if (typeof p['description'] === 'string') out.description = p['description'];
  if (schema !== undefined) out.schema = schema;
  const hint = sampled?.invented ? hintFor(schema, sampled.value) : undefined;
  if (hint) out.hint = hint;
  return out;
}

/** The allowed values of an enum, else the made-up sample (a bare "string" says nothing and is left out). */
function hintFor(schema: unknown, value: unknown): string | undefined {
  const values = isObject(schema) && Array.isArray(schema['enum']) ? schema['enum'] : undefined;
  if (values?.length) return values.map(textOf).join(' | ');
  const text = textOf(value);
  return text === '' || text === 'string' ? undefined : text;
}

function readServers(doc: Json, pathItem: Json, op: Json): ServerChoice[] {
  const list = [op['servers'], pathItem['servers'], doc['servers']].find((s) => Array.isArray(s) && s.length > 0) as unknown[] | undefined;
  const out: ServerChoice[] = [];
  for (const raw of list ?? []) {
    if (!isObject(raw) || typeof raw['url'] !== 'string') continue;
    const variables: ServerVariable[] = [];
    if (isObject(raw['variables'])) {
      for (const [name, v] of Object.entries(raw['variables'])) {
        if (!isObject(v)) continue;
        const variable: ServerVariable = { name, default: textOf(v['default']) };
        if (Array.isArray(v['enum'])) variable.enum = v['enum'].map(textOf);
        if (typeof v['description'] === 'string') variable.description = v['description'];
        variables.push(variable);
      }
    }
    out.push({ url: raw['url'], ...(typeof raw['description'] === 'string' ? { description: raw['description'] } : {}), variables });
  }
  return out;
}

/**
 * Whether a multipart sample made up a value for a field that is not a file. A file field's sample
 * ("string") is only a placeholder the editor turns into a file row, never sent, so it does not make
 * the document's own field examples (`note: {example: hi}`) a template: the tab, ▶ Run and
 * `powerduck run` all send those fields (one rule, read from `sampled`).
 */
function textFieldsInvented(doc: unknown, schema: unknown, files: readonly FormFile[]): boolean {
  const properties = isObject(schema) ? schema['properties'] : undefined;
  if (!isObject(properties)) return true;
  const fileNames = new Set(files.map((f) => f.name));
  return Object.entries(properties).some(([name, property]) => !fileNames.has(name) && sampleWithOrigin(doc, property).invented);
}

function readBody(doc: unknown, op: Json): OperationBody | undefined {
  const body = deref(doc, op['requestBody']);
  if (!isObject(body) || !isObject(body['content'])) return undefined;
  const mediaTypes = Object.keys(body['content']);
  const mediaType = mediaTypes.find((m) => /json/i.test(m)) ?? mediaTypes[0];
  if (mediaType === undefined) return undefined;
  const media = deref(doc, body['content'][mediaType]);
  const schema = isObject(media) ? deref(doc, media['schema']) : undefined;
  const ex = isObject(media) ? firstExample(doc, media) : { found: false, value: undefined };
  const sampled = !ex.found && schema !== undefined ? sampleWithOrigin(doc, schema) : undefined;
  const value = ex.found ? ex.value : sampled?.value;
  // A JSON body saved with unquoted {{variables}} keeps its text beside the example (BODY_TEXT): that text is the body.
  const saved = isObject(media) && /json/i.test(mediaType) && typeof media[BODY_TEXT] === 'string' ? media[BODY_TEXT] : undefined;
  const text =
    saved !== undefined ? saved : typeof value === 'string' && !/json/i.test(mediaType) ? value : value === undefined ? '' : JSON.stringify(value, null, 2);
  const out: OperationBody = { mediaType, mediaTypes, required: body['required'] === true, text, sampled: sampled?.invented === true };
  if (schema !== undefined) out.schema = schema;
  if (/^multipart\//i.test(mediaType)) {
    const files = multipartFiles(doc, schema, isObject(media) ? media['encoding'] : undefined);
    if (files.length) out.files = files;
    if (out.sampled && files.length) out.sampled = textFieldsInvented(doc, schema, files);
  }
  return out;
}

/** Text a part can be typed as (JSON, text/*, XML, YAML, a form): anything else is a file to choose. */
const textualMedia = /json|^text\/|xml|yaml|x-www-form-urlencoded/i;

/** The first concrete type of an `encoding.contentType` list ("image/png, image/jpeg"); wildcards name none. */
function concreteType(list: unknown): string | undefined {
  if (typeof list !== 'string') return undefined;
  const first = list.split(',')[0]?.trim() ?? '';
  return first && !first.includes('*') ? first : undefined;
}

/** Whether a property schema is a file, and its content type when the schema names one. */
function fileSchema(doc: unknown, raw: unknown, encodingType: unknown, depth = 0): { file: boolean; contentType?: string } {
  const schema = deref(doc, raw);
  if (!isObject(schema)) return { file: false };
  const type = schema['type'];
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('array') && depth === 0) return fileSchema(doc, schema['items'], encodingType, 1);
  if (type !== undefined && !types.includes('string')) return { file: false };
  const media = typeof schema['contentMediaType'] === 'string' ? schema['contentMediaType'] : undefined;
  const declared = concreteType(media) ?? concreteType(encodingType);
  const typed = declared ? { contentType: declared } : {};
  if (schema['format'] === 'binary') return { file: true, ...typed };
  if (media !== undefined) return textualMedia.test(media) ? { file: false } : { file: true, ...typed };
  if (typeof schema['contentEncoding'] === 'string') return { file: true, ...typed };
  // OAS 3.0: a plain string part whose encoding says it is an image (or any non-text type) is a file.
  const encoded = concreteType(encodingType);
  return encoded && !textualMedia.test(encoded) ? { file: true, contentType: encoded } : { file: false };
}

function multipartFiles(doc: unknown, rawSchema: unknown, encoding: unknown): FormFile[] {
  const schema = deref(doc, rawSchema);
  if (!isObject(schema) || !isObject(schema['properties'])) return [];
  const files: FormFile[] = [];
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  for (const [name, property] of Object.entries(schema['properties'])) {
    const enc = isObject(encoding) ? deref(doc, encoding[name]) : undefined;
    const found = fileSchema(doc, property, isObject(enc) ? enc['contentType'] : undefined);
    if (found.file)
      files.push({ name, ...(found.contentType ? { contentType: found.contentType } : {}), ...(required.includes(name) ? { required: true } : {}) });
  }
  return files;
}

/** The grants in the order "Use the card's auth" offers them (card-auth.ts), so both paths pick alike. */
const oauthFlowOrder: readonly OAuth2Flow[] = ['authorizationCode', 'clientCredentials', 'deviceCode'];

/**
 * An OAuth 2.0 / OpenID Connect scheme as OAuth auth: Powerduck gets the token itself (the grant
 * and endpoints from the scheme, read as a saved A2A operation's are: oauth-scheme.ts; the scopes
 * from the requirement), and the person gives only the client id and the client secret's name.
 */
function oauthSecurity(name: string, scheme: Json, requirement: unknown): OperationSecurity {
  const scopes = normaliseScopes(Array.isArray(requirement) ? requirement.filter((s): s is string => typeof s === 'string') : []);
  // OpenID Connect is a person signing in; an oauth2 scheme offers the flows it lists (with only a
  // metadata URL and no flows, the first grant).
  const listed = oauthFlowOrder.filter((flow) => hasFlow(scheme, flow));
  const flows = scheme['type'] === 'openIdConnect' ? (['authorizationCode'] as const) : listed.length ? listed : oauthFlowOrder;
  for (const flow of flows) {
    const found = endpointsFromScheme(flow, name, scheme);
    if (!found.ok) continue;
    const auth: OAuth2Auth = {
      type: 'oauth2',
      flow,
      endpoints: found.endpoints,
      clientId: '',
      // Client credentials is a confidential client; the person-facing grants start as public clients.
      ...(flow === 'clientCredentials' ? { clientSecret: { secretRef: '' } } : {}),
      ...(scopes.length ? { scopes } : {}),
      securityScheme: name,
    };
    return {
      scheme: name,
      auth,
      note: `${scheme['type'] === 'openIdConnect' ? 'OpenID Connect' : 'OAuth 2.0'} scheme "${name}": give the client ID${flow === 'clientCredentials' ? ' and the client secret' : ''} in the Auth tab; Powerduck gets the token.`,
    };
  }
  return { scheme: name, auth: { type: 'none' }, note: `The OAuth 2.0 scheme "${name}" names no token URL Powerduck can use; set the auth by hand.` };
}

function hasFlow(scheme: Json, flow: OAuth2Flow): boolean {
  const flows = scheme['flows'];
  return isObject(flows) && Object.hasOwn(flows, oasFlowKeys[flow]);
}

/**
 * The legacy import form: before imports wrote the standard requirement (docs/x-auth.md, "Bearer, API key and Basic"), an
 * imported plain HTTP operation kept its auth in a private operation field, `x-powerduck-auth`, in
 * the x-a2a auth shape (`{scheme: bearer|basic|apiKey|oauth2, secretRef, …}`). Files written then
 * still run: the reference is read here, and nothing writes it any more.
 */
const LEGACY_IMPORT_AUTH = 'x-powerduck-auth';
const legacyFlows: readonly OAuth2Flow[] = ['clientCredentials', 'authorizationCode', 'deviceCode'];

function legacyEndpoints(value: unknown): OAuth2Auth['endpoints'] | undefined {
  if (!isObject(value)) return undefined;
  const text = (key: string): string | undefined => (typeof value[key] === 'string' && value[key] !== '' ? value[key] : undefined);
  if ((value['from'] === 'oidc' || value['from'] === 'metadata') && text('url')) return { from: value['from'], url: text('url') as string };
  const tokenUrl = text('tokenUrl');
  if (value['from'] !== 'manual' || !tokenUrl) return undefined;
  const authorizationUrl = text('authorizationUrl');
  const deviceAuthorizationUrl = text('deviceAuthorizationUrl');
  return { from: 'manual', tokenUrl, ...(authorizationUrl ? { authorizationUrl } : {}), ...(deviceAuthorizationUrl ? { deviceAuthorizationUrl } : {}) };
}

function legacyImportAuth(value: unknown): OperationSecurity | undefined {
  if (!isObject(value)) return undefined;
  const ref = typeof value['secretRef'] === 'string' && value['secretRef'] !== '' ? value['secretRef'] : undefined;
  const secret = ref === undefined ? undefined : { secretRef: ref };
  switch (value['scheme']) {
    case 'bearer':
      return ref && secret ? { scheme: ref, auth: { type: 'bearer', token: secret } } : undefined;
    case 'basic':
      return ref && secret
        ? { scheme: ref, auth: { type: 'basic', username: typeof value['username'] === 'string' ? value['username'] : '', password: secret } }
        : undefined;
    case 'apiKey': {
      const where = value['in'];
      const name = value['name'];
      if (!ref || !secret || (where !== 'header' && where !== 'query') || typeof name !== 'string' || name === '') return undefined;
      return { scheme: ref, auth: { type: 'apiKey', in: where, name, value: secret } };
    }
    case 'oauth2': {
      const flow = legacyFlows.find((f) => f === value['flow']);
      const endpoints = legacyEndpoints(value['endpoints']);
      if (!flow || !endpoints || typeof value['clientId'] !== 'string') return undefined;
      const scopes = Array.isArray(value['scopes']) ? normaliseScopes(value['scopes'].filter((s): s is string => typeof s === 'string')) : [];
      const auth: OAuth2Auth = {
        type: 'oauth2',
        flow,
        endpoints,
        clientId: value['clientId'],
        ...(secret ? { clientSecret: secret } : {}),
        ...(scopes.length ? { scopes } : {}),
      };
      return { scheme: ref ?? LEGACY_IMPORT_AUTH, auth };
    }
    default:
      return undefined;
  }
}

/** The requirements that apply to an operation: its own `security`, else the document's (OpenAPI's override rule). */
export function securityRequirementsOf(doc: Json, op: Json): unknown[] {
  return Array.isArray(op['security']) ? op['security'] : Array.isArray(doc['security']) ? doc['security'] : [];
}

/** Maps the first security requirement of the operation (or the document) to an Auth setting. */
export function readSecurity(doc: Json, op: Json): OperationSecurity | undefined {
  // Saved by Powerduck with OAuth: x-auth gives back the grant, client id and client secret's name.
  const saved = savedHttpOAuth(doc, op);
  if (saved?.securityScheme) return { scheme: saved.securityScheme, auth: saved };
  const legacy = Array.isArray(op['security']) ? undefined : legacyImportAuth(op[LEGACY_IMPORT_AUTH]);
  if (legacy) return legacy;
  const schemes = isObject(doc['components']) && isObject(doc['components']['securitySchemes']) ? doc['components']['securitySchemes'] : {};
  for (const req of securityRequirementsOf(doc, op)) {
    if (!isObject(req)) continue;
    for (const name of Object.keys(req)) {
      const scheme = deref(doc, schemes[name]);
      if (!isObject(scheme)) continue;
      const secret = { secretRef: name };
      const type = scheme['type'];
      if (type === 'http' && typeof scheme['scheme'] === 'string' && scheme['scheme'].toLowerCase() === 'basic') {
        const username = scheme[SCHEME_USERNAME];
        return { scheme: name, auth: { type: 'basic', username: typeof username === 'string' ? username : '', password: secret } };
      }
      if (type === 'http') return { scheme: name, auth: { type: 'bearer', token: secret } };
      if (type === 'apiKey' && typeof scheme['name'] === 'string' && (scheme['in'] === 'header' || scheme['in'] === 'query')) {
        return { scheme: name, auth: { type: 'apiKey', in: scheme['in'], name: scheme['name'], value: secret } };
      }
      if (type === 'apiKey')
        return { scheme: name, auth: { type: 'none' }, note: `API key "${textOf(scheme['name'])}" goes in a cookie: add it as a Cookie header.` };
      if (type === 'oauth2' || type === 'openIdConnect') return oauthSecurity(name, scheme, req[name]);
      return { scheme: name, auth: { type: 'none' }, note: `Security scheme "${name}" (${textOf(type)}) is not supported; set the auth by hand.` };
    }
  }
  return undefined;
}

/** Finds an operation by path and verb; `additionalOperations` (3.2) are looked up by exact name. */
export function draftFromOperation(doc: unknown, path: string, method: string): { ok: true; draft: OperationDraft } | { ok: false; message: string } {
  if (!isObject(doc) || !isObject(doc['paths'])) return { ok: false, message: 'The document has no paths.' };
  const item = deref(doc, doc['paths'][path]);
  if (!isObject(item)) return { ok: false, message: `No path "${path}" in the document.` };
  const lower = method.toLowerCase();
  const op = rawOperation(doc, path, lower) ?? rawOperation(doc, path, method, true) ?? rawOperation(doc, path, method.toUpperCase(), true);
  if (!op) return { ok: false, message: `No ${method.toUpperCase()} operation at "${path}".` };
  const params = new Map<string, OperationParam>();
  for (const list of [item['parameters'], op['parameters']]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = readParam(doc, raw);
      if (p) params.set(`${p.in}:${p.name}`, p);
    }
  }
  // An imported request stored under another key (its method and path were taken) keeps the path it calls.
  const address = op['x-powerduck-path'];
  const pathTemplate = typeof address === 'string' && /^\/[^?#\s]*$/.test(address) && !address.includes('{{') ? address : path;
  // A template variable with no declared parameter is still a field: the URL cannot be built without it.
  for (const match of pathTemplate.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1] as string;
    if (!params.has(`path:${name}`))
      params.set(`path:${name}`, { name, in: 'path', required: true, style: 'simple', explode: false, allowReserved: false, example: '' });
  }
  const draft: OperationDraft = {
    openapi: typeof doc['openapi'] === 'string' ? doc['openapi'] : '3.2.0',
    method: method.toUpperCase(),
    pathTemplate,
    servers: readServers(doc, item, op),
    params: [...params.values()],
  };
  if (typeof op['operationId'] === 'string') draft.operationId = op['operationId'];
  if (typeof op['summary'] === 'string') draft.summary = op['summary'];
  const body = readBody(doc, op);
  if (body) draft.body = body;
  const security = readSecurity(doc, op);
  if (security) draft.security = security;
  return { ok: true, draft };
}

/** The server URL with its `{variables}` filled (the user's value, else the default). */
export function serverUrl(server: ServerChoice, values: Readonly<Record<string, string>> = {}): string {
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const own = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    return own ?? server.variables.find((v) => v.name === name)?.default ?? whole;
  });
}

function schemaType(doc: unknown, schema: unknown): string | undefined {
  const s = deref(doc, schema);
  if (!isObject(s)) return undefined;
  const t = s['type'];
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  if (isObject(s['properties'])) return 'object';
  return undefined;
}

/**
 * The typed text of a field as a parameter value: arrays as JSON (`[1,2]`) or comma-separated,
 * objects as JSON; anything else is the text itself.
 */
export function paramValueFromText(
  doc: unknown,
  param: Pick<OperationParam, 'schema' | 'name'>,
  text: string,
): { ok: true; value: ParamValue } | { ok: false; message: string } {
  const type = schemaType(doc, param.schema);
  if (type === 'array') {
    if (text.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed) && parsed.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
          return { ok: true, value: parsed as ParamValue };
      } catch {
        /* fall through to the message below */
      }
      return { ok: false, message: `"${param.name}" must be a JSON array of plain values or a comma-separated list.` };
    }
    return { ok: true, value: text === '' ? [] : text.split(',') };
  }
  if (type === 'object') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed) && Object.values(parsed).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
        return { ok: true, value: Object.fromEntries(Object.entries(parsed)) as Record<string, string | number | boolean | null> };
      }
    } catch {
      /* fall through */
    }
    return { ok: false, message: `"${param.name}" must be a JSON object of plain values, e.g. {"role":"admin"}.` };
  }
  return { ok: true, value: text };
}

export interface OperationValues {
  /** Index into `draft.servers`; ignored when `baseUrl` is set. */
  serverIndex?: number;
  serverVariables?: Readonly<Record<string, string>>;
  /** Overrides the servers (e.g. a local mock); also used when the document declares none. */
  baseUrl?: string;
  /** Field text by `in:name` (`path:id`, `query:limit`); an absent optional parameter is left out. */
  values: Readonly<Record<string, string>>;
  /**
   * The texts may still hold `{{variables}}` (a preview, before the core fills them in from the
   * environment): a base URL with variables is not judged absolute or relative yet, a value with
   * variables is taken as text (not parsed as a list or object), and the placeholders stay
   * readable in the URL. The send builds again from the filled-in texts, with every check.
   */
  keepVariables?: boolean;
}

export type BuiltOperationRequest = { ok: true; url: string; headers: HeaderEntry[] } | { ok: false; message: string };

/** Joins a base URL and a path, with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The base URL the operation goes to: `baseUrl`, else the chosen server with its variables filled. */
export function operationBase(
  draft: OperationDraft,
  input: Pick<OperationValues, 'serverIndex' | 'serverVariables' | 'baseUrl'>,
): { ok: true; base: string } | { ok: false; message: string } {
  if (input.baseUrl !== undefined) return { ok: true, base: input.baseUrl };
  const index = input.serverIndex ?? 0;
  const server = draft.servers[index];
  if (!server) {
    return {
      ok: false,
      message: draft.servers.length
        ? `There is no server ${index}: the operation has ${draft.servers.length} (0–${draft.servers.length - 1}).`
        : 'The document declares no servers: give a base URL.',
    };
  }
  return { ok: true, base: serverUrl(server, input.serverVariables) };
}

export function buildOperationRequest(doc: unknown, draft: OperationDraft, input: OperationValues): BuiltOperationRequest {
  const chosen = operationBase(draft, input);
  if (!chosen.ok) return chosen;
  const base = chosen.base;
  const preview = input.keepVariables === true;
  if (!/^https?:\/\//i.test(base) && !(preview && hasVariables(base)))
    return { ok: false, message: `The server URL "${base}" is relative: give an absolute base URL (http:// or https://).` };
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(input.values, key);
  const pathValues: Record<string, string> = {};
  const query: string[] = [];
  const headers: HeaderEntry[] = [];
  const cookies: string[] = [];
  const placeholders = new Set<string>();
  for (const param of draft.params) {
    const key = `${param.in}:${param.name}`;
    const text = has(key) ? (input.values[key] as string) : undefined;
    if (text === undefined || (text === '' && !param.required)) {
      if (param.required) return { ok: false, message: `The ${param.in} parameter "${param.name}" is required.` };
      continue;
    }
    const withVariables = preview && hasVariables(text);
    if (withVariables) for (const token of text.match(/\{\{[^{}]*\}\}/g) ?? []) if (hasVariables(token)) placeholders.add(token);
    const value: ReturnType<typeof paramValueFromText> = withVariables ? { ok: true, value: text } : paramValueFromText(doc, param, text);
    if (!value.ok) return value;
    const result = serializeParam(
      { name: param.name, in: param.in, style: param.style, explode: param.explode, allowReserved: param.allowReserved },
      value.value,
    );
    if (!result.ok) return result;
    // An empty value in a simple-style path leaves an empty segment (/pets//photos): another URL,
    // refused rather than sent. (Matrix style spells it ";name", which is a value.)
    if (param.in === 'path' && 'text' in result && result.text === '')
      return { ok: false, message: `The path parameter "${param.name}" is empty: fill it in (it is part of the URL).` };
    if ('pairs' in result) query.push(...result.pairs);
    else if (param.in === 'path') pathValues[param.name] = result.text;
    else if (param.in === 'header') headers.push({ name: param.name, value: result.text });
    else cookies.push(result.text);
  }
  const filled = fillPathTemplate(draft.pathTemplate, pathValues);
  if (!filled.ok)
    return {
      ok: false,
      message: `The path parameter${filled.missing.length > 1 ? 's' : ''} ${filled.missing.map((m) => `"${m}"`).join(', ')} must be filled.`,
    };
  const dots = dotSegmentParams(draft.pathTemplate, pathValues);
  if (dots.length)
    return {
      ok: false,
      message: `The value of ${dots.map((m) => `"${m}"`).join(', ')} makes a "." or ".." path segment, which URLs drop: the request would go to another path.`,
    };
  if (cookies.length) headers.push({ name: 'Cookie', value: cookies.join('; ') });
  let url = joinUrl(base, filled.path) + (query.length ? `?${query.join('&')}` : '');
  // A preview shows {{name}} as typed, not percent-encoded: the core encodes the value it fills in.
  for (const token of placeholders) url = url.split(percentEncode(token)).join(token);
  return { ok: true, url, headers };
}
