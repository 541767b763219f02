import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract/index';
import { createIpcHost, findBridge, type PowerduckBridge } from './ipc-host';

function bridge(): PowerduckBridge & { listeners: Map<string, (e: unknown) => void>; calls: unknown[][] } {
  const listeners = new Map<string, (e: unknown) => void>();
  const calls: unknown[][] = [];
  return {
    listeners,
    calls,
    async invoke(op, request) {
      calls.push(['invoke', op, request]);
      return { ok: true, value: { cancelled: true } };
    },
    stream(op, requestId, request) {
      calls.push(['stream', op, requestId, request]);
      // The main process may answer at once: the listener must already be there.
      listeners.get(requestId)?.({ requestId, seq: 0, kind: 'data', data: 'first' });
      listeners.get(requestId)?.({ requestId, seq: 1, kind: 'end', value: { count: 1, cancelled: false } });
    },
    onStreamEvent(requestId, listener) {
      listeners.set(requestId, listener);
      return () => listeners.delete(requestId);
    },
  };
}

describe('ipc host', () => {
  it('finds only a complete bridge', () => {
    expect(findBridge({})).toBeUndefined();
    expect(findBridge({ powerduck: { invoke() {} } })).toBeUndefined();
    expect(findBridge({ powerduck: bridge() })).toBeDefined();
  });

  it('subscribes before starting, so an immediate first and terminal event are delivered', async () => {
    const b = bridge();
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = createIpcHost(b, () => 'r1').stream('debug.echoStream', { count: 1 }, (e) => events.push(e));
    await handle.done;
    expect(events.map((e) => e.kind)).toEqual(['data', 'end']);
    expect(b.listeners.size).toBe(0);
    expect(b.calls[0]).toEqual(['stream', 'debug.echoStream', 'r1', { count: 1 }]);
  });

  it('cancel is the contract operation with the requestId', async () => {
    const b = bridge();
    b.stream = (op, requestId, request) => void b.calls.push(['stream', op, requestId, request]);
    const handle = createIpcHost(b, () => 'r2').stream('debug.echoStream', { count: 9 }, () => undefined);
    await handle.cancel();
    expect(b.calls[1]).toEqual(['invoke', 'stream.cancel', { requestId: 'r2' }]);
  });
});
