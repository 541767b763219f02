/**
 * `{{name}}` variables in a drafted call: endpoint, tenant, headers, auth and every string in the
 * body. One resolver for the app, the CLI and spec runs: the core looks the values up (secrets
 * from the secret store) and calls `resolveCallVariables` just before sending.
 *
 * In auth, a secret source that is exactly `{{name}}` (e.g. `secretRef: "{{token}}"`) takes the
 * credential from the variable itself, so an environment decides which token a request carries.
 */
import type { AuthConfig, OAuth2Endpoints, SecretSource } from '../a2a/auth';
import type { A2aCall, CallTls } from '../a2a/call';
import { isObject } from '../a2a/payload';
import { dynamicValue, isDynamicName, type DynamicSource } from './dynamic-variables';
import { fillJsonText } from './json-variables';
import { nestedLookup, type NestingProblem, type VariableValue } from './nested-variables';
import { referenceSource } from './variable-syntax';

const variablePattern = new RegExp(referenceSource, 'g');
const wholeEnvReference = /^\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}$/;
const wholeAnyReference = /^\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}$/;
/** Bodies nested deeper than this are left as they are below that level (nobody writes variables there). */
const MAX_BODY_DEPTH = 512;

/** Every name referenced in a text, dynamic ones ($uuid) included, in order of first use. */
export function referenceNamesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(variablePattern)) if (!names.includes(match[1] as string)) names.push(match[1] as string);
  return names;
}

/** Environment variable names referenced in a text, in order of first use (dynamic ones are not an environment's). */
export function variableNamesIn(text: string): string[] {
  return referenceNamesIn(text).filter((name) => !isDynamicName(name));
}

/** Whether a text holds any `{{…}}` reference, dynamic ones included (it is filled in before it is sent). */
export function hasVariables(text: string): boolean {
  return text.includes('{{') && referenceNamesIn(text).length > 0;
}

/** The name a whole-value reference names, dynamic ones included (`{{$uuid}}` → $uuid), else undefined. */
export function wholeReference(text: string): string | undefined {
  return wholeAnyReference.exec(text)?.[1];
}

/** The variable a whole-value reference names (`{{token}}` → token), else undefined. */
export function wholeVariable(text: string): string | undefined {
  return wholeEnvReference.exec(text)?.[1];
}

/**
 * The text with each reference replaced by what `lookup` gives (one pass: for values that use other
 * variables, pass a nestedLookup); a name without a value stays as written and goes into `missing`.
 */
export function substituteText(text: string, lookup: (name: string) => string | undefined, missing?: Set<string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(variablePattern, (all, name: string) => {
    const value = lookup(name);
    if (value === undefined) {
      missing?.add(name);
      return all;
    }
    return value;
  });
}

function mapStrings(value: unknown, fn: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return fn(value);
  if (depth >= MAX_BODY_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty keeps a "__proto__" key an own property instead of replacing the prototype.
    Object.defineProperty(out, key, { value: mapStrings(item, fn, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function forEachString(value: unknown, fn: (text: string) => void, depth: number): void {
  if (typeof value === 'string') fn(value);
  else if (depth < MAX_BODY_DEPTH && value !== null && typeof value === 'object') {
    for (const item of Array.isArray(value) ? value : Object.values(value)) forEachString(item, fn, depth + 1);
  }
}

// The walks below read requests straight off the wire: a field of the wrong type holds no variable
// and is left as it is (the send's own checks refuse it with a clear message), never a TypeError.
// Narrows to `object` only: isObject's JsonObject would flatten the typed fields' unions.
function isWalkable(value: unknown): value is object {
  return isObject(value);
}

function sourceText(source: SecretSource): string {
  if (!isWalkable(source)) return '';
  if (Object.hasOwn(source, 'secretRef')) return (source as { secretRef: string }).secretRef;
  if (Object.hasOwn(source, 'env')) return (source as { env: string }).env;
  return (source as { value: string }).value;
}

function oauth2EndpointTexts(endpoints: OAuth2Endpoints): string[] {
  if (!isWalkable(endpoints)) return [];
  if (endpoints.from !== 'manual') return [endpoints.url];
  return [
    endpoints.tokenUrl,
    ...(endpoints.authorizationUrl ? [endpoints.authorizationUrl] : []),
    ...(endpoints.deviceAuthorizationUrl ? [endpoints.deviceAuthorizationUrl] : []),
  ];
}

function mapOAuth2Endpoints(endpoints: OAuth2Endpoints, sub: (text: string) => string): OAuth2Endpoints {
  if (!isWalkable(endpoints)) return endpoints;
  if (endpoints.from !== 'manual') return { ...endpoints, url: sub(endpoints.url) };
  return {
    from: 'manual',
    tokenUrl: sub(endpoints.tokenUrl),
    ...(endpoints.authorizationUrl ? { authorizationUrl: sub(endpoints.authorizationUrl) } : {}),
    ...(endpoints.deviceAuthorizationUrl ? { deviceAuthorizationUrl: sub(endpoints.deviceAuthorizationUrl) } : {}),
  };
}

function authStrings(auth: AuthConfig | undefined): string[] {
  if (!isWalkable(auth) || auth.type === 'none') return [];
  switch (auth.type) {
    case 'bearer':
      return [sourceText(auth.token)];
    case 'apiKey':
      return [auth.name, sourceText(auth.value)];
    case 'basic':
      return [auth.username, sourceText(auth.password)];
    case 'oauth2':
      return [
        ...oauth2EndpointTexts(auth.endpoints),
        auth.clientId,
        ...(auth.clientSecret ? [sourceText(auth.clientSecret)] : []),
        ...(Array.isArray(auth.scopes) ? auth.scopes : []),
        ...(auth.resource ? [auth.resource] : []),
      ];
    default:
      return [];
  }
}

/**
 * Every environment variable a call uses (endpoint, `texts`, tenant, headers, auth, body), in order of first use.
 * `texts` are a sender's own texts filled in the same pass (an OpenAPI operation's server URL and
 * field values), named right after the endpoint because they are what its URL is made of.
 */
export function callVariableNames(call: A2aCall, texts: readonly string[] = []): string[] {
  return callReferenceNames(call, texts).filter((name) => !isDynamicName(name));
}

/** The dynamic variables ({{$uuid}}…) a call and `texts` use, known or not, in order of first use. */
export function callDynamicNames(call: A2aCall, texts: readonly string[] = []): string[] {
  return callReferenceNames(call, texts).filter(isDynamicName);
}

function callReferenceNames(call: A2aCall, texts: readonly string[]): string[] {
  const names: string[] = [];
  const add = (text: unknown): void => {
    if (typeof text !== 'string' || !text.includes('{{')) return;
    for (const name of referenceNamesIn(text)) if (!names.includes(name)) names.push(name);
  };
  add(call.endpoint);
  for (const text of texts) add(text);
  if (call.tenant) add(call.tenant);
  for (const header of Array.isArray(call.headers) ? call.headers : []) {
    if (!isWalkable(header) || header.enabled === false) continue;
    add(header.name);
    add(header.value);
  }
  for (const text of authStrings(call.auth)) add(text);
  for (const text of tlsStrings(call.tls)) add(text);
  forEachString(call.body, add, 0);
  if (call.bodyText !== undefined) add(call.bodyText);
  return names;
}

const tlsFileFields = ['caFile', 'certFile', 'keyFile', 'pfxFile'] as const;

/** Certificate paths (and the passphrase's source) take variables, so an environment can pick the client certificate. */
function tlsStrings(tls: CallTls | undefined): string[] {
  if (!isWalkable(tls)) return [];
  return [...tlsFileFields.flatMap((field) => (tls[field] ? [tls[field]] : [])), ...(tls.passphrase ? [sourceText(tls.passphrase)] : [])];
}

function resolveTls(tls: CallTls, sub: (text: string) => string, lookup: (name: string) => string | undefined, missing: Set<string>): CallTls {
  const out: CallTls = { ...tls };
  for (const field of tlsFileFields) {
    const value = tls[field];
    if (value !== undefined) out[field] = sub(value);
  }
  if (tls.passphrase) out.passphrase = resolveSource(tls.passphrase, sub, lookup, missing);
  return out;
}

/**
 * `unknown`: names without a value (in the call or inside a value it uses); `notJson`: names written
 * unquoted in a JSON body text whose value is not one JSON value (json-variables.ts); `nesting`:
 * values that refer to each other in a loop or too deep (nested-variables.ts). Any refuses the whole call.
 */
export type ResolvedCall =
  { ok: true; call: A2aCall; texts: string[] } | { ok: false; unknown: string[]; notJson?: string[]; nesting?: NestingProblem[]; usedBy?: Map<string, string> };

function resolveSource(source: SecretSource, sub: (text: string) => string, lookup: (name: string) => string | undefined, missing: Set<string>): SecretSource {
  if (!isWalkable(source)) return source;
  const text = sourceText(source);
  // A literal value (the CLI's --token '{{token}}') is filled in like any other text.
  if ('value' in source) return { value: sub(text) };
  const whole = wholeAnyReference.exec(text)?.[1];
  if (whole !== undefined) {
    const value = lookup(whole);
    if (value === undefined) {
      missing.add(whole);
      return source;
    }
    // Held in memory for this one send only; the auth layer redacts it from the record.
    return { value };
  }
  return 'secretRef' in source ? { secretRef: sub(source.secretRef) } : { env: sub(text) };
}

function resolveAuth(auth: AuthConfig, sub: (text: string) => string, lookup: (name: string) => string | undefined, missing: Set<string>): AuthConfig {
  switch (auth.type) {
    case 'none':
      return auth;
    case 'bearer':
      return { ...auth, token: resolveSource(auth.token, sub, lookup, missing) };
    case 'apiKey':
      return { ...auth, name: sub(auth.name), value: resolveSource(auth.value, sub, lookup, missing) };
    case 'basic':
      return { ...auth, username: sub(auth.username), password: resolveSource(auth.password, sub, lookup, missing) };
    case 'oauth2':
      return {
        ...auth,
        endpoints: mapOAuth2Endpoints(auth.endpoints, sub),
        clientId: sub(auth.clientId),
        ...(auth.clientSecret ? { clientSecret: resolveSource(auth.clientSecret, sub, lookup, missing) } : {}),
        ...(Array.isArray(auth.scopes) ? { scopes: auth.scopes.map(sub) } : {}),
        ...(auth.resource !== undefined ? { resource: sub(auth.resource) } : {}),
      };
  }
}

/**
 * The call's own texts filled in (endpoint, tenant, sent header rows, body), auth and TLS as they
 * were: the walk both a send (resolveCallVariables) and a shown request (fillKnownVariables) make.
 * A JSON body text is filled as JSON text (quoted references escaped, unquoted ones as JSON values);
 * its names without a value go into `missing`, those whose value is not JSON into `notJson`.
 */
function fillCallTexts(
  call: A2aCall,
  sub: (text: string) => string,
  lookup: (name: string) => string | undefined,
  missing: Set<string>,
): { out: A2aCall; notJson: string[] } {
  const out: A2aCall = { ...call, endpoint: sub(call.endpoint) };
  if (call.tenant !== undefined) out.tenant = sub(call.tenant);
  if (Array.isArray(call.headers))
    out.headers = call.headers.map((h) => (!isWalkable(h) || h.enabled === false ? h : { ...h, name: sub(h.name), value: sub(h.value) }));
  const notJson: string[] = [];
  if (typeof call.bodyText === 'string') {
    const filled = fillJsonText(call.bodyText, lookup);
    for (const name of filled.missing) missing.add(name);
    notJson.push(...filled.notJson);
    out.bodyText = filled.text;
  }
  if (call.body !== undefined) out.body = mapStrings(call.body, sub, 0);
  return { out, notJson };
}

/**
 * The call with every `{{name}}` replaced from `values` and every `{{$name}}` with a fresh value
 * from `dynamic` (one per occurrence); a plain value's own references are filled in turn
 * (nested-variables.ts), a `{ literal }` one (a secret's) is used as stored. Any name without a
 * value, here or inside a value, makes the whole call unsendable (`unknown` lists them, unknown
 * dynamic names included), as does a loop of values (`nesting`), so nothing half-resolved ever goes
 * out. `texts` (see callVariableNames) are filled as plain text in the same pass and come back in order.
 */
export function resolveCallVariables(
  call: A2aCall,
  values: ReadonlyMap<string, VariableValue>,
  dynamic?: DynamicSource,
  texts: readonly string[] = [],
): ResolvedCall {
  const missing = new Set<string>();
  const nesting: NestingProblem[] = [];
  const usedBy = new Map<string, string>();
  const lookup = nestedLookup(
    (name) => {
      if (!isDynamicName(name)) return values.get(name);
      const value = dynamic ? dynamicValue(name, dynamic) : undefined;
      return value === undefined ? undefined : { literal: value };
    },
    { missing, usedBy, problems: nesting },
  );
  const sub = (text: string): string => (typeof text === 'string' ? substituteText(text, lookup, missing) : text);
  const filledTexts = texts.map(sub);
  const { out, notJson } = fillCallTexts(call, sub, lookup, missing);
  if (isWalkable(call.auth)) out.auth = resolveAuth(call.auth, sub, lookup, missing);
  if (isWalkable(call.tls)) out.tls = resolveTls(call.tls, sub, lookup, missing);
  if (missing.size || notJson.length || nesting.length)
    return {
      ok: false,
      unknown: [...missing],
      ...(notJson.length ? { notJson } : {}),
      ...(nesting.length ? { nesting } : {}),
      ...(usedBy.size ? { usedBy } : {}),
    };
  return { ok: true, call: out, texts: filledTexts };
}

/**
 * The call with the variables `values` holds filled in (their own references too) and every other
 * `{{name}}` left as written, for showing a request rather than sending it (the Code examples): a
 * secret-backed or unknown name stays a name. With `dynamic`, each `{{$name}}` gets a fresh value,
 * as a send would. Auth and TLS are left alone, so a credential is never spelled out.
 */
export function fillKnownVariables(call: A2aCall, values: ReadonlyMap<string, string>, dynamic?: DynamicSource): A2aCall {
  const lookup = nestedLookup((name) => {
    if (!isDynamicName(name)) return values.get(name);
    const value = dynamic ? dynamicValue(name, dynamic) : undefined;
    return value === undefined ? undefined : { literal: value };
  });
  const sub = (text: string): string => (typeof text === 'string' ? substituteText(text, lookup) : text);
  // Names left without a value stay as written: nothing here refuses.
  return fillCallTexts(call, sub, lookup, new Set()).out;
}

/**
 * What a preview shows for a variable: its value, a secret by its name, or (`hidden`) a plain value
 * kept out of sight because the variable is named like a credential (plainCredential).
 */
export type PreviewValue = { value: string } | { secret: string } | { hidden: string };

/**
 * A text with variables filled in for display, values that use other variables expanded in turn:
 * secrets as ‹secret: NAME›, plain credentials as ‹hidden: NAME› (wherever they are reached),
 * unknown names and loops left as written.
 */
export function previewText(text: string, lookup: (name: string) => PreviewValue | undefined): string {
  return substituteText(
    text,
    nestedLookup((name) => {
      const found = lookup(name);
      if (!found) return undefined;
      if ('value' in found) return found.value;
      return { literal: 'secret' in found ? `‹secret: ${found.secret}›` : `‹hidden: ${found.hidden}›` };
    }),
  );
}

/** `note` follows the list: "({{host}} is used in the value of {{base}})" for names only a value uses. */
export function unknownVariablesMessage(names: readonly string[], environment: string | undefined, note = ''): string {
  const list = names.map((n) => `{{${n}}}`).join(', ');
  const where = environment ? `the environment "${environment}"` : 'no environment is selected';
  return names.length === 1
    ? `Unknown variable ${list}${note}: ${environment ? `it is not defined in ${where}` : where}. Nothing was sent.`
    : `Unknown variables ${list}${note}: ${environment ? `they are not defined in ${where}` : where}. Nothing was sent.`;
}
