/**
 * Where a server's question waits for the user: a running mcp.stream asks (its id and the server's
 * request id name the question) and mcp.answer, a separate operation, answers. Two kinds of question
 * wait here: elicitation/create (a form) and sampling/createMessage (the user writes the model's
 * message). An answer that does not fit its question is refused and the question stays open; the
 * timeout and Stop settle it (cancel for an elicitation, a refusal for sampling).
 */
import {
  elicitResultProblems,
  type McpAnswerRequest,
  type McpElicitationPrompt,
  type McpElicitAnsweredBy,
  type McpElicitResult,
} from '../../../shared/mcp/mcp-elicitation';
import { normaliseSamplingAnswer, samplingAnswerProblems, type McpSamplingAnswer, type McpSamplingPrompt } from '../../../shared/mcp/mcp-sampling';
import { CoreError, shownValue } from '../core-error';
import { isObject } from '../../../shared/a2a/payload';

type Settled = Extract<McpElicitAnsweredBy, 'user' | 'timeout' | 'stopped'>;

export interface QuestionAnswer<A> {
  answer: A;
  answeredBy: Settled;
}

/** Asks the user and resolves with their answer, or cancel on timeout or when `signal` aborts. */
export type ElicitationAsker = (prompt: McpElicitationPrompt, signal: AbortSignal) => Promise<QuestionAnswer<McpElicitResult>>;
/** Asks the user to write the model's message; resolves with it, or decline on timeout or when `signal` aborts. */
export type SamplingAsker = (prompt: McpSamplingPrompt, signal: AbortSignal) => Promise<QuestionAnswer<McpSamplingAnswer>>;

/** Everything one stream can ask its user. */
export interface Askers {
  elicit: ElicitationAsker;
  sample: SamplingAsker;
}

interface Pending {
  kind: 'elicitation' | 'sampling';
  /** URL mode: the page an accepted answer opens. */
  page?: string;
  problems(result: unknown): string[];
  settle(result: unknown): void;
}

function keyOf(streamId: string, serverRequestId: string | number): string {
  // 1 and "1" are different JSON-RPC ids.
  return `${streamId}\u0000${typeof serverRequestId}:${String(serverRequestId)}`;
}

export class QuestionBroker {
  readonly #pending = new Map<string, Pending>();
  readonly #openBrowser: ((url: string) => Promise<boolean>) | undefined;

  /**
   * `openBrowser`: the host's way to show a page in the system browser (Electron, the CLI); the browser
   * host has none, and its page opens an accepted page itself.
   */
  constructor(options: { openBrowser?: (url: string) => Promise<boolean> } = {}) {
    this.#openBrowser = options.openBrowser;
  }

  /** How many questions are open (for tests and diagnostics). */
  get size(): number {
    return this.#pending.size;
  }

  askers(streamId: string): Askers {
    return {
      elicit: (prompt, signal) =>
        this.#ask<McpElicitResult>(streamId, prompt, signal, {
          kind: 'elicitation',
          ...(prompt.page ? { page: prompt.page.url } : {}),
          problems: (result) => elicitResultProblems(prompt.requestedSchema, result),
          // A page (URL mode) takes no values: its accept says only that the user agreed to open it.
          normalise: (result) =>
            result.action === 'accept' && !prompt.page ? { action: 'accept', content: structuredClone(result.content ?? {}) } : { action: result.action },
          unanswered: { action: 'cancel' },
        }),
      sample: (prompt, signal) =>
        this.#ask<McpSamplingAnswer>(streamId, prompt, signal, {
          kind: 'sampling',
          problems: samplingAnswerProblems,
          normalise: normaliseSamplingAnswer,
          unanswered: { action: 'decline' },
        }),
    };
  }

  #ask<A>(
    streamId: string,
    prompt: { serverRequestId: string | number; timeoutMs: number },
    signal: AbortSignal,
    how: { kind: Pending['kind']; page?: string; problems(result: unknown): string[]; normalise(result: A): A; unanswered: A },
  ): Promise<QuestionAnswer<A>> {
    return new Promise<QuestionAnswer<A>>((resolve) => {
      const key = keyOf(streamId, prompt.serverRequestId);
      const done = (answer: A, answeredBy: Settled): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (this.#pending.get(key) === pending) this.#pending.delete(key);
        resolve({ answer, answeredBy });
      };
      const onAbort = (): void => done(how.unanswered, 'stopped');
      const pending: Pending = {
        kind: how.kind,
        ...(how.page !== undefined ? { page: how.page } : {}),
        problems: how.problems,
        settle: (result) => done(how.normalise(result as A), 'user'),
      };
      const timer = setTimeout(() => done(how.unanswered, 'timeout'), prompt.timeoutMs);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(key, pending);
    });
  }

  /**
   * Settles the question. An accepted page (URL mode) is opened with `openBrowser` when the host has
   * one (`opened: true`); otherwise the caller opens it, since the user's click is what allows it.
   */
  async answer(request: McpAnswerRequest): Promise<{ answered: true; opened?: boolean }> {
    if (!isObject(request)) throw new CoreError('bad-request', 'mcp.answer needs {requestId, serverRequestId, result}.');
    const { requestId, serverRequestId, result } = request as unknown as Record<string, unknown>;
    if (typeof requestId !== 'string' || !requestId) throw new CoreError('bad-request', 'mcp.answer needs the requestId of the running mcp.stream.');
    if (typeof serverRequestId !== 'string' && typeof serverRequestId !== 'number')
      throw new CoreError('bad-request', `serverRequestId must be the JSON-RPC id of the server's request, not ${shownValue(serverRequestId)}.`);
    const pending = this.#pending.get(keyOf(requestId, serverRequestId));
    if (!pending)
      throw new CoreError(
        'not-found',
        `No question ${shownValue(serverRequestId)} of stream ${shownValue(requestId)} is waiting (it was answered, timed out, or the call ended).`,
      );
    const problems = pending.problems(result);
    if (problems.length) {
      const what = pending.kind === 'elicitation' ? "the server's form" : "the server's sampling request";
      throw new CoreError('invalid', `The answer does not fit ${what}, so it was not sent (the question is still open): ${problems.join(' ')}`);
    }
    pending.settle(result);
    if (pending.page === undefined || (result as { action?: unknown }).action !== 'accept') return { answered: true };
    const opened = this.#openBrowser ? await this.#openBrowser(pending.page).catch(() => false) : false;
    return { answered: true, opened };
  }
}
