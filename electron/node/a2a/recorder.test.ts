import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../shared/a2a/call';
import type { RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { ExchangeRecorder } from './recorder';

const call: A2aCall = { version: '1.0', binding: 'JSONRPC', endpoint: 'http://127.0.0.1:9/rpc', method: 'SendStreamingMessage', body: {} };
const outcome = (eventCount: number) => ({ kind: 'stream' as const, ended: 'completed' as const, eventCount });

describe('ExchangeRecorder events', () => {
  it('when the receiver keeps the events, numbers and delivers each but holds none', () => {
    const delivered: RecordedStreamEvent[] = [];
    const recorder = new ExchangeRecorder(call, Date.now, (e) => delivered.push(e), undefined, false);
    recorder.expectEvents();
    recorder.pushEvent(recorder.eventShell('message', { n: 0 }, 5));
    recorder.addEvent({ event: 'error', data: 'x', error: { code: 'not-json', message: 'no' } });
    recorder.pushEvent(recorder.eventShell('message', { n: 2 }));
    expect(recorder.eventCount).toBe(3);
    expect(delivered.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(delivered[0]?.atMs).toBe(5);
    expect(recorder.finish(outcome(3)).events).toBeUndefined();
  });

  it('keeps every event by default, and always when nobody receives them', () => {
    const kept = new ExchangeRecorder(call, Date.now, () => {});
    const unreceived = new ExchangeRecorder(call, Date.now, undefined, undefined, false);
    for (const recorder of [kept, unreceived]) {
      recorder.expectEvents();
      recorder.pushEvent(recorder.eventShell('message', { n: 0 }));
      recorder.pushEvent(recorder.eventShell('message', { n: 1 }));
      expect(recorder.finish(outcome(2)).events?.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    }
  });
});

describe('ExchangeRecorder body cut', () => {
  const cutOf = (text: string, limit: number): string => {
    const recorder = new ExchangeRecorder({ ...call, recordBodyLimit: limit }, Date.now);
    recorder.setRequest({ url: call.endpoint, headers: [], bodyBytes: Buffer.byteLength(text), bodyText: text });
    expect(recorder.request.truncated).toBe(true);
    return recorder.request.body ?? '';
  };

  // A cut inside a character would decode to U+FFFD (3 bytes), so the kept text would read as more bytes than were kept.
  it('cuts at a character boundary: the kept text is exactly its first bytes, never a replacement character', () => {
    for (const [char, bytes] of [
      ['é', 2],
      ['€', 3],
      ['😀', 4],
    ] as const) {
      const text = `ab${char.repeat(20)}`;
      for (let limit = 3; limit < 3 + bytes; limit++) {
        const kept = cutOf(text, limit);
        expect(kept).not.toContain('\uFFFD');
        expect(text.startsWith(kept)).toBe(true);
        // Whole characters only: the largest number of them that fits under the limit.
        expect(Buffer.byteLength(kept)).toBe(2 + Math.floor((limit - 2) / bytes) * bytes);
        expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(limit);
      }
    }
  });

  it('keeps a cut that falls between characters as it is', () => {
    expect(cutOf('abcdef', 4)).toBe('abcd');
    expect(cutOf('ééé', 4)).toBe('éé');
  });
});
