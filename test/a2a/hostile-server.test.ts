/**
 * A hostile raw node:http server: every way an agent can answer badly, and what the core records.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOutcome, recordSeverity } from '../../shared/a2a/exchange-summary';
import { runCliCaptured } from '../fixtures/cli-run';
import { deps, send, stream, userMessage } from './helpers';

let server: Server;
let base: string;
const openStreams = new Set<ServerResponse>();
const closedStreams: string[] = [];

async function readJson(req: IncomingMessage): Promise<{ id?: unknown; method?: string }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
  } catch {
    return {};
  }
}

const sse = (res: ServerResponse): void => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
};
const frame = (id: unknown, result: unknown): string => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;
const task = (state: string) => ({ task: { id: 't1', contextId: 'c1', status: { state } } });
const status = (state: string) => ({ statusUpdate: { taskId: 't1', contextId: 'c1', status: { state } } });

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] as string;
  const body = req.method === 'POST' ? await readJson(req) : {};
  const id = body.id;
  switch (path) {
    case '/rpc-error-200':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: {
            code: -32001,
            message: 'Task not found',
            data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
          },
        }),
      );
      return;
    case '/malformed':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","id":');
      return;
    case '/wrong-type':
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: { message: { messageId: 'a', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } } }));
      return;
    case '/html-200':
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><html><body>Welcome</body></html>');
      return;
    case '/rpc-only/message:send':
      // A JSON-RPC server behind the URL: whatever arrives gets an envelope, with HTTP 200.
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }));
      return;
    case '/html-500':
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    case '/mismatched-id':
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: 'someone-else', result: { message: { messageId: 'a', role: 'ROLE_AGENT', parts: [] } } }));
      return;
    case '/invalid-utf8':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        Buffer.concat([
          Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"message":{"messageId":"a","role":"ROLE_AGENT","parts":[{"text":"bad `),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(' bytes"}]}}}'),
        ]),
      );
      return;
    case '/big':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { value: 'x'.repeat(5000) } }));
      return;
    case '/gzip':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ jsonrpc: '2.0', id, result: { message: { messageId: 'z', role: 'ROLE_AGENT', parts: [{ text: 'unzipped' }] } } })));
      return;
    case '/gzip-sse':
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(frame(id, task('TASK_STATE_WORKING')) + frame(id, status('TASK_STATE_COMPLETED'))));
      return;
    case '/truncated-sse':
      sse(res);
      res.write(frame(id, task('TASK_STATE_WORKING')));
      res.end('data: {"jsonrpc":"2.0","id":');
      return;
    case '/oversized':
      sse(res);
      res.write(frame(id, task('TASK_STATE_WORKING')));
      res.write(`data: ${'y'.repeat(4 * 1024 * 1024 + 10)}\n\n`);
      res.end();
      return;
    case '/sse-error-event':
      sse(res);
      res.write(frame(id, task('TASK_STATE_WORKING')));
      res.end(`event: error\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'boom' } })}\n\n`);
      return;
    case '/rpc-error-in-stream':
      sse(res);
      res.write(frame(id, task('TASK_STATE_WORKING')));
      res.write(
        `data: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32004, message: 'nope', data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'UNSUPPORTED_OPERATION' }] } })}\n\n`,
      );
      return; // left open on purpose: the core stops reading after the error
    case '/odd-framing':
      // BOM, CRLF line ends, a comment, a two-line data field, a non-JSON event, then a terminal state.
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(Buffer.from([0xef, 0xbb, 0xbf]));
      res.write(`: hello\r\n${frame(id, task('TASK_STATE_SUBMITTED')).replace(/\n/g, '\r\n')}`);
      res.write('data: not json\n\n');
      res.end(`data: {"jsonrpc":"2.0","id":${JSON.stringify(id)},\ndata: "result":${JSON.stringify(status('TASK_STATE_COMPLETED'))}}\n\n`);
      return;
    case '/closed-early':
      sse(res);
      res.end(frame(id, task('TASK_STATE_WORKING')));
      return;
    case '/never-ending': {
      sse(res);
      openStreams.add(res);
      let n = 0;
      const timer = setInterval(() => res.write(frame(id, status(`TASK_STATE_WORKING`)) + `: tick ${n++}\n\n`), 10);
      res.on('close', () => {
        clearInterval(timer);
        openStreams.delete(res);
        closedStreams.push('never-ending');
      });
      return;
    }
    case '/slow':
      // Never answers (until the client gives up).
      req.socket.setTimeout(0);
      return;
    case '/slow-body':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"jsonrpc":"2.0",');
      return;
    case '/rest/tasks/t1:subscribe':
      if (req.method === 'POST') {
        res.writeHead(405, { Allow: 'GET' }).end();
        return;
      }
      sse(res);
      res.write(`data: ${JSON.stringify(task('TASK_STATE_WORKING'))}\n\n`);
      res.end(`data: ${JSON.stringify(status('TASK_STATE_COMPLETED'))}\n\n`);
      return;
    case '/rest/tasks/gone':
      res.writeHead(404, { 'Content-Type': 'application/a2a+json' }).end(
        JSON.stringify({
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'Task not found: gone',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' }],
          },
        }),
      );
      return;
    case '/rest/message:stream':
      // An HTTP+JSON stream with a JSON-RPC envelope in the middle: another binding's event.
      sse(res);
      res.write(`data: ${JSON.stringify(task('TASK_STATE_WORKING'))}\n\n`);
      res.write(frame('x', status('TASK_STATE_WORKING')));
      res.end(`data: ${JSON.stringify(status('TASK_STATE_COMPLETED'))}\n\n`);
      return;
    case '/rest/tasks/plain':
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
      return;
    default:
      res.writeHead(404).end();
  }
}

let blackhole: TcpServer;
let blackholePort = 0;
const heldSockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Accepts TCP and says nothing: a TLS handshake against it never completes.
  blackhole = createTcpServer((socket) => {
    heldSockets.add(socket);
    socket.on('close', () => heldSockets.delete(socket));
  });
  await new Promise<void>((r) => blackhole.listen(0, '127.0.0.1', () => r()));
  blackholePort = (blackhole.address() as AddressInfo).port;
});

afterAll(async () => {
  deps.connections.close();
  for (const res of openStreams) res.destroy();
  for (const s of heldSockets) s.destroy();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => blackhole.close(() => r()));
});

const rpc = (path: string, method = 'SendMessage', extra: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: `${base}${path}`,
  method,
  body: method === 'SendMessage' || method === 'SendStreamingMessage' ? { message: userMessage('x') } : { id: 't1' },
  ...extra,
});

describe('hostile JSON-RPC answers', () => {
  it('HTTP 200 carrying a JSON-RPC error is an RPC error, with ErrorInfo.reason', async () => {
    const r = await send(rpc('/rpc-error-200', 'GetTask'));
    expect(r.response?.status).toBe(200);
    expect(r.outcome).toMatchObject({ kind: 'rpc-error', code: -32001, message: 'Task not found', reason: 'TASK_NOT_FOUND' });
  });

  it('malformed JSON is a not-json transport error; the raw body stays in the record', async () => {
    const r = await send(rpc('/malformed'));
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'not-json' });
    expect(r.response?.body).toBe('{"jsonrpc":"2.0","id":');
  });

  it('a wrong Content-Type is flagged but the JSON answer is still read', async () => {
    const r = await send(rpc('/wrong-type'));
    expect(r.outcome.kind).toBe('message');
    expect(r.warnings.join()).toMatch(/Content-Type is "text\/html"/);
  });

  it('an HTML page with HTTP 200 on JSON-RPC is flagged as the wrong binding', async () => {
    const r = await send(rpc('/html-200'));
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'protocol' });
    expect(r.bindingMismatch).toMatchObject({ looksLike: 'html' });
    expect(r.response?.body).toContain('Welcome');
  });

  it('an HTML error page is an HTTP error', async () => {
    const r = await send(rpc('/html-500'));
    expect(r.outcome).toMatchObject({ kind: 'http-error', status: 500 });
  });

  it('a mismatched response id is flagged', async () => {
    const r = await send(rpc('/mismatched-id'));
    expect(r.outcome.kind).toBe('message');
    expect(r.warnings.join()).toMatch(/"someone-else" does not match the request id/);
  });

  it('invalid UTF-8 is decoded with U+FFFD and flagged', async () => {
    const r = await send(rpc('/invalid-utf8'));
    expect(r.outcome.kind).toBe('message');
    expect(r.response?.invalidUtf8).toBe(true);
    expect(JSON.stringify(r.outcome)).toContain('bad \uFFFD\uFFFD bytes');
    expect(r.warnings.join()).toMatch(/not valid UTF-8/);
  });

  it('decodes a gzip body the server sent unasked (unary and stream), and says so', async () => {
    const r = await send(rpc('/gzip'));
    expect(r.outcome.kind).toBe('message');
    expect(r.response?.body).toContain('unzipped');
    expect(r.warnings.join()).toMatch(/gzip-encoded/);
    const { record } = await stream(rpc('/gzip-sse', 'SendStreamingMessage'));
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', eventCount: 2 });
  });

  it('a body over the record limit is cut, flagged, and not parsed', async () => {
    const r = await send(rpc('/big', 'GetTask', { recordBodyLimit: 1000 }));
    expect(r.response?.truncated).toBe(true);
    expect(r.response?.body?.length).toBe(1000);
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'too-large' });
  });
});

describe('hostile streams', () => {
  it('a stream cut in the middle of an event ends with a typed error after the complete events', async () => {
    const { record, live } = await stream(rpc('/truncated-sse', 'SendStreamingMessage'));
    expect(live).toHaveLength(1);
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'error', eventCount: 1, error: { code: 'sse-truncated' } });
  });

  it('an event over 4 MiB (the default cap) stops the stream with event-too-large', async () => {
    const { record, live } = await stream(rpc('/oversized', 'SendStreamingMessage'));
    expect(live).toHaveLength(1);
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'error', error: { code: 'event-too-large' } });
  });

  it('event: error frames and JSON-RPC errors inside the stream become typed errors', async () => {
    const a = await stream(rpc('/sse-error-event', 'SendStreamingMessage'));
    expect(a.record.outcome).toMatchObject({ kind: 'stream', ended: 'error', error: { code: -32603, message: 'boom' } });
    expect(a.live.at(-1)?.event).toBe('error');
    const b = await stream(rpc('/rpc-error-in-stream', 'SendStreamingMessage'));
    expect(b.record.outcome).toMatchObject({ kind: 'stream', ended: 'error', error: { code: -32004, reason: 'UNSUPPORTED_OPERATION' } });
  });

  it('BOM, CRLF, comments and multi-line data are parsed; a non-JSON event is kept raw, the stream read on, and the outcome says the agent answered wrongly', async () => {
    const { record, live } = await stream(rpc('/odd-framing', 'SendStreamingMessage'));
    expect(live.map((e) => e.objectKind ?? e.error?.code)).toEqual(['task', 'not-json', 'statusUpdate']);
    expect(live[1]?.raw).toBe('not json');
    const first = live[1]?.error?.message ?? '';
    expect(first).toMatch(/^Stream event #1 is not JSON \(.+\), so not an A2A JSON-RPC stream event\. It began: "not json"\.$/);
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', lastState: 'TASK_STATE_COMPLETED', wrongEvents: { count: 1, first } });
    expect(recordSeverity(record)).toBe('refused');
    expect(describeOutcome(record.outcome)).toBe(`Stream completed after 3 events (last state TASK_STATE_COMPLETED); 1 event was not A2A: ${first}`);
  });

  it('a stream with only A2A events is not flagged', async () => {
    const { record } = await stream(rpc('/gzip-sse', 'SendStreamingMessage'));
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed' });
    expect(record.outcome).not.toHaveProperty('wrongEvents');
    expect(recordSeverity(record)).toBe('ok');
  });

  it('powerduck send: a stream event that is not JSON exits 1, naming the event and its first bytes; an HTTP+JSON stream carrying a JSON-RPC envelope too', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-hostile-cli-'));
    try {
      const rpcRun = await runCliCaptured(['send', '--endpoint', `${base}/odd-framing`, '--method', 'SendStreamingMessage', '--text', 'x'], { home });
      expect(rpcRun.code, rpcRun.err).toBe(1);
      expect(rpcRun.out).toMatch(/#1 \+\d+ms error not-json: Stream event #1 is not JSON \(.+\), so not an A2A JSON-RPC stream event\. It began: "not json"\./);
      expect(rpcRun.out).toMatch(/Stream completed after 3 events \(last state TASK_STATE_COMPLETED\); 1 event was not A2A: Stream event #1/);
      const restRun = await runCliCaptured(
        ['send', '--endpoint', `${base}/rest`, '--binding', 'HTTP+JSON', '--method', 'SendStreamingMessage', '--text', 'x'],
        {
          home,
        },
      );
      expect(restRun.code, restRun.err).toBe(1);
      expect(restRun.out).toMatch(
        /Stream event #1 is a JSON-RPC envelope, not an HTTP\+JSON StreamResponse \(this address speaks JSON-RPC\), so not an A2A HTTP\+JSON stream event\. It began: "\{"jsonrpc":"2\.0","id":"x"/,
      );
      // A clean stream still exits 0.
      expect((await runCliCaptured(['send', '--endpoint', `${base}/gzip-sse`, '--method', 'SendStreamingMessage', '--text', 'x'], { home })).code).toBe(0);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('a stream closed before a terminal state ends "closed" with a warning', async () => {
    const { record } = await stream(rpc('/closed-early', 'SendStreamingMessage'));
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'closed', lastState: 'TASK_STATE_WORKING' });
    expect(record.warnings.join()).toMatch(/before a terminal or interrupted state/);
  });

  it('Stop ends a never-ending stream locally and closes the connection', async () => {
    const before = closedStreams.length;
    const { record, live } = await stream(rpc('/never-ending', 'SendStreamingMessage'), { stopAfter: 3 });
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped', eventCount: 3 });
    expect(live).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(closedStreams.length).toBe(before + 1);
  });
});

describe('timeouts', () => {
  it('a server that never answers hits the total timeout (unary and stream)', async () => {
    const unary = await send(rpc('/slow', 'GetTask', { timeouts: { totalMs: 150 } }));
    expect(unary.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    const streamed = await send(rpc('/slow', 'SendStreamingMessage', { timeouts: { totalMs: 150 } }));
    expect(streamed.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
  });

  it('a body that never finishes hits the total timeout', async () => {
    const r = await send(rpc('/slow-body', 'GetTask', { timeouts: { totalMs: 150 } }));
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    expect(r.response?.status).toBe(200);
  });

  it('a TLS handshake that never completes hits the connect timeout', async () => {
    const r = await send({ ...rpc('/x', 'GetTask'), endpoint: `https://127.0.0.1:${blackholePort}/rpc`, timeouts: { connectMs: 150, totalMs: 5000 } });
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    expect((r.outcome as { message: string }).message).toMatch(/connect/);
  });

  it('Stop before any answer ends a stream as "stopped"', async () => {
    const { record } = await stream(rpc('/slow', 'SendStreamingMessage'), { stopAfterMs: 80 });
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped', eventCount: 0 });
  });
});

describe('hostile HTTP+JSON answers', () => {
  const rest = (method: string, body: unknown): A2aCall => ({ version: '1.0', binding: 'HTTP+JSON', endpoint: `${base}/rest`, method, body });

  it('SubscribeToTask retries with GET when POST answers 405', async () => {
    const { record } = await stream(rest('SubscribeToTask', { id: 't1' }));
    expect(record.request.httpMethod).toBe('GET');
    expect(record.warnings.join()).toMatch(/405/);
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', eventCount: 2 });
  });

  it('reads google.rpc.Status error bodies', async () => {
    const r = await send(rest('GetTask', { id: 'gone' }));
    expect(r.outcome).toMatchObject({ kind: 'http-error', status: 404, message: 'Task not found: gone', reason: 'TASK_NOT_FOUND' });
  });

  it('a JSON-RPC envelope on HTTP+JSON is flagged as the wrong binding, never a result', async () => {
    const r = await send({ ...rest('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } }), endpoint: `${base}/rpc-only` });
    expect(r.response?.status).toBe(200);
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'protocol' });
    expect(r.bindingMismatch?.looksLike).toBe('jsonrpc-envelope');
    expect(r.bindingMismatch?.message).toContain('switch the binding to JSON-RPC');
  });

  it('a non-JSON success body is a not-json transport error', async () => {
    const r = await send(rest('GetTask', { id: 'plain' }));
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'not-json' });
  });

  it('connection refused is a transport error with a one-line message', async () => {
    const r = await send({ ...rest('GetTask', { id: 'x' }), endpoint: 'http://127.0.0.1:1/rest' });
    expect(r.outcome).toMatchObject({ kind: 'transport-error', code: 'connect' });
    expect(r.response).toBeUndefined();
  });
});
