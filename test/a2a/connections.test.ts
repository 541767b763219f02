/**
 * Each core owns its connections (electron/node/connections.ts): two cores in one process never
 * share a keep-alive socket, and closing one leaves the other's pool alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { performCall, type CallDeps } from '../../electron/node/a2a/perform-call';
import { Connections } from '../../electron/node/connections';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let endpoint: string;
const sockets = new Set<unknown>();

beforeAll(async () => {
  server = await startRecordingServer((_request, res, req) => {
    sockets.add(req.socket);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } } }));
  });
  endpoint = `${server.base}/rpc`;
});
afterAll(async () => {
  await server.close();
});

const call = (): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint,
  method: 'SendMessage',
  body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
});
const depsWith = (connections: Connections): CallDeps => ({ secrets: createMemorySecretStore(), environment: {}, now: Date.now, connections });

describe('connections per core', () => {
  it("reuses its own keep-alive socket, never another core's, and closing one pool leaves the other working", async () => {
    const a = depsWith(new Connections());
    const b = depsWith(new Connections());
    expect((await performCall(call(), a)).timings.reusedConnection).toBeUndefined();
    expect((await performCall(call(), a)).timings.reusedConnection).toBe(true);
    // b has never called: its first call opens a socket of its own.
    expect((await performCall(call(), b)).timings.reusedConnection).toBeUndefined();
    expect(sockets.size).toBe(2);
    a.connections.close();
    expect((await performCall(call(), b)).timings.reusedConnection).toBe(true);
    expect((await performCall(call(), a)).timings.reusedConnection).toBeUndefined();
    expect(sockets.size).toBe(3);
    a.connections.close();
    b.connections.close();
  });

  it('names the proto folder it was given, and finds the bundled one by default', () => {
    expect(new Connections({ protoDir: '/somewhere/proto' }).protoDir).toBe('/somewhere/proto');
    expect(new Connections().protoDir).toMatch(/proto$/);
  });
});
