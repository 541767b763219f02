/**
 * Checks a response body against a schema inside an OpenAPI document with `@hyperjump/json-schema`
 * (each OAS version's own dialect: 3.0's draft-04 variant with `nullable`, 3.1/3.2's 2020-12 base).
 *
 * 3.1/3.2: the document itself is registered as a schema (its root keys are unknown keywords, which
 * 2020-12 ignores) so every `#/components/...` reference resolves where the author meant it.
 * 3.0: its dialect forbids unknown keywords at the root, so each component schema is registered
 * on its own and same-document references are rewritten to those ids.
 */
import { createHash } from 'node:crypto';
import type { ResponseViolation } from '../../../shared/http/http-types';
import type { Json as HyperJson } from '@hyperjump/json-pointer';
import type { Validator } from '@hyperjump/json-schema/openapi-3-1';
import { jsonPath, pointerTokens } from '../openapi/spec-validate';
import { isObject } from '../../../shared/a2a/payload';

type Json = Record<string, unknown>;
type Hyperjump = typeof import('@hyperjump/json-schema/openapi-3-1');

type Experimental = typeof import('@hyperjump/json-schema/experimental');
interface Loaded {
  hj: Hyperjump;
  BASIC: 'BASIC';
  getSchema: Experimental['getSchema'];
}

let loaded: Promise<Loaded> | undefined;
// Loaded on first use: the validator (and its meta-schemas) costs start-up time a plain send does not need.
async function load(): Promise<Loaded> {
  loaded ??= (async () => {
    await import('@hyperjump/json-schema/openapi-3-0');
    await import('@hyperjump/json-schema/openapi-3-2');
    const hj = await import('@hyperjump/json-schema/openapi-3-1');
    const exp = await import('@hyperjump/json-schema/experimental');
    return { hj, BASIC: exp.BASIC as 'BASIC', getSchema: exp.getSchema };
  })();
  return loaded;
}

const registered = new Map<string, string>();
// Compiling is the slow part of hyperjump: once per schema, then each response is checked at once.
const validators = new Map<string, Promise<Validator>>();

function docHash(doc: unknown): string {
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 24);
}

function dialectFor(openapi: string): { kind: '3.0' | '3.1' | '3.2'; dialect: string } {
  if (openapi.startsWith('3.0')) return { kind: '3.0', dialect: 'https://spec.openapis.org/oas/3.0/dialect' };
  if (openapi.startsWith('3.1')) return { kind: '3.1', dialect: 'https://spec.openapis.org/oas/3.1/dialect/base' };
  return { kind: '3.2', dialect: 'https://spec.openapis.org/oas/3.2/dialect' };
}

function fragment(pointer: string): string {
  return pointer
    .split('/')
    .map((t) => encodeURIComponent(t))
    .join('/');
}

function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, base));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') continue;
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? `${base}/schemas/${v.slice('#/components/schemas/'.length)}`
        : rewriteRefs(v, base);
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const t of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(t)];
    else if (isObject(node)) node = node[t];
    else return undefined;
  }
  return node;
}

/** Registers (once per document content) and returns the schema URI for `pointer`. */
async function schemaUri(doc: Json, pointer: string): Promise<string> {
  const { hj } = await load();
  const hash = docHash(doc);
  const { kind, dialect } = dialectFor(typeof doc['openapi'] === 'string' ? doc['openapi'] : '3.2.0');
  const base = `powerduck://openapi/${hash}`;
  if (kind !== '3.0') {
    if (!registered.has(base)) {
      hj.registerSchema({ ...doc, $schema: dialect } as Parameters<Hyperjump['registerSchema']>[0], base);
      registered.set(base, base);
    }
    return `${base}#${fragment(pointer)}`;
  }
  if (!registered.has(base)) {
    const schemas = isObject(doc['components']) && isObject(doc['components']['schemas']) ? doc['components']['schemas'] : {};
    for (const [name, schema] of Object.entries(schemas)) {
      if (!isObject(schema)) continue;
      hj.registerSchema({ ...(rewriteRefs(schema, base) as Json), $schema: dialect } as Parameters<Hyperjump['registerSchema']>[0], `${base}/schemas/${name}`);
    }
    registered.set(base, base);
  }
  const key = `${base}/at/${createHash('sha256').update(pointer).digest('hex').slice(0, 16)}`;
  if (!registered.has(key)) {
    const target = rewriteRefs(valueAt(doc, pointer), base);
    if (!isObject(target)) throw new Error(`No schema at ${pointer}.`);
    hj.registerSchema({ ...target, $schema: dialect } as Parameters<Hyperjump['registerSchema']>[0], key);
    registered.set(key, key);
  }
  return key;
}

function lastToken(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

/** Violations of `instance` against the schema at `pointer` (empty when it conforms). */
export async function validateAgainst(doc: Json, pointer: string, instance: unknown): Promise<ResponseViolation[]> {
  const { hj, BASIC, getSchema } = await load();
  const uri = await schemaUri(doc, pointer);
  let validator = validators.get(uri);
  if (!validator) {
    validator = hj.validate(uri);
    validators.set(uri, validator);
  }
  const output = (await validator)(instance as HyperJson, BASIC);
  if (output.valid) return [];
  const out: ResponseViolation[] = [];
  const seen = new Set<string>();
  for (const unit of output.errors ?? []) {
    const rule = lastToken(unit.keyword ?? unit.absoluteKeywordLocation);
    // Applicators only repeat what their subschemas said.
    if (['allOf', 'properties', 'items', '$ref', 'prefixItems', 'validation', 'additionalItems'].includes(rule) && (output.errors?.length ?? 0) > 1) continue;
    const path = jsonPath(pointerTokens(unit.instanceLocation));
    const key = `${path}|${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let expected: unknown;
    try {
      const browser = await getSchema(unit.absoluteKeywordLocation);
      expected = valueAt(browser.document.root, browser.cursor);
    } catch {
      expected = undefined;
    }
    const here = valueAt(instance, unit.instanceLocation.replace(/^#/, ''));
    out.push({ path, rule, message: describe(rule, expected, here) });
    if (out.length >= 100) break;
  }
  return out;
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function describe(rule: string, expected: unknown, here: unknown): string {
  const show = (v: unknown): string => JSON.stringify(v) ?? String(v);
  switch (rule) {
    case 'type':
      return `must be of type ${Array.isArray(expected) ? expected.join(' or ') : String(expected)} (it is ${typeName(here)}).`;
    case 'required': {
      const names = Array.isArray(expected) ? expected.filter((k): k is string => typeof k === 'string') : [];
      const missing = isObject(here) ? names.filter((k) => !(k in here)) : names;
      return missing.length
        ? `is missing the required propert${missing.length > 1 ? 'ies' : 'y'} ${missing.map((m) => `"${m}"`).join(', ')}.`
        : 'is missing a required property.';
    }
    case 'enum':
      return `must be one of ${Array.isArray(expected) ? expected.map(show).join(', ') : show(expected)}.`;
    case 'const':
      return `must be ${show(expected)}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'pattern':
    case 'format':
    case 'multipleOf':
      return `breaks ${rule} ${show(expected)}.`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'has a property the schema does not allow.';
    case 'nullable':
      return 'is null, which the schema does not allow.';
    default:
      return `breaks "${rule}".`;
  }
}
