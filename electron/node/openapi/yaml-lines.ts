/**
 * Line-level reading of block-style YAML, shared by the fast reader and the outline used for
 * lossless edits. Anything these helpers do not understand makes them give up (`undefined`),
 * so callers fall back to the full `yaml` parser instead of guessing.
 */

/**
 * Trailing white space as YAML sees it: spaces and tabs only (YAML 1.2 §5.5 s-white). NBSP, U+3000
 * or U+FEFF at the end of a scalar are content, which String#trimEnd would silently drop.
 */
export function trimYamlWhiteEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return text.slice(0, end);
}

/** Leading and trailing YAML white space (spaces and tabs) removed, nothing else. */
export function trimYamlWhite(text: string): string {
  let start = 0;
  while (start < text.length && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  return trimYamlWhiteEnd(text.slice(start));
}

export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/** Blank, or nothing but a comment after the indentation. */
export function isBlankOrComment(line: string, indent = indentOf(line)): boolean {
  return indent >= line.length || line.charCodeAt(indent) === 35; /* # */
}

/** `- item` / `-` at column `col`. */
export function isSeqItemAt(line: string, col: number): boolean {
  if (line.charCodeAt(col) !== 45 /* - */) return false;
  const next = line.charCodeAt(col + 1);
  return Number.isNaN(next) || next === 32;
}

export interface KeyAt {
  key: string;
  /** Column just after the `:` indicator. */
  after: number;
  /** How the key is written, to keep its style when it is renamed. */
  style: 'plain' | 'single' | 'double';
}

/** The remainder after a scalar is nothing, or a comment separated by whitespace. */
function restIsEmptyOrComment(line: string, from: number): boolean {
  let i = from;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  if (i >= line.length) return true;
  return line.charCodeAt(i) === 35 && i > from;
}

/** Ends of a double-quoted scalar starting at `start` on this line (index of the closing quote). */
export function doubleQuotedEnd(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34) return i;
  }
  return -1;
}

export function singleQuotedEnd(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    if (line.charCodeAt(i) === 39) {
      if (line.charCodeAt(i + 1) === 39) i++;
      else return i;
    }
  }
  return -1;
}

/** JSON-compatible escapes only (YAML's extra ones make the caller fall back). */
export function decodeDoubleQuoted(body: string): string | undefined {
  if (body.includes('\\')) {
    for (let i = 0; i < body.length; i++) {
      if (body.charCodeAt(i) !== 92) continue;
      const e = body[i + 1];
      if (e === undefined || !'"\\/bfnrtu'.includes(e)) return undefined;
      i++;
    }
  }
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}

const plainKeyStart = new Set('[]{}#&*!|>%@`,\'"'.split('').map((c) => c.charCodeAt(0)));

/** Core-schema words that a plain key would resolve to something other than its own text. */
function plainKeyIsLiteralText(text: string): boolean {
  // Only these first characters can start a null, bool, number or `<<` (most keys skip the patterns below).
  if (!/^[-+.~0-9nNtTfF<]/.test(text)) return true;
  if (/^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text)) return false;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) return /^(?:0|[1-9][0-9]*)$/.test(text);
  if (/^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text)) return false;
  return text !== '<<';
}

/**
 * The mapping key written at column `col`, or undefined when the line does not start a simple
 * `key: …` entry there (complex keys, anchors, tags and flow keys are left to the full parser).
 */
export function keyAt(line: string, col: number): KeyAt | undefined {
  const first = line.charCodeAt(col);
  if (Number.isNaN(first)) return undefined;
  let key: string | undefined;
  let end: number;
  let style: KeyAt['style'] = 'plain';
  if (first === 34) {
    end = doubleQuotedEnd(line, col);
    if (end < 0) return undefined;
    key = decodeDoubleQuoted(line.slice(col + 1, end));
    end++;
    style = 'double';
  } else if (first === 39) {
    end = singleQuotedEnd(line, col);
    if (end < 0) return undefined;
    key = line.slice(col + 1, end).replace(/''/g, "'");
    end++;
    style = 'single';
  } else {
    if (plainKeyStart.has(first)) return undefined;
    if (first === 45 || first === 58 || first === 63) {
      const next = line.charCodeAt(col + 1);
      if (Number.isNaN(next) || next === 32) return undefined;
    }
    end = -1;
    for (let i = col; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 35 && line.charCodeAt(i - 1) === 32) return undefined;
      if (c === 58) {
        const next = line.charCodeAt(i + 1);
        if (Number.isNaN(next) || next === 32) {
          end = i;
          break;
        }
      }
    }
    if (end < 0) return undefined;
    key = trimYamlWhiteEnd(line.slice(col, end));
    if (key === '' || !plainKeyIsLiteralText(key)) return undefined;
  }
  if (key === undefined) return undefined;
  let i = end;
  while (line.charCodeAt(i) === 32) i++;
  if (line.charCodeAt(i) !== 58) return undefined;
  const next = line.charCodeAt(i + 1);
  if (!Number.isNaN(next) && next !== 32) return undefined;
  return { key, after: i + 1, style };
}

/** True when nothing but whitespace or a comment follows column `from`. */
export function emptyAfter(line: string, from: number): boolean {
  return restIsEmptyOrComment(line, from) || from >= line.length;
}
