import type { A2aCall } from '../../../shared/a2a/call';
import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder } from './history-recorder';
import { createStreamDigest } from '../../../shared/history/history-entry';

/**
 * The drafted body, when it is the body that was sent. A body written as JSON text with unquoted
 * references (`bodyText`) is JSON only once the core filled them in: its `body` has null in their
 * places, so the entry reads the sent message from the recorded request instead.
 */
function drafted(call: A2aCall): { callBody?: unknown } {
  return call.bodyText === undefined ? { callBody: call.body } : {};
}

/**
 * Decorates the a2a handlers so every exchange they return lands in the history. Recording
 * happens after the call completed and never changes its result (the recorder swallows its own errors).
 * The answer does not wait for its entry: the entry is built and queued while the caller shows the
 * answer (a send spends most of its time waiting for the agent; the history work fits in that wait).
 * The store counts the entry from this moment: a history read, a flush or close waits for it, so a
 * read right after a send finds it and an answered send is never missing from history after a quit.
 */
export function withHistory(recorder: HistoryRecorder, handlers: Handlers<A2aOps>): Handlers<A2aOps> {
  return {
    ...handlers,
    'a2a.send': async (request, ctx) => {
      const record = await handlers['a2a.send'](request, ctx);
      void recorder.record(record, { source: 'send', ...drafted(request), call: request });
      return record;
    },
  };
}

export function withStreamHistory(recorder: HistoryRecorder, handlers: StreamHandlers<A2aStreams>): StreamHandlers<A2aStreams> {
  return {
    ...handlers,
    'a2a.stream': async (request, emit, ctx) => {
      // The entry is digested from the events as they pass, so the record need not keep them, unless
      // full bodies are on (the entry then stores the whole exchange, events included).
      const { fullBodies } = await recorder.store.settings();
      const digest = createStreamDigest(request.binding);
      const record = await handlers['a2a.stream'](
        request,
        (event) => {
          digest.add(event.data);
          emit(event);
        },
        { ...ctx, keepEvents: fullBodies },
      );
      void recorder.record(record, { source: 'stream', ...drafted(request), call: request, ...(record.events ? {} : { streamDigest: digest.digest }) });
      return record;
    },
  };
}
