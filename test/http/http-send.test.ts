/**
 * Plain HTTP through the core against raw loopback servers: every method, URL encoding as sent on
 * the wire, form and multipart bodies byte for byte, redirects (shown, not followed by default),
 * binary bodies, event streams, refusals, redaction and history.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import { tempCore } from '../foundation/test-core';
import { httpSummaryLines } from '../../shared/http/http-summary';
import { historyEntryLines } from '../../electron/cli/history-lines';
import { startRecordingServer, unusedPort, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let base: string;
let core: Core;
let dispose: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  server = await startRecordingServer((request, res, req) => {
    const path = request.url.split('?')[0];
    if (path === '/redirect') {
      res.writeHead(302, { Location: '/landing' });
      res.end('moved');
    } else if (path === '/see-other') {
      res.writeHead(303, { Location: '/landing' });
      res.end();
    } else if (path === '/landing') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('landed');
    } else if (path === '/png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff]));
    } else if (path === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"n":1}\n\n');
      res.write('event: note\ndata: plain text\n\n');
      res.end('data: {"n":3}\n\n');
    } else if (path === '/silent') {
      // Answers nothing until the client gives up.
      req.socket.setTimeout(0);
    } else if (path === '/slow-events') {
      // A stream that outlives the total timeout: one event now, then one every 100 ms.
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      let n = 0;
      const tick = (): void => {
        if (res.destroyed) return;
        res.write(`data: {"n":${++n}}\n\n`);
        if (n < 50) setTimeout(tick, 100);
        else res.end();
      };
      tick();
    } else if (path === '/status/404') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":"nope"}');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(request.method === 'HEAD' ? undefined : JSON.stringify({ method: request.method, url: request.url }));
    }
  });
  base = server.base;
  const temp = await tempCore();
  core = temp.core;
  dispose = temp.dispose;
  dir = temp.dir;
});

afterAll(async () => {
  await server.close();
  await dispose();
});

async function send(request: HttpRequest): Promise<HttpExchangeRecord> {
  server.clear();
  const result = await core.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('methods', () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'QUERY', 'PROPFIND']) {
    it(`sends ${method} as typed`, async () => {
      const record = await send({ method, url: `${base}/m`, ...(method === 'POST' || method === 'QUERY' ? { body: { kind: 'json', text: '{"a":1}' } } : {}) });
      expect(server.requests[0]?.method).toBe(method);
      expect(record.outcome).toEqual({ kind: 'response', status: 200 });
      expect(record.request.httpMethod).toBe(method);
      expect(record.response?.status).toBe(200);
      expect(record.timings.totalMs).toBeGreaterThan(0);
      if (method === 'POST' || method === 'QUERY') {
        expect(server.requests[0]?.body.toString()).toBe('{"a":1}');
        expect(server.requests[0]?.headers['content-type']).toBe('application/json');
      }
    });
  }

  // Node's client upper-cases every method it sends: the record and history say what went out, not the typing.
  for (const [typed, sent] of [
    ['post', 'POST'],
    [' patch ', 'PATCH'],
    ['purge', 'PURGE'],
  ]) {
    it(`a method typed "${typed}" goes out, and is recorded and listed, as ${sent}`, async () => {
      const record = await send({ method: typed as string, url: `${base}/m` });
      expect(server.requests[0]?.method).toBe(sent);
      expect(record.method).toBe(sent);
      expect(record.request.httpMethod).toBe(sent);
      expect(httpSummaryLines(record).join('\n')).toContain(`${sent as string} `);
    });
  }

  it('refuses a method that is not an HTTP token, and a non-http URL, before sending', async () => {
    server.clear();
    const bad = await core.dispatcher.invoke('http.send', { method: 'GE T', url: `${base}/m` });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('bad-request');
    const scheme = await core.dispatcher.invoke('http.send', { method: 'GET', url: 'file:///etc/passwd' });
    expect(scheme.ok).toBe(false);
    if (!scheme.ok) expect(scheme.error.code).toBe('bad-request');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a refused connection as a transport error record', async () => {
    const port = await unusedPort();
    const record = await send({ method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect(record.outcome.kind).toBe('transport-error');
    if (record.outcome.kind === 'transport-error') expect(record.outcome.code).toBe('connect');
  });
});

describe('URL encoding on the wire', () => {
  it('sends spaces, unicode and reserved characters as new URL encodes them', async () => {
    const typed = `${base}/a b/ü?q=a b&u=日本&r=a/b?c`;
    await send({ method: 'GET', url: typed });
    const expected = new URL(typed);
    expect(server.requests[0]?.url).toBe(`${expected.pathname}${expected.search}`);
    expect(server.requests[0]?.url).toBe('/a%20b/%C3%BC?q=a%20b&u=%E6%97%A5%E6%9C%AC&r=a/b?c');
  });

  it('appends an API key in the query without re-encoding the rest, and redacts it in the record', async () => {
    const record = await send({ method: 'GET', url: `${base}/k?x=a+b`, auth: { type: 'apiKey', in: 'query', name: 'api_key', value: { value: 's3cr3t v' } } });
    expect(server.requests[0]?.url).toBe('/k?x=a+b&api_key=s3cr3t%20v');
    expect(JSON.stringify(record)).not.toContain('s3cr3t');
  });
});

describe('bodies byte for byte', () => {
  it('sends application/x-www-form-urlencoded as the WHATWG serializer does', async () => {
    const fields = [
      { name: 'a b', value: 'c&d=e' },
      { name: 'ü', value: '+*~!' },
      { name: 'off', value: 'x', enabled: false },
    ];
    await send({ method: 'POST', url: `${base}/form`, body: { kind: 'urlencoded', fields } });
    const reference = new URLSearchParams(fields.filter((f) => f.enabled !== false).map((f): [string, string] => [f.name, f.value])).toString();
    expect(server.requests[0]?.body.toString('utf8')).toBe(reference);
    expect(server.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends multipart/form-data with text and file parts exactly', async () => {
    const path = join(dir, 'data.bin');
    const fileBytes = Buffer.from([0, 1, 2, 0xff, 0x0d, 0x0a, 0x41]);
    await writeFile(path, fileBytes);
    await send({
      method: 'POST',
      url: `${base}/upload`,
      headers: [{ name: 'Content-Type', value: 'multipart/form-data' }],
      body: {
        kind: 'multipart',
        fields: [
          { name: 'title', value: 'héllo "x"' },
          { name: 'doc', file: { path, contentType: 'application/octet-stream' } },
          { name: 'inline', file: { name: 'a.txt', base64: Buffer.from('hi').toString('base64'), contentType: 'text/plain' } },
        ],
      },
    });
    const type = String(server.requests[0]?.headers['content-type']);
    const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? '';
    expect(boundary).not.toBe('');
    const expected = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhéllo "x"\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="data.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      fileBytes,
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="inline"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n`),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    expect(server.requests[0]?.body.equals(expected)).toBe(true);
    expect(Number(server.requests[0]?.headers['content-length'])).toBe(expected.length);
  });

  it('sends a raw file body and refuses a missing file before sending', async () => {
    const path = join(dir, 'raw.dat');
    await writeFile(path, Buffer.from([9, 8, 7]));
    await send({ method: 'PUT', url: `${base}/raw`, body: { kind: 'file', file: { path } } });
    expect([...(server.requests[0]?.body ?? [])]).toEqual([9, 8, 7]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/octet-stream');
    server.clear();
    const missing = await core.dispatcher.invoke('http.send', { method: 'PUT', url: `${base}/raw`, body: { kind: 'file', file: { path: join(dir, 'nope') } } });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.code).toBe('not-found');
    expect(server.requests).toHaveLength(0);
  });
});

describe('redirects', () => {
  it('shows a redirect and does not follow it by default', async () => {
    const record = await send({ method: 'GET', url: `${base}/redirect` });
    expect(server.requests).toHaveLength(1);
    expect(record.response?.status).toBe(302);
    expect(record.response?.headers).toContainEqual(['Location', '/landing']);
    expect(record.warnings.join(' ')).toMatch(/not followed/);
    expect(record.redirects).toBeUndefined();
  });

  it('follows when asked, turning a 303 after POST into a GET without the body', async () => {
    const record = await send({ method: 'POST', url: `${base}/see-other`, body: { kind: 'text', text: 'x' }, followRedirects: true });
    expect(server.requests.map((s) => s.method)).toEqual(['POST', 'GET']);
    expect(server.requests[1]?.body.length).toBe(0);
    expect(record.response?.status).toBe(200);
    expect(record.response?.body).toBe('landed');
    expect(record.redirects).toEqual([{ method: 'POST', url: `${base}/see-other`, status: 303, location: '/landing' }]);
  });

  it('records the request as written after a followed redirect: history shows, finds and replays the typed URL and method', async () => {
    const typed = `${base}/redirect?unique=zzqq`;
    const record = await send({ method: 'POST', url: typed, body: { kind: 'text', text: 'hello' }, followRedirects: true });
    expect(server.requests.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /redirect?unique=zzqq', 'GET /landing']);
    // The record names the request as written; `request` is the last hop's, the one the answer answered.
    expect(record).toMatchObject({ method: 'POST', url: typed, request: { httpMethod: 'GET', url: `${base}/landing` } });
    expect(record.firstRequest).toMatchObject({ httpMethod: 'POST', url: typed, body: 'hello', bodyBytes: 5 });
    expect(httpSummaryLines(record).slice(0, 2)).toEqual([`POST ${typed}`, `  ↳ 302 → GET ${base}/landing`]);

    const got = await core.dispatcher.invoke('history.get', { id: record.id });
    if (!got.ok) throw new Error(got.error.message);
    const entry = got.value;
    expect(entry.interface.endpoint).toBe(typed);
    expect(entry.request).toMatchObject({ httpMethod: 'POST', url: typed, bytes: 5 });
    expect(entry.redirects).toEqual([{ status: 302, method: 'GET', url: `${base}/landing` }]);
    expect(historyEntryLines(entry)).toContain(`  redirected  302 → GET ${base}/landing`);
    const host = new URL(base).host;
    for (const query of ['zzqq', `endpoint:${host}/redirect`, 'landing', `endpoint:${host}/landing`]) {
      const list = await core.dispatcher.invoke('history.list', { query });
      if (!list.ok) throw new Error(list.error.message);
      expect(
        list.value.entries.map((e) => e.id),
        query,
      ).toContain(record.id);
    }
    const none = await core.dispatcher.invoke('history.list', { query: 'zzqq-nowhere' });
    expect(none.ok && none.value.entries.map((e) => e.id)).not.toContain(record.id);
  });
});

describe('responses', () => {
  it('keeps a binary body as base64, not as broken text', async () => {
    const record = await send({ method: 'GET', url: `${base}/png` });
    expect(record.response?.bodyBase64).toBe(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff]).toString('base64'));
    expect(record.response?.body).toBeUndefined();
    expect(record.response?.bodyBytes).toBe(10);
  });

  it('records an event stream event by event, streaming them to the caller', async () => {
    const live: unknown[] = [];
    let end: HttpExchangeRecord | undefined;
    await core.dispatcher.stream('http.stream', 'r-events', { method: 'GET', url: `${base}/events` }, (event) => {
      if (event.kind === 'data') live.push(event.data.data);
      else if (event.kind === 'end') end = event.value;
    });
    expect(live).toEqual([{ n: 1 }, 'plain text', { n: 3 }]);
    expect(end?.outcome).toEqual({ kind: 'stream', status: 200, ended: 'completed', eventCount: 3 });
    expect(end?.events?.[1]?.event).toBe('note');
  });

  it('gives up on a server that answers nothing after timeouts.totalMs, naming the limit in words', async () => {
    const record = await send({ method: 'GET', url: `${base}/silent`, timeouts: { totalMs: 300 } });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    expect(JSON.stringify(record.outcome)).toContain("No complete answer within 300 ms, the request's timeout.");
  });

  it('lets a stream that has answered run past timeouts.totalMs, and Stop ends it as stopped, not failed', async () => {
    const live: unknown[] = [];
    let end: HttpExchangeRecord | undefined;
    const running = core.dispatcher.stream('http.stream', 'r-slow', { method: 'GET', url: `${base}/slow-events`, timeouts: { totalMs: 150 } }, (event) => {
      if (event.kind === 'data') live.push(event.data.data);
      else if (event.kind === 'end') end = event.value;
    });
    // Well past the total timeout, still flowing.
    for (let i = 0; i < 100 && live.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.length).toBeGreaterThanOrEqual(5);
    expect(core.dispatcher.cancel('r-slow')).toBe(true);
    await running;
    expect(end?.outcome).toMatchObject({ kind: 'stream', status: 200, ended: 'stopped' });
  });

  it('lands in history without the bearer token', async () => {
    const record = await send({ method: 'GET', url: `${base}/status/404`, auth: { type: 'bearer', token: { value: 'tok-123456' } } });
    expect(record.response?.status).toBe(404);
    expect(JSON.stringify(record)).not.toContain('tok-123456');
    const list = await core.dispatcher.invoke('history.list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = list.value.entries.find((e) => e.id === record.id);
    expect(entry?.interface.binding).toBe('HTTP');
    expect(entry?.httpStatus).toBe(404);
    expect(entry?.response?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
