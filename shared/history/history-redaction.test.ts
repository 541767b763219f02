import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../a2a/exchange';
import { redactDeep, redactRecordForStorage } from './history-redaction';

const rules = { values: ['sekret-value-1', 'other-secret-2'] };

function record(): ExchangeRecord {
  return {
    id: 'r1',
    startedAt: '2026-01-01T00:00:00.000Z',
    version: '1.0',
    binding: 'GRPC',
    endpoint: 'http://u:pw@127.0.0.1:1?token=sekret-value-1',
    method: 'SendStreamingMessage',
    request: {
      url: 'grpc://127.0.0.1:1/lf.a2a.v1.A2AService/SendStreamingMessage',
      headers: [],
      metadata: [
        ['authorization', 'Bearer sekret-value-1'],
        ['x-trace', 'abc'],
      ],
      body: '{"message":{"parts":[{"text":"sekret-value-1"}]}}',
      bodyBytes: 10,
    },
    response: { headers: [['set-cookie', 'sid=9']], trailers: [['x-api-key', 'k']], body: 'other-secret-2', bodyBytes: 3 },
    timings: { totalMs: 1 },
    events: [
      {
        seq: 0,
        atMs: 1,
        event: 'grpc',
        data: { statusUpdate: { metadata: { 'sekret-value-1': ['x', { deep: 'other-secret-2' }] } } },
        error: { code: 1, message: 'bad other-secret-2' },
      },
    ],
    outcome: { kind: 'message', message: { parts: [{ text: 'you sent sekret-value-1' }] } },
    warnings: ['saw other-secret-2'],
  };
}

describe('redactRecordForStorage', () => {
  it('hides the secrets in every copy: URL, metadata, trailers, bodies, outcome, events (keys too), warnings', () => {
    const original = record();
    const stored = redactRecordForStorage(original, rules);
    const text = JSON.stringify(stored);
    expect(text).not.toContain('sekret-value-1');
    expect(text).not.toContain('other-secret-2');
    expect(stored.endpoint).toBe('http://‹redacted›@127.0.0.1:1?token=‹redacted›');
    expect(stored.request.metadata).toEqual([
      ['authorization', 'Bearer ‹redacted›'],
      ['x-trace', 'abc'],
    ]);
    expect(stored.response?.trailers).toEqual([['x-api-key', '‹redacted›']]);
    expect(stored.outcome).toEqual({ kind: 'message', message: { parts: [{ text: 'you sent ‹redacted›' }] } });
    expect(stored.events?.[0]?.data).toEqual({ statusUpdate: { metadata: { '‹redacted›': ['x', { deep: '‹redacted›' }] } } });
    // The live record (what the UI holds) is not changed.
    expect(JSON.stringify(original)).toContain('you sent sekret-value-1');
  });

  it('is idempotent and leaves a record without secrets as it was', () => {
    const once = redactRecordForStorage(record(), rules);
    expect(redactRecordForStorage(once, rules)).toEqual(once);
    const plain = {
      ...record(),
      endpoint: 'http://h/rpc',
      request: { url: 'http://h/rpc', headers: [], bodyBytes: 0 },
      response: undefined,
      events: undefined,
      outcome: { kind: 'result' as const, value: { a: 1 } },
      warnings: [],
    };
    delete plain.response;
    delete plain.events;
    expect(redactRecordForStorage(plain, {})).toEqual(plain);
  });

  it('keeps "__proto__" keys as data and survives a 30 000-deep answer', () => {
    const hostile = JSON.parse('{"__proto__":{"x":"sekret-value-1"},"constructor":"other-secret-2"}') as unknown;
    const out = redactDeep(hostile, rules) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"x":"‹redacted›"},"constructor":"‹redacted›"}');
    let deep: unknown = 'sekret-value-1';
    for (let i = 0; i < 30_000; i++) deep = [deep];
    let walked = redactDeep(deep, rules);
    for (let i = 0; i < 30_000; i++) walked = (walked as unknown[])[0];
    expect(walked).toBe('‹redacted›');
  }, 60_000);
});
