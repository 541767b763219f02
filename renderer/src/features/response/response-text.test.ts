import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { findMatches, responseText, timingRows } from './response-text';

function record(extra: Partial<ExchangeRecord>): ExchangeRecord {
  return {
    id: 'r',
    startedAt: '',
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://h/rpc',
    method: 'SendMessage',
    request: { url: 'http://h/rpc', headers: [], bodyBytes: 0 },
    timings: { totalMs: 20 },
    outcome: { kind: 'result', value: {} },
    warnings: [],
    ...extra,
  };
}

describe('response text, find and timing', () => {
  it('copies the body re-indented, stream events one per line, or the transport error', () => {
    expect(responseText(record({ response: { headers: [], body: '{"a":1}', bodyBytes: 7 } }))).toBe('{\n  "a": 1\n}');
    expect(
      responseText(
        record({
          events: [
            { seq: 0, atMs: 1, event: 'message', data: { x: 1 } },
            { seq: 1, atMs: 2, event: 'message', data: 'bad', raw: 'bad' },
          ],
        }),
      ),
    ).toBe('{"x":1}\nbad');
    expect(responseText(record({ outcome: { kind: 'transport-error', code: 'connect', message: 'refused' } }))).toBe('refused');
  });

  it('finds every occurrence, case-insensitive, without overlapping', () => {
    expect(findMatches('Sum: 42, sum again, SUMSUM', 'sum')).toEqual([0, 9, 20, 23]);
    expect(findMatches('abc', '')).toEqual([]);
    expect(findMatches('aaaa', 'aa')).toEqual([0, 2]);
    expect(findMatches('x'.repeat(100), 'x', 5)).toHaveLength(5);
  });

  it('lists the known phases in order and calls the handshake TLS only over https', () => {
    const plain = record({ timings: { dnsMs: 1, tcpMs: 2, connectMs: 2, firstByteMs: 9, totalMs: 10 } });
    expect(timingRows(plain).map((r) => r.phase)).toEqual(['dns', 'tcp', 'connect', 'firstByte', 'total']);
    const tls = record({ request: { url: 'https://h/rpc', headers: [], bodyBytes: 0 }, timings: { tcpMs: 2, connectMs: 7, firstByteMs: 9, totalMs: 10 } });
    expect(timingRows(tls).map((r) => [r.phase, r.atMs])).toEqual([
      ['tcp', 2],
      ['tls', 7],
      ['firstByte', 9],
      ['total', 10],
    ]);
    expect(timingRows(record({ timings: { totalMs: 3, reusedConnection: true, firstByteMs: 2 } })).map((r) => r.phase)).toEqual(['firstByte', 'total']);
  });
});
