/**
 * A sample value for a JSON Schema (OpenAPI Schema Object): the schema's own example, default,
 * const or first enum value where it has one, else a value of the declared type built from the
 * properties. Bounded in depth and breadth, and safe against `$ref` cycles, because specs are
 * user files of any size.
 */
import { resolveLocalRef } from '../openapi/schema-resolve';
import { isObject } from '../a2a/payload';

type Json = Record<string, unknown>;

const maxDepth = 8;
const maxProperties = 50;

const formatSamples: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'AA==',
};

export function sampleFromSchema(doc: unknown, schema: unknown): unknown {
  return sample(doc, schema, 0, new Set(), { invented: false });
}

/**
 * The sample, and whether any of it was made up: a value of the declared type or the first of an
 * enum, rather than an example, default or const the document gives. A made-up value is a starting
 * point to edit, never something to send on the person's behalf.
 */
export function sampleWithOrigin(doc: unknown, schema: unknown): { value: unknown; invented: boolean } {
  const origin = { invented: false };
  const value = sample(doc, schema, 0, new Set(), origin);
  return { value, invented: origin.invented };
}

function sample(doc: unknown, schema: unknown, depth: number, seen: ReadonlySet<string>, origin: { invented: boolean }): unknown {
  if (!isObject(schema) || depth > maxDepth) return undefined;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    if (seen.has(ref)) return undefined;
    return sample(doc, resolveLocalRef(doc, ref), depth + 1, new Set([...seen, ref]), origin);
  }
  if ('example' in schema) return schema['example'];
  if (Array.isArray(schema['examples']) && schema['examples'].length) return schema['examples'][0];
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length) {
    // One of several allowed values: which one is Powerduck's pick, not the document's.
    if (schema['enum'].length > 1) origin.invented = true;
    return schema['enum'][0];
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length) {
      if (key !== 'allOf') return sample(doc, list[0], depth + 1, seen, origin);
      const merged: Json = {};
      for (const part of list) {
        const value = sample(doc, part, depth + 1, seen, origin);
        if (isObject(value)) Object.assign(merged, value);
      }
      return merged;
    }
  }
  const declared = schema['type'];
  const type = Array.isArray(declared) ? declared.find((t) => t !== 'null') : declared;
  const kind = typeof type === 'string' ? type : isObject(schema['properties']) ? 'object' : 'items' in schema ? 'array' : undefined;
  switch (kind) {
    case 'object': {
      const out: Json = {};
      const props = isObject(schema['properties']) ? schema['properties'] : {};
      for (const name of Object.keys(props).slice(0, maxProperties)) {
        if (name === '__proto__') continue;
        const value = sample(doc, props[name], depth + 1, seen, origin);
        if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array': {
      const item = sample(doc, schema['items'], depth + 1, seen, origin);
      return item === undefined ? [] : [item];
    }
    case 'string':
      origin.invented = true;
      return typeof schema['format'] === 'string' ? (formatSamples[schema['format']] ?? 'string') : 'string';
    case 'integer':
      origin.invented = true;
      return typeof schema['minimum'] === 'number' ? Math.ceil(schema['minimum']) : 0;
    case 'number':
      origin.invented = true;
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
    case 'boolean':
      origin.invented = true;
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
