import type { Readable } from 'node:stream';
import type { Outcome, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { checkId, describePayload, findErrorInfo, readJsonRpcError, type PayloadInfo } from '../../../shared/a2a/outcome';
import { createSseParser, DEFAULT_MAX_SSE_EVENT_BYTES, type SseEvent } from '../../../shared/a2a/sse-parser';
import type { A2aVersion } from '../../../shared/a2a/versions';
import type { CallAbort } from './call-abort';
import type { ExchangeRecorder } from './recorder';
import { TransportError } from './http-transport';
import { isObject } from '../../../shared/a2a/payload';
import { utf8Boundary } from '../../../shared/a2a/utf8';
import { isJsonRpcEnvelope, wrongStreamEvent } from '../../../shared/a2a/binding-shape';

type StreamError = NonNullable<RecordedStreamEvent['error']>;

export interface SseConsumeOptions {
  res: Readable;
  recorder: ExchangeRecorder;
  version: A2aVersion;
  /** JSON-RPC streams carry one response envelope per event; HTTP+JSON streams the bare StreamResponse. */
  framing: 'jsonrpc' | 'rest';
  sentId?: string | number;
  maxEventBytes?: number;
  /** The user's Stop signal (distinguishes "stopped" from a dropped connection). */
  stop: CallAbort;
}

/** The first bytes of a stream's raw text kept for the Raw view. */
export const RAW_HEAD_BYTES = 256 * 1024;
/** The last bytes kept (how the stream ended). */
export const RAW_TAIL_BYTES = 64 * 1024;

/** Skips continuation bytes at the start of a cut. */
function utf8Start(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length && at < 4 && ((bytes[at] as number) & 0xc0) === 0x80) at++;
  return at;
}

/** Waits for the consumer to make room; false when the user stopped the stream meanwhile. */
async function untilReady(full: Promise<void>, stop: CallAbort): Promise<boolean> {
  if (stop.aborted) return false;
  let off: () => void = () => undefined;
  const stopped = new Promise<boolean>((resolve) => (off = stop.onAbort(() => resolve(false))));
  try {
    return await Promise.race([full.then(() => !stop.aborted), stopped]);
  } finally {
    off();
  }
}

/** Error carried by an `event: error` frame or a JSON-RPC error envelope inside the stream. */
function errorFromPayload(framing: 'jsonrpc' | 'rest', parsed: unknown, warnings: string[]): StreamError {
  if (framing === 'jsonrpc' && isObject(parsed) && 'error' in parsed) {
    const e = readJsonRpcError(parsed['error'], warnings);
    return { code: e.code, message: e.message, ...(e.reason ? { reason: e.reason } : {}) };
  }
  const status = isObject(parsed) && isObject(parsed['error']) ? parsed['error'] : isObject(parsed) ? parsed : undefined;
  if (status) {
    const code = typeof status['code'] === 'number' ? status['code'] : typeof status['status'] === 'string' ? status['status'] : 'sse-error-event';
    const message = typeof status['message'] === 'string' ? status['message'] : JSON.stringify(status);
    const reason = findErrorInfo(status['details'])?.reason ?? findErrorInfo(status['data'])?.reason;
    return { code, message, ...(reason ? { reason } : {}) };
  }
  return { code: 'sse-error-event', message: typeof parsed === 'string' ? parsed : JSON.stringify(parsed) };
}

/**
 * Reads an SSE response to its end (server close, Stop, or a typed error), numbering and recording
 * every event as it arrives, and returns the stream outcome.
 */
export async function consumeSse(options: SseConsumeOptions): Promise<Outcome> {
  const { res, recorder, version, framing } = options;
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let invalidUtf8 = false;
  const parser = createSseParser({
    maxEventBytes: options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES,
    decode: (bytes, start, end) => {
      // Fast lenient decode straight from the chunk; only text showing U+FFFD is checked strictly
      // (it may be a real U+FFFD or a replaced invalid byte).
      const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const text = buf.toString('utf8', start, end);
      if (!invalidUtf8 && text.includes('\uFFFD')) {
        try {
          strict.decode(buf.subarray(start, end));
        } catch {
          invalidUtf8 = true;
        }
      }
      return text;
    },
  });
  // The raw text is kept as a bounded head and tail only: the events themselves are kept once.
  const headCap = Math.min(recorder.bodyLimit, RAW_HEAD_BYTES);
  const tailCap = Math.min(recorder.bodyLimit, RAW_TAIL_BYTES);
  const head: Buffer[] = [];
  let headKept = 0;
  const tail: Buffer[] = [];
  let tailKept = 0;
  let total = 0;
  let last: PayloadInfo | undefined;
  let lastState: string | undefined;
  let error: StreamError | undefined;
  let stopped = false;
  const mismatchedIds = new Set<string>();
  // Events that are not the binding: the stream is read on (nothing after them is lost), and the
  // outcome says the server answered wrongly.
  let wrong: { count: number; first: string } | undefined;
  const binding = framing === 'jsonrpc' ? 'JSONRPC' : 'HTTP+JSON';
  const wrongEvent = (ev: SseEvent, data: unknown, code: 'not-json' | 'protocol', why: string, raw?: string): void => {
    const message = wrongStreamEvent(binding, recorder.eventCount, why, ev.data);
    recorder.addEvent({ event: ev.event, data, ...(raw !== undefined ? { raw } : {}), error: { code, message } });
    wrong = wrong ? { ...wrong, count: wrong.count + 1 } : { count: 1, first: message };
  };

  // When the current network chunk arrived: the time-stamp of every event it carries.
  let arrivedAt = 0;
  const handle = (ev: SseEvent): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(ev.data);
    } catch (e) {
      recorder.warn(`Stream event ${recorder.eventCount} is not JSON.`);
      // An `event: error` frame may carry plain text: the agent said no in words.
      if (ev.event === 'error')
        error = recorder.addEvent({ event: ev.event, data: ev.data, raw: ev.data, error: { code: 'sse-error-event', message: ev.data } }).error;
      else wrongEvent(ev, ev.data, 'not-json', `is not JSON (${(e as Error).message})`, ev.data);
      return;
    }
    if (ev.event === 'error') {
      const warnings: string[] = [];
      error = errorFromPayload(framing, parsed, warnings);
      for (const w of warnings) recorder.warn(w);
      recorder.addEvent({ event: ev.event, data: parsed, error });
      return;
    }
    let payload: unknown = parsed;
    if (framing === 'jsonrpc') {
      if (!isObject(parsed)) return wrongEvent(ev, parsed, 'protocol', 'is JSON but not a JSON-RPC response object');
      if (options.sentId !== undefined && parsed['id'] !== options.sentId) {
        const warnings: string[] = [];
        checkId(parsed['id'], options.sentId, 'error' in parsed, warnings);
        const key = JSON.stringify(parsed['id']);
        if (!mismatchedIds.has(key)) for (const w of warnings) recorder.warn(`Stream event ${recorder.eventCount}: ${w}`);
        mismatchedIds.add(key);
      }
      if ('error' in parsed && parsed['error'] != null) {
        error = errorFromPayload('jsonrpc', parsed, []);
        recorder.addEvent({ event: ev.event, data: parsed, error });
        return;
      }
      if (parsed['jsonrpc'] !== '2.0') recorder.warn('A stream event has no "jsonrpc": "2.0".');
      payload = parsed['result'];
    } else if (!isObject(parsed)) return wrongEvent(ev, parsed, 'protocol', 'is JSON but not an object');
    else if (isJsonRpcEnvelope(parsed))
      return wrongEvent(ev, parsed, 'protocol', 'is a JSON-RPC envelope, not an HTTP+JSON StreamResponse (this address speaks JSON-RPC)');
    const info = describePayload(version, payload);
    if (!info.objectKind) recorder.warn(`Stream event ${recorder.eventCount} carries no recognisable A2A ${version} object.`);
    last = info;
    if (info.state) lastState = info.state;
    const recorded = recorder.eventShell(ev.event, parsed, arrivedAt);
    if (info.objectKind) recorded.objectKind = info.objectKind;
    if (info.state) recorded.state = info.state;
    if (info.taskId) recorded.taskId = info.taskId;
    if (info.contextId) recorded.contextId = info.contextId;
    recorder.pushEvent(recorded);
  };

  try {
    outer: for await (const chunk of res as AsyncIterable<Buffer>) {
      total += chunk.length;
      arrivedAt = recorder.elapsed();
      let rest = chunk;
      if (headKept < headCap) {
        const take = Math.min(chunk.length, headCap - headKept);
        head.push(take === chunk.length ? chunk : chunk.subarray(0, take));
        headKept += take;
        rest = chunk.subarray(take);
      }
      if (rest.length > 0 && tailCap > 0) {
        tail.push(rest);
        tailKept += rest.length;
        while (tail.length > 1 && tailKept - (tail[0] as Buffer).length >= tailCap) tailKept -= (tail.shift() as Buffer).length;
      }
      const fed = parser.feed(chunk);
      for (const ev of fed.events) {
        handle(ev);
        if (error) break outer;
      }
      if (fed.error) {
        error = { code: fed.error.code, message: fed.error.message };
        break;
      }
      // Backpressure: while the consumer (a browser tab, IPC) is full, stop reading the socket.
      const full = recorder.sinkReady();
      if (full && !(await untilReady(full, options.stop))) break;
    }
  } catch (e) {
    if (options.stop.aborted) stopped = true;
    else {
      const message = e instanceof TransportError ? e.message : `The connection broke during the stream: ${(e as Error).message}`;
      error = { code: e instanceof TransportError ? e.code : 'connection-lost', message };
    }
  } finally {
    if (!res.destroyed) res.destroy();
  }

  if (!error && options.stop.aborted) stopped = true;
  const done = parser.finish();
  if (!error && !stopped && done.truncated) {
    error = { code: 'sse-truncated', message: `The stream ended in the middle of an event; ${done.pendingBytes} bytes were discarded.` };
  }
  if (invalidUtf8) recorder.warn('The stream contained invalid UTF-8; those bytes show as U+FFFD.');
  const headBytes = Buffer.concat(head, headKept);
  const tailBytes = Buffer.concat(tail, tailKept);
  if (headKept + tailKept >= total) recorder.setStreamBody(Buffer.concat([headBytes, tailBytes]), undefined, total);
  else {
    const cut = tailBytes.subarray(Math.max(0, tailBytes.length - tailCap));
    recorder.setStreamBody(headBytes.subarray(0, utf8Boundary(headBytes)), cut.subarray(utf8Start(cut)), total);
  }

  const base = { kind: 'stream' as const, eventCount: recorder.eventCount, ...(lastState ? { lastState } : {}), ...(wrong ? { wrongEvents: wrong } : {}) };
  if (stopped) return { ...base, ended: 'stopped' };
  if (error) return { ...base, ended: 'error', error };
  if (last?.endsStream) return { ...base, ended: 'completed' };
  recorder.warn(
    recorder.eventCount === 0
      ? 'The server closed the stream without sending any event.'
      : `The server closed the stream before a terminal or interrupted state${lastState ? ` (last state ${lastState})` : ''}.`,
  );
  return { ...base, ended: 'closed' };
}
