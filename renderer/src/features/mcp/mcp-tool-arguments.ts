/**
 * The tool-arguments form's model: which fields a tool's inputSchema gives (one per top-level
 * property), what the arguments start from, and how one field's value is read from and written
 * back into the arguments text. The text stays the one thing that is sent and saved; the form only
 * reads and rewrites its `arguments` object, so the JSON view and the form never disagree.
 *
 * A value is never made up from a type: the arguments start from the schema's own example,
 * default or const only, and a property without one is left out (as HTTP operations do).
 */
import { isObject } from '../../../../shared/a2a/payload';
import { parseJsonTemplate, parseReferenceTemplate, referenceMarker, referenceMarkerFor, writeReferenceTemplate } from '../../../../shared/env/json-variables';
import { wholeVariable } from '../../../../shared/env/variables';
import { inputArguments, ownEntries, requiredNames, resolvedSchema, typeWord } from '../../../../shared/mcp/mcp-input-schema';

type Json = Record<string, unknown>;

/** What control a property gets; `json` is a small JSON text field (objects, arrays, untyped). */
export type ArgumentKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'json';

export interface ArgumentField {
  name: string;
  kind: ArgumentKind;
  required: boolean;
  /** The JSON Schema type as `mcp tools` lists it ("integer", "string | null", "array of string", "any"). */
  type: string;
  description?: string;
  /** `choice`: the enum's values, in order (a select offers them by position). */
  choices?: readonly unknown[];
}

/** A server's schema is not ours: past this many properties the form stops and says how many it left out. */
export const maxArgumentFields = 100;

function kindOf(property: Json | undefined): { kind: ArgumentKind; choices?: readonly unknown[] } {
  if (!property) return { kind: 'json' };
  const declared = property['type'];
  const type = Array.isArray(declared) ? declared.find((t) => t !== 'null') : declared;
  const values = property['enum'];
  if (Array.isArray(values) && values.length && type !== 'object' && type !== 'array') return { kind: 'choice', choices: values };
  switch (type) {
    case 'string':
      return { kind: 'text' };
    case 'number':
      return { kind: 'number' };
    case 'integer':
      return { kind: 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'json' };
  }
}

function define(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One field per top-level property of the inputSchema (at most maxArgumentFields; `left` says how many more there were). */
export function argumentFields(schema: unknown): { fields: ArgumentField[]; left: number } {
  const { args, left } = inputArguments(schema, maxArgumentFields);
  const fields = args.map(({ name, schema: property, required, description }): ArgumentField => ({
    name,
    ...kindOf(property),
    required,
    type: typeWord(property, schema),
    ...(description ? { description } : {}),
  }));
  return { fields, left };
}

/** The schema's own value for a property: its example, first of its examples, default or const. */
function givenValue(schema: Json | undefined): { found: boolean; value?: unknown } {
  if (!schema) return { found: false };
  if ('example' in schema) return { found: true, value: schema['example'] };
  if (Array.isArray(schema['examples']) && schema['examples'].length) return { found: true, value: schema['examples'][0] };
  if ('default' in schema) return { found: true, value: schema['default'] };
  if ('const' in schema) return { found: true, value: schema['const'] };
  return { found: false };
}

/**
 * What a chosen tool's arguments start as: the example the inputSchema gives for the whole object,
 * else each property's own example, default or const. A property without one is left out.
 */
export function documentArguments(schema: unknown): Json {
  const root = resolvedSchema(schema, schema);
  const whole = givenValue(root);
  if (whole.found && isObject(whole.value)) return whole.value;
  const out: Json = {};
  const properties = root && isObject(root['properties']) ? root['properties'] : {};
  for (const [name, raw] of ownEntries(properties).slice(0, maxArgumentFields)) {
    const given = givenValue(resolvedSchema(schema, raw));
    if (given.found && given.value !== undefined) define(out, name, given.value);
  }
  return out;
}

/** The arguments as text; a value written as a whole `{{variable}}` (a reference marker) is written back unquoted. */
export function argumentsText(value: Json): string {
  return `${writeReferenceTemplate(value, 2)}\n`;
}

/**
 * The arguments text as an object, or why the form cannot show it. An unquoted whole-value
 * `{{variable}}` (`"count": {{n}}`) is read as a reference marker (json-variables.ts), so the form
 * shows it in its field; text that is not JSON even so (a typo, `{{a}}{{b}}`) is left to the JSON
 * view, where it stays exactly as typed.
 */
export function readArguments(text: string): { ok: true; value: Json } | { ok: false; reason: 'notJson' | 'notObject' } {
  if (!text.trim()) return { ok: true, value: {} };
  const parsed = parseReferenceTemplate(text);
  if (!parsed) return { ok: false, reason: 'notJson' };
  return isObject(parsed.value) ? { ok: true, value: parsed.value } : { ok: false, reason: 'notObject' };
}

/** The text with one argument set (in place, else at the end) or, for undefined, removed; undefined when the text is not an object. */
export function withArgument(text: string, name: string, value: unknown): string | undefined {
  const read = readArguments(text);
  if (!read.ok) return undefined;
  const out: Json = {};
  let placed = false;
  for (const [key, old] of ownEntries(read.value)) {
    if (key !== name) define(out, key, old);
    else if (value !== undefined) {
      define(out, key, value);
      placed = true;
    }
  }
  if (!placed && value !== undefined) define(out, name, value);
  return argumentsText(out);
}

/** The value an argument has in the text (undefined when absent). */
export function argumentValue(args: Json, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(args, name) ? Object.getOwnPropertyDescriptor(args, name)?.value : undefined;
}

/**
 * What a field's control shows for a value, and which control: a value the control cannot hold
 * (text in a number field, a `"{{n}}"` string, an object in a text field) is shown as JSON instead,
 * so nothing in the text is lost or rewritten by looking at it.
 */
export function controlFor(field: ArgumentField, value: unknown): { kind: ArgumentKind; text: string } {
  if (value === undefined) return { kind: field.kind, text: '' };
  const variable = referenceMarker(value);
  // A whole {{variable}} stays in its own field where that field takes one (filled and checked at send time);
  // a text or choice field would read it as text, so it is shown as JSON there.
  if (variable !== undefined) return { kind: takesVariable(field.kind) ? field.kind : 'json', text: `{{${variable}}}` };
  switch (field.kind) {
    case 'text':
      if (typeof value === 'string') return { kind: 'text', text: value };
      break;
    case 'number':
    case 'integer':
      if (typeof value === 'number') return { kind: field.kind, text: String(value) };
      break;
    case 'boolean':
      if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
      break;
    case 'choice': {
      const key = JSON.stringify(value);
      const index = (field.choices ?? []).findIndex((c) => JSON.stringify(c) === key);
      if (index >= 0) return { kind: 'choice', text: String(index) };
      break;
    }
    case 'json':
      break;
  }
  return { kind: 'json', text: writeReferenceTemplate(value) };
}

/**
 * Fields that take a whole `{{variable}}` as their value, written unquoted (`"count": {{n}}`) as the
 * JSON view allows: the core fills it in as JSON text and checks it against the property's type
 * (mcp-argument-types.ts). A text field's `{{name}}` is text with a variable in it, as everywhere.
 */
export function takesVariable(kind: ArgumentKind): boolean {
  return kind === 'number' || kind === 'integer' || kind === 'boolean' || kind === 'json';
}

/** The JSON grammar's number (RFC 8259 §6). */
const jsonNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export type ControlValue = { ok: true; value: unknown } | { ok: false; problem: 'notNumber' | 'notInteger' | 'notJson' | 'notVariable' };

/** The value a control's text stands for; empty is "not given" (undefined), so the argument is left out. */
export function valueFromControl(field: ArgumentField, kind: ArgumentKind, text: string): ControlValue {
  if (text.trim() === '') return { ok: true, value: undefined };
  const variable = takesVariable(kind) ? wholeVariable(text.trim()) : undefined;
  if (variable !== undefined) return { ok: true, value: referenceMarkerFor(variable) };
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'number':
    case 'integer': {
      // A JSON number as written ("12", "-0.5", "1e3"): Number() alone would also take "0x10", "0b1" or "1_0"-less forms JSON refuses.
      if (!jsonNumber.test(text.trim())) return { ok: false, problem: 'notNumber' };
      const n = Number(text);
      if (!Number.isFinite(n)) return { ok: false, problem: 'notNumber' };
      if (kind === 'integer' && !Number.isInteger(n)) return { ok: false, problem: 'notInteger' };
      return { ok: true, value: n };
    }
    case 'boolean':
      // Only the select's words, or a {{variable}} typed after choosing "Variable…" (handled above).
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false, problem: 'notVariable' };
    case 'choice':
      return { ok: true, value: field.choices?.[Number(text)] };
    case 'json': {
      const parsed = parseReferenceTemplate(text);
      return parsed ? { ok: true, value: parsed.value } : { ok: false, problem: 'notJson' };
    }
  }
}

/**
 * The required arguments the text leaves out, by name. A `{{variable}}` counts as given (the core
 * fills it in); text that does not parse names none (the JSON check says what is wrong with it).
 */
export function missingArguments(schema: unknown, text: string): string[] {
  const root = resolvedSchema(schema, schema);
  const required = requiredNames(root);
  if (!required.length) return [];
  const read = text.trim() ? parseJsonTemplate(text) : { ok: true as const, value: {} };
  if (!read.ok || !isObject(read.value)) return [];
  const args = read.value;
  return required.filter((name) => !Object.prototype.hasOwnProperty.call(args, name));
}
