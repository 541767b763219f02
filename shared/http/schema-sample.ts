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

export function sampleFromSchema(doc: unknown, schema: unknown, depth = 0, seen: ReadonlySet<string> = new Set()): unknown {
  if (!isObject(schema) || depth > maxDepth) return undefined;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    if (seen.has(ref)) return undefined;
    return sampleFromSchema(doc, resolveLocalRef(doc, ref), depth + 1, new Set([...seen, ref]));
  }
  if ('example' in schema) return schema['example'];
  if (Array.isArray(schema['examples']) && schema['examples'].length) return schema['examples'][0];
  if ('default' in schema) return schema['default'];
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length) return schema['enum'][0];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length) {
      if (key !== 'allOf') return sampleFromSchema(doc, list[0], depth + 1, seen);
      const merged: Json = {};
      for (const part of list) {
        const value = sampleFromSchema(doc, part, depth + 1, seen);
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
        const value = sampleFromSchema(doc, props[name], depth + 1, seen);
        if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array': {
      const item = sampleFromSchema(doc, schema['items'], depth + 1, seen);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return typeof schema['format'] === 'string' ? (formatSamples[schema['format']] ?? 'string') : 'string';
    case 'integer':
      return typeof schema['minimum'] === 'number' ? Math.ceil(schema['minimum']) : 0;
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
