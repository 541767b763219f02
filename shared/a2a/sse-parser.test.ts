import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, parseSseText, type SseEvent } from './sse-parser';
import { decodeUtf8, encodeUtf8 } from './utf8';

const enc = (s: string): Uint8Array => encodeUtf8(s);

function feedAll(chunks: Uint8Array[], maxEventBytes?: number) {
  const parser = createSseParser(maxEventBytes === undefined ? {} : { maxEventBytes });
  const events: SseEvent[] = [];
  let error;
  for (const chunk of chunks) {
    const r = parser.feed(chunk);
    events.push(...r.events);
    if (r.error) {
      error = r.error;
      break;
    }
  }
  const done = parser.finish();
  return { ...done, events, error };
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

describe('SSE parser', () => {
  it('parses the A2A framing: one JSON document per data line, blank line between events', () => {
    const r = parseSseText(enc('data: {"a":1}\n\ndata: {"b":2}\n\n'));
    expect(r.events.map((e) => [e.event, e.data])).toEqual([
      ['message', '{"a":1}'],
      ['message', '{"b":2}'],
    ]);
    expect(r.truncated).toBe(false);
  });

  it('joins multi-line data with \\n, keeps event names, ids and retry, ignores comments and unknown fields', () => {
    const text = ': keep-alive\nevent: error\nid: 7\nretry: 1500\nfoo: bar\ndata: line 1\ndata:line 2\ndata\n\n';
    const r = parseSseText(enc(text));
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ event: 'error', data: 'line 1\nline 2\n', id: '7', retry: 1500 });
    expect(r.comments).toBe(1);
  });

  it('accepts CRLF and lone CR line endings, also when CRLF is split over two chunks', () => {
    const bytes = enc('data: a\r\n\r\ndata: b\r\rdata: c\n\n');
    expect(parseSseText(bytes).events.map((e) => e.data)).toEqual(['a', 'b', 'c']);
    const crlf = enc('data: x\r\n\r\n');
    const r = feedAll([crlf.subarray(0, 8), crlf.subarray(8)]); // cut between \r and \n
    expect(r.events.map((e) => e.data)).toEqual(['x']);
  });

  it('strips a UTF-8 BOM at the start only, even when it arrives split', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('data: hi\n\n')]);
    const r = feedAll([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)]);
    expect(r.events.map((e) => e.data)).toEqual(['hi']);
    // A BOM later in the stream is data, not stripped.
    const later = parseSseText(new Uint8Array([...enc('data: a\n\n'), 0xef, 0xbb, 0xbf, ...enc('data: b\n\n')]));
    expect(later.events).toHaveLength(1);
    expect(later.events[0]?.data).toBe('a');
  });

  it('does not dispatch an event without data and resets the event name', () => {
    const r = parseSseText(enc('event: ping\n\ndata: x\n\n'));
    expect(r.events).toEqual([{ event: 'message', data: 'x', bytes: 8 }]);
  });

  it('flags a stream that ends inside an event (discarded, per the SSE rules)', () => {
    const r = parseSseText(enc('data: {"complete":true}\n\ndata: {"cut'));
    expect(r.events).toHaveLength(1);
    expect(r.truncated).toBe(true);
    expect(r.pendingBytes).toBeGreaterThan(0);
    const r2 = parseSseText(enc('data: a\n\ndata: b\n'));
    expect(r2.truncated).toBe(true);
  });

  it('stops with a typed error when one event exceeds the cap, after delivering the earlier events', () => {
    const big = 'x'.repeat(200);
    const r = feedAll([enc(`data: small\n\ndata: ${big}\n\n`)], 100);
    expect(r.events.map((e) => e.data)).toEqual(['small']);
    expect(r.error?.code).toBe('event-too-large');
    // Also when the oversized line never ends (a server that streams one endless line).
    const parser = createSseParser({ maxEventBytes: 1000 });
    let error;
    for (let i = 0; i < 100 && !error; i++) error = parser.feed(enc('y'.repeat(64))).error;
    expect(error?.code).toBe('event-too-large');
    expect(parser.feed(enc('data: z\n\n')).error?.code).toBe('parser-closed');
  });

  it('counts many small data lines of one event against the cap', () => {
    const lines = 'data: 0123456789\n'.repeat(20) + '\n';
    const r = feedAll([enc(lines)], 200);
    expect(r.error?.code).toBe('event-too-large');
  });

  it('decodes invalid UTF-8 with U+FFFD instead of failing', () => {
    const bytes = new Uint8Array([...enc('data: a'), 0xff, 0xc3, ...enc('b\n\n')]);
    const r = parseSseText(bytes);
    expect(r.events[0]?.data).toBe('a\uFFFD\uFFFDb');
  });

  it('property: any events survive any line endings and any chunking', () => {
    const eventArb = fc.record({
      name: fc.option(fc.stringMatching(/^[a-z][a-z-]{0,8}$/), { nil: undefined }),
      lines: fc.array(
        fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\r\n]/g, '')),
        { minLength: 1, maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 6 }), (events, eol, cuts) => {
        const text = events.map((e) => (e.name ? `event: ${e.name}${eol}` : '') + e.lines.map((l) => `data: ${l}${eol}`).join('') + eol).join('');
        const r = feedAll(splitAt(enc(text), cuts));
        expect(r.error).toBeUndefined();
        expect(r.truncated).toBe(false);
        expect(r.events.map((e) => [e.event, e.data])).toEqual(events.map((e) => [e.name ?? 'message', e.lines.join('\n')]));
      }),
      { numRuns: 300 },
    );
  });

  it('property: arbitrary bytes never throw, never hang, and chunking never changes the result', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 300 }), (bytes, cuts, cap) => {
        const whole = feedAll([bytes], cap);
        const chunked = feedAll(splitAt(bytes, cuts), cap);
        expect(chunked.events).toEqual(whole.events);
        expect(chunked.error?.code).toEqual(whole.error?.code);
        for (const e of whole.events) expect(e.bytes).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 500 },
    );
  });

  it('decodes through the platform decoder when one is given', () => {
    const calls: number[] = [];
    const parser = createSseParser({
      decode: (b, start, end) => {
        calls.push(end - start);
        return decodeUtf8(b.subarray(start, end)).text;
      },
    });
    expect(parser.feed(enc('data: hé\n\n')).events[0]?.data).toBe('hé');
    expect(calls.length).toBeGreaterThan(0);
  });
});
