/**
 * Records one MCP connection in one place: every HTTP request/response the SDK transport makes
 * (through a wrapped fetch) and every JSON-RPC message both ways (through a wrapped transport).
 * Secrets are redacted here, on the recorded copy only; the live requests are untouched.
 */
import { performance } from 'node:perf_hooks';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { tapTransport } from './transport-tap';
import type { HeaderList } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import { redactDeep } from '../../../shared/history/history-redaction';
import { redactHeaders, redactUrl, scrubValues, secretForms, type RedactionRules } from '../../../shared/a2a/redaction';
import type { McpElicitation } from '../../../shared/mcp/mcp-elicitation';
import type { McpSampling } from '../../../shared/mcp/mcp-sampling';
import type { McpHttpExchange, McpMessage, McpStreamEvent } from '../../../shared/mcp/mcp-types';

export const DEFAULT_MCP_RECORD_BODY_LIMIT = 5 * 1024 * 1024;
/** Messages kept per record: a server flooding notifications must not exhaust memory. */
export const MAX_RECORDED_MESSAGES = 10_000;
const MAX_STDERR_CHARS = 16 * 1024;

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface McpRecorderOptions {
  recordBodyLimit?: number;
  onEvent?: (event: McpStreamEvent) => void;
  held?: readonly string[];
  /** JSON-RPC messages kept (the first ones; default MAX_RECORDED_MESSAGES). Events go on past it. */
  maxMessages?: number;
  /** Timeline events kept (the latest ones; default MAX_RECORDED_MESSAGES); the earlier ones are counted. */
  maxEvents?: number;
  /** HTTP exchanges kept (the first ones; default all): a watch reopening its stream for hours must not grow without bound. */
  maxHttp?: number;
  /** Each event carries its wall-clock time (a watch spans hours; a call's milliseconds since start suffice). */
  stampTime?: boolean;
  /**
   * Values of secret-backed `{{variables}}` filled in before the send: scrubbed from the start (a
   * connection that fails before the transport sets its rules must not record them either) and kept
   * whatever rules the transport sets later.
   */
  redactValues?: readonly string[];
}

function headerList(headers: RequestInit['headers'] | Headers | undefined): HeaderList {
  if (!headers) return [];
  const out: HeaderList = [];
  new Headers(headers).forEach((value, name) => out.push([name, value]));
  return out;
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  return '‹body not recorded›';
}

function messageKind(message: Record<string, unknown>): McpMessage['kind'] {
  if (typeof message['method'] === 'string') return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

export class McpRecorder {
  readonly id = newUuid();
  readonly startedAt: string;
  readonly #t0 = performance.now();
  readonly #limit: number;
  #rules: RedactionRules = {};
  readonly #redactValues: readonly string[];
  readonly http: McpHttpExchange[] = [];
  readonly messages: McpMessage[] = [];
  readonly events: McpStreamEvent[] = [];
  readonly warnings: string[] = [];
  readonly elicitations: McpElicitation[] = [];
  readonly samplings: McpSampling[] = [];
  /** Server requests of a held method, by id, until the code answering them releases their event. */
  readonly #held = new Map<string | number, { atMs: number; method: string; message: Record<string, unknown> }>();
  readonly #heldMethods: ReadonlySet<string>;
  #stderr = '';
  #droppedMessages = 0;
  #droppedEvents = 0;
  #droppedHttp = 0;
  #eventSeq = 0;
  readonly #now: () => number;
  readonly #maxMessages: number;
  readonly #maxEvents: number;
  readonly #maxHttp: number;
  readonly #stampTime: boolean;
  readonly #pending = new Set<Promise<void>>();
  /** The last HTTP answer that was not 2xx (status and headers, unredacted: read by the core only, never stored). */
  lastFailure: { status: number; headers: Headers; url: string } | undefined;
  /** Why the server's connection went away mid-session (see ConnectionLoss); the outcome says so. */
  connectionLost: string | undefined;
  readonly #onEvent: ((event: McpStreamEvent) => void) | undefined;

  /**
   * `held`: methods of server requests whose timeline event waits for `release` (elicitation/create,
   * sampling/createMessage: its event carries the question, which exists once the SDK has checked the request).
   */
  constructor(now: () => number, options: McpRecorderOptions = {}) {
    this.#now = now;
    this.startedAt = new Date(now()).toISOString();
    this.#limit = options.recordBodyLimit ?? DEFAULT_MCP_RECORD_BODY_LIMIT;
    this.#onEvent = options.onEvent;
    this.#heldMethods = new Set(options.held ?? []);
    this.#maxMessages = options.maxMessages ?? MAX_RECORDED_MESSAGES;
    this.#maxEvents = options.maxEvents ?? MAX_RECORDED_MESSAGES;
    this.#maxHttp = options.maxHttp ?? Number.POSITIVE_INFINITY;
    this.#stampTime = options.stampTime ?? false;
    this.#redactValues = secretForms(options.redactValues ?? []);
    if (this.#redactValues.length) this.#rules = { values: this.#redactValues };
  }

  /** Events let go of (the record keeps the latest `maxEvents`). */
  get droppedEvents(): number {
    return this.#droppedEvents;
  }

  elapsed(): number {
    return Math.round((performance.now() - this.#t0) * 1000) / 1000;
  }

  setRedaction(rules: RedactionRules): void {
    if (!this.#redactValues.length) this.#rules = rules;
    // Longest first, as secretForms orders them: a value containing another is scrubbed whole.
    else this.#rules = { ...rules, values: [...new Set([...(rules.values ?? []), ...this.#redactValues])].sort((a, b) => b.length - a.length) };
  }

  get rules(): RedactionRules {
    return this.#rules;
  }

  scrub(text: string): string {
    return scrubValues(text, this.#rules);
  }

  /** A fetch that records each request and response (a JSON body whole, an SSE body as it streams). */
  recordingFetch(base: FetchLike = fetch): FetchLike {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input.href;
      const started = this.elapsed();
      const body = bodyText(init?.body);
      const entry: McpHttpExchange = {
        seq: this.http.length,
        atMs: started,
        httpMethod: (init?.method ?? 'GET').toUpperCase(),
        url: redactUrl(url, this.#rules),
        requestHeaders: redactHeaders(headerList(init?.headers), this.#rules),
        ...(body !== undefined ? { requestBody: this.#cut(this.scrub(body)) } : {}),
      };
      if (this.http.length < this.#maxHttp) this.http.push(entry);
      else if (this.#droppedHttp++ === 0) this.warnings.push(`More than ${this.#maxHttp} HTTP exchanges: later ones are not recorded.`);
      let response: Response;
      try {
        response = await base(input, init);
      } catch (e) {
        entry.error = this.scrub((e as Error).message);
        entry.durationMs = this.elapsed() - started;
        throw e;
      }
      entry.status = response.status;
      entry.statusText = response.statusText;
      entry.responseHeaders = redactHeaders(headerList(response.headers), this.#rules);
      const contentType = response.headers.get('content-type');
      if (contentType) entry.contentType = contentType;
      if (!response.ok) this.lastFailure = { status: response.status, headers: response.headers, url };
      entry.durationMs = this.elapsed() - started;
      if (response.body) {
        // The SDK reads the original; the record reads a copy at its own pace (both branches are drained).
        const reading = this.#readInto(entry, response.clone(), started);
        this.#pending.add(reading);
        void reading.finally(() => this.#pending.delete(reading));
      }
      return response;
    };
  }

  async #readInto(entry: McpHttpExchange, response: Response, started: number): Promise<void> {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let text = '';
    let kept = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (kept < this.#limit) {
          const take = value.subarray(0, this.#limit - kept);
          kept += take.length;
          text += decoder.decode(take, { stream: true });
          entry.responseBody = this.scrub(text);
        } else entry.truncated = true;
      }
      text += decoder.decode();
      entry.responseBody = this.scrub(text);
      entry.durationMs = this.elapsed() - started;
    } catch {
      // The stream was closed with the connection: what arrived is what the record shows.
    }
  }

  /** Waits (at most `ms`) for recorded copies of response bodies still arriving. */
  async settle(ms: number): Promise<void> {
    if (!this.#pending.size) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.#pending]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  #cut(text: string): string {
    return text.length > this.#limit ? text.slice(0, this.#limit) : text;
  }

  /** Records a JSON-RPC message; received notifications and server requests also become timeline events. */
  message(direction: McpMessage['direction'], raw: JSONRPCMessage): void {
    const full = this.messages.length >= this.#maxMessages;
    // Past the cap only what becomes an event is copied: the timeline goes on, the message list does not.
    if (full && (direction !== 'received' || !('method' in raw))) {
      this.#noteDroppedMessage();
      return;
    }
    // A copy either way: the SDK keeps using the live message.
    const message = (this.#rules.values?.length ? redactDeep(raw, this.#rules) : structuredClone(raw)) as Record<string, unknown>;
    const kind = messageKind(message);
    const entry: McpMessage = { seq: this.messages.length, atMs: this.elapsed(), direction, kind, message };
    if (typeof message['method'] === 'string') entry.method = message['method'];
    const id = message['id'];
    if (typeof id === 'string' || typeof id === 'number') entry.id = id;
    if (full) this.#noteDroppedMessage();
    else this.messages.push(entry);
    if (direction === 'received' && kind === 'request' && entry.method && entry.id !== undefined && this.#heldMethods.has(entry.method)) {
      this.#held.set(entry.id, { atMs: entry.atMs, method: entry.method, message });
      return;
    }
    if (direction === 'received' && (kind === 'notification' || kind === 'request')) this.event(entry.method ?? 'message', message, {}, entry.atMs);
  }

  #noteDroppedMessage(): void {
    if (this.#droppedMessages++ === 0) this.warnings.push(`More than ${this.#maxMessages} JSON-RPC messages: later ones are not recorded.`);
  }

  /** A timeline event (pushed to the record and passed on as it happens). */
  event(
    name: string,
    data: unknown,
    extra: Pick<McpStreamEvent, 'elicitation' | 'elicitationAnswered' | 'sampling' | 'samplingAnswered'> = {},
    atMs = this.elapsed(),
  ): void {
    const event: McpStreamEvent = { seq: this.#eventSeq++, atMs, event: name, data, ...extra };
    if (this.#stampTime) event.time = new Date(this.#now()).toISOString();
    this.events.push(event);
    // The latest are kept: on a long watch they are what the user is looking at.
    if (this.events.length > this.#maxEvents) {
      this.events.shift();
      this.#droppedEvents++;
    }
    this.#onEvent?.(event);
  }

  /** The event of a held server request, now with what its answerer adds (the question of an elicitation). */
  release(id: string | number, extra: Pick<McpStreamEvent, 'elicitation' | 'sampling'>): void {
    const held = this.#held.get(id);
    if (!held) return;
    this.#held.delete(id);
    this.event(held.method, held.message, extra, held.atMs);
  }

  /** Held requests nobody released (the SDK refused them before they reached Powerduck) still join the timeline. */
  releaseAll(): void {
    for (const id of [...this.#held.keys()]) this.release(id, {});
  }

  stderr(chunk: string): void {
    this.#stderr = (this.#stderr + chunk).slice(-MAX_STDERR_CHARS);
  }

  get stderrText(): string | undefined {
    return this.#stderr ? this.scrub(this.#stderr) : undefined;
  }

  /** A transport that records every message both ways and otherwise delegates. */
  wrap(inner: Transport): Transport {
    return tapTransport(inner, {
      received: (message) => this.message('received', message),
      sent: (message) => this.message('sent', message),
    });
  }
}
