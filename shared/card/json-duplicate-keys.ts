import type { PathSegment } from './json-path';

/**
 * One object member given more than once in a JSON text. `JSON.parse` (and so Powerduck) keeps the
 * last value; other parsers keep the first or refuse the document, so two readers of the same card
 * can see two different cards (RFC 8259 §4 only says names SHOULD be unique).
 */
export interface DuplicateKey {
  /** The object holding the repeated member. */
  path: PathSegment[];
  /** The member name after unescaping (`"na\u006de"` and `"name"` are the same key). */
  key: string;
  count: number;
  /** Source text of the first and the last value, shortened for messages. */
  firstValue: string;
  lastValue: string;
  /** The values differ as text, so readers that keep the first and the last value disagree. */
  differs: boolean;
}

const snippetLength = 60;

/** Where a container sits: its parent's frame and its key or index there (built into a path only when reported). */
interface FrameLink {
  parent: Frame | undefined;
  segment: PathSegment | undefined;
}

interface ObjectFrame extends FrameLink {
  kind: 'object';
  /** Spans of each member's values, in order, by unescaped name. */
  members: Map<string, Array<[number, number]>>;
  key: string | undefined;
  valueStart: number;
}

interface ArrayFrame extends FrameLink {
  kind: 'array';
  index: number;
  valueStart: number;
}

type Frame = ObjectFrame | ArrayFrame;

/**
 * Finds repeated member names in a JSON text that `JSON.parse` has already accepted. It walks the text
 * with an explicit stack (no recursion, so a deeply nested card cannot overflow it) and stops after
 * `limit` findings. Text that is not valid JSON gives no findings rather than an error.
 */
export function findDuplicateKeys(text: string, limit = 20): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  const at = { pos: 0 };
  const valueDone = (start: number, end: number): void => {
    const frame = stack[stack.length - 1];
    if (!frame || frame.kind !== 'object' || frame.key === undefined) return;
    const spans = frame.members.get(frame.key);
    if (spans) spans.push([start, end]);
    else frame.members.set(frame.key, [[start, end]]);
    frame.key = undefined;
  };
  const close = (frame: Frame, end: number): void => {
    if (frame.kind === 'object') {
      for (const [key, spans] of frame.members) {
        if (spans.length < 2 || found.length >= limit) continue;
        const first = spans[0] as [number, number];
        const last = spans[spans.length - 1] as [number, number];
        const firstText = text.slice(first[0], first[1]);
        const lastText = text.slice(last[0], last[1]);
        found.push({
          path: pathOf(frame),
          key,
          count: spans.length,
          firstValue: shorten(firstText),
          lastValue: shorten(lastText),
          differs: firstText !== lastText,
        });
      }
    }
    valueDone(frame.valueStart, end);
  };
  try {
    while (at.pos < text.length) {
      const ch = text[at.pos] as string;
      const top = stack[stack.length - 1];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === ':') {
        at.pos++;
      } else if (ch === ',') {
        if (top?.kind === 'array') top.index++;
        at.pos++;
      } else if (ch === '{' || ch === '[') {
        const segment = top === undefined ? undefined : top.kind === 'array' ? top.index : top.key;
        if (ch === '{') stack.push({ kind: 'object', parent: top, segment, members: new Map(), key: undefined, valueStart: at.pos });
        else stack.push({ kind: 'array', parent: top, segment, index: 0, valueStart: at.pos });
        at.pos++;
      } else if (ch === '}' || ch === ']') {
        const frame = stack.pop();
        at.pos++;
        if (frame) close(frame, at.pos);
      } else if (ch === '"') {
        const start = at.pos;
        const end = stringEnd(text, start);
        at.pos = end;
        if (top?.kind === 'object' && top.key === undefined && expectsKey(text, end)) top.key = JSON.parse(text.slice(start, end)) as string;
        else valueDone(start, end);
      } else {
        // number, true, false, null
        const start = at.pos;
        while (at.pos < text.length && !',}] \t\n\r'.includes(text[at.pos] as string)) at.pos++;
        valueDone(start, at.pos);
      }
    }
  } catch {
    return [];
  }
  return found;
}

function pathOf(frame: Frame): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) {
    if (at.segment !== undefined) path.push(at.segment);
  }
  return path.reverse();
}

/** Index just past the closing quote of the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i + 1;
    else i++;
  }
  throw new Error('unterminated string');
}

/** A string is a member name exactly when the next significant character is `:`. */
function expectsKey(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  return text[i] === ':';
}

function shorten(value: string): string {
  return value.length > snippetLength ? `${value.slice(0, snippetLength - 1)}…` : value;
}
