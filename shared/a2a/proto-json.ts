/**
 * ProtoJSON (the protobuf JSON mapping, A2A ADR-001 / §5.5) ⇄ the "object form" a protobuf
 * runtime encodes and decodes (protobufjs: plain objects keyed by field name).
 *
 * - ProtoJSON → object form: enums as numbers, 64-bit integers as decimal strings, bytes as
 *   base64 text, well-known types expanded (Struct → {fields}, Timestamp → {seconds, nanos}).
 *   protobufjs `encode` takes this directly.
 * - object form → ProtoJSON accepts what protobufjs `decode` (or `toObject`) produces: enums as
 *   numbers or names, 64-bit integers as numbers, strings or Long objects, bytes as Uint8Array or
 *   base64 text.
 *
 * Pure and schema-driven: the core describes the loaded .proto through `ProtoSchema`, so the
 * same code is unit-tested here. Input is checked strictly (unknown fields, wrong types, bad
 * enum names, two members of one oneof are errors with a JSON path), because a debugger should
 * say what is wrong with a draft rather than drop it silently. Output follows ProtoJSON: JSON
 * names, enum names, 64-bit integers as strings, RFC 3339 timestamps, default values omitted
 * except for fields with explicit presence.
 */

import { encodeBase64, isBase64 } from '../encoding/base64';
import { setOwn } from './safe-object';
import { isObject } from './payload';

export type ProtoScalar =
  | 'double'
  | 'float'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'uint64'
  | 'sint32'
  | 'sint64'
  | 'fixed32'
  | 'fixed64'
  | 'sfixed32'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

export interface ProtoFieldSchema {
  /** Key in the object form (protobufjs: lowerCamelCase of the proto name). */
  name: string;
  /** ProtoJSON name (json_name). */
  jsonName: string;
  /** Name as written in the .proto file. */
  protoName: string;
  kind: 'scalar' | 'enum' | 'message';
  /** Scalar type, or the full name (no leading dot) of the enum or message. */
  type: string;
  repeated: boolean;
  /** Set for map fields; `type`/`kind` then describe the value. */
  mapKey?: ProtoScalar;
  /** Real oneof this field belongs to (not the synthetic one of a proto3 `optional`). */
  oneof?: string;
  /** proto3 `optional`: explicit presence, so default values are kept. */
  optional: boolean;
}

export interface ProtoMessageSchema {
  fullName: string;
  fields: readonly ProtoFieldSchema[];
}

export interface ProtoEnumSchema {
  fullName: string;
  values: Readonly<Record<string, number>>;
}

export interface ProtoSchema {
  message(fullName: string): ProtoMessageSchema | undefined;
  enumType(fullName: string): ProtoEnumSchema | undefined;
}

/** A problem with a ProtoJSON value, located by a JSON path like `$.message.parts[0].text`. */
export class ProtoJsonError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'ProtoJsonError';
    this.path = path;
  }
}

const WKT = 'google.protobuf.';
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UINT32_MAX = 4294967295;
const FLOAT_MAX = 3.4028234663852886e38;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z (ProtoJSON Timestamp range).
const TS_MIN_SECONDS = -62135596800;
const TS_MAX_SECONDS = 253402300799;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

const childPath = (path: string, key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

// ---------------------------------------------------------------- ProtoJSON → object form

export function protoJsonToObject(schema: ProtoSchema, typeName: string, json: unknown, path = '$'): Record<string, unknown> {
  if (!isObject(json) && !isWellKnown(typeName)) throw new ProtoJsonError(path, `expected an object for ${typeName}, got ${describe(json)}`);
  const value = messageFromJson(schema, typeName, json, path);
  if (!isObject(value)) throw new ProtoJsonError(path, `expected an object for ${typeName}`);
  return value;
}

function isWellKnown(typeName: string): boolean {
  return typeName.startsWith(WKT);
}

// Per-schema lookup tables: JSON name, proto name and object-form name → field.
const fieldIndexes = new WeakMap<ProtoMessageSchema, Map<string, ProtoFieldSchema>>();

function fieldIndex(message: ProtoMessageSchema): Map<string, ProtoFieldSchema> {
  let index = fieldIndexes.get(message);
  if (!index) {
    index = new Map();
    for (const f of message.fields) for (const key of [f.name, f.protoName, f.jsonName]) index.set(key, f);
    fieldIndexes.set(message, index);
  }
  return index;
}

function messageFromJson(schema: ProtoSchema, typeName: string, json: unknown, path: string): unknown {
  if (isWellKnown(typeName)) return wellKnownFromJson(schema, typeName, json, path);
  const message = schema.message(typeName);
  if (!message) throw new ProtoJsonError(path, `unknown message type ${typeName}`);
  if (!isObject(json)) throw new ProtoJsonError(path, `expected an object (${typeName}), got ${describe(json)}`);
  const index = fieldIndex(message);
  const out: Record<string, unknown> = {};
  let seenOneof: Map<string, string> | undefined;
  const seenField = new Map<string, string>();
  for (const key in json) {
    if (!Object.prototype.hasOwnProperty.call(json, key)) continue;
    const value = json[key];
    const field = index.get(key);
    if (!field) {
      const p = childPath(path, key);
      const known = message.fields.map((f) => f.jsonName).join(', ');
      throw new ProtoJsonError(p, `unknown field "${key}" in ${typeName} (fields: ${known || 'none'})`);
    }
    const p = `${path}.${key}`;
    const previous = seenField.get(field.name);
    if (previous !== undefined) throw new ProtoJsonError(p, `field "${field.jsonName}" is given twice (as "${previous}" and "${key}")`);
    seenField.set(field.name, key);
    // null means "default": the field is simply absent (except google.protobuf.Value, where null is a value).
    if (value === null && !(field.kind === 'message' && field.type === `${WKT}Value` && !field.repeated && !field.mapKey)) continue;
    if (field.oneof) {
      seenOneof ??= new Map();
      const other = seenOneof.get(field.oneof);
      if (other !== undefined)
        throw new ProtoJsonError(p, `"${key}" and "${other}" are both set, but they belong to the same oneof "${field.oneof}" (only one may be set)`);
      seenOneof.set(field.oneof, key);
    }
    out[field.name] = fieldFromJson(schema, field, value, p);
  }
  return out;
}

function fieldFromJson(schema: ProtoSchema, field: ProtoFieldSchema, value: unknown, path: string): unknown {
  if (field.mapKey) {
    if (!isObject(value)) throw new ProtoJsonError(path, `expected an object (map), got ${describe(value)}`);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const p = childPath(path, key);
      checkMapKey(field.mapKey, key, p);
      if (item === null && !(field.kind === 'message' && field.type === `${WKT}Value`)) throw new ProtoJsonError(p, 'map values cannot be null');
      setOwn(out, key, singleFromJson(schema, field, item, p));
    }
    return out;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) throw new ProtoJsonError(path, `expected an array, got ${describe(value)}`);
    return value.map((item, i) => {
      const p = `${path}[${i}]`;
      if (item === null && !(field.kind === 'message' && field.type === `${WKT}Value`)) throw new ProtoJsonError(p, 'repeated elements cannot be null');
      return singleFromJson(schema, field, item, p);
    });
  }
  return singleFromJson(schema, field, value, path);
}

function singleFromJson(schema: ProtoSchema, field: ProtoFieldSchema, value: unknown, path: string): unknown {
  if (field.kind === 'message') return messageFromJson(schema, field.type, value, path);
  if (field.kind === 'enum') return enumFromJson(schema, field.type, value, path);
  return scalarFromJson(field.type as ProtoScalar, value, path);
}

function enumFromJson(schema: ProtoSchema, typeName: string, value: unknown, path: string): number {
  if (typeName === `${WKT}NullValue`) {
    if (value === null || value === 'NULL_VALUE' || value === 0) return 0;
    throw new ProtoJsonError(path, `expected null for google.protobuf.NullValue, got ${describe(value)}`);
  }
  const en = schema.enumType(typeName);
  if (!en) throw new ProtoJsonError(path, `unknown enum type ${typeName}`);
  if (typeof value === 'string') {
    const number = Object.prototype.hasOwnProperty.call(en.values, value) ? en.values[value] : undefined;
    if (number !== undefined) return number;
    throw new ProtoJsonError(path, `"${value}" is not a value of ${typeName} (values: ${Object.keys(en.values).join(', ')})`);
  }
  // ProtoJSON parsers accept the number too; proto3 enums are open, so any int32 is allowed.
  if (typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX) return value;
  throw new ProtoJsonError(path, `expected an enum name of ${typeName}, got ${describe(value)}`);
}

function checkMapKey(keyType: ProtoScalar, key: string, path: string): void {
  if (keyType === 'string') return;
  if (keyType === 'bool') {
    if (key !== 'true' && key !== 'false') throw new ProtoJsonError(path, `map key must be "true" or "false"`);
    return;
  }
  scalarFromJson(keyType, key, path);
}

function parseIntegerText(value: unknown, path: string): bigint {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new ProtoJsonError(path, `expected an integer, got ${describe(value)}`);
    if (!Number.isSafeInteger(value)) throw new ProtoJsonError(path, `${value} is beyond 2^53; write large integers as strings`);
    return BigInt(value);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^-?[0-9]+$/.test(text) && text === value) return BigInt(text);
    // ProtoJSON also accepts exponent notation when the value is integral ("1e3").
    if (/^-?[0-9]+(\.[0-9]+)?[eE][+-]?[0-9]+$/.test(text) && text === value) {
      const n = Number(text);
      if (Number.isSafeInteger(n)) return BigInt(n);
    }
  }
  throw new ProtoJsonError(path, `expected an integer, got ${describe(value)}`);
}

function scalarFromJson(type: ProtoScalar, value: unknown, path: string): unknown {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw new ProtoJsonError(path, `expected a string, got ${describe(value)}`);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw new ProtoJsonError(path, `expected true or false, got ${describe(value)}`);
      return value;
    case 'bytes':
      return base64FromJson(value, path);
    case 'double':
    case 'float': {
      let n: number;
      if (typeof value === 'number') n = value;
      else if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') n = Number(value);
      else if (typeof value === 'string' && value.trim() !== '' && value.trim() === value && Number.isFinite(Number(value))) n = Number(value);
      else throw new ProtoJsonError(path, `expected a number, got ${describe(value)}`);
      if (type === 'float' && Number.isFinite(n) && Math.abs(n) > FLOAT_MAX) throw new ProtoJsonError(path, `${n} is out of range for float`);
      return n;
    }
    case 'int32':
    case 'sint32':
    case 'sfixed32': {
      const n = parseIntegerText(value, path);
      if (n < BigInt(INT32_MIN) || n > BigInt(INT32_MAX)) throw new ProtoJsonError(path, `${n} is out of range for ${type}`);
      return Number(n);
    }
    case 'uint32':
    case 'fixed32': {
      const n = parseIntegerText(value, path);
      if (n < 0n || n > BigInt(UINT32_MAX)) throw new ProtoJsonError(path, `${n} is out of range for ${type}`);
      return Number(n);
    }
    case 'int64':
    case 'sint64':
    case 'sfixed64': {
      const n = parseIntegerText(value, path);
      if (n < INT64_MIN || n > INT64_MAX) throw new ProtoJsonError(path, `${n} is out of range for ${type}`);
      return n.toString();
    }
    case 'uint64':
    case 'fixed64': {
      const n = parseIntegerText(value, path);
      if (n < 0n || n > UINT64_MAX) throw new ProtoJsonError(path, `${n} is out of range for ${type}`);
      return n.toString();
    }
    default:
      throw new ProtoJsonError(path, `unsupported scalar type ${String(type)}`);
  }
}

/** Accepts standard or URL-safe base64, with or without padding; returns standard padded base64. */
function base64FromJson(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new ProtoJsonError(path, `expected base64 text, got ${describe(value)}`);
  if (!isBase64(value)) throw new ProtoJsonError(path, 'not valid base64');
  const body = value.replace(/=+$/, '');
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
}

/** google.protobuf wrapper messages: in ProtoJSON each is just its scalar (`{value: x}` ⇄ `x`). */
const wrapperScalars: Readonly<Record<string, ProtoScalar>> = {
  DoubleValue: 'double',
  FloatValue: 'float',
  Int64Value: 'int64',
  UInt64Value: 'uint64',
  Int32Value: 'int32',
  UInt32Value: 'uint32',
  BoolValue: 'bool',
  StringValue: 'string',
  BytesValue: 'bytes',
};
const wrapperDefaults: Partial<Record<ProtoScalar, unknown>> = { string: '', bool: false, bytes: '' };

function wellKnownFromJson(schema: ProtoSchema, typeName: string, json: unknown, path: string): unknown {
  const short = typeName.slice(WKT.length);
  const wrapped = wrapperScalars[short];
  if (wrapped) return { value: scalarFromJson(wrapped, json, path) };
  switch (short) {
    case 'Struct':
      if (!isObject(json)) throw new ProtoJsonError(path, `expected a JSON object (google.protobuf.Struct), got ${describe(json)}`);
      return structFromJson(json, path);
    case 'Value':
      return valueFromJson(json, path);
    case 'ListValue':
      if (!Array.isArray(json)) throw new ProtoJsonError(path, `expected an array (google.protobuf.ListValue), got ${describe(json)}`);
      return { values: json.map((v, i) => valueFromJson(v, `${path}[${i}]`)) };
    case 'Timestamp':
      return parseTimestamp(json, path);
    case 'Duration':
      return parseDuration(json, path);
    case 'Empty':
      if (!isObject(json)) throw new ProtoJsonError(path, `expected {} (google.protobuf.Empty), got ${describe(json)}`);
      if (Object.keys(json).length) throw new ProtoJsonError(path, 'google.protobuf.Empty takes no fields');
      return {};
    default: {
      // Other google.protobuf messages (not used by A2A) are handled as plain messages if described.
      const message = schema.message(typeName);
      if (!message) throw new ProtoJsonError(path, `${typeName} is not supported`);
      if (!isObject(json)) throw new ProtoJsonError(path, `expected an object (${typeName})`);
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(json)) {
        const field = message.fields.find((f) => f.jsonName === key || f.protoName === key);
        if (!field) throw new ProtoJsonError(childPath(path, key), `unknown field "${key}" in ${typeName}`);
        if (value !== null) out[field.name] = fieldFromJson(schema, field, value, childPath(path, key));
      }
      return out;
    }
  }
}

function structFromJson(json: Record<string, unknown>, path: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) setOwn(fields, key, valueFromJson(value, childPath(path, key)));
  return { fields };
}

function valueFromJson(json: unknown, path: string): Record<string, unknown> {
  if (json === null) return { nullValue: 0 };
  if (typeof json === 'number') {
    if (!Number.isFinite(json)) throw new ProtoJsonError(path, 'a JSON value cannot be NaN or Infinity');
    return { numberValue: json };
  }
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: { values: json.map((v, i) => valueFromJson(v, `${path}[${i}]`)) } };
  if (isObject(json)) return { structValue: structFromJson(json, path) };
  throw new ProtoJsonError(path, `not a JSON value: ${describe(json)}`);
}

const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** RFC 3339 text → {seconds (string), nanos}. */
export function parseTimestamp(json: unknown, path = '$'): { seconds: string; nanos: number } {
  if (typeof json !== 'string') throw new ProtoJsonError(path, `expected an RFC 3339 timestamp string, got ${describe(json)}`);
  const m = TIMESTAMP_RE.exec(json);
  if (!m) throw new ProtoJsonError(path, `"${json}" is not an RFC 3339 timestamp like 2025-01-31T12:00:00Z`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    throw new ProtoJsonError(path, `"${json}" has an out-of-range date or time field`);
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) throw new ProtoJsonError(path, `"${json}" is not a real calendar date`);
  let seconds = Math.floor(date.getTime() / 1000);
  if (m[9]) {
    const offset = (Number(m[10]) * 60 + Number(m[11])) * 60;
    if (Number(m[10]) > 23 || Number(m[11]) > 59) throw new ProtoJsonError(path, `"${json}" has an invalid UTC offset`);
    seconds += m[9] === '+' ? -offset : offset;
  }
  const nanos = m[7] ? Number(m[7].padEnd(9, '0')) : 0;
  if (seconds < TS_MIN_SECONDS || seconds > TS_MAX_SECONDS) throw new ProtoJsonError(path, `"${json}" is outside 0001-01-01..9999-12-31`);
  return { seconds: String(seconds), nanos };
}

/** {seconds, nanos} → RFC 3339 UTC text with 0, 3, 6 or 9 fractional digits (ProtoJSON). */
export function formatTimestamp(seconds: number | string, nanos: number): string {
  const s = typeof seconds === 'string' ? Number(seconds) : seconds;
  if (!Number.isFinite(s) || s < TS_MIN_SECONDS || s > TS_MAX_SECONDS || !Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999) {
    throw new ProtoJsonError('$', `timestamp {seconds: ${String(seconds)}, nanos: ${nanos}} is out of range`);
  }
  const iso = new Date(s * 1000).toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z for years 1..9999
  const head = iso.slice(0, 19);
  return `${head}${fraction(nanos)}Z`;
}

function fraction(nanos: number): string {
  if (nanos === 0) return '';
  if (nanos % 1_000_000 === 0) return `.${String(nanos / 1_000_000).padStart(3, '0')}`;
  if (nanos % 1_000 === 0) return `.${String(nanos / 1_000).padStart(6, '0')}`;
  return `.${String(nanos).padStart(9, '0')}`;
}

const DURATION_RE = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;

function parseDuration(json: unknown, path: string): { seconds: string; nanos: number } {
  if (typeof json !== 'string') throw new ProtoJsonError(path, `expected a duration like "1.5s", got ${describe(json)}`);
  const m = DURATION_RE.exec(json);
  if (!m) throw new ProtoJsonError(path, `"${json}" is not a duration like "1.5s"`);
  const sign = m[1] ? -1 : 1;
  const secs = BigInt(m[2] as string);
  if (secs > 315_576_000_000n) throw new ProtoJsonError(path, `"${json}" is out of range for a duration`);
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return { seconds: (BigInt(sign) * secs).toString(), nanos: sign * nanos };
}

function formatDuration(seconds: number | string, nanos: number): string {
  const s = BigInt(typeof seconds === 'string' ? seconds : Math.trunc(seconds));
  const negative = s < 0n || nanos < 0;
  const abs = s < 0n ? -s : s;
  return `${negative ? '-' : ''}${abs.toString()}${fraction(Math.abs(nanos))}s`;
}

// ---------------------------------------------------------------- object form → ProtoJSON

export function objectToProtoJson(schema: ProtoSchema, typeName: string, value: unknown): unknown {
  return messageToJson(schema, typeName, value, '$');
}

function messageToJson(schema: ProtoSchema, typeName: string, value: unknown, path: string): unknown {
  if (isWellKnown(typeName)) return wellKnownToJson(schema, typeName, value, path);
  const message = schema.message(typeName);
  if (!message) throw new ProtoJsonError(path, `unknown message type ${typeName}`);
  if (!isObject(value)) throw new ProtoJsonError(path, `expected an object for ${typeName}`);
  const out: Record<string, unknown> = {};
  for (const field of message.fields) {
    // Own properties only: a decoded protobufjs message keeps defaults on its prototype.
    if (!Object.prototype.hasOwnProperty.call(value, field.name)) continue;
    const v = value[field.name];
    if (v === undefined || v === null) continue;
    const p = `${path}.${field.jsonName}`;
    if (field.mapKey) {
      if (!isObject(v)) continue;
      const entries = Object.entries(v);
      if (!entries.length) continue;
      const map: Record<string, unknown> = {};
      for (const [k, item] of entries) setOwn(map, k, singleToJson(schema, field, item, childPath(p, k)));
      out[field.jsonName] = map;
      continue;
    }
    if (field.repeated) {
      if (!Array.isArray(v) || v.length === 0) continue;
      const list: unknown[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) list[i] = singleToJson(schema, field, v[i], p);
      out[field.jsonName] = list;
      continue;
    }
    const converted = singleToJson(schema, field, v, p);
    // Without explicit presence (proto3 plain scalars), a default value means "not set" (ProtoJSON omits it).
    if (!field.optional && !field.oneof && field.kind !== 'message' && isDefaultScalar(schema, field, converted)) continue;
    out[field.jsonName] = converted;
  }
  return out;
}

// number → name per enum schema (first name wins for aliases).
const enumNames = new WeakMap<ProtoEnumSchema, Map<number, string>>();

function enumNameOf(en: ProtoEnumSchema, value: number): string | undefined {
  let names = enumNames.get(en);
  if (!names) {
    names = new Map();
    for (const name in en.values) {
      const n = en.values[name] as number;
      if (!names.has(n)) names.set(n, name);
    }
    enumNames.set(en, names);
  }
  return names.get(value);
}

function isDefaultScalar(schema: ProtoSchema, field: ProtoFieldSchema, value: unknown): boolean {
  if (field.kind === 'enum') {
    if (value === 0) return true;
    const en = schema.enumType(field.type);
    return en !== undefined && typeof value === 'string' && value === enumNameOf(en, 0);
  }
  switch (field.type as ProtoScalar) {
    case 'string':
    case 'bytes':
      return value === '' || (value instanceof Uint8Array && value.length === 0);
    case 'bool':
      return value === false;
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return value === '0' || value === 0;
    default:
      return value === 0;
  }
}

function singleToJson(schema: ProtoSchema, field: ProtoFieldSchema, value: unknown, path: string): unknown {
  if (field.kind === 'message') return messageToJson(schema, field.type, value, path);
  if (field.kind === 'enum') {
    if (field.type === `${WKT}NullValue`) return null;
    if (typeof value === 'string') return value;
    const en = schema.enumType(field.type);
    const name = en && typeof value === 'number' ? enumNameOf(en, value) : undefined;
    return name ?? value;
  }
  return scalarToJson(field.type as ProtoScalar, value);
}

function scalarToJson(type: ProtoScalar, value: unknown): unknown {
  switch (type) {
    case 'double':
    case 'float':
      if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
      return value;
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      // numbers, bigints and Long objects (protobufjs decode) all print as decimal text.
      return typeof value === 'string' ? value : String(value);
    case 'bytes':
      return value instanceof Uint8Array ? encodeBase64(value) : value;
    default:
      return value;
  }
}

function wellKnownToJson(schema: ProtoSchema, typeName: string, value: unknown, path: string): unknown {
  const short = typeName.slice(WKT.length);
  const obj = isObject(value) ? value : {};
  const wrapped = wrapperScalars[short];
  if (wrapped) return scalarToJson(wrapped, obj['value'] ?? wrapperDefaults[wrapped] ?? 0);
  switch (short) {
    case 'Struct':
      return structToJson(obj);
    case 'Value':
      return valueToJson(obj);
    case 'ListValue':
      return listToJson(obj['values']);
    case 'Timestamp':
      return formatTimestamp(String(obj['seconds'] ?? 0), Number(obj['nanos'] ?? 0));
    case 'Duration':
      return formatDuration(String(obj['seconds'] ?? 0), Number(obj['nanos'] ?? 0));
    case 'Empty':
      return {};
    default: {
      const message = schema.message(typeName);
      if (!message) throw new ProtoJsonError(path, `${typeName} is not supported`);
      const out: Record<string, unknown> = {};
      for (const field of message.fields) if (obj[field.name] !== undefined && obj[field.name] !== null) out[field.jsonName] = obj[field.name];
      return out;
    }
  }
}

function structToJson(value: Record<string, unknown>): Record<string, unknown> {
  const fields = isObject(value['fields']) ? value['fields'] : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) setOwn(out, k, valueToJson(isObject(v) ? v : {}));
  return out;
}

function own(value: Record<string, unknown>, key: string): boolean {
  // Own properties only: a decoded protobufjs message keeps oneof defaults on its prototype.
  return Object.prototype.hasOwnProperty.call(value, key) && value[key] != null;
}

function listToJson(values: unknown): unknown[] {
  if (!Array.isArray(values)) return [];
  const out: unknown[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    out[i] = valueToJson(isObject(v) ? v : {});
  }
  return out;
}

function valueToJson(value: Record<string, unknown>): unknown {
  if (own(value, 'structValue')) return structToJson(isObject(value['structValue']) ? value['structValue'] : {});
  if (own(value, 'listValue')) return listToJson(isObject(value['listValue']) ? value['listValue']['values'] : undefined);
  if (own(value, 'stringValue')) return value['stringValue'];
  if (own(value, 'numberValue')) {
    const n = value['numberValue'];
    // JSON has no NaN/Infinity; ProtoJSON renders them as strings.
    return typeof n === 'number' && !Number.isFinite(n) ? (Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity') : n;
  }
  if (own(value, 'boolValue')) return value['boolValue'];
  return null;
}
