import { describe, expect, it } from 'vitest';
import { postRpc, readSse, startTestDemo, userMessage } from './support.js';

describe('close()', () => {
  it('ends open streams at once and can be called twice', async () => {
    const demo = await startTestDemo({ stepDelayMs: 5_000 });
    const response = await postRpc(demo, 'SendStreamingMessage', userMessage([{ text: '1 2 3' }]));
    const events: unknown[] = [];
    const reading = readSse(response, (e) => (events.push(e), false)).catch(() => events);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await Promise.all([demo.close(), demo.close()]);
    await reading;
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(events).toHaveLength(1); // the submitted Task, nothing after it
    await expect(fetch(demo.cardUrl)).rejects.toThrow();
  });

  it('ports 0 are replaced by the real ports everywhere', async () => {
    const demo = await startTestDemo();
    try {
      const ports = [demo.rpcUrl, demo.restUrl, demo.cardUrl].map((u) => new URL(u).port);
      expect(new Set(ports).size).toBe(1);
      expect(ports[0]).not.toBe('0');
      expect(demo.grpcTarget.endsWith(':0')).toBe(false);
    } finally {
      await demo.close();
    }
  });
});
