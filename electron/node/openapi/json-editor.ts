/**
 * Lossless edits of a JSON spec file: the objects on the way to the operation are located by a
 * small scanner and only the touched values are replaced, rendered in the file's own indentation
 * (or compact, when the file is minified). Everything else stays byte-for-byte.
 *
 * Why not jsonc-parser's modify/applyEdits: each modify() builds a tree of the whole document.
 * Measured on the 6.9 MB, 5,000-operation JSON file of `npm run bench -- spec` (2-core machine,
 * load ~1, median of 5): parseTree 200 ms, one modify + applyEdits 200 ms, a save's four field edits
 * 1.0 s, against JSON.parse 23 ms; the bench's whole open + save here takes about 0.5 s. The
 * scanner below jumps between structural characters with a native regex and never parses what it
 * does not touch.
 */
import type { SpecTextEditor } from '../../../shared/openapi/spec-edits';
import { deepEqual, NotEditable } from '../../../shared/openapi/spec-edits';
import { isObject } from '../../../shared/a2a/payload';

export interface JsonPair {
  key: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

export interface JsonObjectOutline {
  open: number;
  close: number;
  pairs: JsonPair[];
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

export function skipWs(text: string, pos: number): number {
  let i = pos;
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

function stringEnd(text: string, pos: number): number {
  let from = pos + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw new NotEditable('Unterminated string.');
    let slashes = 0;
    for (let j = quote - 1; j > pos && text.charCodeAt(j) === 92; j--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Jumps between the characters that matter to nesting (native regex search is far faster than a JS loop). */
const structural = /["{}[\]]/g;

/** Objects and arrays nested up to this depth get their closing position indexed (root members, path items, operations). */
const INDEXED_DEPTH = 4;

/**
 * Where the shallow objects and arrays of one text close, found in a single scan. Outlining
 * `paths` or the root otherwise re-scans every byte below them, and one save outlines them several
 * times (editor and proof); with the index each member's end is one lookup.
 */
export class JsonCloseIndex {
  private readonly closes = new Map<number, number>();

  constructor(text: string) {
    const stack: number[] = [];
    structural.lastIndex = 0;
    for (;;) {
      const m = structural.exec(text);
      if (!m) break;
      const k = text.charCodeAt(m.index);
      if (k === 34) structural.lastIndex = stringEnd(text, m.index);
      else if (k === 123 || k === 91) stack.push(m.index);
      else {
        const open = stack.pop();
        if (open === undefined || text.charCodeAt(open) !== (k === 125 ? 123 : 91)) throw new NotEditable('Unbalanced brackets.');
        if (stack.length < INDEXED_DEPTH) this.closes.set(open, m.index);
      }
    }
  }

  /** Position of the `}`/`]` closing the value opened at `open`, when indexed. */
  closeOf(open: number): number | undefined {
    return this.closes.get(open);
  }
}

/** End (exclusive) of the JSON value starting at `pos`. */
function valueEnd(text: string, pos: number, index?: JsonCloseIndex): number {
  const c = text.charCodeAt(pos);
  if (c === 34) return stringEnd(text, pos);
  if (c === 123 || c === 91) {
    const close = index?.closeOf(pos);
    if (close !== undefined) return close + 1;
    let depth = 0;
    structural.lastIndex = pos;
    for (;;) {
      const m = structural.exec(text);
      if (!m) throw new NotEditable('Unbalanced brackets.');
      const k = text.charCodeAt(m.index);
      if (k === 34) structural.lastIndex = stringEnd(text, m.index);
      else if (k === 123 || k === 91) depth++;
      else if (--depth === 0) return m.index + 1;
    }
  }
  let i = pos;
  while (i < text.length && !isWs(text.charCodeAt(i)) && !',}]'.includes(text[i] as string)) i++;
  return i;
}

/** The members of the JSON object whose `{` is at `open` (values located, not parsed); `index` must be of this very text. */
export function jsonObjectAt(text: string, open: number, index?: JsonCloseIndex): JsonObjectOutline | undefined {
  if (text.charCodeAt(open) !== 123) return undefined;
  const pairs: JsonPair[] = [];
  let i = skipWs(text, open + 1);
  if (text.charCodeAt(i) === 125) return { open, close: i, pairs };
  for (;;) {
    if (text.charCodeAt(i) !== 34) throw new NotEditable('Expected a key.');
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    let j = skipWs(text, keyEnd);
    if (text.charCodeAt(j) !== 58) throw new NotEditable('Expected ":".');
    j = skipWs(text, j + 1);
    const end = valueEnd(text, j, index);
    pairs.push({ key, keyStart: i, keyEnd, valueStart: j, valueEnd: end });
    i = skipWs(text, end);
    const c = text.charCodeAt(i);
    if (c === 44) {
      i = skipWs(text, i + 1);
      continue;
    }
    if (c === 125) return { open, close: i, pairs };
    throw new NotEditable('Expected "," or "}".');
  }
}

export class JsonSpecEditor implements SpecTextEditor {
  private text: string;
  /** Close positions of the current text; dropped on every change and rebuilt only to outline from the root. */
  private index: JsonCloseIndex | undefined;
  private originalIndex: JsonCloseIndex | undefined;
  private readonly original: string;
  private readonly unit: string;
  private readonly eol: string;
  private readonly compact: boolean;

  constructor(text: string) {
    this.text = text;
    this.original = text;
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
    const m = /\{\r?\n([ \t]+)"/.exec(text);
    this.compact = !/[{[]\r?\n/.test(text);
    this.unit = m ? (m[1] as string) : '  ';
  }

  toString(): string {
    return this.text;
  }

  /** The index of the text this editor started from, if it was built (the proof of the edit reuses it). */
  indexOfOriginal(): JsonCloseIndex | undefined {
    return this.originalIndex;
  }

  private ensureIndex(): void {
    if (this.index) return;
    this.index = new JsonCloseIndex(this.text);
    if (this.text === this.original) this.originalIndex = this.index;
  }

  // ---- scanning ------------------------------------------------------------------------------

  private skipWs(pos: number): number {
    return skipWs(this.text, pos);
  }

  private objectAt(open: number): JsonObjectOutline | undefined {
    return jsonObjectAt(this.text, open, this.index);
  }

  private root(): JsonObjectOutline {
    this.ensureIndex();
    const root = this.objectAt(this.skipWs(0));
    if (!root) throw new NotEditable('The document is not a JSON object.');
    return root;
  }

  private childObject(pair: JsonPair, what: string): JsonObjectOutline {
    const obj = this.objectAt(pair.valueStart);
    if (!obj) throw new NotEditable(`${what} is not an object.`);
    return obj;
  }

  /** Whitespace before the key on its line, or undefined when the member shares its line with others. */
  private lineIndent(pos: number): string | undefined {
    const lineStart = this.text.lastIndexOf('\n', pos - 1) + 1;
    const prefix = this.text.slice(lineStart, pos);
    return /^[ \t]*$/.test(prefix) ? prefix : undefined;
  }

  /** Multi-line at the member's indentation, or on one line (with the file's spacing) when the member is inline. */
  private render(value: unknown, baseIndent: string | undefined, spacing: { colon: string; comma: string } = { colon: ':', comma: ',' }): string {
    if (this.compact || baseIndent === undefined) return inlineJson(value, spacing);
    return JSON.stringify(value, null, this.unit)
      .split('\n')
      .join(this.eol + baseIndent);
  }

  /** Separators used inside an object written on one line (`{"a": 1, "b": 2}` vs `{"a":1,"b":2}`). */
  private spacingOf(obj: JsonObjectOutline): { colon: string; comma: string } {
    const first = obj.pairs[0];
    const colon = first ? `:${/:([ ]*)/.exec(this.text.slice(first.keyEnd, first.valueStart))?.[1] ?? ''}` : ': ';
    const second = obj.pairs[1];
    const comma = second && first ? `,${/,([ ]*)/.exec(this.text.slice(first.valueEnd, second.keyStart))?.[1] ?? ''}` : colon === ':' ? ',' : ', ';
    return { colon, comma };
  }

  private replace(start: number, end: number, insert: string): void {
    this.text = this.text.slice(0, start) + insert + this.text.slice(end);
    this.index = undefined;
  }

  private isOneLine(obj: JsonObjectOutline): boolean {
    return !this.text.slice(obj.open, obj.close).includes('\n');
  }

  /** `"key": value` entries appended to an object, matching its layout. */
  private appendMembers(obj: JsonObjectOutline, entries: Array<[string, unknown]>): void {
    const objIndent = this.lineIndentOfObject(obj);
    if (obj.pairs.length > 0 && (this.compact || this.isOneLine(obj))) {
      const spacing = this.spacingOf(obj);
      const last = obj.pairs[obj.pairs.length - 1] as JsonPair;
      this.replace(
        last.valueEnd,
        last.valueEnd,
        entries.map(([k, v]) => `${spacing.comma}${JSON.stringify(k)}${spacing.colon}${inlineJson(v, spacing)}`).join(''),
      );
      return;
    }
    if (obj.pairs.length === 0) {
      if (this.compact) {
        this.replace(obj.open, obj.close + 1, `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);
        return;
      }
      const inner = objIndent + this.unit;
      const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${this.render(v, inner)}`).join(`,${this.eol}`);
      this.replace(obj.open, obj.close + 1, `{${this.eol}${body}${this.eol}${objIndent}}`);
      return;
    }
    const last = obj.pairs[obj.pairs.length - 1] as JsonPair;
    const sep = this.text.slice(last.keyEnd, last.valueStart);
    const indent = this.lineIndent(last.keyStart) ?? objIndent + this.unit;
    this.replace(last.valueEnd, last.valueEnd, entries.map(([k, v]) => `,${this.eol}${indent}${JSON.stringify(k)}${sep}${this.render(v, indent)}`).join(''));
  }

  private lineIndentOfObject(obj: JsonObjectOutline): string {
    const lineStart = this.text.lastIndexOf('\n', obj.open - 1) + 1;
    return /^[ \t]*/.exec(this.text.slice(lineStart, obj.open))?.[0] ?? '';
  }

  private removeMember(obj: JsonObjectOutline, index: number): void {
    const pair = obj.pairs[index] as JsonPair;
    if (obj.pairs.length === 1) {
      this.replace(obj.open, obj.close + 1, '{}');
      return;
    }
    if (index > 0) {
      const prev = obj.pairs[index - 1] as JsonPair;
      this.replace(prev.valueEnd, pair.valueEnd, '');
      return;
    }
    const next = obj.pairs[1] as JsonPair;
    this.replace(pair.keyStart, next.keyStart, '');
  }

  // ---- edits ---------------------------------------------------------------------------------

  setOperationFields(
    path: string,
    verb: string,
    fields: Array<[string, unknown]>,
    existing: Record<string, unknown> | undefined,
    remove: readonly string[] = [],
  ): void {
    const root = this.root();
    const opObject = (): Record<string, unknown> => Object.fromEntries(fields);
    const pathsPair = root.pairs.find((p) => p.key === 'paths');
    if (!pathsPair) return this.appendMembers(root, [['paths', { [path]: { [verb]: opObject() } }]]);
    const paths = this.childObject(pathsPair, 'paths');
    const itemPair = paths.pairs.find((p) => p.key === path);
    if (!itemPair) return this.appendMembers(paths, [[path, { [verb]: opObject() }]]);
    const item = this.childObject(itemPair, `The path item ${path}`);
    const opPair = item.pairs.find((p) => p.key === verb);
    if (!opPair) return this.appendMembers(item, [[verb, opObject()]]);
    const op = this.childObject(opPair, `The operation ${verb} ${path}`);
    this.updateObject(op, existing ?? {}, Object.fromEntries(fields), false);
    // Removals last, each on a fresh outline (every removal shifts the offsets after it).
    for (const key of remove) {
      if (fields.some(([k]) => k === key)) continue;
      const current = this.childObject(this.locateOperationPair(path, verb), `The operation ${verb} ${path}`);
      const index = current.pairs.findIndex((p) => p.key === key);
      if (index >= 0) this.removeMember(current, index);
    }
  }

  /** The operation's member in its path item, looked up afresh. */
  private locateOperationPair(path: string, verb: string): JsonPair {
    const { item, opIndex } = this.locate(path, verb);
    return item.pairs[opIndex] as JsonPair;
  }

  /**
   * Updates the members of `obj` to `next`: unchanged members are left alone, nested objects are
   * updated member by member; `complete` = members missing from `next` are removed.
   */
  private updateObject(obj: JsonObjectOutline, previous: Record<string, unknown>, next: Record<string, unknown>, complete: boolean): void {
    // Bottom-up, so earlier offsets stay valid; appends go last on a fresh outline.
    for (let i = obj.pairs.length - 1; i >= 0; i--) {
      const pair = obj.pairs[i] as JsonPair;
      if (!Object.prototype.hasOwnProperty.call(next, pair.key)) {
        if (complete) {
          const current = this.objectAt(obj.open) as JsonObjectOutline;
          this.removeMember(
            current,
            current.pairs.findIndex((p) => p.key === pair.key),
          );
        }
        continue;
      }
      this.updateMember(pair, previous[pair.key], next[pair.key]);
    }
    const fresh = this.objectAt(obj.open) as JsonObjectOutline;
    const added = Object.entries(next).filter(([k]) => !fresh.pairs.some((p) => p.key === k));
    if (added.length) this.appendMembers(fresh, added);
  }

  private updateMember(pair: JsonPair, previous: unknown, next: unknown): void {
    if (deepEqual(previous, next)) return;
    if (isObject(previous) && isObject(next) && Object.keys(next).length > 0) {
      const obj = this.objectAt(pair.valueStart);
      if (obj && obj.pairs.length > 0 && obj.pairs.every((p) => Object.prototype.hasOwnProperty.call(previous, p.key))) {
        this.updateObject(obj, previous, next, true);
        return;
      }
    }
    const indent = this.lineIndent(pair.keyStart);
    const holder = indent === undefined ? this.enclosingObject(pair) : undefined;
    this.replace(pair.valueStart, pair.valueEnd, this.render(next, indent, holder ? this.spacingOf(holder) : undefined));
  }

  /** The object a member sits in (scanned back from the member to its opening brace). */
  private enclosingObject(pair: JsonPair): JsonObjectOutline | undefined {
    let depth = 0;
    for (let i = pair.keyStart - 1; i >= 0; i--) {
      const c = this.text.charCodeAt(i);
      if (c === 34) {
        // Skip back over a string (its opening quote is the previous unescaped quote).
        for (i--; i >= 0; i--) {
          if (this.text.charCodeAt(i) === 34) {
            let slashes = 0;
            for (let j = i - 1; j >= 0 && this.text.charCodeAt(j) === 92; j--) slashes++;
            if (slashes % 2 === 0) break;
          }
        }
      } else if (c === 125 || c === 93) depth++;
      else if (c === 123 || c === 91) {
        if (depth === 0) return c === 123 ? this.objectAt(i) : undefined;
        depth--;
      }
    }
    return undefined;
  }

  private locate(path: string, verb: string): { paths: JsonObjectOutline; itemIndex: number; item: JsonObjectOutline; opIndex: number } {
    const root = this.root();
    const pathsPair = root.pairs.find((p) => p.key === 'paths');
    if (!pathsPair) throw new NotEditable('The file has no paths.');
    const paths = this.childObject(pathsPair, 'paths');
    const itemIndex = paths.pairs.findIndex((p) => p.key === path);
    if (itemIndex < 0) throw new NotEditable(`No path ${path} in the file.`);
    const item = this.childObject(paths.pairs[itemIndex] as JsonPair, `The path item ${path}`);
    const opIndex = item.pairs.findIndex((p) => p.key === verb);
    if (opIndex < 0) throw new NotEditable(`No ${verb} operation under ${path}.`);
    return { paths, itemIndex, item, opIndex };
  }

  removeOperation(path: string, verb: string): void {
    const { paths, itemIndex, item, opIndex } = this.locate(path, verb);
    if (item.pairs.length > 1) this.removeMember(item, opIndex);
    else this.removeMember(paths, itemIndex);
  }

  renameOperation(path: string, verb: string, newPath: string): void {
    const { paths, itemIndex, item, opIndex } = this.locate(path, verb);
    const target = paths.pairs.find((p) => p.key === newPath);
    const itemPair = paths.pairs[itemIndex] as JsonPair;
    if (!target && item.pairs.length === 1) {
      this.replace(itemPair.keyStart, itemPair.keyEnd, JSON.stringify(newPath));
      return;
    }
    const opPair = item.pairs[opIndex] as JsonPair;
    const value = JSON.parse(this.text.slice(opPair.valueStart, opPair.valueEnd)) as unknown;
    this.removeOperation(path, verb);
    const fresh = this.childObject(this.root().pairs.find((p) => p.key === 'paths') as JsonPair, 'paths');
    const targetPair = fresh.pairs.find((p) => p.key === newPath);
    if (targetPair) this.appendMembers(this.childObject(targetPair, `The path item ${newPath}`), [[verb, value]]);
    else this.appendMembers(fresh, [[newPath, { [verb]: value }]]);
  }

  addSchemas(schemas: Array<[string, unknown]>): void {
    const root = this.root();
    const compPair = root.pairs.find((p) => p.key === 'components');
    if (!compPair) return this.appendMembers(root, [['components', { schemas: Object.fromEntries(schemas) }]]);
    const comp = this.childObject(compPair, 'components');
    const schemasPair = comp.pairs.find((p) => p.key === 'schemas');
    if (!schemasPair) return this.appendMembers(comp, [['schemas', Object.fromEntries(schemas)]]);
    const existing = this.childObject(schemasPair, 'components/schemas');
    const missing = schemas.filter(([name]) => !existing.pairs.some((p) => p.key === name));
    if (missing.length) this.appendMembers(existing, missing);
  }

  /** components/<section>/<name>: appended where missing, else updated member by member. */
  setComponent(section: string, name: string, value: unknown, previous: unknown): void {
    const root = this.root();
    const entry = (): Record<string, unknown> => Object.fromEntries([[name, value]]);
    const compPair = root.pairs.find((p) => p.key === 'components');
    if (!compPair) return this.appendMembers(root, [['components', Object.fromEntries([[section, entry()]])]]);
    const comp = this.childObject(compPair, 'components');
    const sectionPair = comp.pairs.find((p) => p.key === section);
    if (!sectionPair) return this.appendMembers(comp, [[section, entry()]]);
    const sectionObj = this.childObject(sectionPair, `components/${section}`);
    const pair = sectionObj.pairs.find((p) => p.key === name);
    if (!pair) this.appendMembers(sectionObj, [[name, value]]);
    else this.updateMember(pair, previous, value);
  }
}

/** JSON on one line with the given separators (`{"a": 1, "b": [1, 2]}`). */
export function inlineJson(value: unknown, spacing: { colon: string; comma: string }): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => inlineJson(v, spacing)).join(spacing.comma)}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}${spacing.colon}${inlineJson(v, spacing)}`).join(spacing.comma)}}`;
}
