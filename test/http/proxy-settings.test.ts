/**
 * The Settings-level proxy and the proxy errors, through the core's operations against real
 * loopback servers: a forward proxy (absolute-form and CONNECT), one that answers 407, one that
 * refuses tunnels with 502, and an address where nothing listens. The settings persist in the data
 * folder; a send follows them only when it asks to (`proxyFromSettings`); the record and the
 * history say which proxy was used; a proxy's refusal is the `proxy` error (a 407 `proxy-auth`), never
 * the server's answer; `send --retry` resends after the first and not after a 407.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../electron/node/core';
import type { A2aCall } from '../../shared/a2a/call';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import type { ProxySettings } from '../../shared/http/proxy-rules';
import { a2aReplayOf, httpReplayOf } from '../../shared/history/replay-request';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import { startLoopbackProxy, unreachableProxyUrl, type LoopbackProxy } from '../fixtures/loopback-proxy';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const cert = readFileSync(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url), 'utf8');
const key = readFileSync(new URL('../fixtures/tls/localhost-key.pem', import.meta.url), 'utf8');

let target: RecordingServer;
let secure: HttpsServer;
let secureBase: string;
let forward: LoopbackProxy;
let needsAuth: LoopbackProxy;
let badGateway: LoopbackProxy;
let nowhere: string;
let dir: string;
let core: Core;
const secureSeen: string[] = [];

beforeAll(async () => {
  target = await startRecordingServer((request, res) => {
    if (request.url.startsWith('/rpc')) {
      const id = (JSON.parse(request.text || '{}') as { id?: unknown }).id;
      const message = { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { message } }));
    } else res.writeHead(200, { 'Content-Type': 'text/plain' }).end('direct or proxied');
  });
  secure = createHttpsServer({ cert, key }, (req, res) => {
    secureSeen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('secure');
  });
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  secureBase = `https://localhost:${(secure.address() as AddressInfo).port}`;
  forward = await startLoopbackProxy();
  needsAuth = await startLoopbackProxy({ refuse: 407 });
  badGateway = await startLoopbackProxy({ refuse: 502 });
  nowhere = await unreachableProxyUrl();
  dir = await mkdtemp(join(tmpdir(), 'powerduck-proxy-'));
  core = await openCore({ host: 'test', dataDir: dir, environment: {} });
  const full = await core.dispatcher.invoke('history.settings', { fullBodies: false });
  if (!full.ok) throw new Error(full.error.message);
});

afterAll(async () => {
  await core.close();
  secure.closeAllConnections();
  await new Promise<void>((resolve) => secure.close(() => resolve()));
  for (const server of [forward, needsAuth, badGateway]) await server.close();
  await target.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

async function setProxy(c: Core, patch: Partial<ProxySettings>): Promise<ProxySettings> {
  const result = await c.dispatcher.invoke('http.proxySettings', patch);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.settings;
}

async function send(c: Core, request: HttpRequest): Promise<HttpExchangeRecord> {
  const result = await c.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function latestEntry(c: Core, url: string): Promise<import('../../shared/history/history-types').HistoryEntry> {
  // History is written after the answer: wait for this send's entry.
  for (let i = 0; i < 100; i++) {
    const listed = await c.dispatcher.invoke('history.list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    const found = listed.value.entries.find((e) => e.interface.endpoint === url || e.interface.endpoint.startsWith(url));
    if (found) {
      const got = await c.dispatcher.invoke('history.get', { id: found.id });
      if (!got.ok) throw new Error(got.error.message);
      return got.value;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no history entry for ${url}`);
}

describe('the Settings-level proxy', () => {
  it('is off until set, persists in the data folder for the next core, and is refused when unusable without changing the file', async () => {
    const first = await core.dispatcher.invoke('http.proxySettings', {});
    expect(first.ok && first.value.settings).toEqual({ mode: 'off', url: '', noProxy: '' });
    await setProxy(core, { mode: 'url', url: forward.url, noProxy: 'example.com, 10.0.0.0/8' });
    const again = await openCore({ host: 'test', dataDir: dir, environment: {} });
    try {
      const read = await again.dispatcher.invoke('http.proxySettings', {});
      expect(read.ok && read.value).toEqual({
        settings: { mode: 'url', url: forward.url, noProxy: 'example.com, 10.0.0.0/8' },
        environment: {},
        skipped: ['10.0.0.0/8'],
      });
    } finally {
      await again.close();
    }
    const before = await readFile(join(dir, 'proxy-settings.json'), 'utf8');
    for (const bad of [
      { url: 'https://proxy.example:443' },
      { url: 'http://user:pw@127.0.0.1:3128' },
      { mode: 'socks' as ProxySettings['mode'] },
      { url: '' },
      { noProxy: 42 as unknown as string },
    ]) {
      const refused = await core.dispatcher.invoke('http.proxySettings', bad);
      expect(refused.ok, JSON.stringify(bad)).toBe(false);
      if (!refused.ok) expect(refused.error.message).not.toContain('pw');
    }
    expect(await readFile(join(dir, 'proxy-settings.json'), 'utf8')).toBe(before);
  });

  it('shows the environment variables as the process sees them, a user name and password taken out', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-proxy-env-'));
    const c = await openCore({
      host: 'test',
      dataDir: home,
      environment: { https_proxy: 'http://me:s3cret@corp:3128', HTTP_PROXY: 'corp:8080', NO_PROXY: 'example.com' },
    });
    try {
      const read = await c.dispatcher.invoke('http.proxySettings', {});
      expect(read.ok && read.value.environment).toEqual({
        httpsProxy: expect.stringMatching(/^http:\/\/corp:3128\/ \(with a user name/),
        httpProxy: 'corp:8080',
        noProxy: 'example.com',
      });
      expect(JSON.stringify(read)).not.toContain('s3cret');
      // Followed, the credentials are refused at the send, named by the variable, not by value.
      await setProxy(c, { mode: 'environment' });
      const refused = await c.dispatcher.invoke('http.send', { method: 'GET', url: `${secureBase}/x`, proxyFromSettings: true });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.message).toMatch(/HTTPS_PROXY.*user name or password/);
        expect(refused.error.message).not.toContain('s3cret');
      }
    } finally {
      await c.close();
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a send that follows Settings goes through the proxy; one that does not goes direct; the record and history say which', async () => {
    await setProxy(core, { mode: 'url', url: forward.url, noProxy: '' });
    forward.log.length = 0;
    const followed = await send(core, { method: 'GET', url: `${target.base}/followed`, proxyFromSettings: true });
    expect(followed.outcome.kind).not.toBe('transport-error');
    expect(forward.log).toEqual([`GET ${target.base}/followed`]);
    expect(followed.request.proxy).toEqual({ url: forward.url, source: 'settings' });
    const entry = await latestEntry(core, `${target.base}/followed`);
    expect(httpReplayOf(entry)).toMatchObject({ proxy: forward.url, proxyFromSettings: true });

    const direct = await send(core, { method: 'GET', url: `${target.base}/direct` });
    expect(direct.request.proxy).toBeUndefined();
    expect(forward.log).toHaveLength(1);
    expect(httpReplayOf(await latestEntry(core, `${target.base}/direct`)).proxy).toBeUndefined();
  });

  it('the bypass list sends a named address direct, and the record says the list named it', async () => {
    await setProxy(core, { mode: 'url', url: forward.url, noProxy: `example.com 127.0.0.1:${target.port}` });
    forward.log.length = 0;
    const record = await send(core, { method: 'GET', url: `${target.base}/bypassed`, proxyFromSettings: true });
    expect(forward.log).toEqual([]);
    expect(record.request.proxy).toEqual({ source: 'settings', bypassed: true });
    expect(target.requests.at(-1)?.url).toBe('/bypassed');
  });

  it('environment mode uses HTTPS_PROXY for https:// (through CONNECT) and HTTP_PROXY for http://, NO_PROXY as the bypass list', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-proxy-env-'));
    const c = await openCore({
      host: 'test',
      dataDir: home,
      environment: { HTTPS_PROXY: forward.url, HTTP_PROXY: badGateway.url, NO_PROXY: 'nothing.invalid' },
    });
    try {
      await setProxy(c, { mode: 'environment' });
      forward.log.length = 0;
      const tunnelled = await send(c, { method: 'GET', url: `${secureBase}/tunnel`, proxyFromSettings: true, tls: { caPem: cert } });
      expect(tunnelled.response?.status, JSON.stringify(tunnelled.outcome)).toBe(200);
      expect(forward.log).toEqual([`CONNECT ${new URL(secureBase).host}`]);
      expect(tunnelled.request.proxy).toEqual({ url: forward.url, source: 'environment' });
      // The http:// address takes HTTP_PROXY: here a proxy whose 502 is its answer to a forwarded request.
      const plain = await send(c, { method: 'GET', url: `${target.base}/env`, proxyFromSettings: true });
      expect(plain.response?.status).toBe(502);
      expect(badGateway.log.at(-1)).toBe(`GET ${target.base}/env`);
    } finally {
      await c.close();
      await rm(home, { recursive: true, force: true });
    }
  });

  it('an A2A call follows Settings too; history keeps the proxy it used and the timeouts it was sent with', async () => {
    await setProxy(core, { mode: 'url', url: forward.url, noProxy: '' });
    forward.log.length = 0;
    const call: A2aCall = {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: `${target.base}/rpc-a2a`,
      method: 'SendMessage',
      body: { message: { messageId: 'm-proxy', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
      proxyFromSettings: true,
      timeouts: { connectMs: 4321, totalMs: 98765 },
    };
    const result = await core.dispatcher.invoke('a2a.send', call);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.outcome.kind).toBe('message');
    expect(result.value.request.proxy).toEqual({ url: forward.url, source: 'settings' });
    expect(forward.log).toEqual([`POST ${target.base}/rpc-a2a`]);
    const replay = a2aReplayOf(await latestEntry(core, `${target.base}/rpc-a2a`));
    expect(replay).toMatchObject({ proxy: forward.url, proxyFromSettings: true, timeouts: { connectMs: 4321, totalMs: 98765 } });
  });
});

/** Runs the CLI with its data in `home`; its exit code and what it wrote on stderr. */
async function cliIn(home: string, args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const io: CliIo = {
    stdout: () => {},
    stderr: (t) => (err += t),
    readStdin: async () => '',
    readStdinBytes: async () => new Uint8Array(),
    env: { POWERDUCK_HOME: home },
    cwd: home,
  };
  return { code: await runCli(args, io), err };
}

describe('proxy errors are the proxy’s, not the server’s', () => {
  // A 407 has its own code (proxy-auth): the same answer every time, as no proxy credentials are sent.
  const cases: Array<[string, () => string, () => string, RegExp, 'proxy' | 'proxy-auth']> = [
    [
      'a 407 to a forwarded request',
      () => needsAuth.url,
      () => `${target.base}/auth-fwd`,
      /asked for authentication \(HTTP 407 Proxy Authentication Required\)/,
      'proxy-auth',
    ],
    ['a 407 to CONNECT', () => needsAuth.url, () => `${secureBase}/auth-tunnel`, /asked for authentication \(HTTP 407/, 'proxy-auth'],
    ['a 502 to CONNECT', () => badGateway.url, () => `${secureBase}/gateway`, /refused to open a tunnel \(CONNECT\) to localhost:\d+: HTTP 502/, 'proxy'],
    [
      'nothing listening (http://)',
      () => nowhere,
      () => `${target.base}/nowhere`,
      /Cannot reach the proxy http:\/\/127\.0\.0\.1:\d+: nothing is listening there \(ECONNREFUSED\)/,
      'proxy',
    ],
    [
      'nothing listening (https://)',
      () => nowhere,
      () => `${secureBase}/nowhere`,
      /Cannot reach the proxy http:\/\/127\.0\.0\.1:\d+: nothing is listening there/,
      'proxy',
    ],
  ];
  for (const [name, proxy, url, message, code] of cases) {
    it(`${name}: code ${code}, the proxy named, nothing reached the server`, async () => {
      const seenBefore = target.requests.length + secureSeen.length;
      const record = await send(core, { method: 'GET', url: url(), proxy: proxy(), tls: { caPem: cert } });
      expect(record.outcome).toMatchObject({ kind: 'transport-error', code });
      if (record.outcome.kind === 'transport-error') {
        expect(record.outcome.message).toMatch(message);
        expect(record.outcome.message).toMatch(/Nothing was sent to/);
      }
      expect(record.response).toBeUndefined();
      expect(target.requests.length + secureSeen.length).toBe(seenBefore);
    });
  }

  it('the CLI exits 2 for a proxy that let nothing through, and 0 when it forwarded', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-proxy-cli-'));
    const cli = (args: string[]): Promise<{ code: number; err: string }> => cliIn(home, args);
    try {
      const refused = await cli(['send', '--http', '--url', `${target.base}/cli`, '--proxy', needsAuth.url]);
      expect(refused.code).toBe(2);
      const a2a = await cli([
        'send',
        '--endpoint',
        `${target.base}/rpc`,
        '--binding',
        'JSONRPC',
        '--method',
        'SendMessage',
        '--text',
        'hi',
        '--proxy',
        nowhere,
      ]);
      expect(a2a.code).toBe(2);
      expect(`${refused.err}${a2a.err}`).toBe('');
      const ok = await cli(['send', '--http', '--url', `${target.base}/cli-ok`, '--proxy', forward.url]);
      expect(ok.code).toBe(0);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('send --retry resends after a proxy that was unreachable or refused the tunnel, and not after a 407', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-proxy-retry-'));
    const sendThrough = (proxy: string, endpoint: string): Promise<{ code: number; err: string }> =>
      cliIn(home, ['send', '--endpoint', endpoint, '--text', 'hi', '--proxy', proxy, '--retry', '2']);
    const resends = (err: string): number => err.split('\n').filter((line) => line.includes('resending the same request')).length;
    try {
      const seenBefore = target.requests.length + secureSeen.length;
      // Nothing reached the agent, so each resend is safe: all three attempts go out.
      const unreachable = await sendThrough(nowhere, `${target.base}/rpc-retry`);
      expect(unreachable.code).toBe(2);
      expect(resends(unreachable.err)).toBe(2);
      expect(unreachable.err).toContain('attempt 1 got no answer (Cannot reach the proxy');
      const tunnelsBefore = badGateway.log.length;
      const noTunnel = await sendThrough(badGateway.url, `${secureBase}/rpc-retry`);
      expect(noTunnel.code).toBe(2);
      expect(resends(noTunnel.err)).toBe(2);
      expect(badGateway.log.length - tunnelsBefore).toBe(3);
      // A 407 asks for credentials that are never sent: one attempt, and the reason it was not resent.
      const asksBefore = needsAuth.log.length;
      const auth = await sendThrough(needsAuth.url, `${target.base}/rpc-retry`);
      expect(auth.code).toBe(2);
      expect(resends(auth.err)).toBe(0);
      expect(auth.err).toContain('not resending: the proxy asks for credentials (407) and Powerduck sends none');
      expect(needsAuth.log.length - asksBefore).toBe(1);
      expect(target.requests.length + secureSeen.length).toBe(seenBefore);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
