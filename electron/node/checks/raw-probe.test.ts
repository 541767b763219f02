import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawProbe, type RawRequest } from './raw-probe';
import { Connections } from '../connections';
import { createMemorySecretStore } from '../secret-store';
import { startRecordingServer, type RecordingServer } from '../../../test/fixtures/recording-server';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

let server: RecordingServer;
let base: string;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    if (request.url === '/stall') return; // never answers
    if (request.url === '/rpc') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': String(request.headers['authorization']) });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `bad ${request.headers['authorization']}` } }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"error":"no such path"}');
  });
  base = server.base;
});
afterAll(async () => {
  connections.close();
  await server.close();
});

const probe = (over: Partial<RawRequest>): Promise<ReturnType<typeof rawProbe> extends Promise<infer R> ? R : never> =>
  rawProbe({
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: `${base}/rpc`,
    url: `${base}/rpc`,
    httpMethod: 'POST',
    label: '(malformed JSON)',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer raw-secret-1' },
    body: '{"jsonrpc":',
    timeoutMs: 5000,
    deps: { secrets: createMemorySecretStore(), environment: {}, now: Date.now, connections },
    redaction: { values: ['raw-secret-1'] },
    ...over,
  });

describe('raw probes go through the recorded HTTP stack', () => {
  it('sends the exact bytes and records them like a send: Host and length, timings, the RPC error, secrets hidden', async () => {
    const record = await probe({});
    expect(server.requests.at(-1)?.text).toBe('{"jsonrpc":');
    expect(server.requests.at(-1)?.headers['authorization']).toBe('Bearer raw-secret-1');
    expect(record.method).toBe('(malformed JSON)');
    expect(record.request.headers.map(([name]) => name)).toEqual(['Host', 'Content-Type', 'Authorization', 'Content-Length']);
    expect(record.request.body).toBe('{"jsonrpc":');
    expect(record.response?.status).toBe(200);
    expect(record.timings.firstByteMs).toBeGreaterThanOrEqual(0);
    expect(record.outcome).toMatchObject({ kind: 'rpc-error', code: -32700 });
    // The raw copies are scrubbed here, as for every send; the parsed outcome at the persistence seam.
    expect(JSON.stringify([record.request, record.response])).not.toContain('raw-secret-1');
  });

  it('reports a non-JSON-RPC 404 as an HTTP error', async () => {
    const record = await probe({ url: `${base}/nowhere`, httpMethod: 'GET', label: 'GET agent card', headers: { Accept: 'application/json' } });
    expect(record.outcome).toMatchObject({ kind: 'http-error', status: 404, message: '{"error":"no such path"}' });
  });

  it("times out a stalled agent and stops on the caller's signal, each named as such", async () => {
    const timedOut = await probe({ url: `${base}/stall`, timeoutMs: 200 });
    expect(timedOut.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const stopped = await probe({ url: `${base}/stall`, signal: stop.signal });
    expect(stopped.outcome).toMatchObject({ kind: 'transport-error', code: 'cancelled' });
  });

  it('names a refused connection', async () => {
    const record = await probe({ url: 'http://127.0.0.1:1/rpc' });
    expect(record.outcome).toMatchObject({ kind: 'transport-error' });
    expect(record.outcome.kind === 'transport-error' && record.outcome.code).not.toBe('timeout');
  });
});
