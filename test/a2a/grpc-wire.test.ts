/**
 * The gRPC wire (electron/node/a2a/grpc-wire.ts) against an HTTP/2 server this test drives frame by
 * frame: what a hostile, broken or slow gRPC agent can send. Well-behaved agents (grpc-js servers,
 * the official SDK) are covered by interop-v1.test.ts.
 */
import { createServer, constants, type Http2Server, type ServerHttp2Stream, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { performCall } from '../../electron/node/a2a/perform-call';
import { GrpcCodec } from '../../electron/node/a2a/grpc-codec';
import { Connections, defaultProtoDir } from '../../electron/node/connections';
import { MAX_RECEIVE_MESSAGE_BYTES } from '../../electron/node/a2a/grpc-wire';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { unusedPort } from '../fixtures/recording-server';
import { recordSeverity } from '../../shared/a2a/exchange-summary';

type Behaviour = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) => void;

let server: Http2Server;
let endpoint: string;
let behaviour: Behaviour;
const seen: IncomingHttpHeaders[] = [];

const codec = new GrpcCodec(defaultProtoDir());
const task = (id: string, state = 'TASK_STATE_COMPLETED'): Buffer => Buffer.from(codec.encode('lf.a2a.v1.Task', { id, contextId: 'c1', status: { state } }));
const frame = (message: Buffer, compressed = false): Buffer => {
  const out = Buffer.alloc(5 + message.length);
  out[0] = compressed ? 1 : 0;
  out.writeUInt32BE(message.length, 1);
  message.copy(out, 5);
  return out;
};
const ok = { 'grpc-status': '0' };
const answer = (stream: ServerHttp2Stream, data: Buffer, trailers: Record<string, string> = ok, head: Record<string, string> = {}): void => {
  stream.respond({ ':status': 200, 'content-type': 'application/grpc', ...head }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers(trailers));
  stream.end(data);
};

const deps = { secrets: createMemorySecretStore(), environment: {}, now: () => Date.now(), connections: new Connections() };
const getTask = (extra: Partial<A2aCall> = {}): A2aCall => ({ version: '1.0', binding: 'GRPC', endpoint, method: 'GetTask', body: { id: 't1' }, ...extra });

beforeAll(async () => {
  server = createServer();
  server.on('stream', (stream, headers) => {
    seen.push(headers);
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => behaviour(stream, headers, Buffer.concat(chunks)));
    stream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  deps.connections.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the gRPC wire', () => {
  it('sends one length-prefixed message with the gRPC headers and the metadata, and reads the answer and every trailer', async () => {
    behaviour = (stream, _headers, body) => {
      expect(body[0]).toBe(0);
      expect(body.readUInt32BE(1)).toBe(body.length - 5);
      answer(stream, frame(task('t1')), { 'grpc-status': '0', 'x-trailer': 'kept' }, { 'x-head': 'h' });
    };
    const record = await performCall(getTask({ headers: [{ name: 'X-Trace', value: 'abc' }] }), deps);
    expect(record.outcome).toMatchObject({ kind: 'task' });
    const sent = seen[seen.length - 1] as IncomingHttpHeaders;
    expect(sent[':path']).toBe('/lf.a2a.v1.A2AService/GetTask');
    expect(sent['content-type']).toBe('application/grpc');
    expect(sent['te']).toBe('trailers');
    expect(sent['a2a-version']).toBe('1.0');
    expect(sent['x-trace']).toBe('abc');
    expect(record.response?.headers).toContainEqual(['x-head', 'h']);
    expect(record.response?.trailers).toContainEqual(['x-trailer', 'kept']);
    expect(record.response?.trailers).toContainEqual(['grpc-status', '0']);
  });

  it('reads a message split across many DATA frames and a gzip-compressed message', async () => {
    behaviour = (stream) => {
      const bytes = frame(task('split'));
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(ok));
      for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
      stream.end();
    };
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({ kind: 'task' });
    behaviour = (stream) => answer(stream, frame(gzipSync(task('gz')), true), ok, { 'grpc-encoding': 'gzip' });
    const record = await performCall(getTask(), deps);
    expect(record.outcome).toMatchObject({ kind: 'task' });
    expect(record.response?.body).toContain('"gz"');
  });

  it('takes the status from a trailers-only answer, percent-decoded, with its ErrorInfo reason', async () => {
    // A google.rpc.Status { code: 5, details: [ErrorInfo TASK_NOT_FOUND] }, as the SDK's agent sends it.
    const details =
      'CAUSFFRhc2sgbm90IGZvdW5kOiBub3BlGk4KKHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLnJwYy5FcnJvckluZm8SIgoOVEFTS19OT1RfRk9VTkQSEGEyYS1wcm90b2NvbC5vcmc=';
    behaviour = (stream) =>
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc',
          'grpc-status': '5',
          'grpc-message': 'task%20t1%20not%20found%20%E2%9C%93',
          'grpc-status-details-bin': details,
        },
        { endStream: true },
      );
    const record = await performCall(getTask(), deps);
    expect(record.outcome).toMatchObject({ kind: 'grpc-error', code: 5, codeName: 'NOT_FOUND', message: 'task t1 not found ✓', reason: 'TASK_NOT_FOUND' });
  });

  it('maps an HTTP error without a gRPC status as the gRPC spec says, and names a non-gRPC answer', async () => {
    behaviour = (stream) => {
      stream.respond({ ':status': 503, 'content-type': 'text/plain' });
      stream.end('busy');
    };
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'UNAVAILABLE',
      message: expect.stringMatching(/HTTP 503/),
    });
    behaviour = (stream) => {
      stream.respond({ ':status': 200, 'content-type': 'text/html' });
      stream.end('<html>');
    };
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'UNKNOWN',
      message: expect.stringMatching(/not application\/grpc/),
    });
  });

  it('refuses a message above the receive limit without buffering it (RESOURCE_EXHAUSTED)', async () => {
    behaviour = (stream) => {
      const prefix = Buffer.alloc(5);
      prefix.writeUInt32BE(MAX_RECEIVE_MESSAGE_BYTES + 1, 1);
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
      stream.write(prefix);
      stream.write(Buffer.alloc(64 * 1024));
    };
    const record = await performCall(getTask(), deps);
    expect(record.outcome).toMatchObject({ kind: 'grpc-error', codeName: 'RESOURCE_EXHAUSTED' });
  });

  it('reports broken framing: a compressed flag without an encoding, two answers to a unary call, a body cut mid-message, no status', async () => {
    behaviour = (stream) => answer(stream, frame(task('x'), true));
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'INTERNAL',
      message: expect.stringMatching(/compressed/),
    });
    behaviour = (stream) => answer(stream, Buffer.concat([frame(task('a')), frame(task('b'))]));
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'transport-error',
      code: 'protocol',
      message: expect.stringMatching(/exactly one message/),
    });
    behaviour = (stream) => answer(stream, frame(task('cut')).subarray(0, 8));
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'INTERNAL',
      message: expect.stringMatching(/middle of a message/),
    });
    behaviour = (stream) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
      stream.end(frame(task('no-status')));
    };
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'INTERNAL',
      message: expect.stringMatching(/without a grpc-status/),
    });
  });

  it('names a stream reset by the server before any answer as a transport failure, and a body cut off after the head as INTERNAL', async () => {
    behaviour = (stream) => stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'transport-error',
      code: 'reset',
      message: expect.stringMatching(/reset \(HTTP\/2 error code 2\)/),
    });
    behaviour = (stream) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
      stream.write(frame(task('half')).subarray(0, 4), () => stream.close(constants.NGHTTP2_INTERNAL_ERROR));
    };
    expect((await performCall(getTask(), deps)).outcome).toMatchObject({
      kind: 'grpc-error',
      codeName: 'INTERNAL',
      message: expect.stringMatching(/reset the stream|in the middle of a message without a grpc-status/),
    });
  });

  it('a stalled agent hits the total timeout; the connection stays usable for the next call', async () => {
    behaviour = (stream) => stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
    const slow = await performCall(getTask({ timeouts: { totalMs: 300 } }), deps);
    expect(slow.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    behaviour = (stream) => answer(stream, frame(task('after')));
    const next = await performCall(getTask(), deps);
    expect(next.outcome).toMatchObject({ kind: 'task' });
    expect(next.timings.reusedConnection).toBe(true);
  });

  it('leaves out metadata gRPC cannot carry, saying why, and still sends the call', async () => {
    behaviour = (stream) => answer(stream, frame(task('t1')));
    const record = await performCall(
      getTask({
        headers: [
          { name: 'Bad Key', value: 'x' },
          { name: 'x-text', value: 'caf\u00e9' },
          { name: 'x-blob-bin', value: 'not base64!' },
          { name: 'Connection', value: 'close' },
          { name: 'x-ok-bin', value: 'AAEC' },
        ],
      }),
      deps,
    );
    expect(record.outcome).toMatchObject({ kind: 'task' });
    const sent = seen[seen.length - 1] as IncomingHttpHeaders;
    expect(sent['x-ok-bin']).toBe('AAEC');
    expect(sent['x-text']).toBeUndefined();
    expect(record.warnings.join('\n')).toMatch(/"Bad Key" is not a valid HTTP header name/);
    expect(record.warnings.join('\n')).toMatch(/"x-text" is not printable ASCII/);
    expect(record.warnings.join('\n')).toMatch(/"x-blob-bin" ends in -bin/);
    expect(record.warnings.join('\n')).toMatch(/"Connection" is managed by HTTP\/2/);
  });

  it('streams messages as events and ends on the trailers; Stop cancels the HTTP/2 stream', async () => {
    const update = (state: string): Buffer =>
      Buffer.from(codec.encode('lf.a2a.v1.StreamResponse', { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state } } }));
    behaviour = (stream) => answer(stream, Buffer.concat([frame(update('TASK_STATE_WORKING')), frame(update('TASK_STATE_COMPLETED'))]));
    const call: A2aCall = {
      version: '1.0',
      binding: 'GRPC',
      endpoint,
      method: 'SendStreamingMessage',
      body: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
    };
    const done = await performCall(call, deps);
    expect(done.outcome).toMatchObject({ kind: 'stream', ended: 'completed', eventCount: 2 });

    let cancelled: Promise<number> = Promise.resolve(-1);
    behaviour = (stream) => {
      cancelled = new Promise((resolve) => stream.on('close', () => resolve(stream.rstCode)));
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
      stream.write(frame(update('TASK_STATE_WORKING')));
    };
    const controller = new AbortController();
    const stopped = await performCall(call, deps, {
      signal: controller.signal,
      onEvent: () => controller.abort(),
    });
    expect(stopped.outcome).toMatchObject({ kind: 'stream', ended: 'stopped', eventCount: 1 });
    expect(await cancelled).toBe(constants.NGHTTP2_CANCEL);
  });

  it('a stream message that does not decode ends the stream: the agent answered wrongly (exit 1 on the CLI), named with its first bytes', async () => {
    const update = Buffer.from(
      codec.encode('lf.a2a.v1.StreamResponse', { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } }),
    );
    behaviour = (stream) => answer(stream, Buffer.concat([frame(update), frame(Buffer.from([0xff, 0xff, 0xff, 0x01]))]));
    const done = await performCall(
      {
        version: '1.0',
        binding: 'GRPC',
        endpoint,
        method: 'SendStreamingMessage',
        body: { message: { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
      },
      deps,
    );
    const first = expect.stringMatching(
      /^Stream message #1 is not a valid lf\.a2a\.v1\.StreamResponse \(.+\), so not an A2A gRPC stream message\. It began: ffffff01 \(hex, 4 bytes\)\.$/,
    );
    expect(done.outcome).toMatchObject({ kind: 'stream', ended: 'error', eventCount: 2, error: { code: 'protocol' }, wrongEvents: { count: 1, first } });
    expect(recordSeverity(done)).toBe('refused');
  });

  it('a server that is not HTTP/2 is a connect failure, named as such', async () => {
    const { createServer: createHttp1 } = await import('node:http');
    const plain = createHttp1((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const record = await performCall(getTask({ endpoint: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`, timeouts: { connectMs: 2000 } }), deps);
      expect(record.outcome, JSON.stringify(record.outcome)).toMatchObject({ kind: 'transport-error' });
      expect((record.outcome as { message: string }).message).toMatch(/gRPC channel|no answer/);
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it('a closed port fails in milliseconds, not after the connect timeout', async () => {
    const port = await unusedPort();
    const t0 = Date.now();
    const record = await performCall(getTask({ endpoint: `http://127.0.0.1:${port}`, timeouts: { connectMs: 10_000 } }), deps);
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'connect', message: expect.stringMatching(/nothing is listening/) });
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
