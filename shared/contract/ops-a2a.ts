import type { A2aCall } from '../a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../a2a/exchange';
import type { A2aVersion } from '../a2a/versions';
import type { Op, StreamOp } from './op';

export interface ContinueRequest {
  version: A2aVersion;
  /**
   * What the server returned: a task, message, stream event, JSON-RPC envelope, whole SendMessage
   * result, or an ExchangeRecord (its outcome / last events are used).
   */
  from: unknown;
  /** Text of the next user message (default empty). */
  text?: string;
}

export interface ContinueResponse {
  contextId?: string;
  taskId?: string;
  /** Next message skeleton with a fresh messageId and the server's contextId/taskId. */
  message: Record<string, unknown>;
  /** Why the skeleton looks the way it does (e.g. a terminal task: a new task in the same context). */
  note?: string;
}

export interface A2aOps {
  /** Unary call: the exchange record always comes back, whatever the outcome (RPC errors included). */
  'a2a.send': Op<A2aCall, ExchangeRecord>;
  'a2a.continue': Op<ContinueRequest, ContinueResponse>;
}

export interface A2aStreams {
  /**
   * Streaming call (SendStreamingMessage, SubscribeToTask, message/stream, tasks/resubscribe): one
   * data event per recorded stream event as it arrives, then `end` with the ExchangeRecord without
   * `events` (they were each delivered once already; `outcome.eventCount` counts them). Stop =
   * `stream.cancel` with the requestId: the local connection is dropped (no remote call) and the
   * record's outcome is `{kind:'stream', ended:'stopped'}`. Remote cancel is a separate CancelTask.
   */
  'a2a.stream': StreamOp<A2aCall, RecordedStreamEvent, ExchangeRecord>;
}

export const a2aOpNames = ['a2a.send', 'a2a.continue'] as const satisfies readonly (keyof A2aOps)[];
export const a2aStreamNames = ['a2a.stream'] as const satisfies readonly (keyof A2aStreams)[];
