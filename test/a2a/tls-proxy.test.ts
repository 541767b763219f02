/**
 * HTTPS trust (extra CA, skip-verify), proxies (absolute-form and CONNECT), and gRPC over TLS.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { deps, send, userMessage } from './helpers';

const cert = readFileSync(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url), 'utf8');
const key = readFileSync(new URL('../fixtures/tls/localhost-key.pem', import.meta.url), 'utf8');

const answer = (id: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'secure hello' }] } } });

function rpcHandler(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const id = (JSON.parse(body || '{}') as { id?: unknown }).id;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(answer(id));
  });
}

let https: Server;
let plain: Server;
let proxy: Server;
let grpcServer: grpc.Server;
let httpsUrl: string;
let plainUrl: string;
let proxyUrl: string;
let grpcUrl: string;
const proxyLog: string[] = [];
const tunnels = new Set<Socket>();

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  https = createHttpsServer({ cert, key }, rpcHandler);
  httpsUrl = `https://127.0.0.1:${await listen(https)}/rpc`;
  plain = createHttpServer(rpcHandler);
  plainUrl = `http://127.0.0.1:${await listen(plain)}/rpc`;
  // A minimal forward proxy: absolute-form for http://, CONNECT tunnels for https://.
  proxy = createHttpServer((req, res) => {
    proxyLog.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    proxyLog.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = netConnect(Number(port), host as string, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(client).add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;

  grpcServer = new grpc.Server();
  const port = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createSsl(null, [{ cert_chain: Buffer.from(cert), private_key: Buffer.from(key) }]), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  grpcUrl = `https://127.0.0.1:${port}`;
});

afterAll(async () => {
  deps.connections.close();
  for (const s of tunnels) s.destroy();
  for (const server of [https, plain, proxy]) {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
  grpcServer.forceShutdown();
});

const rpc = (endpoint: string, extra: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint,
  method: 'SendMessage',
  body: { message: userMessage('hi') },
  ...extra,
});

describe('HTTPS trust', () => {
  it('refuses a certificate that the system store does not trust, with a tls error', async () => {
    const r = await send(rpc(httpsUrl));
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'tls' });
  });

  it('trusts an extra CA given for the call', async () => {
    const r = await send(rpc(httpsUrl, { tls: { caPem: cert } }));
    expect(r.outcome.kind).toBe('message');
    expect(r.timings.connectMs).toBeGreaterThan(0);
    // Phases in order when the connection is new: TCP, then TLS ready, then the first byte.
    if (!r.timings.reusedConnection) {
      expect(r.timings.tcpMs).toBeGreaterThan(0);
      expect(r.timings.tcpMs).toBeLessThanOrEqual(r.timings.connectMs ?? 0);
      expect(r.timings.firstByteMs).toBeGreaterThanOrEqual(r.timings.connectMs ?? 0);
    }
  });

  it('skips verification on request, and says so in the record', async () => {
    const r = await send(rpc(httpsUrl, { tls: { insecureSkipVerify: true } }));
    expect(r.outcome.kind).toBe('message');
    expect(r.warnings.join()).toMatch(/insecureSkipVerify/);
  });
});

describe('proxies', () => {
  it('sends plain HTTP through the proxy in absolute form', async () => {
    const r = await send(rpc(plainUrl, { proxy: proxyUrl }));
    expect(r.outcome.kind).toBe('message');
    expect(proxyLog).toContain(`POST ${plainUrl}`);
  });

  it('tunnels HTTPS through CONNECT', async () => {
    const r = await send(rpc(httpsUrl, { proxy: proxyUrl, tls: { caPem: cert } }));
    expect(r.outcome, JSON.stringify(r.outcome)).toMatchObject({ kind: 'message' });
    expect(proxyLog).toContain(`CONNECT ${new URL(httpsUrl).host}`);
  });
});

describe('a peer that takes the connection and never answers the TLS ClientHello', () => {
  // The total timeout is far above the connect timeout: a send that waited for it would show here. The connect
  // timeout leaves a loaded machine time to see the TCP connect first (a timer due with the loop blocked runs before it).
  const timeouts = { connectMs: 1500, totalMs: 30_000 };

  const withStalledPeer = async (use: (url: string) => Promise<void>): Promise<void> => {
    const held = new Set<Socket>();
    const stalled = createNetServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((r) => stalled.listen(0, '127.0.0.1', () => r()));
    try {
      await use(`https://127.0.0.1:${(stalled.address() as AddressInfo).port}/rpc`);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((r) => stalled.close(() => r()));
    }
  };

  for (const through of ['directly', 'through a CONNECT tunnel'] as const)
    it(`fails with the timeout code at the connect timeout, not the total one (${through})`, async () => {
      await withStalledPeer(async (url) => {
        const r = await send(rpc(url, { timeouts, tls: { caPem: cert }, ...(through === 'directly' ? {} : { proxy: proxyUrl }) }));
        expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
        expect(r.outcome.kind === 'transport-error' && r.outcome.message).toContain('the TLS handshake did not finish within the connect timeout (1500 ms)');
        expect(r.timings.totalMs).toBeLessThan(timeouts.totalMs / 2);
        if (through !== 'directly') expect(proxyLog).toContain(`CONNECT ${new URL(url).host}`);
      });
    });
});

describe('gRPC over TLS', () => {
  it('trusts only the operating system store: a self-signed agent fails to connect, as a transport error', async () => {
    const r = await send({ version: '1.0', binding: 'GRPC', endpoint: grpcUrl, method: 'GetTask', body: { id: 'x' }, timeouts: { connectMs: 500 } });
    expect(r.outcome.kind).toBe('transport-error');
    expect((r.outcome as { message: string }).message).toMatch(/TLS/);
  });
});
