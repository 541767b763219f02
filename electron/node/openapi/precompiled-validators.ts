/**
 * The schemas spec files are checked against — OpenAPI 3.2 (`schema-base`: Schema Objects in its
 * dialect), x-a2a, x-mcp and x-auth — compiled ahead of time. Compiling them is most of what hyperjump
 * costs a one-shot CLI command (about 100 ms, mostly checking each schema against its meta-schema);
 * restoring the compiled form takes a few. precompiled-validators.json is written by
 * precompiled-validators.test.ts (`npx vitest run electron/node/openapi/precompiled-validators.test.ts -u`),
 * which fails whenever it differs from what the installed hyperjump compiles from the schemas now.
 * Our own schemas are fingerprinted as well, so an edited x-a2a schema is compiled afresh (never
 * checked against a stale compile) until the file is written again.
 */
import { createHash } from 'node:crypto';
import type { Json } from '@hyperjump/json-pointer';
import { hasSchema, registerSchema, validate } from '@hyperjump/json-schema/openapi-3-2';
import type { OutputFormat, Validator, ValidationOptions } from '@hyperjump/json-schema/openapi-3-2';
import type { CompiledSchema } from '@hyperjump/json-schema/experimental';
import { compile, deserialize, getSchema, interpret, serialize } from '@hyperjump/json-schema/experimental';
import { fromJs } from '@hyperjump/json-schema/instance/experimental';
import xA2aSchema from '../../../shared/openapi/x-a2a.schema.json';
import xMcpSchema from '../../../shared/openapi/x-mcp.schema.json';
import xAuthSchema from '../../../shared/openapi/x-auth.schema.json';
import precompiled from './precompiled-validators.json';

export const OAS_SCHEMA = 'https://spec.openapis.org/oas/3.2/schema-base';
export const X_A2A_SCHEMA_ID = (xA2aSchema as { $id: string }).$id;
export const X_MCP_SCHEMA_ID = (xMcpSchema as { $id: string }).$id;
export const X_AUTH_SCHEMA_ID = (xAuthSchema as { $id: string }).$id;
const PRECOMPILED = [OAS_SCHEMA, X_A2A_SCHEMA_ID, X_MCP_SCHEMA_ID, X_AUTH_SCHEMA_ID];

interface PrecompiledFile {
  /** Of our own schemas (the OpenAPI one changes only with hyperjump, which the test watches). */
  fingerprint: string;
  /** Validator.serialize() by schema URI. */
  validators: Record<string, string>;
}

/** Our schemas, by $id (the OpenAPI ones register themselves on import). Messages look keywords up in them. */
export function ensureRegistered(): void {
  // hyperjump's registry outlives this module when tests load it afresh: ask the registry, not a flag.
  if (!hasSchema(X_A2A_SCHEMA_ID)) registerSchema(xA2aSchema as unknown as Parameters<typeof registerSchema>[0]);
  if (!hasSchema(X_MCP_SCHEMA_ID)) registerSchema(xMcpSchema as unknown as Parameters<typeof registerSchema>[0]);
  if (!hasSchema(X_AUTH_SCHEMA_ID)) registerSchema(xAuthSchema as unknown as Parameters<typeof registerSchema>[0]);
}

/**
 * hyperjump compiles some maps (`properties`, …) as objects without a prototype, so that an instance
 * key such as `__proto__` or `constructor` is never taken for a compiled property; its own
 * serialize/deserialize loses that (JSON.parse makes ordinary objects). This key marks them.
 */
const NULL_PROTOTYPE = '\u0000null-prototype';

function marked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(marked);
  if (!value || typeof value !== 'object' || value instanceof RegExp || value instanceof Set) return value;
  const nullProto = Object.getPrototypeOf(value) === null;
  const out = Object.create(null) as Record<string, unknown>;
  if (nullProto) out[NULL_PROTOTYPE] = true;
  for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: marked(v), enumerable: true, writable: true, configurable: true });
  return out;
}

function unmarked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unmarked);
  if (!value || typeof value !== 'object' || value instanceof RegExp || value instanceof Set) return value;
  const entries = Object.entries(value);
  const nullProto = entries.some(([k]) => k === NULL_PROTOTYPE);
  const out = (nullProto ? Object.create(null) : {}) as Record<string, unknown>;
  for (const [k, v] of entries) {
    if (k !== NULL_PROTOTYPE) Object.defineProperty(out, k, { value: unmarked(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function serializeCompiled(compiled: CompiledSchema): string {
  // The plugin Set passes through as it is (serialize writes plugin ids).
  return serialize({ schemaUri: compiled.schemaUri, ast: marked(compiled.ast) as CompiledSchema['ast'] });
}

function restore(text: string): Validator {
  const parsed = deserialize(text);
  const compiled: CompiledSchema = { schemaUri: parsed.schemaUri, ast: unmarked(parsed.ast) as CompiledSchema['ast'] };
  const validator = (value: Json, options?: OutputFormat | ValidationOptions) => interpret(compiled, fromJs(value), options);
  return Object.assign(validator, { serialize: () => text }) as Validator;
}

export function fingerprint(): string {
  return createHash('sha256')
    .update(JSON.stringify([xA2aSchema, xMcpSchema, xAuthSchema]))
    .digest('hex');
}

let fresh: boolean | undefined;
function precompiledFor(uri: string): string | undefined {
  const file = precompiled as PrecompiledFile;
  fresh ??= file.fingerprint === fingerprint();
  return fresh && Object.hasOwn(file.validators, uri) ? file.validators[uri] : undefined;
}

/** The validator for a schema: restored from the precompiled file when it is current, else compiled. */
export async function loadValidator(uri: string): Promise<Validator> {
  ensureRegistered();
  const stored = precompiledFor(uri);
  if (stored !== undefined) {
    try {
      return restore(stored);
    } catch {
      // A compile from another hyperjump version (a keyword it no longer knows): compile instead.
    }
  }
  return validate(uri);
}

/** What precompiled-validators.json holds, compiled now (for the test that keeps the file current). */
export async function compileAll(): Promise<string> {
  ensureRegistered();
  const validators: Record<string, string> = {};
  for (const uri of PRECOMPILED) validators[uri] = serializeCompiled(await compile(await getSchema(uri)));
  const file: PrecompiledFile = { fingerprint: fingerprint(), validators };
  return `${JSON.stringify(file, null, 1)}\n`;
}
