import type { RecordedProxy } from '../../../shared/http/proxy-rules';
import { performance } from 'node:perf_hooks';
import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord, HeaderList, Outcome, RecordedRequest, RecordedResponse, RecordedStreamEvent, Timings } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import { utf8Boundary } from '../../../shared/a2a/utf8';
import { redactHeaders, redactUrl, scrubValues, type RedactionRules } from '../../../shared/a2a/redaction';

/** A2A calls record bodies up to 50 MB by default; beyond that the copy is cut and flagged. */
export const DEFAULT_RECORD_BODY_LIMIT = 50 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export interface DecodedBody {
  text: string;
  /** Decoded as UTF-8 (no charset declared, or one not known) and not valid UTF-8. */
  invalidUtf8: boolean;
  /** The WHATWG encoding used when the declared charset is not UTF-8 (`windows-1252` for iso-8859-1). */
  encoding?: string;
  /** With `encoding`: bytes that are not valid in it (they show as U+FFFD). */
  invalidInEncoding?: boolean;
  /** A declared charset no decoder here knows: the body was decoded as UTF-8 instead. */
  unknownCharset?: string;
}

/** A decoder for a charset label (WHATWG names and aliases, as browsers read them), or undefined when unknown. */
function decoderFor(charset: string): InstanceType<typeof TextDecoder> | undefined {
  try {
    return new TextDecoder(charset.trim(), { fatal: true, ignoreBOM: true });
  } catch {
    return undefined;
  }
}

/**
 * Decodes bytes as their declared charset (a Content-Type's `charset`), else as UTF-8, reporting
 * (not failing on) invalid sequences.
 */
export function decodeBytes(bytes: Uint8Array, charset?: string): DecodedBody {
  const decoder = charset === undefined ? undefined : decoderFor(charset);
  if (decoder && decoder.encoding !== 'utf-8') {
    try {
      return { text: decoder.decode(bytes), invalidUtf8: false, encoding: decoder.encoding };
    } catch {
      const lenient = new TextDecoder(decoder.encoding, { fatal: false, ignoreBOM: true });
      return { text: lenient.decode(bytes), invalidUtf8: false, encoding: decoder.encoding, invalidInEncoding: true };
    }
  }
  const unknown = charset !== undefined && !decoder ? { unknownCharset: charset } : {};
  try {
    return { text: strictUtf8.decode(bytes), invalidUtf8: false, ...unknown };
  } catch {
    return { text: lenientUtf8.decode(bytes), invalidUtf8: true, ...unknown };
  }
}

export interface RequestRecordInput {
  url: string;
  httpMethod?: string;
  headers: HeaderList;
  metadata?: HeaderList;
  /** Exact text sent (JSON) or the ProtoJSON shown for a gRPC message. */
  bodyText?: string;
  /** Bytes on the wire (the protobuf size for gRPC). */
  bodyBytes: number;
  rpcId?: string | number;
  proxy?: RecordedProxy;
}

export interface ResponseHeadInput {
  status?: number;
  statusText?: string;
  headers: HeaderList;
  contentType?: string;
}

/**
 * Builds the one ExchangeRecord of a call. Redaction happens here, on the recorded copy only;
 * the live request was built before and is never touched.
 */
export class ExchangeRecorder {
  readonly id = newUuid();
  readonly startedAt: string;
  readonly #t0 = performance.now();
  readonly #call: A2aCall;
  readonly #limit: number;
  readonly #onEvent: ((event: RecordedStreamEvent) => void) | undefined;
  readonly #sinkReady: (() => Promise<void> | undefined) | undefined;
  #rules: RedactionRules;
  #request: RecordedRequest = { url: '', headers: [], bodyBytes: 0 };
  #response: RecordedResponse | undefined;
  #events: RecordedStreamEvent[] | undefined;
  /** False when whoever receives the events keeps them (see CallHooks.keepEvents): they are then only counted. */
  readonly #keepEvents: boolean;
  #eventCount = 0;
  readonly warnings: string[] = [];
  readonly timings: Omit<Timings, 'totalMs'> = {};

  constructor(
    call: A2aCall,
    now: () => number,
    onEvent?: (event: RecordedStreamEvent) => void,
    sinkReady?: () => Promise<void> | undefined,
    keepEvents = true,
  ) {
    this.#keepEvents = keepEvents || !onEvent;
    this.#call = call;
    this.startedAt = new Date(now()).toISOString();
    this.#limit = call.recordBodyLimit ?? DEFAULT_RECORD_BODY_LIMIT;
    this.#onEvent = onEvent;
    this.#sinkReady = sinkReady;
    this.#rules = {};
  }

  /** performance.now() at the start of the call (timings are relative to it). */
  get origin(): number {
    return this.#t0;
  }

  /** Milliseconds since the call started. */
  elapsed(): number {
    return Math.round((performance.now() - this.#t0) * 1000) / 1000;
  }

  get bodyLimit(): number {
    return this.#limit;
  }

  setRedaction(rules: RedactionRules): void {
    this.#rules = rules;
  }

  /** Set by an adapter when the answer has another binding's shape. */
  bindingMismatch: ExchangeRecord['bindingMismatch'];

  /** See ExchangeRecord.authNote. */
  authNote: string | undefined;

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  #cut(text: string): { body: string; truncated?: boolean } {
    if (text.length <= this.#limit && Buffer.byteLength(text) <= this.#limit) return { body: text };
    // At a character boundary: the kept text is then exactly the first bytes kept (history replay says where it was cut).
    const cut = Buffer.from(text, 'utf8').subarray(0, this.#limit);
    return { body: lenientUtf8.decode(cut.subarray(0, utf8Boundary(cut))), truncated: true };
  }

  setRequest(input: RequestRecordInput): void {
    const rec: RecordedRequest = {
      url: redactUrl(input.url, this.#rules),
      headers: redactHeaders(input.headers, this.#rules),
      bodyBytes: input.bodyBytes,
    };
    if (input.httpMethod) rec.httpMethod = input.httpMethod;
    if (input.metadata) rec.metadata = redactHeaders(input.metadata, this.#rules);
    if (input.bodyText !== undefined) {
      const { body, truncated } = this.#cut(scrubValues(input.bodyText, this.#rules));
      rec.body = body;
      if (truncated) rec.truncated = true;
    }
    if (input.rpcId !== undefined) rec.rpcId = input.rpcId;
    if (input.proxy) rec.proxy = input.proxy;
    this.#request = rec;
  }

  /** The request recorded so far (redacted): a redirect-following caller keeps the first one before the next hop replaces it. */
  get request(): RecordedRequest {
    return this.#request;
  }

  setResponseHead(input: ResponseHeadInput): void {
    const rec: RecordedResponse = { headers: redactHeaders(input.headers, this.#rules), bodyBytes: 0 };
    if (input.status !== undefined) rec.status = input.status;
    if (input.statusText !== undefined) rec.statusText = input.statusText;
    if (input.contentType !== undefined) rec.contentType = input.contentType;
    this.#response = rec;
  }

  /** gRPC status and trailers. */
  setGrpcStatus(code: number, name: string, trailers: HeaderList): void {
    const rec = this.#response ?? { headers: [], bodyBytes: 0 };
    rec.grpcStatus = code;
    rec.grpcStatusName = name;
    rec.trailers = redactHeaders(trailers, this.#rules);
    this.#response = rec;
  }

  /**
   * Response body: `bytes` holds at most the record limit; `totalBytes` is what arrived. `incomplete`:
   * the answer stopped before its end, and this is the part that came.
   */
  /**
   * `as.charset`: what the Content-Type declares (plain HTTP answers; A2A bodies are JSON, always
   * UTF-8). `as.binary`: the bytes are kept elsewhere (base64, a file), so no text copy is made.
   */
  setResponseBody(
    bytes: Uint8Array,
    totalBytes: number,
    truncated: boolean,
    incomplete = false,
    as: { charset?: string | undefined; binary?: boolean } = {},
  ): DecodedBody {
    const decoded = as.binary ? { text: '', invalidUtf8: false } : decodeBytes(bytes, as.charset);
    const rec = this.#response ?? { headers: [], bodyBytes: 0 };
    if (!as.binary) rec.body = scrubValues(decoded.text, this.#rules);
    rec.bodyBytes = totalBytes;
    if (truncated) rec.truncated = true;
    if (incomplete) rec.incomplete = true;
    if (decoded.invalidUtf8) rec.invalidUtf8 = true;
    this.#response = rec;
    return decoded;
  }

  /** Response body already as text (gRPC messages shown as ProtoJSON). */
  setResponseText(text: string, wireBytes: number): void {
    const rec = this.#response ?? { headers: [], bodyBytes: 0 };
    const { body, truncated } = this.#cut(scrubValues(text, this.#rules));
    rec.body = body;
    rec.bodyBytes = wireBytes;
    if (truncated) rec.truncated = true;
    this.#response = rec;
  }

  /**
   * The raw text of a stream, kept only as its first and last bytes (every event is kept once, in
   * `events`; the Raw view rebuilds the wire form from them). `totalBytes` is what arrived.
   */
  setStreamBody(head: Uint8Array, tail: Uint8Array | undefined, totalBytes: number): void {
    const rec = this.#response ?? { headers: [], bodyBytes: 0 };
    const first = decodeBytes(head);
    rec.body = scrubValues(first.text, this.#rules);
    rec.bodyBytes = totalBytes;
    if (first.invalidUtf8) rec.invalidUtf8 = true;
    if (tail) {
      rec.truncated = true;
      rec.bodyTail = scrubValues(lenientUtf8.decode(tail), this.#rules);
    }
    this.#response = rec;
  }

  /** gRPC streams: head and tail of the ProtoJSON lines when messages in between were left out. */
  setStreamText(headText: string, tailText: string, wireBytes: number): void {
    const rec = this.#response ?? { headers: [], bodyBytes: 0 };
    rec.body = scrubValues(headText, this.#rules);
    rec.bodyTail = scrubValues(tailText, this.#rules);
    rec.bodyBytes = wireBytes;
    rec.truncated = true;
    this.#response = rec;
  }

  /**
   * Streams: undefined while whoever receives the events keeps up; otherwise a promise to await
   * before reading more from the network (the source is paused, not buffered).
   */
  sinkReady(): Promise<void> | undefined {
    return this.#sinkReady?.();
  }

  get hasResponse(): boolean {
    return this.#response !== undefined;
  }

  /** Numbers, time-stamps, stores and forwards one stream event. */
  addEvent(event: Omit<RecordedStreamEvent, 'seq' | 'atMs'>): RecordedStreamEvent {
    const full: RecordedStreamEvent = { seq: this.#eventCount, atMs: this.elapsed(), ...event };
    this.pushEvent(full);
    return full;
  }

  /**
   * Hot path for streams: records an event built by the caller from `eventShell` (seq and atMs
   * already set, in that order, so the JSON reads naturally). `atMs` may be given: the events of one
   * network chunk all arrived when the chunk did.
   */
  eventShell(event: string, data: unknown, atMs: number = this.elapsed()): RecordedStreamEvent {
    return { seq: this.#eventCount, atMs, event, data };
  }

  pushEvent(full: RecordedStreamEvent): void {
    this.#eventCount++;
    if (this.#keepEvents) (this.#events ??= []).push(full);
    this.#onEvent?.(full);
  }

  get eventCount(): number {
    return this.#eventCount;
  }

  /** Marks that events are expected, so the record carries `events: []` even when none came. */
  expectEvents(): void {
    if (this.#keepEvents) this.#events ??= [];
  }

  finish(outcome: Outcome): ExchangeRecord {
    const record: ExchangeRecord = {
      id: this.id,
      startedAt: this.startedAt,
      version: this.#call.version,
      binding: this.#call.binding,
      endpoint: redactUrl(this.#call.endpoint, this.#rules),
      method: this.#call.method,
      request: this.#request,
      timings: { ...this.timings, totalMs: this.elapsed() },
      // A wrong answer's message quotes the body's first bytes: scrubbed as the body is.
      outcome: outcome.kind === 'transport-error' && this.#rules.values?.length ? { ...outcome, message: scrubValues(outcome.message, this.#rules) } : outcome,
      warnings: this.#rules.values?.length ? this.warnings.map((w) => scrubValues(w, this.#rules)) : this.warnings,
    };
    if (this.#response) record.response = this.#response;
    if (this.#events) record.events = this.#events;
    if (this.bindingMismatch) record.bindingMismatch = this.bindingMismatch;
    if (this.authNote) record.authNote = this.authNote;
    return record;
  }
}
