import { describe, expect, it } from 'vitest';
import { showsRedaction } from './raw-view';

const request = (body?: string) => ({ url: 'http://a/rpc', headers: [], bodyBytes: body?.length ?? 0, ...(body === undefined ? {} : { body }) });

describe('showsRedaction', () => {
  it('is true when a body the page shows holds the redaction marker', () => {
    expect(showsRedaction({ request: request('{"authorization":"Bearer ‹redacted›"}') })).toBe(true);
    expect(showsRedaction({ request: request('{}'), response: { headers: [], bodyBytes: 338, body: '{"echo":"Bearer ‹redacted›"}' } })).toBe(true);
    expect(showsRedaction({ request: request(), response: { headers: [], bodyBytes: 9, body: 'a', bodyTail: '‹redacted›' } })).toBe(true);
  });

  it('is false for bodies without it, and for no bodies', () => {
    expect(showsRedaction({ request: request('{"text":"redacted"}'), response: { headers: [], bodyBytes: 2, body: '{}' } })).toBe(false);
    expect(showsRedaction({ request: request() })).toBe(false);
  });
});
