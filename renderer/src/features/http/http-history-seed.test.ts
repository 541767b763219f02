import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import type { HttpExchangeRecord } from '../../../../shared/http/http-types';
import { encodeMultipart } from '../../../../shared/http/body-encode';
import { buildHttpRequest, createHttpDraft } from './http-draft';
import { httpSeedFromHistory } from './http-history-seed';

/** An entry that recorded no proxy went direct: its tab keeps that (never silently today's Settings). */
const wentDirect = { proxyMode: 'direct', proxyRecorded: {} } as const;

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function entry(record?: Partial<HttpExchangeRecord>): HistoryEntry {
  return {
    id: 'h',
    method: 'POST',
    interface: { binding: 'HTTP', version: '-', endpoint: 'http://127.0.0.1:9/items?x=1' },
    request: { url: 'http://127.0.0.1:9/items?x=1', bytes: 0 },
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
    expect(httpSeedFromHistory(entry())).toEqual({ ...wentDirect, method: 'POST', url: 'http://127.0.0.1:9/items?x=1' });
  });

  it('a hashed body is not made up: the tab says its size and hash instead', () => {
    const hashed = { ...entry(), request: { url: 'http://127.0.0.1:9/items?x=1', bytes: 25, sha256: 'ab12' } } as HistoryEntry;
    const seed = httpSeedFromHistory(hashed);
    expect(seed).toEqual({ ...wentDirect, method: 'POST', url: 'http://127.0.0.1:9/items?x=1', bodyNotKept: { bytes: 25, sha256: 'ab12' } });
    const draft = createHttpDraft('t', seed);
    expect(draft.bodyNotKept).toEqual({ bytes: 25, sha256: 'ab12' });
    expect(draft.bodyKind).toBe('none');
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
      ...wentDirect,
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
    expect(httpSeedFromHistory(entry(request([['content-type', 'multipart/form-data; boundary=x']], '--x--')))).toMatchObject({
      bodyKind: 'multipart',
      multipartFields: [],
    });
    // A body that does not read as multipart (cut, wrong boundary) keeps no body at all.
    expect(httpSeedFromHistory(entry(request([['content-type', 'multipart/form-data; boundary=x']], '--x\r\nContent-Disp')))).not.toHaveProperty('bodyKind');
    // A body cut at the record's size limit is not given back in part: the tab says where it was cut.
    const cut = { ...entry(request([['content-type', 'application/json']], '{"a"', true)), request: { url: 'http://127.0.0.1:9/items?x=1', bytes: 90 } };
    const seed = httpSeedFromHistory(cut as HistoryEntry);
    expect(seed).not.toHaveProperty('bodyKind');
    expect(seed.bodyNotKept).toEqual({ bytes: 90, keptBytes: 4 });
  });

  it('multipart: text parts and text files come back; a binary file asks to be chosen again and Send refuses until it is', () => {
    const body = decode(
      encodeMultipart(
        [
          { name: 'title', value: 'Quarterly' },
          { name: 'meta', value: '{"q":3}', contentType: 'application/json' },
          { name: 'notes', file: { filename: 'notes.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('ünïcode\r\n') } },
          { name: 'photo', file: { filename: 'photo.png', contentType: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]) } },
        ],
        'B',
      ),
    );
    const seed = httpSeedFromHistory(entry(request([['Content-Type', 'multipart/form-data; boundary=B']], body)));
    expect(seed).toMatchObject({
      bodyKind: 'multipart',
      multipartFields: [
        { name: 'title', value: 'Quarterly' },
        { name: 'meta', value: '{"q":3}', contentType: 'application/json' },
        { name: 'notes', file: { name: 'notes.txt', contentType: 'text/plain', base64: 'w7xuw69jb2RlDQo=' } },
        { name: 'photo', file: { name: 'photo.png', contentType: 'image/png', base64: '' } },
      ],
      filesNotKept: ['photo.png'],
    });
    const draft = createHttpDraft('t', seed);
    expect(buildHttpRequest(draft)).toEqual({ ok: false, message: expect.stringContaining('Choose photo.png again') });
    // Turning the row off, or choosing the file, lets it send.
    const off = { ...draft, multipartFields: draft.multipartFields.map((f) => (f.name === 'photo' ? { ...f, enabled: false } : f)) };
    expect(buildHttpRequest(off).ok).toBe(true);
    const chosen = {
      ...draft,
      multipartFields: draft.multipartFields.map((f) => (f.name === 'photo' ? { ...f, file: { name: 'photo.png', base64: 'iVBORw==' } } : f)),
    };
    expect(buildHttpRequest(chosen).ok).toBe(true);
  });

  it('a binary raw-file body opens as a file body that asks for the file, never as its placeholder text', () => {
    const seed = httpSeedFromHistory(entry(request([['Content-Type', 'application/pdf']], '‹5120 bytes of application/pdf from report.pdf›')));
    expect(seed).toMatchObject({ bodyKind: 'file', file: { name: 'report.pdf', base64: '', contentType: 'application/pdf' }, filesNotKept: ['report.pdf'] });
    expect(buildHttpRequest(createHttpDraft('t', seed))).toEqual({ ok: false, message: expect.stringContaining('Choose report.pdf again') });
    // The same text in a text body is the user's text.
    expect(httpSeedFromHistory(entry(request([['Content-Type', 'text/plain']], '‹1 bytes of x from y›')))).toMatchObject({ bodyKind: 'text' });
  });
});

describe('Open as new request on an HTTP entry that kept the request as written', () => {
  const replay = {
    endpoint: '{{base}}/echo?v={{val}}',
    headers: [
      { name: 'X-Api-Key', value: '{{apiKey}}' },
      { name: 'X-Off', value: 'later', enabled: false },
    ],
    auth: { type: 'bearer' as const, token: { secretRef: 'demo-token' } },
  };

  it('full bodies: the URL, header rows and auth as written; the body as sent; no Accept or User-Agent rows', () => {
    const seed = httpSeedFromHistory({
      ...entry(
        request(
          [
            ['Accept', '*/*'],
            ['User-Agent', 'Powerduck/0.1'],
            ['X-Api-Key', '‹redacted›'],
            ['Content-Type', 'application/json'],
          ],
          '{"a":1}',
        ),
      ),
      replay,
    });
    expect(seed).toEqual({
      ...wentDirect,
      method: 'POST',
      url: '{{base}}/echo?v={{val}}',
      headers: replay.headers,
      auth: replay.auth,
      bodyKind: 'json',
      bodyText: '{"a":1}',
    });
    const draft = createHttpDraft('t', seed);
    expect(draft.params).toEqual([{ name: 'v', value: '{{val}}' }]);
    const built = buildHttpRequest(draft);
    if (!built.ok) throw new Error(built.message);
    expect(built.request).toMatchObject({ url: '{{base}}/echo?v={{val}}', headers: replay.headers, auth: replay.auth });
  });

  it('hashed bodies: the template too, and the body said not kept', () => {
    const hashed = { ...entry(), request: { url: 'http://127.0.0.1:9/echo', bytes: 7, sha256: 'ab' }, replay } as HistoryEntry;
    expect(httpSeedFromHistory(hashed)).toEqual({
      ...wentDirect,
      method: 'POST',
      url: '{{base}}/echo?v={{val}}',
      headers: replay.headers,
      auth: replay.auth,
      bodyNotKept: { bytes: 7, sha256: 'ab' },
    });
  });

  it('an older entry whose replay has no endpoint opens as sent', () => {
    expect(httpSeedFromHistory({ ...entry(), replay: { headers: replay.headers } })).toEqual({
      ...wentDirect,
      method: 'POST',
      url: 'http://127.0.0.1:9/items?x=1',
    });
  });

  it('opens with the send settings the entry kept; a passphrase is to be chosen again; none kept: the defaults', () => {
    const kept = {
      ...entry(),
      replay: {
        endpoint: 'http://127.0.0.1:9/items?x=1',
        send: {
          followRedirects: true,
          maxRedirects: 0,
          cookies: false,
          tls: { caFile: '/ca.pem', pfxFile: '/client.p12' },
          passphraseNotKept: true as const,
          timeouts: { totalMs: 1500, connectMs: 200 },
        },
      },
    } as HistoryEntry;
    const draft = createHttpDraft('t', httpSeedFromHistory(kept));
    expect(draft).toMatchObject({
      followRedirects: true,
      maxRedirects: 0,
      useCookies: false,
      insecure: false,
      tls: { caFile: '/ca.pem', pfxFile: '/client.p12', passphrase: { secretRef: '' } },
      timeoutSeconds: 1.5,
      // The connect limit comes back too (the tab used to drop it, so a replay connected with the default).
      connectTimeoutSeconds: 0.2,
    });
    const built = buildHttpRequest(draft);
    expect(built.ok ? built.request : undefined).toMatchObject({
      followRedirects: true,
      maxRedirects: 0,
      cookies: false,
      tls: { caFile: '/ca.pem', pfxFile: '/client.p12' },
      timeouts: { totalMs: 1500, connectMs: 200 },
    });
    const plain = createHttpDraft('t', httpSeedFromHistory(entry()));
    expect(plain).toMatchObject({ followRedirects: false, useCookies: true, insecure: false });
    expect(plain.tls).toBeUndefined();
    expect(plain.maxRedirects).toBeUndefined();
  });
});

describe('Open as new request keeps the proxy the entry went through', () => {
  it('through a proxy: this proxy, pinned; following Settings then: pinned too, and said so', () => {
    const base: HistoryEntry = {
      id: 'p',
      startedAt: '2026-01-01T00:00:00Z',
      source: 'send',
      interface: { binding: 'HTTP', version: '-', endpoint: 'http://127.0.0.1:9/x' },
      method: 'GET',
      request: { url: 'http://127.0.0.1:9/x', bytes: 0 },
      durationMs: 1,
      outcomeKind: 'result',
      messages: [],
      bodies: 'hashed',
    } as unknown as HistoryEntry;
    expect(httpSeedFromHistory({ ...base, replay: { proxy: 'http://p:3128' } })).toMatchObject({
      proxyMode: 'url',
      proxyUrl: 'http://p:3128',
      proxyRecorded: { url: 'http://p:3128' },
    });
    const settings = httpSeedFromHistory({
      ...base,
      replay: { proxy: 'http://p:3128', proxyFromSettings: true, send: { followRedirects: false, cookies: true, timeouts: { connectMs: 2500 } } },
    });
    expect(settings).toMatchObject({
      proxyMode: 'url',
      proxyUrl: 'http://p:3128',
      proxyRecorded: { url: 'http://p:3128', fromSettings: true },
      connectTimeoutSeconds: 2.5,
    });
    // The tab sends it through that proxy again.
    const built = buildHttpRequest(createHttpDraft('t', settings));
    expect(built.ok && built.request).toMatchObject({ proxy: 'http://p:3128', timeouts: { connectMs: 2500 } });
    expect(built.ok && built.request).not.toHaveProperty('proxyFromSettings');
  });
});
