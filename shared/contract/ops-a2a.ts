import type { A2aCall } from '../a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../a2a/exchange';
import type { A2aVersion } from '../a2a/versions';
import type { Op, StreamOp } from './op';

export interface ContinueRequest {
  version: A2aVersion;
  /** A task, message, stream event or whole SendMessage result the server returned. */
  from: unknown;
}

export interface ContinueResponse {
  contextId?: string;
  taskId?: string;
  /** Next message skeleton with a fresh messageId and the server's contextId/taskId. */
  message: Record<string, unknown>;
}

export interface A2aOps {
  /** Unary call: the exchange record always comes back, whatever the outcome (RPC errors included). */
  'a2a.send': Op<A2aCall, ExchangeRecord>;
  'a2a.continue': Op<ContinueRequest, ContinueResponse>;
}

export interface A2aStreams {
  /** Streaming call (SendStreamingMessage, SubscribeToTask, message/stream, tasks/resubscribe). */
  'a2a.stream': StreamOp<A2aCall, RecordedStreamEvent, ExchangeRecord>;
}

export const a2aOpNames = ['a2a.send', 'a2a.continue'] as const satisfies readonly (keyof A2aOps)[];
export const a2aStreamNames = ['a2a.stream'] as const satisfies readonly (keyof A2aStreams)[];
