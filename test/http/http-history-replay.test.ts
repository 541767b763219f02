/**
 * Open as new request on a plain HTTP history entry, end to end: the core sends and records it with
 * full bodies, the History view's seed rebuilds the tab from the stored entry, and sending that tab
 * puts the same parts on the wire — except a binary file, which the tab asks for again — with the
 * same send settings (redirects, cookie jar, certificate checks, timeout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import { buildHttpRequest, createHttpDraft } from '../../renderer/src/features/http/http-draft';
import { httpSeedFromHistory } from '../../renderer/src/features/http/http-history-seed';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let core: Core;
let dispose: () => Promise<void>;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    // A redirect that sets a cookie: whether it is followed, and whether the jar sends the cookie back, shows how a request was sent.
    if (request.url === '/hop') res.writeHead(302, { Location: '/landed', 'Set-Cookie': 'jar=1; Path=/' }).end();
    else res.end('ok');
  });
  ({ core, dispose } = await tempCore());
  const settings = await core.dispatcher.invoke('history.settings', { fullBodies: true });
  if (!settings.ok) throw new Error(settings.error.message);
});

afterAll(async () => {
  await dispose();
  await server.close();
});

async function send(request: HttpRequest): Promise<HttpExchangeRecord> {
  const result = await core.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The parts of a received multipart body, with the boundary taken out so two sends compare. */
function partsOf(body: Buffer, contentType: string): string {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? 'none';
  return body.toString('latin1').split(`--${boundary}`).join('--B');
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);

describe('Open as new request on a multipart HTTP entry', () => {
  it('sends the same parts again once the binary file is chosen; until then Send says which file to choose', async () => {
    const first = await send({
      method: 'POST',
      url: `${server.base}/upload?kind=report`,
      headers: [{ name: 'X-Trace', value: 't-1' }],
      body: {
        kind: 'multipart',
        fields: [
          { name: 'title', value: 'Q3 "final"\r\nreport' },
          { name: 'meta', value: '{"q":3}', contentType: 'application/json' },
          { name: 'notes', file: { name: 'notes.txt', base64: Buffer.from('ünïcode line\r\n').toString('base64'), contentType: 'text/plain' } },
          { name: 'chart', file: { name: 'chart.png', base64: png.toString('base64'), contentType: 'image/png' } },
        ],
      },
    });
    const sent = server.requests[0]!;
    const entry = await core.dispatcher.invoke('history.get', { id: first.id });
    if (!entry.ok) throw new Error(entry.error.message);

    const draft = createHttpDraft('replay', httpSeedFromHistory(entry.value));
    expect(draft).toMatchObject({ method: 'POST', url: `${server.base}/upload?kind=report`, bodyKind: 'multipart', filesNotKept: ['chart.png'] });
    expect(buildHttpRequest(draft)).toEqual({ ok: false, message: expect.stringContaining('Choose chart.png again') });

    const chosen = {
      ...draft,
      multipartFields: draft.multipartFields.map((f) =>
        f.name === 'chart' ? { ...f, file: { name: 'chart.png', base64: png.toString('base64'), contentType: 'image/png' } } : f,
      ),
    };
    const built = buildHttpRequest(chosen);
    if (!built.ok) throw new Error(built.message);
    server.clear();
    await send(built.request);
    const again = server.requests[0]!;
    expect(again.headers['x-trace']).toBe('t-1');
    expect(partsOf(again.body, String(again.headers['content-type']))).toBe(partsOf(sent.body, String(sent.headers['content-type'])));
  });

  it('sends again as the entry was sent: redirects followed or not (and their limit), the cookie jar off, certificate checks off, its timeout', async () => {
    const first = await send({
      method: 'GET',
      url: `${server.base}/hop`,
      followRedirects: true,
      maxRedirects: 1,
      cookies: false,
      tls: { insecureSkipVerify: true },
      timeouts: { totalMs: 4000 },
    });
    expect(first.redirects).toHaveLength(1);
    const got = await core.dispatcher.invoke('history.get', { id: first.id });
    if (!got.ok) throw new Error(got.error.message);
    expect(got.value.replay?.send).toEqual({
      followRedirects: true,
      maxRedirects: 1,
      cookies: false,
      tls: { insecureSkipVerify: true },
      timeouts: { totalMs: 4000 },
    });

    const draft = createHttpDraft('again', httpSeedFromHistory(got.value));
    expect(draft).toMatchObject({ followRedirects: true, maxRedirects: 1, useCookies: false, insecure: true, timeoutSeconds: 4 });
    const built = buildHttpRequest(draft);
    if (!built.ok) throw new Error(built.message);
    expect(built.request).toMatchObject({
      followRedirects: true,
      maxRedirects: 1,
      cookies: false,
      tls: { insecureSkipVerify: true },
      timeouts: { totalMs: 4000 },
    });
    server.clear();
    const again = await send(built.request);
    // Followed to /landed, and without the jar the cookie the redirect set is not sent there.
    expect(server.requests.map((r) => r.url)).toEqual(['/hop', '/landed']);
    expect(server.requests[1]?.headers.cookie).toBeUndefined();
    expect(again.cookies).toBeUndefined();
  });

  it('an entry recorded before send settings were kept opens with the defaults: redirects shown, the cookie jar on, no timeout of its own', async () => {
    const first = await send({ method: 'GET', url: `${server.base}/hop`, followRedirects: true, cookies: false });
    const got = await core.dispatcher.invoke('history.get', { id: first.id });
    if (!got.ok || !got.value.replay) throw new Error('no entry');
    const { send: _kept, ...older } = got.value.replay;
    const draft = createHttpDraft('older', httpSeedFromHistory({ ...got.value, replay: older }));
    expect(draft).toMatchObject({ followRedirects: false, useCookies: true, insecure: false });
    expect(draft.timeoutSeconds).toBeUndefined();
    const built = buildHttpRequest(draft);
    if (!built.ok) throw new Error(built.message);
    expect(built.request).toEqual({ method: 'GET', url: `${server.base}/hop` });
    server.clear();
    const again = await send(built.request);
    expect(again.response?.status).toBe(302);
    expect(server.requests.map((r) => r.url)).toEqual(['/hop']);
  });
});
