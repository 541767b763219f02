import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../shared/a2a/call';
import { CallAbort } from './call-abort';
import { ExchangeRecorder } from './recorder';
import { consumeSse, RAW_HEAD_BYTES, RAW_TAIL_BYTES } from './sse-consumer';

const call: A2aCall = { version: '1.0', binding: 'HTTP+JSON', endpoint: 'http://127.0.0.1:9', method: 'SendStreamingMessage', body: {} };

function frame(n: number, text: string): string {
  return `data: {"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"m-${n}","role":"ROLE_AGENT","parts":[{"text":"${text}"}]}}}}\n\n`;
}

async function consume(wire: string, chunk = 4096, sinkReady?: () => Promise<void> | undefined) {
  const bytes = Buffer.from(wire, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  const recorder = new ExchangeRecorder(call, Date.now, undefined, sinkReady);
  const outcome = await consumeSse({ res: Readable.from(chunks), recorder, version: '1.0', framing: 'rest', stop: new CallAbort() });
  return { record: recorder.finish(outcome), bytes: bytes.length };
}

describe('SSE consumer: the raw text is kept bounded, the events once', () => {
  it('keeps a short stream byte for byte', async () => {
    const wire = frame(1, 'héllo') + frame(2, 'done');
    const { record } = await consume(wire, 7);
    expect(record.response?.body).toBe(wire);
    expect(record.response?.bodyTail).toBeUndefined();
    expect(record.response?.truncated).toBeUndefined();
    expect(record.events).toHaveLength(2);
  });

  it('keeps only the head and the tail of a long stream, cut on character boundaries, and every event', async () => {
    const frames: string[] = [];
    // Multi-byte text everywhere, so any cut lands inside characters unless it is careful.
    for (let i = 0; i < 4000; i++) frames.push(frame(i, 'añ€😀'.repeat(20)));
    const wire = frames.join('');
    const { record, bytes } = await consume(wire, 4093);
    const response = record.response;
    expect(bytes).toBeGreaterThan(RAW_HEAD_BYTES + RAW_TAIL_BYTES);
    expect(response?.truncated).toBe(true);
    expect(response?.bodyBytes).toBe(bytes);
    expect(Buffer.byteLength(response?.body ?? '')).toBeLessThanOrEqual(RAW_HEAD_BYTES);
    expect(Buffer.byteLength(response?.bodyTail ?? '')).toBeLessThanOrEqual(RAW_TAIL_BYTES);
    expect(response?.body).not.toContain('\uFFFD');
    expect(response?.bodyTail).not.toContain('\uFFFD');
    expect(response?.invalidUtf8).toBeUndefined();
    expect(wire.startsWith(response?.body ?? 'x')).toBe(true);
    expect(wire.endsWith(response?.bodyTail ?? 'x')).toBe(true);
    expect(record.events).toHaveLength(4000);
    expect(record.events?.[3999]?.data).toMatchObject({ statusUpdate: { status: { message: { messageId: 'm-3999' } } } });
  });

  it('waits for a full sink before reading on', async () => {
    let waits = 0;
    let release: () => void = () => undefined;
    let full = true;
    const sink = (): Promise<void> | undefined => {
      if (!full) return undefined;
      waits += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const wire = Array.from({ length: 50 }, (_, i) => frame(i, 'x')).join('');
    const done = consume(wire, 512, sink);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One chunk read, then paused on the sink.
    expect(waits).toBe(1);
    full = false;
    release();
    const { record } = await done;
    expect(record.events).toHaveLength(50);
  });
});
