/**
 * The core's cookie jar for plain HTTP, through the dispatcher against loopback servers: a login
 * cookie comes back on the next request, scope (host, path, another port's host name) is kept,
 * a typed Cookie header wins, redirects store and send cookies per hop, opting out, listing and
 * removing, hostile Set-Cookie headers, the per-domain bound, and no cookie value in history.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { CookieSummary, HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import { MAX_COOKIES_PER_DOMAIN } from '../../electron/node/http/cookie-jar';
import { tempCore } from '../foundation/test-core';

const SESSION = 'sess-7f3a9c-very-secret-session-value';
/** An answer full of the jar's values (true, dark) in places that have nothing to do with cookies. */
const DATA_BODY = '{"active":true,"flags":{"beta":true,"dark":false},"text":"this is true","mode":"dark"}';

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let port: number;
let seen: Seen[];
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

function answer(path: string, res: import('node:http').ServerResponse, headers: IncomingHttpHeaders): void {
  switch (path) {
    case '/login':
      res.writeHead(200, { 'Set-Cookie': [`sid=${SESSION}; Path=/; HttpOnly`, 'theme=dark; Path=/app; Max-Age=3600'], 'Content-Type': 'text/plain' });
      return void res.end('welcome');
    case '/me':
      // Echoes the cookie it got: the record must not show the session value.
      res.writeHead(headers.cookie?.includes('sid=') ? 200 : 401, { 'Content-Type': 'text/plain' });
      return void res.end(`cookie: ${headers.cookie ?? '(none)'}`);
    case '/logout':
      res.writeHead(200, { 'Set-Cookie': 'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT' });
      return void res.end('bye');
    case '/login-redirect':
      res.writeHead(302, { Location: '/me', 'Set-Cookie': `sid=${SESSION}; Path=/` });
      return void res.end();
    case '/hostile':
      res.writeHead(200, {
        'Set-Cookie': [
          'evil=1; Domain=example.com',
          'broad=1; Domain=com',
          '=novalue',
          '__Host-x=1; Path=/sub',
          '__proto__=polluted; Path=/',
          'constructor=1; Path=/',
        ],
      });
      return void res.end('ok');
    case '/setconsent':
      res.writeHead(200, { 'Set-Cookie': ['consent=true; Path=/', 'theme=dark; Path=/'], 'Content-Type': 'text/plain' });
      return void res.end('ok');
    case '/data':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(DATA_BODY);
    case '/flood':
      res.writeHead(200, { 'Set-Cookie': Array.from({ length: MAX_COOKIES_PER_DOMAIN + 20 }, (_, i) => `c${i}=${i}; Path=/`) });
      return void res.end('ok');
    default:
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return void res.end(`cookie: ${headers.cookie ?? '(none)'}`);
  }
}

beforeEach(async () => {
  seen = [];
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      seen.push({ path, headers: req.headers });
      answer(path, res, req.headers);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  ({ core, dir, dispose } = await tempCore());
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await dispose();
});

async function send(path: string, extra: Partial<HttpRequest> = {}, host = '127.0.0.1'): Promise<HttpExchangeRecord> {
  const result = await core.dispatcher.invoke('http.send', { method: 'GET', url: `http://${host}:${port}${path}`, ...extra });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function listed(): Promise<CookieSummary[]> {
  const result = await core.dispatcher.invoke('http.cookies.list', {});
  if (!result.ok) throw new Error(result.error.message);
  return result.value.cookies;
}

describe('the cookie jar of plain HTTP requests', () => {
  it('sends a login cookie back on the next request, in scope only, and never records its value', async () => {
    const login = await send('/login');
    expect(login.cookies).toEqual({ sent: [], stored: ['sid', 'theme'] });
    const me = await send('/me');
    expect(me.outcome).toEqual({ kind: 'response', status: 200 });
    expect(seen.at(-1)?.headers.cookie).toBe(`sid=${SESSION}`); // theme is for /app only
    expect(me.cookies).toEqual({ sent: ['sid'], stored: [] });
    expect((await send('/app/page')).cookies?.sent.sort()).toEqual(['sid', 'theme']);
    // The Cookie header is hidden by name; the body is the server's answer as it came (it echoes the cookie).
    expect(me.request.headers.find(([n]) => n === 'Cookie')?.[1]).toBe('‹redacted›');
    expect(JSON.stringify(me.request.headers)).not.toContain(SESSION);
    expect(me.response?.body).toBe(`cookie: sid=${SESSION}`);
    // localhost is another host than 127.0.0.1: nothing is sent there.
    await send('/me', {}, 'localhost');
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();

    const cookies = await listed();
    expect(cookies.map((c) => [c.name, c.domain, c.path, c.hostOnly, c.httpOnly])).toEqual([
      ['sid', '127.0.0.1', '/', true, true],
      ['theme', '127.0.0.1', '/app', true, false],
    ]);
    expect(cookies.find((c) => c.name === 'sid')).toMatchObject({ valueBytes: SESSION.length });
    expect(cookies.find((c) => c.name === 'sid')?.expires).toBeUndefined(); // a session cookie
    expect(Date.parse(cookies.find((c) => c.name === 'theme')?.expires ?? '')).toBeGreaterThan(Date.now());
    expect(JSON.stringify(cookies)).not.toContain(SESSION);

    // Nothing under the data folder holds the value (history included).
    await core.dispatcher.invoke('history.list', {});
    const files = await readdir(join(dir, 'history'));
    for (const name of files) expect(await readFile(join(dir, 'history', name), 'utf8')).not.toContain(SESSION);
  });

  it('a Set-Cookie that expires the cookie removes it; remove by name or all; an empty jar lists nothing', async () => {
    expect(await listed()).toEqual([]);
    await send('/login');
    await send('/logout');
    expect((await listed()).map((c) => c.name)).toEqual(['theme']);
    await send('/login');
    expect(await core.dispatcher.invoke('http.cookies.remove', { name: 'theme' })).toEqual({ ok: true, value: { removed: 1 } });
    expect((await listed()).map((c) => c.name)).toEqual(['sid']);
    expect(await core.dispatcher.invoke('http.cookies.remove', {})).toEqual({ ok: true, value: { removed: 1 } });
    expect((await send('/me')).outcome).toEqual({ kind: 'response', status: 401 });
  });

  it('a Cookie header typed on the request is sent as typed; cookies: false neither sends nor stores', async () => {
    await send('/login');
    await send('/me', { headers: [{ name: 'Cookie', value: 'sid=typed' }] });
    expect(seen.at(-1)?.headers.cookie).toBe('sid=typed');
    const off = await send('/me', { cookies: false });
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();
    expect(off.cookies).toBeUndefined();
    await core.dispatcher.invoke('http.cookies.remove', {});
    await send('/login', { cookies: false });
    expect(await listed()).toEqual([]);
  });

  it('a followed redirect stores the cookie of its 3xx and sends it on the next hop', async () => {
    const record = await send('/login-redirect', { followRedirects: true });
    expect(record.outcome).toEqual({ kind: 'response', status: 200 });
    expect(seen.map((s) => s.path)).toEqual(['/login-redirect', '/me']);
    expect(seen[1]?.headers.cookie).toBe(`sid=${SESSION}`);
    expect(record.cookies).toEqual({ sent: ['sid'], stored: ['sid'] });
    expect(JSON.stringify(record.request.headers)).not.toContain(SESSION);
    expect(record.request.headers.find(([n]) => n === 'Cookie')?.[1]).toBe('‹redacted›');
  });

  it('refuses hostile Set-Cookie headers with a warning each (no value in it) and keeps prototype-named cookies as plain names', async () => {
    const record = await send('/hostile');
    const refusals = record.warnings.filter((w) => w.includes('was not stored'));
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    expect(refusals.some((w) => w.includes('"evil"'))).toBe(true);
    expect(refusals.some((w) => w.includes('"broad"'))).toBe(true);
    expect(refusals.some((w) => w.includes('__Host-x'))).toBe(true);
    expect(refusals.join('\n')).not.toContain('polluted');
    expect((await listed()).map((c) => c.name).sort()).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    await send('/echo');
    expect(seen.at(-1)?.headers.cookie).toBe('__proto__=polluted; constructor=1');
  });

  it(`keeps at most ${MAX_COOKIES_PER_DOMAIN} cookies per domain, dropping the oldest`, async () => {
    await send('/flood');
    const names = (await listed()).map((c) => c.name);
    expect(names).toHaveLength(MAX_COOKIES_PER_DOMAIN);
    expect(names).toContain(`c${MAX_COOKIES_PER_DOMAIN + 19}`);
    expect(names).not.toContain('c0');
  });

  it("never rewrites an answer or the URL with the jar's values; the Cookie header stays hidden by name on disk", async () => {
    expect(await core.dispatcher.invoke('history.settings', { fullBodies: true })).toMatchObject({ ok: true, value: { fullBodies: true } });
    await send('/login');
    const consent = await send('/setconsent');
    expect(consent.cookies?.stored).toEqual(['consent', 'theme']);
    expect(consent.response?.headers.filter(([n]) => n.toLowerCase() === 'set-cookie').map(([, v]) => v)).toEqual(['‹redacted›', '‹redacted›']);

    const data = await send('/data?note=dark+mode');
    expect(seen.at(-1)?.headers.cookie).toBe(`sid=${SESSION}; consent=true; theme=dark`);
    expect(data.cookies?.sent).toEqual(['sid', 'consent', 'theme']);
    // The body is exactly what the server sent, and still JSON.
    expect(data.response?.body).toBe(DATA_BODY);
    expect(JSON.parse(data.response?.body ?? '')).toMatchObject({ active: true, flags: { beta: true } });
    // The user's own URL is shown as typed.
    expect(data.url).toBe(`http://127.0.0.1:${port}/data?note=dark+mode`);
    expect(data.request.url).toBe(data.url);
    expect(data.request.headers.find(([n]) => n === 'Cookie')).toEqual(['Cookie', '‹redacted›']);
    expect(JSON.stringify(data)).not.toContain('‹redacted›+mode');

    // History keeps the URL and (full bodies on) the body as they were, and no Cookie or Set-Cookie value.
    const list = await core.dispatcher.invoke('history.list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = list.value.entries.find((e) => e.id === data.id);
    expect(entry?.request?.url).toBe(data.url);
    const stored = await core.dispatcher.invoke('history.get', { id: data.id });
    if (!stored.ok) throw new Error(stored.error.message);
    expect(stored.value.httpExchange?.response?.body).toBe(DATA_BODY);
    expect(stored.value.httpExchange?.request.headers.find(([n]) => n === 'Cookie')?.[1]).toBe('‹redacted›');
    const files = await readdir(join(dir, 'history'));
    const onDisk = (await Promise.all(files.map((name) => readFile(join(dir, 'history', name), 'utf8')))).join('\n');
    expect(onDisk).toContain('note=dark+mode');
    for (const value of [SESSION, 'consent=true', 'theme=dark', 'sid=']) expect(onDisk).not.toContain(value);
  });

  it('refuses a remove filter that is not text', async () => {
    for (const request of [{ name: 1 }, { domain: { toString: 'x' } }, { path: ['/'] }, 'all', 7]) {
      const result = await core.dispatcher.invoke('http.cookies.remove', request as never);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('bad-request');
    }
  });
});
