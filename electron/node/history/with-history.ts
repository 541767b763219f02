import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder } from './history-recorder';

/**
 * Decorates the a2a handlers so every exchange they return lands in the history. Recording
 * happens after the call completed and never changes its result (the recorder swallows its own errors).
 */
export function withHistory(recorder: HistoryRecorder, handlers: Handlers<A2aOps>): Handlers<A2aOps> {
  return {
    ...handlers,
    'a2a.send': async (request, ctx) => {
      const record = await handlers['a2a.send'](request, ctx);
      await recorder.record(record, { source: 'send', callBody: request.body, call: request });
      return record;
    },
  };
}

export function withStreamHistory(recorder: HistoryRecorder, handlers: StreamHandlers<A2aStreams>): StreamHandlers<A2aStreams> {
  return {
    ...handlers,
    'a2a.stream': async (request, emit, ctx) => {
      const record = await handlers['a2a.stream'](request, emit, ctx);
      await recorder.record(record, { source: 'stream', callBody: request.body, call: request });
      return record;
    },
  };
}
