/**
 * A tool's inputSchema read as its top-level arguments: one entry per property, with the property's
 * schema (a same-document `$ref` followed), whether it is required, its description and a short type
 * word. The app's arguments form and the CLI's `mcp tools` listing both read a schema through here.
 */
import { isObject } from '../a2a/payload';
import { resolveLocalRef } from '../openapi/schema-resolve';

type Json = Record<string, unknown>;

/** `$ref` hops followed before giving up (a cycle, or a chain nobody writes). */
const maxRefHops = 8;

export interface InputArgument {
  name: string;
  /** The property's schema, or undefined when it is not a schema (or a `$ref` that leads nowhere). */
  schema: Json | undefined;
  required: boolean;
  description?: string;
}

/** The schema behind a `$ref` (same document only), else the schema itself. */
export function resolvedSchema(doc: unknown, schema: unknown): Json | undefined {
  let node = schema;
  for (let hop = 0; hop < maxRefHops && isObject(node) && typeof node['$ref'] === 'string'; hop++) node = resolveLocalRef(doc, node['$ref']);
  return isObject(node) && typeof node['$ref'] !== 'string' ? node : undefined;
}

/** Own enumerable entries, so a property named `__proto__` or `constructor` is an ordinary one. */
export function ownEntries(value: Json): Array<[string, unknown]> {
  return Object.keys(value).map((key) => [key, Object.getOwnPropertyDescriptor(value, key)?.value]);
}

/** The names an object schema requires. */
export function requiredNames(schema: Json | undefined): string[] {
  return Array.isArray(schema?.['required']) ? schema['required'].filter((n): n is string => typeof n === 'string') : [];
}

/** The inputSchema's top-level arguments, at most `max` of them (`left` says how many more there were). */
export function inputArguments(schema: unknown, max: number): { args: InputArgument[]; left: number } {
  const root = resolvedSchema(schema, schema);
  const properties = root && isObject(root['properties']) ? root['properties'] : {};
  const required = new Set(requiredNames(root));
  const entries = ownEntries(properties);
  const args = entries.slice(0, max).map(([name, raw]): InputArgument => {
    const property = resolvedSchema(schema, raw);
    const description = property && typeof property['description'] === 'string' ? property['description'] : undefined;
    return { name, schema: property, required: required.has(name), ...(description ? { description } : {}) };
  });
  return { args, left: entries.length - args.length };
}

/** The types a schema's `type` declares ("integer", or ["number", "null"]); none when it declares none. */
export function declaredTypes(schema: Json): string[] {
  const declared = schema['type'];
  return Array.isArray(declared) ? declared.filter((t): t is string => typeof t === 'string') : typeof declared === 'string' ? [declared] : [];
}

/** A short type word for a listing: "number", "string | null", "array of string", "one of "en", "ko"", "any". */
export function typeWord(schema: Json | undefined, doc?: unknown): string {
  if (!schema) return 'any';
  const values = schema['enum'];
  if (Array.isArray(values) && values.length) return `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in schema) return `const ${JSON.stringify(schema['const'])}`;
  const types = declaredTypes(schema);
  if (!types.length) return 'any';
  return types
    .map((type) => {
      if (type !== 'array') return type;
      const items = resolvedSchema(doc ?? schema, schema['items']);
      const inner = items ? typeWord(items, doc) : 'any';
      return inner === 'any' ? 'array' : `array of ${inner.includes(' ') ? `(${inner})` : inner}`;
    })
    .join(' | ');
}
