/**
 * A tool's `structuredContent` checked against its declared `outputSchema` (MCP 2025-06-18+: when a
 * tool declares one, its structured results must conform) with @hyperjump/json-schema, in the
 * schema's own dialect (`$schema`; JSON Schema 2020-12, MCP's default, when it names none).
 */
import { createHash } from 'node:crypto';
import type { Json as HyperJson } from '@hyperjump/json-pointer';
import type { ResponseViolation } from '../../../shared/http/http-types';
import type { McpOutputCheck } from '../../../shared/mcp/mcp-types';
import { jsonPath, pointerTokens } from '../openapi/spec-validate';
import { isObject } from '../../../shared/a2a/payload';

type Hyperjump = typeof import('@hyperjump/json-schema/draft-2020-12');
const DEFAULT_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

let loaded: Promise<{ hj: Hyperjump; BASIC: 'BASIC' }> | undefined;
// Loaded on first use; importing each dialect module makes its `$schema` URI known.
async function load(): Promise<{ hj: Hyperjump; BASIC: 'BASIC' }> {
  loaded ??= (async () => {
    await import('@hyperjump/json-schema/draft-04');
    await import('@hyperjump/json-schema/draft-06');
    await import('@hyperjump/json-schema/draft-07');
    await import('@hyperjump/json-schema/draft-2019-09');
    const hj = await import('@hyperjump/json-schema/draft-2020-12');
    const exp = await import('@hyperjump/json-schema/experimental');
    return { hj, BASIC: exp.BASIC as 'BASIC' };
  })();
  return loaded;
}

const validators = new Map<string, ReturnType<Hyperjump['validate']>>();

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const t of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(t)];
    else if (isObject(node)) node = Object.hasOwn(node, t) ? node[t] : undefined;
    else return undefined;
  }
  return node;
}

async function validatorFor(schema: Record<string, unknown>): Promise<Awaited<ReturnType<Hyperjump['validate']>>> {
  const { hj } = await load();
  const text = JSON.stringify(schema);
  const uri = `powerduck://mcp-output/${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  let validator = validators.get(uri);
  if (!validator) {
    const own = typeof schema['$schema'] === 'string' ? schema['$schema'].replace(/#$/, '') : DEFAULT_DIALECT;
    // The schema's own $id would clash between tools (and is not needed to resolve local refs).
    const { $id: _id, ...rest } = schema;
    hj.registerSchema({ ...rest, $schema: own } as Parameters<Hyperjump['registerSchema']>[0], uri);
    validator = hj.validate(uri);
    validators.set(uri, validator);
    // A schema that fails to compile is not kept: the next call reports the same problem afresh.
    validator.catch(() => validators.delete(uri));
  }
  return validator;
}

function describe(rule: string, schema: Record<string, unknown>, keywordPointer: string, here: unknown): string {
  const kind = here === null ? 'null' : Array.isArray(here) ? 'array' : typeof here;
  const expected = valueAt(schema, keywordPointer);
  if (rule === 'type') return `must be of type ${Array.isArray(expected) ? expected.join(' or ') : String(expected)} (it is ${kind}).`;
  if (rule === 'required' && Array.isArray(expected)) {
    const missing = expected.filter((k): k is string => typeof k === 'string' && !(isObject(here) && Object.hasOwn(here, k)));
    return `is missing the required propert${missing.length > 1 ? 'ies' : 'y'} ${missing.map((m) => `"${m}"`).join(', ')}.`;
  }
  if (rule === 'enum' && Array.isArray(expected)) return `must be one of ${expected.map((v) => JSON.stringify(v)).join(', ')}.`;
  if (rule === 'additionalProperties' || rule === 'unevaluatedProperties') return 'has a property the schema does not allow.';
  return expected === undefined || isObject(expected) ? `breaks "${rule}".` : `breaks ${rule} ${JSON.stringify(expected)}.`;
}

export async function checkToolOutput(result: unknown, outputSchema: Record<string, unknown> | undefined): Promise<McpOutputCheck> {
  const structured = isObject(result) ? result['structuredContent'] : undefined;
  const isError = isObject(result) && result['isError'] === true;
  if (!outputSchema) {
    return {
      verdict: 'unchecked',
      violations: [],
      ...(structured === undefined
        ? { notes: [] }
        : { notes: ['The tool declares no outputSchema: structuredContent is shown as it came.'], reason: 'noSchema' as const }),
    };
  }
  if (structured === undefined) {
    // A failed tool need not produce structured output (the spec asks it of successful results).
    if (isError)
      return { verdict: 'unchecked', violations: [], notes: ['The tool reported an error (isError); its output is not checked.'], reason: 'toolError' };
    return {
      verdict: 'missing',
      violations: [],
      notes: ['The tool declares an outputSchema but the result has no structuredContent.'],
      reason: 'noStructured',
    };
  }
  try {
    const { BASIC } = await load();
    const output = (await validatorFor(outputSchema))(structured as HyperJson, BASIC);
    if (output.valid) return { verdict: 'ok', violations: [], notes: [] };
    const violations: ResponseViolation[] = [];
    const seen = new Set<string>();
    const errors = output.errors ?? [];
    for (const unit of errors) {
      const location = unit.absoluteKeywordLocation;
      const rule = location.slice(location.lastIndexOf('/') + 1);
      // Applicators only repeat what their subschemas said.
      if (['allOf', 'anyOf', 'properties', 'items', '$ref', 'prefixItems', 'additionalItems'].includes(rule) && errors.length > 1) continue;
      const path = jsonPath(pointerTokens(unit.instanceLocation.replace(/^#/, '')));
      if (seen.has(`${path}|${rule}`)) continue;
      seen.add(`${path}|${rule}`);
      const keywordPointer = decodeURIComponent(location.slice(location.indexOf('#') + 1));
      violations.push({ path, rule, message: describe(rule, outputSchema, keywordPointer, valueAt(structured, unit.instanceLocation.replace(/^#/, ''))) });
      if (violations.length >= 100) break;
    }
    return { verdict: 'violations', violations, notes: [] };
  } catch (e) {
    const detail = (e as Error).message;
    return { verdict: 'unchecked', violations: [], notes: [`The outputSchema could not be used: ${detail}`], reason: 'schemaUnusable', detail };
  }
}
