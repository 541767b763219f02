import { describe, expect, it } from 'vitest';
import { createAckBatcher, createCreditSink, STREAM_WINDOW } from './stream-credit';

describe('stream credit (Electron IPC flow control)', () => {
  it('has room until the window is full, then waits for acks down to half the window', async () => {
    const sink = createCreditSink(4);
    for (let i = 0; i < 3; i++) {
      expect(sink.ready()).toBeUndefined();
      sink.sent();
    }
    expect(sink.ready()).toBeUndefined();
    sink.sent();
    const full = sink.ready();
    expect(full).toBeInstanceOf(Promise);
    // One waiter per sink, whoever asks.
    expect(sink.ready()).toBe(full);
    let resumed = false;
    void full?.then(() => (resumed = true));
    sink.ack(1); // 3 in flight: above half the window
    await Promise.resolve();
    expect(resumed).toBe(false);
    sink.ack(1); // 2 in flight = half
    await full;
    expect(resumed).toBe(true);
    expect(sink.inFlight).toBe(2);
    expect(sink.ready()).toBeUndefined();
  });

  it('ignores acks that are not positive integers, and over-acks bank no credit', () => {
    const sink = createCreditSink(4);
    for (let i = 0; i < 4; i++) sink.sent();
    for (const bad of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', null, undefined, { valueOf: () => 2 }, 2 ** 60]) sink.ack(bad);
    expect(sink.inFlight).toBe(4);
    expect(sink.ready()).toBeInstanceOf(Promise);
    sink.ack(1000);
    expect(sink.inFlight).toBe(0);
    for (let i = 0; i < 4; i++) sink.sent();
    expect(sink.ready()).toBeInstanceOf(Promise);
  });

  it('releases a waiting source when closed, and never reports full afterwards', async () => {
    const sink = createCreditSink(2);
    sink.sent();
    sink.sent();
    const full = sink.ready();
    sink.close();
    await expect(full).resolves.toBeUndefined();
    sink.sent();
    sink.sent();
    expect(sink.ready()).toBeUndefined();
  });

  it('uses a window of a few hundred events by default', () => {
    const sink = createCreditSink();
    for (let i = 0; i < STREAM_WINDOW - 1; i++) sink.sent();
    expect(sink.ready()).toBeUndefined();
    sink.sent();
    expect(sink.ready()).toBeInstanceOf(Promise);
  });

  it('the preload acknowledges in batches per stream, and the remainder once the task is done', () => {
    const sent: Array<[string, number]> = [];
    let scheduled: (() => void) | undefined;
    let schedules = 0;
    const acks = createAckBatcher(
      (id, n) => sent.push([id, n]),
      3,
      (flush) => {
        schedules++;
        scheduled = flush;
      },
    );
    for (let i = 0; i < 7; i++) acks.delivered('a');
    acks.delivered('b');
    expect(sent).toEqual([
      ['a', 3],
      ['a', 3],
    ]);
    // A burst schedules one flush, not one per event.
    expect(schedules).toBe(1);
    scheduled?.();
    expect(sent).toEqual([
      ['a', 3],
      ['a', 3],
      ['a', 1],
      ['b', 1],
    ]);
    // A stream that ended owes nothing.
    acks.delivered('c');
    acks.ended('c');
    scheduled?.();
    expect(sent).toHaveLength(4);
    expect(schedules).toBe(2);
  });

  it('a window that is not a multiple of the batch still drains (no deadlock)', async () => {
    const sink = createCreditSink(5);
    const acks = createAckBatcher(
      (_id, n) => sink.ack(n),
      4,
      (flush) => queueMicrotask(flush),
    );
    for (let i = 0; i < 5; i++) sink.sent();
    const full = sink.ready();
    expect(full).toBeInstanceOf(Promise);
    for (let i = 0; i < 5; i++) acks.delivered('s');
    await full;
    expect(sink.inFlight).toBe(0);
  });
});
