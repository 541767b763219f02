import type { StreamSink } from '../node/dispatcher';

/**
 * Flow control for streams over Electron IPC, by credit: main sends at most `STREAM_WINDOW` data
 * events the page has not acknowledged yet; past that the stream's sink reports full, so the
 * handler stops reading its network source (TCP then slows the agent) instead of queueing events
 * in IPC without bound. The preload acknowledges events once it has handed them to the page; a
 * page whose main thread is busy does not run the preload either, so its acks stop with it.
 */

/** Data events in flight (sent to the page, not yet acknowledged) before the source is paused. */
export const STREAM_WINDOW = 256;
/** The preload acknowledges in batches of this many events (and the rest at the end of a task). */
export const ACK_EVERY = 32;

export interface CreditSink extends StreamSink {
  /** One data event went out to the page. */
  sent(): void;
  /** The page acknowledged `count` events; anything but a positive integer is ignored. */
  ack(count: unknown): void;
  /** The stream ended or the page went away: never report full again. */
  close(): void;
  readonly inFlight: number;
}

export function createCreditSink(window: number = STREAM_WINDOW): CreditSink {
  let inFlight = 0;
  let closed = false;
  let waiting: { promise: Promise<void>; resolve: () => void } | undefined;
  const release = (): void => {
    const w = waiting;
    waiting = undefined;
    w?.resolve();
  };
  return {
    get inFlight() {
      return inFlight;
    },
    sent() {
      inFlight += 1;
    },
    ack(count) {
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count <= 0) return;
      // More acks than events sent (a confused or hostile page) cannot bank credit for later.
      inFlight = Math.max(0, inFlight - count);
      // Resume at half the window, so a page that keeps up does not flip the source on and off per event.
      if (waiting && inFlight <= window / 2) release();
    },
    close() {
      closed = true;
      release();
    },
    ready() {
      if (closed || inFlight < window) return undefined;
      if (!waiting) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        waiting = { promise, resolve };
      }
      return waiting.promise;
    },
  };
}

/**
 * The preload's side: counts the data events handed to the page per stream and acknowledges them
 * every `every` events, and whatever is left once the current task is done (so the last events of
 * a burst are acknowledged too, whatever the window).
 */
export function createAckBatcher(
  send: (requestId: string, count: number) => void,
  every: number = ACK_EVERY,
  later: (flush: () => void) => void = (flush) => void setTimeout(flush, 0),
): { delivered(requestId: string): void; ended(requestId: string): void } {
  const pending = new Map<string, number>();
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    for (const [requestId, count] of pending) send(requestId, count);
    pending.clear();
  };
  return {
    delivered(requestId) {
      const count = (pending.get(requestId) ?? 0) + 1;
      if (count >= every) {
        pending.delete(requestId);
        send(requestId, count);
        return;
      }
      pending.set(requestId, count);
      if (!scheduled) {
        scheduled = true;
        later(flush);
      }
    },
    ended(requestId) {
      pending.delete(requestId);
    },
  };
}
