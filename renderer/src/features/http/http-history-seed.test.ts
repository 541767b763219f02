import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import type { HttpExchangeRecord } from '../../../../shared/http/http-types';
import { httpSeedFromHistory } from './http-history-seed';

function entry(record?: Partial<HttpExchangeRecord>): HistoryEntry {
  return {
    id: 'h',
    method: 'POST',
    interface: { binding: 'HTTP', version: '-', endpoint: 'http://127.0.0.1:9/items?x=1' },
    bodies: record ? 'full' : 'hashed',
    ...(record
      ? {
          httpExchange: {
            protocol: 'http',
            method: 'POST',
            url: 'http://127.0.0.1:9/items?x=1',
            request: { url: 'http://127.0.0.1:9/items?x=1', headers: [], bodyBytes: 0 },
            ...record,
          },
        }
      : {}),
  } as unknown as HistoryEntry;
}

const request = (headers: Array<[string, string]>, body?: string, truncated?: boolean) => ({
  request: {
    url: 'http://127.0.0.1:9/items?x=1',
    headers,
    bodyBytes: body?.length ?? 0,
    ...(body !== undefined ? { body } : {}),
    ...(truncated ? { truncated } : {}),
  },
});

describe('Open as new request on an HTTP history entry', () => {
  it('hashed bodies: the method and the URL only', () => {
    expect(httpSeedFromHistory(entry())).toEqual({ method: 'POST', url: 'http://127.0.0.1:9/items?x=1' });
  });

  it('full bodies: headers as sent, less what the client sets itself, a redacted one empty and off, and a JSON body', () => {
    const seed = httpSeedFromHistory(
      entry(
        request(
          [
            ['Host', '127.0.0.1:9'],
            ['Content-Type', 'application/json'],
            ['Content-Length', '9'],
            ['Authorization', 'Bearer ‹redacted›'],
            ['X-Trace', 'abc'],
          ],
          '{"a":[1]}',
        ),
      ),
    );
    expect(seed).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/items?x=1',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Authorization', value: '', enabled: false },
        { name: 'X-Trace', value: 'abc' },
      ],
      bodyKind: 'json',
      bodyText: '{"a":[1]}',
    });
  });

  it('form, text, multipart and truncated bodies', () => {
    expect(httpSeedFromHistory(entry(request([['content-type', 'application/x-www-form-urlencoded']], 'a=1&b=two+words')))).toMatchObject({
      bodyKind: 'urlencoded',
      formFields: [
        { name: 'a', value: '1' },
        { name: 'b', value: 'two words' },
      ],
    });
    expect(httpSeedFromHistory(entry(request([['content-type', 'text/csv']], 'a,b')))).toMatchObject({
      bodyKind: 'text',
      bodyText: 'a,b',
      textType: 'text/csv',
    });
    expect(httpSeedFromHistory(entry(request([['content-type', 'multipart/form-data; boundary=x']], '--x--')))).not.toHaveProperty('bodyKind');
    expect(httpSeedFromHistory(entry(request([['content-type', 'application/json']], '{"a"', true)))).not.toHaveProperty('bodyKind');
  });
});
