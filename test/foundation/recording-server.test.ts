/**
 * The recording server fixture (test/fixtures/recording-server.ts) that the wire tests lean on: it
 * keeps what arrived byte for byte, answers with the test's handler, turns a failing handler into a
 * 500 rather than a hang, and closes even with keep-alive or unanswered connections open.
 */
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordingServer, unusedPort, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One request over `agent`; resolves with the status and body text, or rejects with the socket error. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: Agent } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('startRecordingServer', () => {
  it('records method, target as sent, headers as sent and the body bytes, then lets the handler answer', async () => {
    server = await startRecordingServer((recorded, res) => {
      res.writeHead(201, { 'Content-Type': 'text/plain' }).end(`got ${recorded.body.length}`);
    });
    expect(server.base).toBe(`http://127.0.0.1:${server.port}`);
    const bytes = Buffer.from([0, 0xff, 0xc3, 0x28, 0x41]);
    const answer = await send(`${server.base}/a%20b?x=1&y`, { method: 'PUT', headers: { 'X-Mixed-Case': 'v' }, body: bytes });
    expect(answer).toEqual({ status: 201, text: 'got 5' });
    const [recorded] = server.requests;
    expect(recorded?.method).toBe('PUT');
    expect(recorded?.url).toBe('/a%20b?x=1&y');
    expect(recorded?.headers['x-mixed-case']).toBe('v');
    expect(recorded?.rawHeaders).toContain('X-Mixed-Case');
    expect(recorded?.body.equals(bytes)).toBe(true);
    expect(recorded?.text).toBe(bytes.toString('utf8'));
  });

  it('answers 404 without a handler, switches handlers, and forgets on clear()', async () => {
    server = await startRecordingServer();
    expect((await send(`${server.base}/x`)).status).toBe(404);
    server.handle((_recorded, res) => void res.writeHead(200).end('second'));
    expect(await send(`${server.base}/y`)).toEqual({ status: 200, text: 'second' });
    expect(server.requests.map((r) => r.url)).toEqual(['/x', '/y']);
    const same = server.requests;
    server.clear();
    expect(server.requests).toBe(same);
    expect(server.requests).toHaveLength(0);
  });

  it('answers 500 naming the failure when the handler throws or rejects', async () => {
    server = await startRecordingServer((recorded) => {
      if (recorded.url === '/throw') throw new Error('boom');
      return Promise.reject(new Error('later'));
    });
    expect(await send(`${server.base}/throw`)).toEqual({ status: 500, text: 'recording server handler failed: Error: boom' });
    expect(await send(`${server.base}/reject`)).toEqual({ status: 500, text: 'recording server handler failed: Error: later' });
  });

  it('closes with an idle keep-alive connection and an unanswered request open', async () => {
    const started = await startRecordingServer((recorded, res) => {
      if (recorded.url !== '/never') res.writeHead(200).end('ok');
    });
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await send(`${started.base}/ok`, { agent })).status).toBe(200);
      const hanging = send(`${started.base}/never`).catch((error: unknown) => error);
      while (started.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      await started.close();
      expect(await hanging).toBeInstanceOf(Error);
      await expect(send(`${started.base}/after`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
    }
  });
});

describe('unusedPort', () => {
  it('gives a loopback port that refuses connections', async () => {
    const port = await unusedPort();
    await expect(send(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
