/**
 * Where an elicitation waits for the user: a running mcp.stream asks (its id and the server's
 * request id name the question) and mcp.answer, a separate operation, answers. An answer that does
 * not fit the form is refused and the question stays open; the timeout and Stop answer cancel.
 */
import {
  elicitResultProblems,
  type McpAnswerRequest,
  type McpElicitationPrompt,
  type McpElicitAnsweredBy,
  type McpElicitResult,
  type McpElicitSchema,
} from '../../../shared/mcp/mcp-elicitation';
import { CoreError, shownValue } from '../core-error';
import { isObject } from '../../../shared/a2a/payload';

export interface ElicitationAnswer {
  answer: McpElicitResult;
  answeredBy: Extract<McpElicitAnsweredBy, 'user' | 'timeout' | 'stopped'>;
}

/** Asks the user and resolves with their answer, or cancel on timeout or when `signal` aborts. */
export type ElicitationAsker = (prompt: McpElicitationPrompt, signal: AbortSignal) => Promise<ElicitationAnswer>;

interface Pending {
  schema: McpElicitSchema;
  settle: (answer: McpElicitResult) => void;
}

function keyOf(streamId: string, serverRequestId: string | number): string {
  // 1 and "1" are different JSON-RPC ids.
  return `${streamId}\u0000${typeof serverRequestId}:${String(serverRequestId)}`;
}

export class ElicitationBroker {
  readonly #pending = new Map<string, Pending>();

  /** How many questions are open (for tests and diagnostics). */
  get size(): number {
    return this.#pending.size;
  }

  asker(streamId: string): ElicitationAsker {
    return (prompt, signal) =>
      new Promise<ElicitationAnswer>((resolve) => {
        const key = keyOf(streamId, prompt.serverRequestId);
        const done = (answer: McpElicitResult, answeredBy: ElicitationAnswer['answeredBy']): void => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          if (this.#pending.get(key) === pending) this.#pending.delete(key);
          resolve({ answer, answeredBy });
        };
        const onAbort = (): void => done({ action: 'cancel' }, 'stopped');
        const pending: Pending = { schema: prompt.requestedSchema, settle: (answer) => done(answer, 'user') };
        const timer = setTimeout(() => done({ action: 'cancel' }, 'timeout'), prompt.timeoutMs);
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        this.#pending.set(key, pending);
      });
  }

  answer(request: McpAnswerRequest): { answered: true } {
    if (!isObject(request)) throw new CoreError('bad-request', 'mcp.answer needs {requestId, serverRequestId, result}.');
    const { requestId, serverRequestId, result } = request as unknown as Record<string, unknown>;
    if (typeof requestId !== 'string' || !requestId) throw new CoreError('bad-request', 'mcp.answer needs the requestId of the running mcp.stream.');
    if (typeof serverRequestId !== 'string' && typeof serverRequestId !== 'number')
      throw new CoreError('bad-request', `serverRequestId must be the JSON-RPC id of the server's request, not ${shownValue(serverRequestId)}.`);
    const pending = this.#pending.get(keyOf(requestId, serverRequestId));
    if (!pending)
      throw new CoreError(
        'not-found',
        `No elicitation ${shownValue(serverRequestId)} of stream ${shownValue(requestId)} is waiting (it was answered, timed out, or the call ended).`,
      );
    const problems = elicitResultProblems(pending.schema, result);
    if (problems.length)
      throw new CoreError('invalid', `The answer does not fit the server's form, so it was not sent (the question is still open): ${problems.join(' ')}`);
    const answer = result as McpElicitResult;
    pending.settle(answer.action === 'accept' ? { action: 'accept', content: structuredClone(answer.content ?? {}) } : { action: answer.action });
    return { answered: true };
  }
}
