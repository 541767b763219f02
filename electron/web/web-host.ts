import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Core } from '../node/core';
import type { AnyStreamEvent, StreamSink } from '../node/dispatcher';
import { contentSecurityPolicy } from '../../shared/security/csp';
import { checkApiRequest, checkHost } from './request-guard';
import { readStatic } from '../node/static-files';
import { webApiPrefix, webInvokePath, webStreamContentType, webStreamPath, webTokenHeader } from '../../shared/contract/web-wire';

export interface WebHostOptions {
  core: Core;
  /** Built renderer folder (index.html + assets). */
  staticDir: string;
  /** 0 = a random free port. */
  port?: number;
  token?: string;
  maxRequestBytes?: number;
}

export interface WebHost {
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Kept for callers that name it here; the wire itself lives in shared/contract/web-wire.ts. */
export const tokenHeader = webTokenHeader;

async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw Object.assign(new Error(`Request body is over ${limit} bytes.`), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw Object.assign(new Error('Request body is not JSON.'), { status: 400 });
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

/**
 * The page's read side as a sink: once the socket buffer passes its high-water mark the stream
 * handler stops reading the agent (TCP then slows the agent down), so a tab that stops reading
 * costs the host one buffer, not the whole stream.
 */
function responseSink(res: ServerResponse): StreamSink {
  let waiting: Promise<void> | undefined;
  return {
    ready() {
      if (!res.writableNeedDrain || res.destroyed) return undefined;
      waiting ??= new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          waiting = undefined;
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
      return waiting;
    },
  };
}

/**
 * Serves the built renderer and the contract on loopback only. Unary operations are
 * `POST /api/invoke {op, request}`; streams are `POST /api/stream {op, requestId, request}`
 * answered with NDJSON events; closing that response cancels the stream in the core.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const limit = options.maxRequestBytes ?? 64 * 1024 * 1024;
  const { dispatcher } = options.core;
  let port = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      const status = (error as { status?: number }).status ?? 500;
      if (!res.headersSent) sendJson(res, status, { ok: false, error: { code: 'bad-request', message: (error as Error).message } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (url.startsWith(webApiPrefix)) {
      const verdict = checkApiRequest(port, token, {
        host: req.headers.host,
        origin: req.headers.origin,
        token: typeof req.headers[tokenHeader] === 'string' ? (req.headers[tokenHeader] as string) : undefined,
      });
      if (!verdict.ok) return sendJson(res, verdict.status, { ok: false, error: { code: 'unauthorized', message: verdict.reason } });
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'bad-request', message: 'Use POST.' } });
      const body = (await readBody(req, limit)) as { op?: unknown; request?: unknown; requestId?: unknown } | null;
      if (url === webInvokePath) return sendJson(res, 200, await dispatcher.invokeUnknown(body?.op, body?.request));
      if (url === webStreamPath) return streamTo(res, body?.op, body?.requestId, body?.request);
      return sendJson(res, 404, { ok: false, error: { code: 'unknown-operation', message: 'No such API route.' } });
    }
    const host = checkHost(port, req.headers.host);
    if (!host.ok) {
      res.writeHead(host.status, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(host.reason);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return void res.end();
    }
    const file = (await readStatic(options.staticDir, url)) ?? (url.includes('.') ? undefined : await readStatic(options.staticDir, '/'));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Not found. Was the renderer built? Run `npm run build`.');
    }
    res.writeHead(200, {
      'content-type': file.contentType,
      'content-security-policy': contentSecurityPolicy({ connectSelf: true }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function streamTo(res: ServerResponse, op: unknown, requestId: unknown, request: unknown): Promise<void> {
    res.writeHead(200, { 'content-type': `${webStreamContentType}; charset=utf-8`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    let finished = false;
    res.on('close', () => {
      // The page went away or aborted its fetch: stop the work in the core too.
      if (!finished && typeof requestId === 'string') dispatcher.cancel(requestId);
    });
    await dispatcher.streamUnknown(
      op,
      requestId,
      request,
      (event: AnyStreamEvent) => {
        if (!res.destroyed) res.write(JSON.stringify(event) + '\n');
      },
      responseSink(res),
    );
    finished = true;
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
