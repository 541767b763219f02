/**
 * Notices a server that goes away under a request, so the request ends at once with the reason
 * instead of waiting out its timeout.
 *
 * stdio: the SDK already rejects what is in flight when the process ends; this adds why (exit code or
 * signal, the last stderr lines). Streamable HTTP: the SDK does not. A POST whose answer is an SSE
 * stream that ends (or is reset) before the answer arrived is only reopened when the server made it
 * resumable (an event id); otherwise the request stays pending forever. So the request's stream is
 * watched here: when it ends without its answer and cannot be resumed, or a resume cannot reach the
 * server, the transport is closed, which makes the SDK reject every pending request
 * (ConnectionClosed), and the reason is kept for the record.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { tapTransport } from './transport-tap';
import type { FetchLike } from './mcp-recorder';
import { isObject } from '../../../shared/a2a/payload';

/**
 * How long a stream's end waits for the SDK to hand on what it already read before the request counts
 * as unanswered: the SDK reads the same bytes through its own parser, a few turns of the loop later.
 */
const SETTLE_MS = 250;

type Id = string | number;

function requestIds(body: unknown): Id[] {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const out: Id[] = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!isObject(message) || typeof message['method'] !== 'string') continue;
    const id = message['id'];
    if (typeof id === 'string' || typeof id === 'number') out.push(id);
  }
  return out;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return init?.headers ? new Headers(init.headers).get(name) : null;
}

function lastLines(text: string, count: number): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .slice(-count)
    .join('\n');
}

export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class ConnectionLoss {
  #reason: string | undefined;
  #closing = false;
  /** Requests sent and not answered yet (ids). */
  readonly #pending = new Set<Id>();
  #close: (() => Promise<void>) | undefined;
  readonly #onLost: (reason: string) => void;

  constructor(onLost: (reason: string) => void) {
    this.#onLost = onLost;
  }

  /** Why the server's connection is gone; undefined while it is not (or when Powerduck closed it). */
  get reason(): string | undefined {
    return this.#reason;
  }

  /** Our own close is not the server going away. */
  closing(): void {
    this.#closing = true;
  }

  /** Records the first reason, then closes the transport so the SDK rejects every request in flight. */
  lose(reason: string): void {
    if (this.#closing || this.#reason !== undefined) return;
    this.#reason = reason;
    this.#onLost(reason);
    void this.#close?.().catch(() => undefined);
  }

  /** Follows the messages (which requests are answered) and the transport's own close. */
  wrap(inner: Transport, hooks: { started?: () => void; closed?: () => string | undefined } = {}): Transport {
    const onClosed = hooks.closed;
    this.#close = () => inner.close();
    const requestId = (message: JSONRPCMessage): string | number | undefined =>
      'id' in message && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
    return tapTransport(inner, {
      received: (message) => {
        const id = requestId(message);
        if (!('method' in message) && id !== undefined) this.#pending.delete(id);
      },
      sent: (message) => {
        const id = requestId(message);
        if ('method' in message && id !== undefined) this.#pending.add(id);
      },
      ...(hooks.started ? { started: hooks.started } : {}),
      innerClosed: () => {
        // The transport closed by itself (a stdio process ended): say why before the SDK rejects.
        if (onClosed && !this.#closing && this.#reason === undefined) {
          const why = onClosed();
          if (why !== undefined) {
            this.#reason = why;
            this.#onLost(why);
          }
        }
      },
      closing: () => this.closing(),
    });
  }

  /**
   * A fetch that follows each request's SSE answer to its end (Streamable HTTP), and the resumes of
   * it (GET with Last-Event-ID), which fail when the server is gone.
   */
  fetch(base: FetchLike): FetchLike {
    return async (input, init) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const resume = method === 'GET' && headerOf(init, 'last-event-id') !== null;
      let response: Response;
      try {
        response = await base(input, init);
      } catch (error) {
        if (resume && !init?.signal?.aborted)
          this.lose(`the stream of the request ended and the server could not be reached to resume it (${(error as Error).message}).`);
        throw error;
      }
      if (resume && !response.ok) this.lose(`the stream of the request ended and the server refused to resume it (HTTP ${response.status}).`);
      const ids = method === 'POST' ? requestIds(init?.body) : [];
      const sse = /^\s*text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');
      if (!ids.length || !sse || !response.ok || !response.body) return response;
      return new Response(this.#follow(response.body, ids), { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /** The body as it comes, noting whether the server gave it an event id (then the SDK may resume it). */
  #follow(body: ReadableStream<Uint8Array>, ids: readonly Id[]): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let carry = '';
    let resumable = false;
    const ended = (how: string): void => {
      // Checked once the SDK has had its turn with the last bytes: the answer may be among them.
      setTimeout(() => {
        if (resumable || !ids.some((id) => this.#pending.has(id))) return;
        this.lose(how);
      }, SETTLE_MS).unref();
    };
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await reader.read();
        } catch (error) {
          ended(`the connection was reset before the server answered (${error instanceof Error ? error.message : String(error)}).`);
          controller.error(error);
          return;
        }
        if (step.done) {
          ended('the server ended the response stream (SSE) before it answered.');
          controller.close();
          return;
        }
        if (!resumable) {
          // Lines are read across chunk boundaries: only the unfinished last line is carried.
          const lines = (carry + decoder.decode(step.value, { stream: true })).split(/\r\n|\r|\n/);
          carry = (lines.pop() ?? '').slice(-64);
          if (lines.some((line) => line.startsWith('id:'))) resumable = true;
        }
        controller.enqueue(step.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  /** What a stdio server's end says: exit code or signal, and its last stderr lines. */
  static describeExit(end: ProcessEnd | undefined, stderr: string | undefined): string {
    const how =
      end?.signal != null
        ? `the server process was killed by ${end.signal}`
        : end?.code != null
          ? `the server process exited with code ${end.code}`
          : 'the server process ended';
    const tail = stderr ? lastLines(stderr, 5) : '';
    return `${how}${tail ? `; its last stderr lines:\n${tail}` : '.'}`;
  }
}
