import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByteLimit, fetchCard } from '../../electron/node/card/fetch-card';
import { resolveCardUrl } from '../../electron/node/card/card-url';
import { CoreError } from '../../electron/node/core-error';
import { v1Card } from './fixtures';
import { unusedPort } from '../fixtures/recording-server';

/** One loopback server with every hostile behaviour; it fails the suite if it ever sees a credential. */
let server: Server;
let base: string;
const credentialLeaks: string[] = [];
const seen: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
let redirectTargetHits = 0;
const openResponses = new Set<ServerResponse>();

function cardBody(padTo?: number): string {
  const text = JSON.stringify(v1Card());
  if (padTo === undefined) return text;
  // Whitespace padding keeps it valid JSON of an exact byte size.
  return text.slice(0, -1) + ' '.repeat(padTo - text.length) + '}';
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  seen.push({ path, headers: req.headers });
  if (req.headers.authorization !== undefined || req.headers.cookie !== undefined || req.headers['proxy-authorization'] !== undefined) {
    credentialLeaks.push(`${path}: ${JSON.stringify(req.headers)}`);
    res.writeHead(500).end('credential seen');
    return;
  }
  const json = (body: string | Buffer, headers: Record<string, string> = {}): void => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);
  };
  switch (path) {
    case '/.well-known/agent-card.json':
    case '/agents/ledger/.well-known/agent-card.json':
      return json(cardBody(), { 'set-cookie': 'session=abc; Path=/' });
    case '/redirect/card.json':
      res.writeHead(302, { location: `${base}/elsewhere/card.json` }).end();
      return;
    case '/elsewhere/card.json':
      redirectTargetHits++;
      return json(cardBody());
    case '/exactly-limit.json':
      return json(cardBody(cardByteLimit));
    case '/limit-plus-one.json':
      return json(cardBody(cardByteLimit + 1));
    case '/chunked-huge.json': {
      // No Content-Length: the cap must hold while streaming.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = ' '.repeat(64 * 1024);
      res.write('{"name":"x",');
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * cardByteLimit) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('}');
      };
      res.on('error', () => {});
      pump();
      return;
    }
    case '/gzip-bomb.json': {
      const bomb = gzipSync(Buffer.from(cardBody(8 * cardByteLimit)));
      return json(bomb, { 'content-encoding': 'gzip' });
    }
    case '/gzip.json':
      return json(gzipSync(cardBody()), { 'content-encoding': 'gzip' });
    case '/br.json':
      return json(brotliCompressSync(cardBody()), { 'content-encoding': 'br' });
    case '/deflate.json':
      return json(deflateSync(cardBody()), { 'content-encoding': 'deflate' });
    case '/zstd.json':
      return json(cardBody(), { 'content-encoding': 'zstd' });
    case '/slow.json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"name":');
      openResponses.add(res);
      return;
    case '/html.json':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>');
      return;
    case '/not-a-card.json':
      return json('{"status":"ok","uptime":12}');
    case '/served-as-text.json':
      res.writeHead(200, { 'content-type': 'text/plain' }).end(cardBody());
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such card');
  }
}

/** Accepts TCP and never speaks: a TLS handshake to it can never finish. */
let silent: NetServer;
let silentPort = 0;
const silentSockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  silent = createNetServer((socket) => {
    silentSockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const res of openResponses) res.destroy();
  for (const socket of silentSockets) socket.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  expect(credentialLeaks).toEqual([]);
});

const deps = { userAgent: 'Powerduck/test' };
const fail = async (promise: Promise<unknown>): Promise<CoreError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
};

describe('card URL resolution', () => {
  it('appends the well-known path to a base URL with or without a trailing slash', () => {
    expect(resolveCardUrl('https://a.example.test').href).toBe('https://a.example.test/.well-known/agent-card.json');
    expect(resolveCardUrl('https://a.example.test/').href).toBe('https://a.example.test/.well-known/agent-card.json');
    expect(resolveCardUrl('https://a.example.test/agents/ledger').href).toBe('https://a.example.test/agents/ledger/.well-known/agent-card.json');
    expect(resolveCardUrl('https://a.example.test/agents/ledger/').href).toBe('https://a.example.test/agents/ledger/.well-known/agent-card.json');
    expect(resolveCardUrl('https://a.example.test/cards/ledger.json?v=2#x').href).toBe('https://a.example.test/cards/ledger.json?v=2');
  });

  it('refuses credentials in the URL, other schemes and scheme-less input with a next step', () => {
    expect(() => resolveCardUrl('https://user:pw@a.example.test')).toThrow(/remove them/);
    expect(() => resolveCardUrl('ftp://a.example.test')).toThrow(/https URL/);
    expect(() => resolveCardUrl('localhost:9999')).toThrow(/Did you mean https:\/\/localhost:9999/);
  });
});

describe('public card fetch', () => {
  it('fetches, inspects and canonicalises; sends A2A-Version 1.0 and never a credential or cookie', async () => {
    const result = await fetchCard({ url: base }, deps);
    expect(result.version).toBe('1.0');
    expect(result.summary.name).toBe('Ledger helper');
    expect(result.canonical.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.fetch).toMatchObject({ url: `${base}/.well-known/agent-card.json`, status: 200, contentType: 'application/json' });
    expect(result.fetch.bytes).toBe(cardBody().length);
    const sent = Object.fromEntries(result.fetch.requestHeaders);
    expect(sent).toEqual({ Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': 'Powerduck/test', 'A2A-Version': '1.0' });
    const last = seen[seen.length - 1];
    expect(last?.headers['a2a-version']).toBe('1.0');
    expect(last?.headers.authorization).toBeUndefined();
  });

  it('as 0.3 sends no A2A-Version header', async () => {
    await fetchCard({ url: `${base}/agents/ledger/`, as: '0.3' }, deps);
    const last = seen[seen.length - 1];
    expect(last?.path).toBe('/agents/ledger/.well-known/agent-card.json');
    expect(last?.headers['a2a-version']).toBeUndefined();
  });

  it('does not send back a cookie the server set', async () => {
    await fetchCard({ url: base }, deps);
    await fetchCard({ url: base }, deps);
    expect(seen.every((s) => s.headers.cookie === undefined)).toBe(true);
  });

  it('reports a redirect with its Location and does not follow it', async () => {
    const error = await fail(fetchCard({ url: `${base}/redirect/card.json` }, deps));
    expect(error.code).toBe('http-status');
    expect(error.details).toMatchObject({ kind: 'redirect', status: 302, location: `${base}/elsewhere/card.json` });
    expect(error.message).toMatch(/does not follow redirects/);
    expect(redirectTargetHits).toBe(0);
  });

  it('accepts exactly 1 MiB and refuses 1 MiB + 1 byte', async () => {
    expect((await fetchCard({ url: `${base}/exactly-limit.json` }, deps)).fetch.bytes).toBe(cardByteLimit);
    const error = await fail(fetchCard({ url: `${base}/limit-plus-one.json` }, deps));
    expect(error.code).toBe('too-large');
    expect(error.details).toMatchObject({ kind: 'too-large', limit: cardByteLimit });
  });

  it('stops a body without Content-Length as soon as it passes the cap', async () => {
    const error = await fail(fetchCard({ url: `${base}/chunked-huge.json` }, deps));
    expect(error.code).toBe('too-large');
    expect(error.details).toMatchObject({ measure: 'decoded' });
    expect((error.details as { seen: number }).seen).toBeLessThan(cardByteLimit + 128 * 1024);
  });

  it('refuses a small gzip body that inflates past 1 MiB', async () => {
    const compressedSize = gzipSync(Buffer.from(cardBody(8 * cardByteLimit))).length;
    expect(compressedSize).toBeLessThan(64 * 1024);
    const error = await fail(fetchCard({ url: `${base}/gzip-bomb.json` }, deps));
    expect(error.code).toBe('too-large');
    expect(error.details).toMatchObject({ measure: 'decoded' });
    expect((error.details as { seen: number }).seen).toBeLessThan(2 * cardByteLimit);
  });

  it.each(['gzip', 'br', 'deflate'])('decodes %s bodies', async (coding) => {
    const result = await fetchCard({ url: `${base}/${coding}.json` }, deps);
    expect(result.fetch.contentEncoding).toBe(coding);
    expect(result.fetch.bytes).toBe(cardBody().length);
    expect(result.fetch.wireBytes).toBeLessThan(result.fetch.bytes);
  });

  it('names an encoding it cannot decode', async () => {
    expect(await fail(fetchCard({ url: `${base}/zstd.json` }, deps))).toMatchObject({ code: 'unsupported', message: expect.stringMatching(/zstd/) });
  });

  it('times out a server that stalls mid-body', async () => {
    const started = Date.now();
    const error = await fail(fetchCard({ url: `${base}/slow.json`, timeouts: { totalMs: 300 } }, deps));
    expect(error.code).toBe('timeout');
    expect(error.details).toMatchObject({ phase: 'total' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out a connection whose TLS handshake never completes (connect timeout)', async () => {
    const error = await fail(fetchCard({ url: `https://127.0.0.1:${silentPort}/card.json`, timeouts: { connectMs: 300, totalMs: 5000 } }, deps));
    expect(error.code).toBe('timeout');
    expect(error.details).toMatchObject({ phase: 'connect' });
  });

  it('reports HTTP errors, refused connections and TLS failures specifically', async () => {
    const notFound = await fail(fetchCard({ url: `${base}/missing/card.json` }, deps));
    expect(notFound).toMatchObject({ code: 'http-status', details: { kind: 'http-status', status: 404, body: 'no such card' } });
    const port = await unusedPort();
    expect((await fail(fetchCard({ url: `http://127.0.0.1:${port}/` }, deps))).code).toBe('connect');
    // https spoken to a plain-http server fails in the TLS layer.
    expect((await fail(fetchCard({ url: `https://127.0.0.1:${new URL(base).port}/` }, deps))).code).toBe('tls');
  });

  it('reports DNS failures', async () => {
    const error = await fail(fetchCard({ url: 'http://no-such-agent.invalid/', timeouts: { connectMs: 4000, totalMs: 8000 } }, deps));
    expect(error.code).toBe('dns');
  });

  it('reports bodies that are not JSON and JSON that is not a card', async () => {
    expect(await fail(fetchCard({ url: `${base}/html.json` }, deps))).toMatchObject({
      code: 'not-json',
      details: { kind: 'not-json', contentType: 'text/html' },
    });
    expect(await fail(fetchCard({ url: `${base}/not-a-card.json` }, deps))).toMatchObject({ code: 'invalid', details: { kind: 'not-a-card' } });
  });

  it('warns when a card is not served as JSON', async () => {
    const result = await fetchCard({ url: `${base}/served-as-text.json` }, deps);
    expect(result.findings).toContainEqual(expect.objectContaining({ rule: 'content-type', severity: 'warning' }));
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = fetchCard({ url: `${base}/slow.json` }, { ...deps, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await fail(pending)).code).toBe('cancelled');
  });
});
