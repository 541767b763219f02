/**
 * The outline of a block mapping in YAML text, read line by line: each entry's key, where its
 * lines start and end, and what follows the `:` on the key line. Used to edit entries in place
 * and to check an edit by re-reading only the entries it changed.
 */
import { indentOf, isBlankOrComment, isSeqItemAt, keyAt, trimYamlWhite } from './yaml-lines';

export interface Pair {
  key: string;
  style: 'plain' | 'single' | 'double';
  /** Line index of the key. */
  line: number;
  col: number;
  /** Column just after the `:`. */
  after: number;
  /** Exclusive line index after the pair's last content line. */
  end: number;
  /** What follows `key:` on its own line. */
  inline: 'none' | 'empty-map' | 'other';
}

export interface MapOutline {
  indent: number;
  pairs: Pair[];
  /** Line index where a new last pair would go. */
  insertAt: number;
}

export function inlineKind(line: string, after: number): Pair['inline'] {
  const rest = trimYamlWhite(line.slice(after));
  if (rest === '' || rest.startsWith('#')) return 'none';
  if (/^\{[ \t]*\}(?:[ \t]+#.*)?$/.test(rest)) return 'empty-map';
  return 'other';
}

/** The block mapping whose first content line is in [start, end), or undefined for another shape. */
export function outlineMap(lines: readonly string[], start: number, end: number): MapOutline | undefined {
  let i = start;
  while (i < end && isBlankOrComment(lines[i] as string)) i++;
  if (i < end && start === 0 && /^---[ \t]*$/.test(lines[i] as string)) {
    i++;
    while (i < end && isBlankOrComment(lines[i] as string)) i++;
  }
  if (i >= end) return undefined;
  const indent = indentOf(lines[i] as string);
  const pairs: Pair[] = [];
  let current: Pair | undefined;
  let lastContent = i - 1;
  for (; i < end; i++) {
    const line = lines[i] as string;
    const ind = indentOf(line);
    if (ind >= line.length) continue;
    if (ind > indent) {
      if (!current) return undefined;
      lastContent = i;
      continue;
    }
    if (line.charCodeAt(ind) === 35) continue;
    if (ind < indent) break;
    if (isSeqItemAt(line, ind)) {
      if (!current || current.inline !== 'none') return undefined;
      lastContent = i;
      continue;
    }
    const key = keyAt(line, ind);
    if (!key) return undefined;
    if (current) current.end = lastContent + 1;
    current = { key: key.key, style: key.style, line: i, col: ind, after: key.after, end: i + 1, inline: inlineKind(line, key.after) };
    pairs.push(current);
    lastContent = i;
  }
  if (current) current.end = lastContent + 1;
  if (!pairs.length) return undefined;
  return { indent, pairs, insertAt: (pairs[pairs.length - 1] as Pair).end };
}

/** The nested block mapping of an entry written as `key:` + indented lines. */
export function childMap(lines: readonly string[], pair: Pair): MapOutline | undefined {
  if (pair.inline !== 'none') return undefined;
  const map = outlineMap(lines, pair.line + 1, pair.end);
  return map && map.indent > pair.col ? map : undefined;
}
