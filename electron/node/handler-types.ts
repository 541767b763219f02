import type { OperationName, Operations, StreamName, Streams } from '../../shared/contract/index';

export interface HandlerContext {
  signal: AbortSignal;
  /** Streams: the caller-minted id of this stream (an answer sent later by another operation names it). */
  requestId?: string;
  /**
   * Streams: undefined while the consumer keeps up; a promise when its buffer is full. Handlers
   * reading a network source await it before reading on (backpressure instead of buffering).
   */
  sinkReady?: () => Promise<void> | undefined;
  /**
   * Streams whose end record would repeat every delivered event: whether the record keeps them.
   * The dispatcher's consumers get each event as a data event; only history with full bodies needs
   * them again (withStreamHistory sets this). Unset: the handler's default.
   */
  keepEvents?: boolean;
}

/** Unary handlers return the response or throw a CoreError; the dispatcher wraps both into a Result. */
export type Handlers<TOps> = {
  [K in keyof TOps]: TOps[K] extends { request: infer Req; response: infer Res } ? (request: Req, ctx: HandlerContext) => Promise<Res> : never;
};

/** Stream handlers call `emit` per event and resolve with the value carried by the terminal `end` event. */
export type StreamHandlers<TStreams> = {
  [K in keyof TStreams]: TStreams[K] extends { request: infer Req; data: infer Data; end: infer End }
    ? (request: Req, emit: (data: Data) => void, ctx: HandlerContext) => Promise<End>
    : never;
};

export interface HandlerTable {
  ops: Handlers<Operations>;
  streams: StreamHandlers<Streams>;
}

export type { OperationName, StreamName };
