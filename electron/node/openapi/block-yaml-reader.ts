/**
 * A fast reader for the block-style YAML subset that spec files are written in (block mappings
 * and sequences, plain/quoted one-line scalars, `|` literals, empty `{}`/`[]`, comments), giving
 * the same values as `yaml` with the YAML 1.2 core schema. Anything else — anchors, aliases, tags,
 * flow collections, multi-line plain or quoted scalars, folded scalars, tabs, CRLF — returns
 * undefined and the caller uses the `yaml` package. It exists because `yaml`'s full parse of a
 * 5,000-operation file takes seconds; property tests hold it to `yaml`'s results.
 */
import {
  trimYamlWhiteEnd,
  decodeDoubleQuoted,
  doubleQuotedEnd,
  emptyAfter,
  indentOf,
  isBlankOrComment,
  isSeqItemAt,
  keyAt,
  singleQuotedEnd,
} from './yaml-lines';

class OutsideSubset extends Error {}
const outside = new OutsideSubset('outside the block subset');

function bail(): never {
  throw outside;
}

/** YAML 1.2 core schema resolution of a plain scalar, in the `yaml` package's tag order. */
export function resolvePlain(text: string): unknown {
  // Only these first characters can start a null, bool or number in the core schema.
  if (!/^[-+.~0-9nNtTfF]/.test(text)) return text;
  if (/^(?:~|[Nn]ull|NULL)$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(text)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(text)) return false;
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.slice(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text)) {
    return text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) return parseFloat(text);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return parseFloat(text);
  return text;
}

const plainValueStart = new Set('[]{}#&*!|>%@`,\'"'.split('').map((c) => c.charCodeAt(0)));

class Reader {
  private pos = 0;
  /** Each line's indentation, or -1 for a blank or comment-only line: measured once, asked for several times per line. */
  private readonly indents: Int32Array;

  constructor(
    private readonly lines: string[],
    private readonly endsWithNewline: boolean,
  ) {
    this.indents = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const ind = indentOf(line);
      this.indents[i] = isBlankOrComment(line, ind) ? -1 : ind;
    }
  }

  /** Index of the next line with content (comments and blank lines skipped), or lines.length. */
  private nextContent(from: number): number {
    let i = from;
    while (i < this.lines.length && (this.indents[i] as number) < 0) i++;
    return i;
  }

  readDocument(): unknown {
    let i = this.nextContent(0);
    if (i < this.lines.length && /^---[ \t]*$/.test(this.lines[i] as string)) i = this.nextContent(i + 1);
    if (i >= this.lines.length) bail();
    const line = this.lines[i] as string;
    if (this.indents[i] !== 0 || isSeqItemAt(line, 0)) bail();
    this.pos = i;
    const value = this.readMap(0, 0);
    if (this.nextContent(this.pos) < this.lines.length) bail();
    return value;
  }

  /** A block mapping whose keys sit at column `indent`; its first key may sit at `firstCol` (after `- `). */
  private readMap(indent: number, firstCol: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let first = true;
    for (;;) {
      const i = first ? this.pos : this.nextContent(this.pos);
      if (i >= this.lines.length) break;
      const line = this.lines[i] as string;
      const col = first ? firstCol : (this.indents[i] as number);
      if (!first) {
        if (col < indent) break;
        if (col > indent) bail();
        if (isSeqItemAt(line, col)) {
          // A sequence at the parent's indentation belongs to the parent mapping's key.
          this.pos = i;
          break;
        }
      }
      first = false;
      const key = keyAt(line, col);
      if (!key) bail();
      if (key.key === '__proto__' || Object.prototype.hasOwnProperty.call(out, key.key)) bail();
      this.pos = i;
      out[key.key] = this.readValue(line, key.after, indent, true);
    }
    return out;
  }

  /** A block sequence whose dashes sit at column `indent`; the first may sit at `firstCol` (after `- `). */
  private readSeq(indent: number, firstCol = -1): unknown[] {
    const out: unknown[] = [];
    let first = firstCol >= 0;
    for (;;) {
      const i = first ? this.pos : this.nextContent(this.pos);
      if (i >= this.lines.length) break;
      const line = this.lines[i] as string;
      const col = first ? firstCol : (this.indents[i] as number);
      first = false;
      if (col < indent) break;
      if (col > indent) bail();
      if (!isSeqItemAt(line, col)) break;
      this.pos = i;
      let c = col + 1;
      while (line.charCodeAt(c) === 32) c++;
      if (emptyAfter(line, col + 1)) {
        out.push(this.readNested(indent, false));
        continue;
      }
      if (isSeqItemAt(line, c)) {
        out.push(this.readSeq(c, c));
        continue;
      }
      if (keyAt(line, c)) {
        out.push(this.readMap(c, c));
        continue;
      }
      out.push(this.readValue(line, col + 1, indent, false));
    }
    return out;
  }

  /** The value after `key:` or `- ` on line `this.pos`, whose parent sits at column `indent`. */
  private readValue(line: string, from: number, indent: number, inMap: boolean): unknown {
    if (emptyAfter(line, from)) return this.readNested(indent, inMap);
    let c = from;
    while (line.charCodeAt(c) === 32) c++;
    const ch = line.charCodeAt(c);
    let value: unknown;
    if (ch === 124 /* | */) return this.readLiteral(line, c, indent);
    if (ch === 34) {
      const end = doubleQuotedEnd(line, c);
      if (end < 0 || !emptyAfter(line, end + 1)) bail();
      value = decodeDoubleQuoted(line.slice(c + 1, end));
      if (value === undefined) bail();
    } else if (ch === 39) {
      const end = singleQuotedEnd(line, c);
      if (end < 0 || !emptyAfter(line, end + 1)) bail();
      value = line.slice(c + 1, end).replace(/''/g, "'");
    } else if (ch === 123 || ch === 91) {
      const close = ch === 123 ? 125 : 93;
      if (line.charCodeAt(c + 1) !== close || !emptyAfter(line, c + 2)) bail();
      value = ch === 123 ? {} : [];
    } else {
      if (plainValueStart.has(ch)) bail();
      if (ch === 45 || ch === 63 || ch === 58) {
        const next = line.charCodeAt(c + 1);
        if (Number.isNaN(next) || next === 32) bail();
      }
      let end = line.length;
      for (let i = c; i < line.length; i++) {
        const k = line.charCodeAt(i);
        if (k === 35 && line.charCodeAt(i - 1) === 32) {
          end = i;
          break;
        }
        if (k === 58) {
          const next = line.charCodeAt(i + 1);
          if (Number.isNaN(next) || next === 32) bail();
        }
      }
      value = resolvePlain(trimYamlWhiteEnd(line.slice(c, end)));
    }
    // A more-indented line after a one-line scalar would continue it (multi-line scalar): not handled here.
    const next = this.nextContent(this.pos + 1);
    if (next < this.lines.length && (this.indents[next] as number) > indent) bail();
    this.pos = this.pos + 1;
    return value;
  }

  /** A block node on the lines after `key:` / `-`, or null when there is none. */
  private readNested(indent: number, inMap: boolean): unknown {
    const i = this.nextContent(this.pos + 1);
    this.pos = this.pos + 1;
    if (i >= this.lines.length) return null;
    const line = this.lines[i] as string;
    const col = this.indents[i] as number;
    if (col > indent) {
      this.pos = i;
      if (isSeqItemAt(line, col)) return this.readSeq(col);
      if (!keyAt(line, col)) bail();
      return this.readMap(col, col);
    }
    if (col === indent && inMap && isSeqItemAt(line, col)) {
      this.pos = i;
      return this.readSeq(col);
    }
    return null;
  }

  /** `|` or `|-` literal block scalar (YAML §8.1.2), auto-detected indentation only. */
  private readLiteral(line: string, at: number, indent: number): string {
    const m = /^\|(-?)(?:[ \t]+#.*)?[ \t]*$/.exec(line.slice(at));
    if (!m) bail();
    const strip = m[1] === '-';
    const start = this.pos + 1;
    let contentIndent = -1;
    let lastContent = -1;
    for (let i = start; i < this.lines.length; i++) {
      const text = this.lines[i] as string;
      const ind = indentOf(text);
      if (ind >= text.length) continue;
      if (contentIndent < 0) {
        if (ind <= indent) break;
        contentIndent = ind;
      } else if (ind < contentIndent) break;
      lastContent = i;
    }
    if (lastContent < 0) {
      this.pos = start;
      return '';
    }
    // A final line without a line break, or all-space lines longer than the indentation, change
    // the value in ways this reader does not model.
    if (lastContent === this.lines.length - 1) bail();
    const kept: string[] = [];
    for (let i = start; i <= lastContent; i++) {
      const text = this.lines[i] as string;
      if (indentOf(text) >= text.length) {
        if (text.length > contentIndent) bail();
        kept.push('');
      } else kept.push(text.slice(contentIndent));
    }
    this.pos = lastContent + 1;
    const next = this.nextContent(this.pos);
    if (next < this.lines.length && (this.indents[next] as number) > indent) bail();
    // Trailing all-space lines after the content are chomped (clip keeps one line break).
    for (let i = this.pos; i < this.lines.length && i < next; i++) {
      const text = this.lines[i] as string;
      if (indentOf(text) >= text.length && text.length > contentIndent) bail();
    }
    return strip ? kept.join('\n') : `${kept.join('\n')}\n`;
  }
}

/** The document's value, or undefined when the text is outside the subset (use `yaml` then). */
export function readBlockYaml(text: string): { value: unknown } | undefined {
  if (text.includes('\t') || text.includes('\r') || text.charCodeAt(0) === 0xfeff) return undefined;
  const lines = text.split('\n');
  try {
    return { value: new Reader(lines, text.endsWith('\n')).readDocument() };
  } catch (error) {
    if (error instanceof OutsideSubset) return undefined;
    throw error;
  }
}
