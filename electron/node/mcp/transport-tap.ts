import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** What a tap sees of a transport it wraps; every hook is optional. */
export interface TransportTap {
  /** A message from the server, before the SDK reads it. */
  received?(message: JSONRPCMessage): void;
  /** A message to the server, before it goes. */
  sent?(message: JSONRPCMessage): void;
  /** The inner transport has started. */
  started?(): void;
  /** The inner transport closed (by itself, or after `close()`), before the SDK hears of it. */
  innerClosed?(): void;
  /** `close()` was called, before the inner transport is closed. */
  closing?(): void;
}

/**
 * A transport that delegates everything to `inner` and shows `tap` the messages both ways, the start
 * and the close. The recorder and the connection-loss watch each wrap the SDK's transport this way,
 * so the delegation (handlers, session id, protocol version) is written once.
 */
export function tapTransport(inner: Transport, tap: TransportTap): Transport {
  const wrapped: Transport = {
    async start() {
      inner.onmessage = (message, extra) => {
        tap.received?.(message);
        wrapped.onmessage?.(message, extra);
      };
      inner.onerror = (error) => wrapped.onerror?.(error);
      inner.onclose = () => {
        tap.innerClosed?.();
        wrapped.onclose?.();
      };
      await inner.start();
      tap.started?.();
    },
    async send(message, options) {
      tap.sent?.(message);
      await inner.send(message, options);
    },
    async close() {
      tap.closing?.();
      await inner.close();
    },
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion(version: string) {
      inner.setProtocolVersion?.(version);
    },
  };
  return wrapped;
}
