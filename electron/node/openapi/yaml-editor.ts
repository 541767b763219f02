/**
 * Lossless edits of a YAML spec file. The outline of the block mappings on the way to the
 * operation (root → paths → path → verb, root → components → schemas) is read line by line,
 * and only the lines of the touched entries are replaced; the new lines are rendered with the
 * `yaml` Document API in the file's own indentation. Every other byte — comments, key order,
 * quoting, anchors, unknown extensions, other operations — is left as it was.
 */
import { Document, isScalar } from 'yaml';
import type { SpecTextEditor } from '../../../shared/openapi/spec-edits';
import { deepEqual, NotEditable } from '../../../shared/openapi/spec-edits';
import { doubleQuotedEnd, indentOf, isBlankOrComment, isSeqItemAt, keyAt, singleQuotedEnd, trimYamlWhite } from './yaml-lines';
import type { MapOutline, Pair } from './yaml-outline';
import { inlineKind, outlineMap } from './yaml-outline';
import { isObject } from '../../../shared/a2a/payload';

interface YamlStyle {
  unit: number;
  indentSeq: boolean;
  singleQuote: boolean;
}

type Obj = Record<string, unknown>;

export class YamlSpecEditor implements SpecTextEditor {
  private lines: string[];
  private readonly eol: string;
  private readonly style: YamlStyle;
  /** The lines as they were before any edit (the check of the edit reads them, a big file need not be split again). */
  readonly originalLines: readonly string[];

  constructor(text: string) {
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
    this.lines = text.split('\n');
    if (this.eol === '\r\n') this.lines = this.lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    else if (this.lines[this.lines.length - 1]?.endsWith('\r')) this.lines[this.lines.length - 1] = (this.lines[this.lines.length - 1] as string).slice(0, -1);
    this.originalLines = this.lines.slice();
    this.style = this.detectStyle();
  }

  toString(): string {
    return this.lines.join(this.eol);
  }

  /** The edited lines: toString() split at its line breaks (no line holds one; splice() makes sure). */
  currentLines(): readonly string[] {
    return this.lines;
  }

  // ---- outline -------------------------------------------------------------------------------

  private mapIn(start: number, end: number): MapOutline | undefined {
    return outlineMap(this.lines, start, end);
  }

  private root(): MapOutline | undefined {
    return this.mapIn(0, this.lines.length);
  }

  private child(pair: Pair): MapOutline | undefined {
    if (pair.inline !== 'none') return undefined;
    const map = this.mapIn(pair.line + 1, pair.end);
    return map && map.indent > pair.col ? map : undefined;
  }

  private detectStyle(): YamlStyle {
    let unit = 0;
    let flatSeqs = 0;
    let indentedSeqs = 0;
    let single = 0;
    let double = 0;
    const limit = Math.min(this.lines.length, 4000);
    let prevKeyIndent = -1;
    let prevWasOpenKey = false;
    for (let i = 0; i < limit; i++) {
      const line = this.lines[i] as string;
      const ind = indentOf(line);
      if (isBlankOrComment(line, ind)) continue;
      if (prevWasOpenKey) {
        if (ind > prevKeyIndent && unit === 0 && !isSeqItemAt(line, ind)) unit = ind - prevKeyIndent;
        if (isSeqItemAt(line, ind)) {
          if (ind === prevKeyIndent) flatSeqs++;
          else if (ind > prevKeyIndent) indentedSeqs++;
        }
      }
      const key = keyAt(line, isSeqItemAt(line, ind) ? ind + 2 : ind);
      prevWasOpenKey = Boolean(key && inlineKind(line, key.after) === 'none');
      prevKeyIndent = isSeqItemAt(line, ind) ? ind + 2 : ind;
      const valueStart = key ? trimYamlWhite(line.slice(key.after)) : '';
      if (valueStart.startsWith("'")) single++;
      else if (valueStart.startsWith('"')) double++;
    }
    return { unit: unit > 0 && unit <= 8 ? unit : 2, indentSeq: flatSeqs <= indentedSeqs, singleQuote: single > double };
  }

  /** `entries` as block YAML lines at column `indent`, via the yaml Document API. */
  private render(entries: Array<[string, unknown]>, indent: number): string[] {
    // Shared objects (the catalogue reuses schema fragments) are written out in full, never as anchors.
    const doc = new Document(new Map(entries), { aliasDuplicateObjects: false });
    const text = doc.toString({
      indent: this.style.unit,
      indentSeq: this.style.indentSeq,
      singleQuote: this.style.singleQuote,
      lineWidth: 0,
      minContentWidth: 0,
    });
    const pad = ' '.repeat(indent);
    return text
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => (l === '' ? '' : pad + l));
  }

  private splice(start: number, deleteCount: number, insert: string[]): void {
    if (insert.some((l) => l.includes('\n'))) throw new Error('A line to insert holds a line break.');
    // Spreading hundreds of thousands of lines as arguments overflows the stack (a 5 MB MCP tool schema).
    if (insert.length <= 10_000) this.lines.splice(start, deleteCount, ...insert);
    else this.lines = this.lines.slice(0, start).concat(insert, this.lines.slice(start + deleteCount));
  }

  /** Comment lines directly above a key at its own indentation describe it and go with it. */
  private leadingComments(pair: Pair): number {
    let start = pair.line;
    while (start > 0) {
      const line = this.lines[start - 1] as string;
      const ind = indentOf(line);
      if (ind < line.length && ind === pair.col && line.charCodeAt(ind) === 35) start--;
      else break;
    }
    return start;
  }

  private requireMap(map: MapOutline | undefined, what: string): MapOutline {
    if (!map) throw new NotEditable(`${what} is not written as a block mapping; Powerduck only edits block-style YAML there.`);
    return map;
  }

  // ---- edits ---------------------------------------------------------------------------------

  setOperationFields(
    path: string,
    verb: string,
    fields: Array<[string, unknown]>,
    existing: Record<string, unknown> | undefined,
    remove: readonly string[] = [],
  ): void {
    const opValue = (): Map<string, unknown> => new Map(fields);
    const root = this.root();
    if (!root) {
      // Empty document: nothing to keep.
      this.lines = [...this.render([['paths', new Map([[path, new Map([[verb, opValue()]])]])]], 0), ''];
      return;
    }
    const pathsPair = root.pairs.find((p) => p.key === 'paths');
    if (!pathsPair) {
      this.splice(root.insertAt, 0, this.render([['paths', new Map([[path, new Map([[verb, opValue()]])]])]], root.indent));
      return;
    }
    if (pathsPair.inline === 'empty-map') {
      this.splice(pathsPair.line, pathsPair.end - pathsPair.line, this.render([['paths', new Map([[path, new Map([[verb, opValue()]])]])]], pathsPair.col));
      return;
    }
    const paths = this.requireMap(this.child(pathsPair), 'paths');
    const item = paths.pairs.find((p) => p.key === path);
    if (!item) {
      this.splice(paths.insertAt, 0, this.render([[path, new Map([[verb, opValue()]])]], paths.indent));
      return;
    }
    if (item.inline === 'empty-map') {
      this.splice(item.line, item.end - item.line, this.render([[path, new Map([[verb, opValue()]])]], item.col));
      return;
    }
    const itemMap = this.requireMap(this.child(item), `The path item ${path}`);
    const op = itemMap.pairs.find((p) => p.key === verb);
    if (!op) {
      this.splice(itemMap.insertAt, 0, this.render([[verb, opValue()]], itemMap.indent));
      return;
    }
    if (op.inline === 'empty-map') {
      this.splice(op.line, op.end - op.line, this.render([[verb, opValue()]], op.col));
      return;
    }
    const opMap = this.requireMap(this.child(op), `The operation ${verb} ${path}`);
    // Work from the bottom up so earlier line numbers stay valid: appended keys first, then updates and removals.
    const missing = fields.filter(([k]) => !opMap.pairs.some((p) => p.key === k));
    if (missing.length) this.splice(opMap.insertAt, 0, this.render(missing, opMap.indent));
    const touched = opMap.pairs.filter((p) => fields.some(([k]) => k === p.key) || remove.includes(p.key)).sort((a, b) => b.line - a.line);
    for (const pair of touched) {
      const entry = fields.find(([k]) => k === pair.key);
      if (entry) this.updatePair(pair, existing?.[pair.key], entry[1]);
      else {
        // A removed key takes its own comment lines with it, as a removed operation does.
        const start = this.leadingComments(pair);
        this.splice(start, pair.end - start, []);
      }
    }
  }

  /**
   * Gives `pair` the value `next`, rewriting as little as possible: an equal value is left alone,
   * and a block mapping is updated key by key (so comments and layout of unchanged keys stay).
   */
  private updatePair(pair: Pair, previous: unknown, next: unknown): void {
    if (deepEqual(previous, next)) return;
    if (isObject(previous) && isObject(next) && Object.keys(next).length > 0 && pair.inline === 'none') {
      const map = this.child(pair);
      if (map && map.pairs.every((p) => Object.prototype.hasOwnProperty.call(previous, p.key))) {
        const added = Object.entries(next).filter(([k]) => !map.pairs.some((p) => p.key === k));
        if (added.length) this.splice(map.insertAt, 0, this.render(added, map.indent));
        for (const sub of [...map.pairs].sort((a, b) => b.line - a.line)) {
          if (!Object.prototype.hasOwnProperty.call(next, sub.key)) {
            const start = this.leadingComments(sub);
            this.splice(start, sub.end - start, []);
          } else this.updatePair(sub, previous[sub.key], next[sub.key]);
        }
        return;
      }
    }
    if (this.replaceScalarInPlace(pair, previous, next)) return;
    this.splice(pair.line, pair.end - pair.line, this.render([[pair.key, next]], pair.col));
  }

  /** A one-line scalar replaced by a scalar keeps its quoting style and its trailing comment. */
  private replaceScalarInPlace(pair: Pair, previous: unknown, next: unknown): boolean {
    const scalar = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (!scalar(previous) || !scalar(next) || pair.inline !== 'other' || pair.end !== pair.line + 1) return false;
    const line = this.lines[pair.line] as string;
    let start = pair.after;
    while (line.charCodeAt(start) === 32) start++;
    const first = line[start] ?? '';
    if ('&*!|>[{'.includes(first)) return false;
    let end: number;
    if (first === '"') end = doubleQuotedEnd(line, start) + 1;
    else if (first === "'") end = singleQuotedEnd(line, start) + 1;
    else {
      const hash = line.indexOf(' #', start);
      end = hash === -1 ? line.length : hash;
      while (end > start && line.charCodeAt(end - 1) === 32) end--;
    }
    if (end <= start) return false;
    const doc = new Document(next);
    if (typeof next === 'string' && isScalar(doc.contents)) doc.contents.type = first === '"' ? 'QUOTE_DOUBLE' : first === "'" ? 'QUOTE_SINGLE' : 'PLAIN';
    const text = doc.toString({ lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
    if (text.includes('\n')) return false;
    this.lines[pair.line] = line.slice(0, start) + text + line.slice(end);
    return true;
  }

  private locateOperation(path: string, verb: string): { paths: MapOutline; pathsPair: Pair; item: Pair; itemMap: MapOutline; op: Pair } {
    const root = this.requireMap(this.root(), 'The document');
    const pathsPair = root.pairs.find((p) => p.key === 'paths');
    if (!pathsPair) throw new NotEditable('The file has no paths.');
    const paths = this.requireMap(this.child(pathsPair), 'paths');
    const item = paths.pairs.find((p) => p.key === path);
    if (!item) throw new NotEditable(`No path ${path} in the file.`);
    const itemMap = this.requireMap(this.child(item), `The path item ${path}`);
    const op = itemMap.pairs.find((p) => p.key === verb);
    if (!op) throw new NotEditable(`No ${verb} operation under ${path}.`);
    return { paths, pathsPair, item, itemMap, op };
  }

  /** Removes the operation, its path item when it empties, and turns an emptied paths into `{}`. */
  removeOperation(path: string, verb: string): void {
    const { paths, pathsPair, item, itemMap, op } = this.locateOperation(path, verb);
    if (itemMap.pairs.length > 1) {
      const start = this.leadingComments(op);
      this.splice(start, op.end - start, []);
      return;
    }
    if (paths.pairs.length > 1) {
      const start = this.leadingComments(item);
      this.splice(start, item.end - start, []);
      return;
    }
    this.splice(pathsPair.line, pathsPair.end - pathsPair.line, this.render([['paths', {}]], pathsPair.col));
  }

  private keyText(key: string, style: Pair['style']): string {
    const plainOk = /^[A-Za-z0-9_/.{}~$-][A-Za-z0-9_/.{}~$@:+-]*$/.test(key) && !/:$/.test(key) && keyAt(`${key}: x`, 0)?.key === key;
    if (style === 'plain' && plainOk) return key;
    if (style === 'single' && !key.includes('\n')) return `'${key.replace(/'/g, "''")}'`;
    if (plainOk && style !== 'double') return key;
    return JSON.stringify(key);
  }

  renameOperation(path: string, verb: string, newPath: string): void {
    const { paths, item, itemMap, op } = this.locateOperation(path, verb);
    const target = paths.pairs.find((p) => p.key === newPath);
    if (!target && itemMap.pairs.length === 1) {
      // The path item holds only this operation: rename the key and leave every other byte alone.
      const line = this.lines[item.line] as string;
      const colon = item.after - 1;
      this.lines[item.line] = `${line.slice(0, item.col)}${this.keyText(newPath, item.style)}${line.slice(colon)}`;
      return;
    }
    // Move the operation's own lines (re-indented if the target sits elsewhere).
    const start = this.leadingComments(op);
    const block = this.lines.slice(start, op.end);
    this.removeOperation(path, verb);
    const fresh = this.requireMap(this.root(), 'The document');
    const freshPathsPair = fresh.pairs.find((p) => p.key === 'paths');
    const freshPaths = freshPathsPair && freshPathsPair.inline === 'none' ? this.child(freshPathsPair) : undefined;
    const targetItem = freshPaths?.pairs.find((p) => p.key === newPath);
    if (targetItem) {
      const targetMap = this.requireMap(this.child(targetItem), `The path item ${newPath}`);
      this.splice(targetMap.insertAt, 0, this.reindent(block, op.col, targetMap.indent));
      return;
    }
    if (freshPaths) {
      const itemIndent = freshPaths.indent;
      const opIndent = itemIndent + this.style.unit;
      this.splice(freshPaths.insertAt, 0, [`${' '.repeat(itemIndent)}${this.keyText(newPath, 'plain')}:`, ...this.reindent(block, op.col, opIndent)]);
      return;
    }
    // paths became `{}`: write it as a block again.
    const pathsLine = freshPathsPair as Pair;
    const itemIndent = pathsLine.col + this.style.unit;
    this.splice(pathsLine.line, pathsLine.end - pathsLine.line, [
      `${' '.repeat(pathsLine.col)}paths:`,
      `${' '.repeat(itemIndent)}${this.keyText(newPath, 'plain')}:`,
      ...this.reindent(block, op.col, itemIndent + this.style.unit),
    ]);
  }

  private reindent(block: string[], from: number, to: number): string[] {
    if (from === to) return block;
    const delta = to - from;
    return block.map((line) => {
      if (trimYamlWhite(line) === '') return line;
      if (delta > 0) return ' '.repeat(delta) + line;
      if (indentOf(line) < -delta) throw new NotEditable('The operation cannot be moved without changing its content.');
      return line.slice(-delta);
    });
  }

  addSchemas(schemas: Array<[string, unknown]>): void {
    const root = this.requireMap(this.root(), 'The document');
    const components = root.pairs.find((p) => p.key === 'components');
    const schemaMap = (): Map<string, unknown> => new Map(schemas);
    if (!components) {
      this.splice(root.insertAt, 0, this.render([['components', new Map([['schemas', schemaMap()]])]], root.indent));
      return;
    }
    if (components.inline === 'empty-map') {
      this.splice(components.line, components.end - components.line, this.render([['components', new Map([['schemas', schemaMap()]])]], components.col));
      return;
    }
    const compMap = this.requireMap(this.child(components), 'components');
    const schemasPair = compMap.pairs.find((p) => p.key === 'schemas');
    if (!schemasPair) {
      this.splice(compMap.insertAt, 0, this.render([['schemas', schemaMap()]], compMap.indent));
      return;
    }
    if (schemasPair.inline === 'empty-map') {
      this.splice(schemasPair.line, schemasPair.end - schemasPair.line, this.render([['schemas', schemaMap()]], schemasPair.col));
      return;
    }
    const existing = this.requireMap(this.child(schemasPair), 'components/schemas');
    const missing = schemas.filter(([name]) => !existing.pairs.some((p) => p.key === name));
    if (missing.length) this.splice(existing.insertAt, 0, this.render(missing, existing.indent));
  }

  /** components/<section>/<name>: appended where missing, else updated in place (updatePair keeps what did not change). */
  setComponent(section: string, name: string, value: unknown, previous: unknown): void {
    const root = this.requireMap(this.root(), 'The document');
    const entry = (): Map<string, unknown> => new Map([[name, value]]);
    const components = root.pairs.find((p) => p.key === 'components');
    if (!components) {
      this.splice(root.insertAt, 0, this.render([['components', new Map([[section, entry()]])]], root.indent));
      return;
    }
    if (components.inline === 'empty-map') {
      this.splice(components.line, components.end - components.line, this.render([['components', new Map([[section, entry()]])]], components.col));
      return;
    }
    const compMap = this.requireMap(this.child(components), 'components');
    const sectionPair = compMap.pairs.find((p) => p.key === section);
    if (!sectionPair) {
      this.splice(compMap.insertAt, 0, this.render([[section, entry()]], compMap.indent));
      return;
    }
    if (sectionPair.inline === 'empty-map') {
      this.splice(sectionPair.line, sectionPair.end - sectionPair.line, this.render([[section, entry()]], sectionPair.col));
      return;
    }
    const sectionMap = this.requireMap(this.child(sectionPair), `components/${section}`);
    const pair = sectionMap.pairs.find((p) => p.key === name);
    if (!pair) this.splice(sectionMap.insertAt, 0, this.render([[name, value]], sectionMap.indent));
    else this.updatePair(pair, previous, value);
  }
}

export type { Obj };
