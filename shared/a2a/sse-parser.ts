/**
 * A bounded Server-Sent Events parser (WHATWG HTML "event stream interpretation"), fed raw bytes.
 * A2A streams (§9 JSON-RPC, §11.7 HTTP+JSON) put one JSON document per event in `data:`.
 *
 * Bounded: an event (its field lines, counted in bytes) larger than `maxEventBytes` stops the
 * parser with a typed `event-too-large` error instead of buffering without limit, because a
 * hostile or broken agent is a normal input for a debugger.
 */
import { decodeUtf8 } from './utf8';

export const DEFAULT_MAX_SSE_EVENT_BYTES = 4 * 1024 * 1024;

export interface SseEvent {
  /** The `event:` name, or 'message' when the event set none. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last event id seen so far (`id:` field), when any. */
  id?: string;
  /** `retry:` reconnection time in ms, when this event set one. */
  retry?: number;
  /** Size of the event's field lines in bytes (what the cap counts). */
  bytes: number;
}

export type SseErrorCode = 'event-too-large' | 'parser-closed';

export interface SseError {
  code: SseErrorCode;
  message: string;
  /** Bytes of the offending event read before the parser gave up. */
  bytes?: number;
}

export interface SseFeedResult {
  events: SseEvent[];
  /** Set once; the parser accepts no more bytes afterwards. */
  error?: SseError;
}

export interface SseFinishResult {
  events: SseEvent[];
  /**
   * True when the stream ended inside an event (a partial line or field lines without the blank
   * line that dispatches them). Per the SSE rules that event is discarded; a debugger says so.
   */
  truncated: boolean;
  /** Bytes discarded at the end. */
  pendingBytes: number;
  /** Comment lines (`:` keep-alives) seen over the whole stream. */
  comments: number;
}

export interface SseParserOptions {
  maxEventBytes?: number;
  /**
   * bytes[start, end) → text; defaults to a pure UTF-8 decoder with U+FFFD replacement (the SSE
   * rule). Ranges instead of slices spare one view allocation per line on the hot path.
   */
  decode?: (bytes: Uint8Array, start: number, end: number) => string;
}

export interface SseParser {
  feed(chunk: Uint8Array): SseFeedResult;
  /** Call at end of stream. */
  finish(): SseFinishResult;
}

const LF = 0x0a;
const CR = 0x0d;

export function createSseParser(options: SseParserOptions = {}): SseParser {
  const max = options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES;
  const decode = options.decode ?? ((bytes: Uint8Array, start: number, end: number) => decodeUtf8(bytes.subarray(start, end)).text);

  let started = false; // BOM check done
  let skipLf = false; // previous chunk ended with CR: a leading LF belongs to it
  let partial: Uint8Array[] = []; // bytes of the current, unfinished line
  let partialBytes = 0;
  let eventBytes = 0; // bytes of completed field lines of the current event
  const dataLines: string[] = [];
  let hasData = false;
  let eventName = '';
  let lastId: string | undefined;
  let retry: number | undefined;
  let comments = 0;
  let dead: SseError | undefined;

  const tooLarge = (bytes: number): SseError => ({
    code: 'event-too-large',
    message: `An SSE event exceeded ${max} bytes (read ${bytes} bytes so far); the stream was stopped.`,
    bytes,
  });

  /** One line = bytes[start, end) of `buf` (terminator excluded). */
  function processLine(buf: Uint8Array, start: number, end: number, out: SseEvent[]): void {
    const length = end - start;
    if (length === 0) {
      if (hasData) {
        const event: SseEvent = {
          event: eventName || 'message',
          data: dataLines.length === 1 ? (dataLines[0] as string) : dataLines.join('\n'),
          bytes: eventBytes,
        };
        if (lastId !== undefined) event.id = lastId;
        if (retry !== undefined) event.retry = retry;
        out.push(event);
      }
      dataLines.length = 0;
      hasData = false;
      eventName = '';
      retry = undefined;
      eventBytes = 0;
      return;
    }
    eventBytes += length + 1;
    if (buf[start] === 0x3a) {
      comments++;
      return;
    }
    let colon = buf.indexOf(0x3a, start);
    if (colon >= end) colon = -1;
    const nameEnd = colon === -1 ? end : colon;
    // Field names are matched on the bytes: only the value needs decoding (the hot path is `data:`).
    const field = fieldOf(buf, start, nameEnd);
    if (field === undefined) return; // unknown fields are ignored (SSE rule)
    let value = '';
    if (colon !== -1) {
      const from = buf[colon + 1] === 0x20 && colon + 1 < end ? colon + 2 : colon + 1;
      value = from < end ? decode(buf, from, end) : '';
    }
    switch (field) {
      case 'data':
        dataLines.push(value);
        hasData = true;
        break;
      case 'event':
        eventName = value;
        break;
      case 'id':
        if (!value.includes('\u0000')) lastId = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) retry = Number(value);
        break;
    }
  }

  function feed(input: Uint8Array): SseFeedResult {
    const events: SseEvent[] = [];
    if (dead) return { events, error: { code: 'parser-closed', message: 'The SSE parser already stopped on an error.' } };
    let chunk = input;
    if (!started) {
      // Strip one UTF-8 BOM at the very start (possibly split over the first chunks).
      const head = partialBytes ? concat([...partial, chunk], partialBytes + chunk.length) : chunk;
      if (head.length < 3 && isBomPrefix(head)) {
        partial = [head];
        partialBytes = head.length;
        return { events };
      }
      started = true;
      partial = [];
      partialBytes = 0;
      chunk = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    }
    let pos = 0;
    if (skipLf) {
      if (chunk[0] === LF) pos = 1;
      skipLf = false;
    }
    // Cached next CR / LF positions keep the scan linear in the chunk size.
    let lfAt = -2;
    let crAt = -2;
    while (pos < chunk.length) {
      if (lfAt !== -1 && lfAt < pos) lfAt = chunk.indexOf(LF, pos);
      if (crAt !== -1 && crAt < pos) crAt = chunk.indexOf(CR, pos);
      const end = crAt === -1 ? lfAt : lfAt === -1 ? crAt : Math.min(crAt, lfAt);
      if (end === -1) {
        const rest = chunk.subarray(pos);
        partial.push(rest);
        partialBytes += rest.length;
        if (eventBytes + partialBytes > max) {
          dead = tooLarge(eventBytes + partialBytes);
          return { events, error: dead };
        }
        break;
      }
      if (partialBytes) {
        partial.push(chunk.subarray(pos, end));
        const line = concat(partial, partialBytes + (end - pos));
        partial = [];
        partialBytes = 0;
        if (eventBytes + line.length > max) {
          dead = tooLarge(eventBytes + line.length);
          return { events, error: dead };
        }
        processLine(line, 0, line.length, events);
      } else {
        if (eventBytes + (end - pos) > max) {
          dead = tooLarge(eventBytes + (end - pos));
          return { events, error: dead };
        }
        processLine(chunk, pos, end, events);
      }
      if (chunk[end] === CR) {
        if (end + 1 === chunk.length) {
          skipLf = true;
          pos = end + 1;
        } else {
          pos = chunk[end + 1] === LF ? end + 2 : end + 1;
        }
      } else {
        pos = end + 1;
      }
    }
    return { events };
  }

  function finish(): SseFinishResult {
    const pendingBytes = partialBytes + eventBytes;
    const truncated = !dead && (partialBytes > 0 || hasData);
    partial = [];
    partialBytes = 0;
    dead = dead ?? { code: 'parser-closed', message: 'The stream has ended.' };
    return { events: [], truncated, pendingBytes: truncated ? pendingBytes : 0, comments };
  }

  return { feed, finish };
}

const FIELD_NAMES = ['data', 'event', 'id', 'retry'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const FIELD_BYTES = FIELD_NAMES.map((name) => Array.from(name, (c) => c.charCodeAt(0)));

function fieldOf(buf: Uint8Array, start: number, end: number): FieldName | undefined {
  const length = end - start;
  for (let f = 0; f < FIELD_BYTES.length; f++) {
    const bytes = FIELD_BYTES[f] as number[];
    if (bytes.length !== length) continue;
    let same = true;
    for (let i = 0; i < length; i++) {
      if (buf[start + i] !== bytes[i]) {
        same = false;
        break;
      }
    }
    if (same) return FIELD_NAMES[f];
  }
  return undefined;
}

function isBomPrefix(bytes: Uint8Array): boolean {
  const bom = [0xef, 0xbb, 0xbf];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== bom[i]) return false;
  return true;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Parses a whole SSE body at once (tests, recorded bodies). */
export function parseSseText(bytes: Uint8Array, options: SseParserOptions = {}): SseFeedResult & SseFinishResult {
  const parser = createSseParser(options);
  const fed = parser.feed(bytes);
  const done = parser.finish();
  return { ...done, events: fed.events, ...(fed.error ? { error: fed.error } : {}) };
}
