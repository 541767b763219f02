/**
 * `{{name}}` in JSON text (an HTTP JSON body, an A2A body, MCP params), the one rule for every tab:
 *
 * - inside a JSON string (`"count": "{{n}}"`) the value is text: it is JSON-escaped into the string,
 *   so quotes, backslashes and newlines in the value keep the JSON valid and arrive exactly;
 * - outside any string (`"count": {{n}}`, as Postman allows in raw JSON bodies) the value is JSON
 *   text put in as it is, before parsing, so `5` is a number, `true` a boolean, `{"a":1}` an object.
 *   A value that is not one JSON value (`abc`, `1, 2`) refuses the send and names the variable.
 *
 * Only the page's editors and the core see the text form; saved specs keep it as written.
 */
import { referenceSource } from './variable-syntax';

export interface JsonReference {
  /** As written, without braces ($uuid for a dynamic one). */
  name: string;
  start: number;
  end: number;
  /** Inside a JSON string literal. */
  quoted: boolean;
}

/** Every `{{…}}` reference in the text, in order, with whether it sits inside a string literal. */
export function jsonReferences(text: string): JsonReference[] {
  const out: JsonReference[] = [];
  if (!text.includes('{{')) return out;
  const at = new RegExp(referenceSource, 'y');
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' && text[i + 1] === '{') {
      at.lastIndex = i;
      const match = at.exec(text);
      if (match) {
        out.push({ name: match[1] as string, start: i, end: i + match[0].length, quoted });
        i += match[0].length - 1;
        continue;
      }
    }
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
  }
  return out;
}

/** Whether the text has a reference outside any string (it is JSON only once that is filled in). */
export function hasUnquotedReference(text: string): boolean {
  return jsonReferences(text).some((r) => !r.quoted);
}

/**
 * The text with each unquoted reference replaced by `null` padded to the same length: it parses
 * exactly when the text is JSON apart from those references, and every offset stays where it was
 * (the editor's problem markers line up with the user's text).
 */
export function maskUnquotedReferences(text: string): string {
  let out = '';
  let from = 0;
  for (const ref of jsonReferences(text)) {
    if (ref.quoted) continue;
    out += text.slice(from, ref.start) + 'null'.padEnd(ref.end - ref.start, ' ');
    from = ref.end;
  }
  return out + text.slice(from);
}

/** Parses JSON text that may hold unquoted references, checking its shape with them standing in as null. */
export function parseJsonTemplate(text: string): { ok: true; value: unknown; template: boolean } | { ok: false; message: string } {
  const template = hasUnquotedReference(text);
  try {
    return { ok: true, value: JSON.parse(template ? maskUnquotedReferences(text) : text), template };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/**
 * The JSON value a template stands for where only JSON fits (a spec file's example, which other
 * tools read): each unquoted reference written as the string `"{{name}}"`. Undefined when the text
 * is not JSON apart from its references. Never what is sent: the text is (fillJsonText).
 */
export function quotedStandIn(text: string): unknown {
  let out = '';
  let from = 0;
  for (const ref of jsonReferences(text)) {
    if (ref.quoted) continue;
    out += text.slice(from, ref.start) + JSON.stringify(text.slice(ref.start, ref.end));
    from = ref.end;
  }
  try {
    return JSON.parse(out + text.slice(from)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * JSON text a save keeps as text: it holds an unquoted reference and is JSON apart from them.
 * `value` is its quoted stand-in (see quotedStandIn). Plain JSON text is `{kind: 'json'}` (saved as
 * the value, as always); anything else a problem naming `what`.
 */
export function readSavedJsonText(
  text: string,
  what: string,
): { kind: 'json'; value: unknown } | { kind: 'template'; text: string; value: unknown } | { kind: 'problem'; message: string } {
  const read = parseJsonTemplate(text);
  if (!read.ok) return { kind: 'problem', message: `${what} is not JSON, even with its {{variables}} standing in for values: ${read.message}` };
  if (!read.template) return { kind: 'json', value: read.value };
  return { kind: 'template', text, value: quotedStandIn(text) };
}

function isOneJsonValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export interface FilledJson {
  text: string;
  /** Names without a value (left as written in `text`). */
  missing: string[];
  /** Names in unquoted position whose value is not one JSON value. */
  notJson: string[];
}

/** The text with every reference filled by the rule above; `lookup` gives a name's value or undefined. */
export function fillJsonText(text: string, lookup: (name: string) => string | undefined): FilledJson {
  const missing: string[] = [];
  const notJson: string[] = [];
  let out = '';
  let from = 0;
  for (const ref of jsonReferences(text)) {
    out += text.slice(from, ref.start);
    from = ref.end;
    const value = lookup(ref.name);
    if (value === undefined) {
      if (!missing.includes(ref.name)) missing.push(ref.name);
      out += text.slice(ref.start, ref.end);
    } else if (ref.quoted) {
      out += JSON.stringify(value).slice(1, -1);
    } else {
      if (!isOneJsonValue(value) && !notJson.includes(ref.name)) notJson.push(ref.name);
      out += value;
    }
  }
  return { text: out + text.slice(from), missing, notJson };
}

/** How a value appears once filled into a JSON string: what redaction must also look for. */
export function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * A whole-value reference standing in a parsed value (`"count": {{n}}` read as a marker string):
 * readers that work on values (the tool-arguments form, the core's check of filled arguments) see
 * where a variable stands, and writeReferenceTemplate puts it back unquoted. The prefix is a NUL and
 * a token drawn once per process, so no string of the text's own can read as a marker; markers only
 * live between a parse and a write in one process, never in anything saved or sent.
 */
const markerPrefix = `\u0000ref-${Math.random().toString(36).slice(2, 10)}:`;
const escapedPrefix = JSON.stringify(markerPrefix).slice(1, -1);
const markerPattern = new RegExp(`^${escapeRegExp(markerPrefix)}${referenceSource}$`);
const markerTextPattern = new RegExp(`"${escapeRegExp(escapedPrefix)}(\\{\\{[^"\\\\]*\\}\\})"`, 'g');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value standing for the unquoted reference `{{name}}` (see referenceMarker). */
export function referenceMarkerFor(name: string): string {
  return `${markerPrefix}{{${name}}}`;
}

/** The name a value stands for when it is a reference marker, else undefined. */
export function referenceMarker(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith(markerPrefix) ? markerPattern.exec(value)?.[1] : undefined;
}

/** JSON text with unquoted references parsed, each reference a marker; undefined when it is not JSON apart from them. */
export function parseReferenceTemplate(text: string): { value: unknown } | undefined {
  let out = '';
  let from = 0;
  for (const ref of jsonReferences(text)) {
    if (ref.quoted) continue;
    out += text.slice(from, ref.start) + JSON.stringify(referenceMarkerFor(ref.name));
    from = ref.end;
  }
  try {
    return { value: JSON.parse(out + text.slice(from)) as unknown };
  } catch {
    return undefined;
  }
}

/** JSON.stringify, with each marker written back as its unquoted `{{name}}`. */
export function writeReferenceTemplate(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(markerTextPattern, (all: string, ref: string) => (referenceMarker(`${markerPrefix}${ref}`) ? ref : all));
}
