/**
 * Answers that stop before their end, and connections closed after the request went out: what
 * arrived is kept (status, headers, the body's first bytes) and marked incomplete, for plain HTTP
 * and for A2A unary calls alike (one transport, one recorder); a reset after the request is told
 * from a failure to reach the server at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import { httpSummaryLines } from '../../shared/http/http-summary';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, unusedPort, type RecordingServer } from '../fixtures/recording-server';
import { deps, send as sendA2a } from '../a2a/helpers';

let server: RecordingServer;
let core: Core;
let dispose: () => Promise<void>;

beforeAll(async () => {
  server = await startRecordingServer((request, res, incoming) => {
    const path = request.url.split('?')[0];
    if (path === '/hang') {
      // The status, the headers and the first bytes of a JSON body, then nothing.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"partial":');
    } else if (path === '/hang-head') {
      // The head only: not one byte of the body.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
    } else if (path === '/cut') {
      // Some of a declared body, then the server drops the connection.
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      res.write('first part;', () => setTimeout(() => incoming.socket.destroy(), 20));
    } else if (path === '/destroy') {
      // Reads the whole request, then closes the connection without a word.
      incoming.socket.destroy();
    } else if (path === '/rpc-hang') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"jsonrpc":"2.0","id":');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    }
  });
  const temp = await tempCore();
  core = temp.core;
  dispose = temp.dispose;
});

afterAll(async () => {
  deps.connections.close();
  await server.close();
  await dispose();
});

async function send(request: HttpRequest): Promise<HttpExchangeRecord> {
  const result = await core.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('an answer cut short keeps what arrived', () => {
  it('a timeout after the status and the first bytes keeps both, marked incomplete, in the record, the summary and history', async () => {
    const record = await send({ method: 'GET', url: `${server.base}/hang`, timeouts: { totalMs: 400 } });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toContain('No complete answer within 400 ms, the request');
    expect(message).toContain('after 11 bytes of its body');
    expect(message).not.toContain('timeouts.totalMs');
    expect(record.response).toMatchObject({ status: 200, statusText: 'OK', body: '{"partial":', bodyBytes: 11, incomplete: true });
    expect(record.response?.headers.some(([name]) => name.toLowerCase() === 'content-type')).toBe(true);

    const lines = httpSummaryLines(record);
    expect(lines).toContain(`Incomplete answer: ${message} (timeout)`);
    expect(lines.find((l) => l.startsWith('HTTP 200'))).toContain('11 B received, incomplete');
    expect(lines).toContain('{"partial":');
    expect(lines.join('\n')).not.toContain('Not answered');

    const list = await core.dispatcher.invoke('history.list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = list.value.entries.find((e) => e.id === record.id);
    expect(entry?.httpStatus).toBe(200);
    expect(entry?.response).toMatchObject({ bytes: 11, incomplete: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a timeout after the head alone says no body byte arrived, and keeps the status', async () => {
    const record = await send({ method: 'GET', url: `${server.base}/hang-head`, timeouts: { totalMs: 300 } });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout', message: expect.stringContaining('after 0 bytes of its body') });
    expect(record.response).toMatchObject({ status: 200, body: '', bodyBytes: 0, incomplete: true });
    expect(httpSummaryLines(record)).toContain('‹no body bytes arrived›');
  });

  it('Stop after the first bytes keeps them and says it was stopped', async () => {
    let end: HttpExchangeRecord | undefined;
    const running = core.dispatcher.stream('http.stream', 'r-stop-partial', { method: 'GET', url: `${server.base}/hang` }, (event) => {
      if (event.kind === 'end') end = event.value;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(core.dispatcher.cancel('r-stop-partial')).toBe(true);
    await running;
    expect(end?.outcome).toMatchObject({ kind: 'transport-error', code: 'cancelled', message: expect.stringContaining('after 11 bytes of the body') });
    expect(end?.response).toMatchObject({ status: 200, body: '{"partial":', incomplete: true });
  });

  it('a connection dropped mid-body is a reset after those bytes, not a failure to connect', async () => {
    const record = await send({ method: 'GET', url: `${server.base}/cut` });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'reset' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toMatch(/closed the connection after 11 bytes of the body/);
    expect(record.response).toMatchObject({ status: 200, body: 'first part;', bodyBytes: 11, incomplete: true });
  });

  it('a complete answer is not marked incomplete', async () => {
    const record = await send({ method: 'GET', url: `${server.base}/fine` });
    expect(record.outcome).toEqual({ kind: 'response', status: 200 });
    expect(record.response?.incomplete).toBeUndefined();
  });

  it('an A2A JSON-RPC unary call cut short by its timeout keeps the status and the bytes that came', async () => {
    const record = await sendA2a({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: `${server.base}/rpc-hang`,
      method: 'GetTask',
      body: { id: 't1' },
      timeouts: { totalMs: 400 },
    });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toContain("The call did not finish within 400 ms, the call's timeout.");
    expect(message).toContain('after 22 bytes of its body');
    expect(record.response).toMatchObject({ status: 200, body: '{"jsonrpc":"2.0","id":', bodyBytes: 22, incomplete: true });
  });
});

describe('a reset after the request is not a failure to connect', () => {
  it('a server that reads the request and closes the connection is a reset, said in words', async () => {
    const record = await send({ method: 'POST', url: `${server.base}/destroy`, body: { kind: 'json', text: '{"a":1}' } });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'reset' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toContain(`127.0.0.1:${server.port} closed the connection after the request was sent, before answering`);
    expect(record.response).toBeUndefined();
    // The server did get it.
    expect(server.requests.some((r) => r.url === '/destroy' && r.text === '{"a":1}')).toBe(true);
  });

  it('an A2A call to such a server is a reset too', async () => {
    const record = await sendA2a({ version: '1.0', binding: 'JSONRPC', endpoint: `${server.base}/destroy`, method: 'GetTask', body: { id: 't1' } });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'reset' });
  });

  it('a refused connection stays a connect failure: nothing reached the server', async () => {
    const port = await unusedPort();
    const record = await send({ method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'connect', message: expect.stringContaining('nothing is listening') });
  });
});
