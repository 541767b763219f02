/**
 * Validation of a spec document: OpenAPI 3.2 (`@hyperjump/json-schema`'s openapi-3-2 dialect,
 * Schema Objects included), the x-a2a / x-mcp JSON Schemas on every A2A / MCP operation, x-auth on
 * plain HTTP ones that carry Powerduck's, and the checks a
 * schema cannot express (a JSON-RPC example's method, dangling schema references, unique
 * operationIds). Each problem names its place as a JSON path.
 */
import type { OutputUnit, Validator } from '@hyperjump/json-schema/openapi-3-2';
import type { Json } from '@hyperjump/json-pointer';
import { BASIC, getSchema } from '@hyperjump/json-schema/experimental';
import { findMethod } from '../../../shared/a2a/catalogue';
import { isA2aVersion, isBinding } from '../../../shared/a2a/versions';
import type { SpecOperationSummary } from '../../../shared/openapi/operation-list';
import { listOperations, rawOperation } from '../../../shared/openapi/operation-list';
import { resolveLocalRef } from '../../../shared/openapi/schema-resolve';
import type { SpecProblem } from '../../../shared/openapi/spec-types';
import { endpointCredentialAdvice, endpointCredentials } from '../../../shared/openapi/endpoint-credentials';
import { parseJsonTemplate } from '../../../shared/env/json-variables';
import { BODY_TEXT } from '../../../shared/http/http-operation-build';
import { subjectMismatch, subjectOf } from '../../../shared/openapi/x-mcp-model';
import { isObject } from '../../../shared/a2a/payload';
import { ensureRegistered, loadValidator, OAS_SCHEMA, X_A2A_SCHEMA_ID, X_AUTH_SCHEMA_ID, X_MCP_SCHEMA_ID } from './precompiled-validators';

export { X_A2A_SCHEMA_ID, X_AUTH_SCHEMA_ID, X_MCP_SCHEMA_ID };

export type { SpecProblem };

// Compiling a schema is the slow part of hyperjump: load each once (precompiled), then validate many times.
const validators = new Map<string, Promise<Validator>>();
function validatorFor(uri: string): Promise<Validator> {
  let v = validators.get(uri);
  if (!v) {
    v = loadValidator(uri);
    validators.set(uri, v);
  }
  return v;
}

function decodeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointerTokens(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '' || body === '/') return [];
  return body
    .slice(1)
    .split('/')
    .map((t) => decodeToken(decodeURIComponent(t)));
}

export function encodePointer(tokens: readonly string[]): string {
  return tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** `$.paths['/x'].post['x-a2a']` from pointer tokens. */
export function jsonPath(tokens: readonly string[]): string {
  return (
    '$' +
    tokens
      .map((t) =>
        /^(0|[1-9][0-9]*)$/.test(t) ? `[${t}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(t) ? `.${t}` : `['${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`,
      )
      .join('')
  );
}

function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const t of tokens) {
    if (Array.isArray(node)) node = node[Number(t)];
    else if (node && typeof node === 'object') node = (node as Record<string, unknown>)[t];
    else return undefined;
  }
  return node;
}

/** The value of a schema keyword at an absolute keyword location (for readable messages). */
async function keywordValue(location: string): Promise<unknown> {
  try {
    const browser = await getSchema(location);
    return valueAt(browser.document.root, pointerTokens(browser.cursor));
  } catch {
    return undefined;
  }
}

const describe = (value: unknown): string => JSON.stringify(value);

async function messagesFor(unit: OutputUnit, instance: unknown, instanceTokens: string[]): Promise<Array<{ tokens: string[]; message: string; rule: string }>> {
  const location = unit.absoluteKeywordLocation;
  const keyword = location.slice(location.lastIndexOf('/') + 1);
  const parent = location.slice(0, location.lastIndexOf('/'));
  const here = valueAt(instance, instanceTokens);
  // A `false` property schema (x-mcp: stdio fields on an HTTP operation and the reverse).
  if (parent.endsWith('/properties') && (await keywordValue(location)) === false) {
    return [{ tokens: instanceTokens, message: `"${keyword}" is not allowed here.`, rule: 'not-allowed' }];
  }
  switch (keyword) {
    case 'not': {
      const description = await keywordValue(`${parent}/description`);
      return [
        {
          tokens: instanceTokens,
          message: typeof description === 'string' ? `breaks the rule: ${description}` : 'matches a shape that is not allowed.',
          rule: 'not',
        },
      ];
    }
    case 'required': {
      const required = await keywordValue(location);
      const names = Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string') : [];
      const missing = here && typeof here === 'object' ? names.filter((k) => !(k in (here as object))) : names;
      if (!missing.length) return [{ tokens: instanceTokens, message: 'is missing a required property.', rule: 'required' }];
      return missing.map((k) => ({ tokens: instanceTokens, message: `is missing the required property "${k}".`, rule: 'required' }));
    }
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return [{ tokens: instanceTokens, message: `"${instanceTokens[instanceTokens.length - 1] ?? ''}" is not allowed here.`, rule: keyword }];
    case 'oneOf':
    case 'anyOf': {
      const description = await keywordValue(`${parent}/description`);
      const why = typeof description === 'string' ? ` ${description}` : '';
      return [{ tokens: instanceTokens, message: `does not match ${keyword === 'oneOf' ? 'exactly one' : 'any'} of the allowed shapes.${why}`, rule: keyword }];
    }
    default: {
      const expected = await keywordValue(location);
      const text =
        keyword === 'type'
          ? `must be of type ${Array.isArray(expected) ? expected.join(' or ') : String(expected)}.`
          : keyword === 'const'
            ? `must be ${describe(expected)}.`
            : keyword === 'enum'
              ? `must be one of ${Array.isArray(expected) ? expected.map(describe).join(', ') : describe(expected)}.`
              : keyword === 'minLength' && expected === 1
                ? 'must not be empty.'
                : keyword === 'pattern'
                  ? `must match the pattern ${String(expected)}.`
                  : keyword === 'format'
                    ? `must be a valid ${String(expected)}.`
                    : expected !== undefined && typeof expected !== 'object'
                      ? `fails ${keyword} ${describe(expected)}.`
                      : `fails the ${keyword} rule (${location}).`;
      return [{ tokens: instanceTokens, message: text, rule: keyword }];
    }
  }
}

/** Branch errors under a failing oneOf/anyOf repeat what the summary says; keep the summary. */
function dropBranchNoise(units: OutputUnit[]): OutputUnit[] {
  const combinators = new Set(units.filter((u) => /\/(oneOf|anyOf)$/.test(u.absoluteKeywordLocation)).map((u) => u.absoluteKeywordLocation));
  return units.filter((u) => {
    const m = /^(.*\/(?:oneOf|anyOf))\/\d+\//.exec(u.absoluteKeywordLocation);
    return !(m && combinators.has(m[1] as string));
  });
}

async function schemaProblems(schemaUri: string, instance: unknown, prefix: string[]): Promise<SpecProblem[]> {
  const validator = await validatorFor(schemaUri);
  // FLAG first (fast); BASIC only to explain a failure.
  if (validator(instance as Json).valid) return [];
  const output = validator(instance as Json, BASIC);
  if (output.valid) return [];
  const out: SpecProblem[] = [];
  const seen = new Set<string>();
  for (const unit of dropBranchNoise(output.errors ?? [])) {
    const tokens = pointerTokens(unit.instanceLocation);
    for (const m of await messagesFor(unit, instance, tokens)) {
      const all = [...prefix, ...m.tokens];
      const key = `${encodePointer(all)} ${m.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ severity: 'error', path: jsonPath(all), pointer: encodePointer(all), message: m.message, rule: m.rule });
    }
  }
  return out;
}

function problem(severity: SpecProblem['severity'], tokens: string[], message: string, rule: string): SpecProblem {
  return { severity, path: jsonPath(tokens), pointer: encodePointer(tokens), message, rule };
}

/**
 * What a check covers: the whole document, or (for a save) only the path items it wrote and the
 * components when it added some. Whatever lies outside the scope is taken as it was.
 */
export interface ValidationScope {
  /** Keys under `paths` whose path items are checked. */
  paths: ReadonlySet<string>;
  /** Whether `components` is checked. */
  components: boolean;
}

const inScope = (scope: ValidationScope | undefined, path: string): boolean => !scope || scope.paths.has(path);

/** The path items a check covers, in document order. */
function pathItemsIn(paths: Record<string, unknown>, scope: ValidationScope | undefined): Array<[string, unknown]> {
  return scope ? Object.keys(paths).flatMap((k) => (scope.paths.has(k) ? [[k, paths[k]] as [string, unknown]] : [])) : Object.entries(paths);
}

/** The operations a check covers: all of them, or those of the path items in scope (listed the same way). */
function operationsIn(doc: unknown, scope: ValidationScope | undefined): SpecOperationSummary[] {
  if (!scope) return listOperations(doc);
  const paths = isObject(doc) ? doc['paths'] : undefined;
  if (!isObject(paths)) return [];
  const picked: Record<string, unknown> = {};
  for (const [key, item] of pathItemsIn(paths, scope)) Object.defineProperty(picked, key, { value: item, enumerable: true });
  return listOperations({ paths: picked });
}

/**
 * Checks no JSON Schema can express, on each A2A operation in scope. Unique operationIds are
 * checked across the whole document; a clash is reported when either side of it is in scope.
 */
function a2aChecks(doc: unknown, scope: ValidationScope | undefined): SpecProblem[] {
  const out: SpecProblem[] = [];
  // Thousands of operations point at a few dozen schemas: resolve each reference once.
  const resolved = new Map<string, boolean>();
  const resolves = (ref: string): boolean => {
    let hit = resolved.get(ref);
    if (hit === undefined) {
      hit = resolveLocalRef(doc, ref) !== undefined;
      resolved.set(ref, hit);
    }
    return hit;
  };
  const operationIds = new Map<string, { tokens: string[]; path: string }>();
  for (const op of listOperations(doc)) {
    const base = op.additional ? ['paths', op.path, 'additionalOperations', op.httpMethod] : ['paths', op.path, op.httpMethod];
    if (op.operationId) {
      const prior = operationIds.get(op.operationId);
      if (prior && (inScope(scope, op.path) || inScope(scope, prior.path)))
        out.push(
          problem(
            'error',
            [...base, 'operationId'],
            `operationId "${op.operationId}" is also used at ${jsonPath(prior.tokens)} (OpenAPI requires unique operationIds).`,
            'unique-operation-id',
          ),
        );
      else if (!prior) operationIds.set(op.operationId, { tokens: [...base, 'operationId'], path: op.path });
    }
    if (op.protocolGroup === 'http' && inScope(scope, op.path)) out.push(...httpBodyTextProblems(doc, op, base));
    if (op.kind !== 'a2a' || !inScope(scope, op.path)) continue;
    const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
    const x = raw?.['x-a2a'];
    if (raw && raw['x-protocol'] !== 'a2a') out.push(problem('warning', [...base], 'An operation with x-a2a should say x-protocol: a2a.', 'x-protocol'));
    if (!x || typeof x !== 'object' || Array.isArray(x)) {
      if (op.problem) out.push(problem('error', [...base], op.problem, 'x-a2a'));
      continue;
    }
    const xa = x as Record<string, unknown>;
    const version = xa['version'];
    const binding = xa['binding'];
    const method = xa['method'];
    if (binding === 'JSONRPC' && xa['example'] && typeof xa['example'] === 'object') {
      const exampleMethod = (xa['example'] as Record<string, unknown>)['method'];
      if (typeof exampleMethod === 'string' && exampleMethod !== method) {
        out.push(
          problem(
            'error',
            [...base, 'x-a2a', 'method'],
            `must equal the example's JSON-RPC method "${exampleMethod}" (found "${String(method)}").`,
            'jsonrpc-method',
          ),
        );
      }
    }
    if (isA2aVersion(version) && isBinding(binding) && typeof method === 'string') {
      const info = findMethod(version, method);
      if (!info || !info.bindings.includes(binding)) {
        out.push(
          problem(
            binding === 'JSONRPC' ? 'warning' : 'error',
            [...base, 'x-a2a', 'method'],
            `${method} is not an A2A ${version} method over ${binding}${binding === 'JSONRPC' ? ' (sent as a custom JSON-RPC method)' : ''}.`,
            'known-method',
          ),
        );
      }
    }
    const bodyTextProblem = jsonTextProblem(xa['bodyText']);
    if (bodyTextProblem) out.push(problem('error', [...base, 'x-a2a', 'bodyText'], bodyTextProblem, 'json-text'));
    for (const key of ['requestSchema', 'responseSchema']) {
      const schema = xa[key];
      const ref = schema && typeof schema === 'object' ? (schema as Record<string, unknown>)['$ref'] : undefined;
      if (typeof ref === 'string' && ref.startsWith('#') && !resolves(ref)) {
        out.push(problem('error', [...base, 'x-a2a', key, '$ref'], `points to ${ref}, which is not in this file.`, 'dangling-ref'));
      }
    }
  }
  return out;
}

/**
 * A saved JSON text (x-a2a bodyText, x-mcp paramsText) must be JSON once its {{variables}} are
 * filled in: a hand edit that breaks it is found here, not at the first run. (Its type is the schema's.)
 */
function jsonTextProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const read = parseJsonTemplate(value);
  return read.ok ? undefined : `is not JSON, even with its {{variables}} standing in for values (${read.message}).`;
}

/** A plain HTTP operation's JSON body text (BODY_TEXT on an inline request body's JSON media types), checked as x-a2a bodyText is. */
function httpBodyTextProblems(doc: unknown, op: SpecOperationSummary, base: string[]): SpecProblem[] {
  const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
  const body = raw ? raw['requestBody'] : undefined;
  const content = isObject(body) && isObject(body['content']) ? body['content'] : undefined;
  const out: SpecProblem[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    if (!isObject(media) || !Object.hasOwn(media, BODY_TEXT)) continue;
    const text = media[BODY_TEXT];
    const message = typeof text === 'string' ? jsonTextProblem(text) : 'must be text: the JSON body as written.';
    if (message) out.push(problem('error', [...base, 'requestBody', 'content', mediaType, BODY_TEXT], message, 'json-text'));
  }
  return out;
}

/** Checks no JSON Schema can express, on each MCP operation in scope (the subject names what params call). */
function mcpChecks(doc: unknown, scope: ValidationScope | undefined): SpecProblem[] {
  const out: SpecProblem[] = [];
  for (const op of operationsIn(doc, scope)) {
    if (op.protocolGroup !== 'mcp') continue;
    const base = op.additional ? ['paths', op.path, 'additionalOperations', op.httpMethod] : ['paths', op.path, op.httpMethod];
    const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
    if (!raw) continue;
    if (!Object.hasOwn(raw, 'x-mcp')) {
      // Listed, but nothing to run: a hand-written marker is not an error in the user's file.
      out.push(problem('warning', [...base], 'x-protocol is mcp but the operation has no x-mcp, so it cannot run.', 'x-mcp'));
      continue;
    }
    if (raw['x-protocol'] !== 'mcp') out.push(problem('warning', [...base], 'An operation with x-mcp should say x-protocol: mcp.', 'x-protocol'));
    const x = raw['x-mcp'];
    if (!isObject(x)) continue;
    const endpoint = Object.hasOwn(x, 'endpoint') ? x['endpoint'] : undefined;
    if (typeof endpoint === 'string') {
      const found = endpointCredentials(endpoint);
      if (found.length) out.push(problem('error', [...base, 'x-mcp', 'endpoint'], endpointCredentialAdvice(found), 'credential-in-url'));
    }
    const method = x['method'];
    const params = isObject(x['params']) ? x['params'] : undefined;
    const subject = subjectOf({
      ...(typeof x['tool'] === 'string' ? { tool: x['tool'] } : {}),
      ...(typeof x['resource'] === 'string' ? { resource: x['resource'] } : {}),
      ...(typeof x['prompt'] === 'string' ? { prompt: x['prompt'] } : {}),
    });
    if (typeof method === 'string' && subject) {
      const mismatch = subjectMismatch(method, subject, params);
      if (mismatch) out.push(problem('error', [...base, 'x-mcp', subject.kind], mismatch, 'mcp-subject'));
    }
    const paramsTextProblem = jsonTextProblem(x['paramsText']);
    if (paramsTextProblem) out.push(problem('error', [...base, 'x-mcp', 'paramsText'], paramsTextProblem, 'json-text'));
    for (const key of ['requestSchema', 'responseSchema']) {
      const schema = x[key];
      const ref = isObject(schema) ? schema['$ref'] : undefined;
      if (typeof ref === 'string' && ref.startsWith('#') && resolveLocalRef(doc, ref) === undefined) {
        out.push(problem('error', [...base, 'x-mcp', key, '$ref'], `points to ${ref}, which is not in this file.`, 'dangling-ref'));
      }
    }
  }
  return out;
}

/**
 * An x-mcp value with the parts its schema accepts whatever they contain (params and the schemas:
 * any object; example: anything; x- keys) replaced by placeholders, as reduceXA2a does: validity
 * is unchanged, and a 5 MB tool schema costs nothing to check.
 */
export function reduceXMcp(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('x-') || k === 'example') out[k] = true;
    else if (k === 'paramsText' && typeof v === 'string' && v !== '') out[k] = 'text';
    else if ((k === 'params' || k === 'requestSchema' || k === 'responseSchema') && isObject(v)) out[k] = {};
    else Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Results by path-item shape (a pure function of the shape) and by x-a2a object (see below). */
const shapeResults = new Map<string, SpecProblem[]>();
const reducedResults = new Map<string, SpecProblem[]>();
const componentResults = new Map<string, SpecProblem[]>();
const xa2aResults = new WeakMap<object, SpecProblem[]>();
const xmcpResults = new WeakMap<object, SpecProblem[]>();

const operationKeys = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/**
 * What the OpenAPI 3.2 schema can see of an object: values of `x-` keys are accepted whatever they
 * are (`specification-extensions`: `^x-: true`) and summary, description and operationId are only
 * typed as strings, so replacing them leaves validity unchanged.
 */
function shapeOf(value: Record<string, unknown>, operationLevel: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('x-')) out[k] = true;
    else if ((k === 'summary' || k === 'description' || (operationLevel && k === 'operationId')) && typeof v === 'string') out[k] = '';
    else if (!operationLevel && operationKeys.has(k) && isObject(v)) out[k] = shapeOf(v, true);
    else if (!operationLevel && k === 'additionalOperations' && isObject(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([m, op]) => [m, isObject(op) ? shapeOf(op, true) : op]));
    else out[k] = v;
  }
  return out;
}

/**
 * An x-a2a value with the parts its schema accepts whatever they contain replaced by an equivalent
 * placeholder: `example.params` (any JSON), the request/response schemas, `agentCard` and the
 * REST/gRPC `example` (any object), `x-` keys (anything). Validity is unchanged (a test holds the
 * two to the same verdict), and thousands of operations reduce to a few distinct values.
 */
export function reduceXA2a(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('x-')) out[k] = true;
    else if ((k === 'requestSchema' || k === 'responseSchema' || k === 'agentCard') && isObject(v)) out[k] = {};
    else if (k === 'bodyText' && typeof v === 'string' && v !== '') out[k] = 'text';
    else if (k === 'example' && isObject(v)) out[k] = value['binding'] === 'JSONRPC' ? ('params' in v ? { ...v, params: true } : v) : {};
    else out[k] = v;
  }
  return out;
}

/**
 * OpenAPI 3.2 validation of the whole document. Path items do not depend on each other or on their
 * key, so each distinct path-item shape is validated once (a 5,000-operation file written by
 * Powerduck has a few dozen), and the keys are checked on a skeleton with empty path items.
 */
async function openApiProblems(doc: Record<string, unknown>, scope: ValidationScope | undefined): Promise<SpecProblem[]> {
  const paths = doc['paths'];
  if (!isObject(paths)) return schemaProblems(OAS_SCHEMA, doc, []);
  // The skeleton keeps every paths entry the groups below do not cover (odd keys, non-object
  // items, extensions), so the schema itself reports them; components are checked on their own.
  const rest = Object.fromEntries(Object.entries(paths).filter(([k, v]) => !(k.startsWith('/') && isObject(v))));
  const { components, ...withoutComponents } = doc;
  const problems = await schemaProblems(OAS_SCHEMA, { ...withoutComponents, paths: rest }, []);
  if (components !== undefined && (!scope || scope.components)) {
    const id = JSON.stringify(components);
    let found = componentResults.get(id);
    if (!found) {
      found = (await schemaProblems(OAS_SCHEMA, { openapi: '3.2.0', info: { title: '', version: '' }, components }, [])).filter((p) =>
        p.pointer.startsWith('/components'),
      );
      componentResults.clear();
      componentResults.set(id, found);
    }
    problems.push(...found);
  }
  const groups = new Map<string, { shape: Record<string, unknown>; keys: string[] }>();
  for (const [key, item] of pathItemsIn(paths, scope)) {
    if (!isObject(item) || !key.startsWith('/')) continue;
    const shape = shapeOf(item, false);
    const id = JSON.stringify(shape);
    const group = groups.get(id);
    if (group) group.keys.push(key);
    else groups.set(id, { shape, keys: [key] });
  }
  const placeholder = '/';
  for (const [id, { shape, keys }] of groups) {
    let found = shapeResults.get(id);
    if (!found) {
      found = await schemaProblems(OAS_SCHEMA, { openapi: '3.2.0', info: { title: '', version: '' }, paths: { [placeholder]: shape } }, []);
      if (shapeResults.size >= 2000) shapeResults.clear();
      shapeResults.set(id, found);
    }
    for (const key of keys) {
      for (const p of found) {
        const tokens = pointerTokens(p.pointer);
        if (tokens[0] !== 'paths' || tokens[1] !== placeholder) continue;
        tokens[1] = key;
        problems.push({ ...p, path: jsonPath(tokens), pointer: encodePointer(tokens) });
      }
    }
  }
  return problems;
}

/** One of our operation extensions, as the validator checks it. */
interface Extension {
  key: 'x-a2a' | 'x-mcp';
  schemaId: string;
  appliesTo(op: ReturnType<typeof operationsIn>[number]): boolean;
  /** The value in the form the schema checks (see reduceXA2a / reduceXMcp). */
  reduce(value: unknown): unknown;
  /** Results by the parsed value they were computed for. */
  results: WeakMap<object, SpecProblem[]>;
}

const xA2aExtension: Extension = { key: 'x-a2a', schemaId: X_A2A_SCHEMA_ID, appliesTo: (op) => op.kind === 'a2a', reduce: reduceXA2a, results: xa2aResults };
const xMcpExtension: Extension = {
  key: 'x-mcp',
  schemaId: X_MCP_SCHEMA_ID,
  appliesTo: (op) => op.protocolGroup === 'mcp',
  reduce: reduceXMcp,
  results: xmcpResults,
};

/** The schema problems of every `ext.key` object in the scope, at their place in the document. */
async function extensionProblems(doc: unknown, scope: ValidationScope | undefined, ext: Extension): Promise<SpecProblem[]> {
  const problems: SpecProblem[] = [];
  for (const op of operationsIn(doc, scope)) {
    if (!ext.appliesTo(op)) continue;
    const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
    if (!raw || !Object.hasOwn(raw, ext.key)) continue;
    const base = op.additional ? ['paths', op.path, 'additionalOperations', op.httpMethod, ext.key] : ['paths', op.path, op.httpMethod, ext.key];
    const value = raw[ext.key];
    // Parsed models are never mutated (edits copy the changed branch), so an object already checked keeps its
    // result: a save re-checks only what it wrote. Values with the same reduced form share one check too.
    let found = isObject(value) ? ext.results.get(value) : undefined;
    if (!found) {
      const reduced = ext.reduce(value);
      const id = `${ext.key}\u0000${JSON.stringify(reduced)}`;
      found = reducedResults.get(id);
      if (!found) {
        found = await schemaProblems(ext.schemaId, reduced, []);
        if (reducedResults.size >= 5000) reducedResults.clear();
        reducedResults.set(id, found);
      }
      if (isObject(value)) ext.results.set(value, found);
    }
    for (const p of found) {
      const tokens = [...base, ...pointerTokens(p.pointer)];
      problems.push({ ...p, path: jsonPath(tokens), pointer: encodePointer(tokens) });
    }
  }
  return problems;
}

/**
 * Every problem of the document (or of the part `scope` names: a save checks what it wrote, not the
 * 5,000 operations it left alone); valid = no problem with severity error.
 */
export async function validateSpecDocument(doc: unknown, scope?: ValidationScope): Promise<SpecProblem[]> {
  ensureRegistered();
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return [problem('error', [], 'An OpenAPI document is a mapping with openapi, info and paths.', 'type')];
  const problems = (await openApiProblems(doc as Record<string, unknown>, scope)).map((p) => versionProblem(p, (doc as Record<string, unknown>)['openapi']));
  problems.push(...(await extensionProblems(doc, scope, xA2aExtension)));
  problems.push(...a2aChecks(doc, scope));
  problems.push(...(await extensionProblems(doc, scope, xMcpExtension)));
  problems.push(...mcpChecks(doc, scope));
  for (const op of operationsIn(doc, scope)) {
    if (op.protocolGroup !== 'http') continue;
    const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
    const value = raw && Object.hasOwn(raw, 'x-auth') ? raw['x-auth'] : undefined;
    // Only an x-auth in Powerduck's shape (it names a scheme) is checked: another tool's extension of
    // the same name is that tool's business, and must not make the file unsavable here.
    if (!isObject(value) || !Object.hasOwn(value, 'scheme')) continue;
    const base = op.additional ? ['paths', op.path, 'additionalOperations', op.httpMethod, 'x-auth'] : ['paths', op.path, op.httpMethod, 'x-auth'];
    for (const p of await schemaProblems(X_AUTH_SCHEMA_ID, value, [])) {
      const tokens = [...base, ...pointerTokens(p.pointer)];
      problems.push({ ...p, path: jsonPath(tokens), pointer: encodePointer(tokens) });
    }
  }
  return problems;
}

/**
 * The schema's own words for another OpenAPI version ("must match the pattern ^3\.2…") read as if
 * the file were broken: say plainly which version it is and that validation here is OpenAPI 3.2's.
 */
function versionProblem(problem: SpecProblem, version: unknown): SpecProblem {
  if (problem.pointer !== '/openapi' || problem.rule !== 'pattern' || typeof version !== 'string' || !/^\d+\.\d+/.test(version)) return problem;
  return {
    ...problem,
    rule: 'openapi-version',
    message: `is ${version.slice(0, 40)}: Powerduck validates OpenAPI 3.2 documents only (it reads and runs this one as it is); to validate it here, move it to 3.2 and set openapi to 3.2.0.`,
  };
}

export function isValid(problems: readonly SpecProblem[]): boolean {
  return !problems.some((p) => p.severity === 'error');
}
