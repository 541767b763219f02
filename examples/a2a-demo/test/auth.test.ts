import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { A2AService } from '@a2a-js/sdk/server/grpc';
import { SendMessageRequest } from '@a2a-js/sdk';
import { DEMO_TOKEN, type RunningDemo } from '../src/server.js';
import { json, startTestDemo, userMessage, V1 } from './support.js';

// Every A2A call needs the bearer token; the public card does not.

const NO_TOKEN: Record<string, string> = {};
const WRONG_TOKEN = { Authorization: 'Bearer not-the-token' };
const NOT_BEARER = { Authorization: `Basic ${Buffer.from(`demo:${DEMO_TOKEN}`).toString('base64')}` };

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startTestDemo();
});
afterAll(async () => {
  await demo.close();
});

function jsonRpc(headers: Record<string, string>, url = demo.rpcUrl) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...V1, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: userMessage([{ text: '12 30' }]) }),
  });
}

function rest(headers: Record<string, string>, url = demo.restUrl) {
  return fetch(`${url}/message:send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...V1, ...headers },
    body: JSON.stringify(userMessage([{ text: '12 30' }])),
  });
}

/** A raw gRPC SendMessage with the SDK's generated service definition; resolves to the status code. */
function grpcCall(target: string, authorization?: string): Promise<grpc.status> {
  const Client = grpc.makeGenericClientConstructor(A2AService, 'A2AService');
  const client = new Client(target, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  metadata.set('a2a-version', '1.0');
  if (authorization) metadata.set('authorization', authorization);
  const request = SendMessageRequest.fromJSON(userMessage([{ text: '12 30' }]));
  return new Promise((resolve) => {
    (client as any).sendMessage(request, metadata, (error: grpc.ServiceError | null) => {
      client.close();
      resolve(error ? error.code : grpc.status.OK);
    });
  });
}

describe.each([
  ['without a token', NO_TOKEN],
  ['with a wrong token', WRONG_TOKEN],
  ['with another scheme', NOT_BEARER],
])('a call %s', (_name, headers) => {
  it('JSON-RPC: 401 + WWW-Authenticate: Bearer, JSON-RPC error body', async () => {
    const response = await jsonRpc(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    const body = await json(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  it('HTTP+JSON: 401 + WWW-Authenticate: Bearer, google.rpc.Status body', async () => {
    const response = await rest(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(await json(response)).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('gRPC: UNAUTHENTICATED', async () => {
    expect(await grpcCall(demo.grpcTarget, headers.Authorization)).toBe(grpc.status.UNAUTHENTICATED);
  });
});

describe('tokens', () => {
  it('the demo token is accepted on every binding', async () => {
    const ok = { Authorization: `Bearer ${DEMO_TOKEN}` };
    expect((await jsonRpc(ok)).status).toBe(200);
    expect((await rest(ok)).status).toBe(200);
    expect(await grpcCall(demo.grpcTarget, ok.Authorization)).toBe(grpc.status.OK);
  });

  it('a v0.3 call is checked too', async () => {
    const response = await fetch(demo.rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: { message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: '1' }] } },
      }),
    });
    expect(response.status).toBe(401);
  });

  it('the card needs no token', async () => {
    expect((await fetch(demo.cardUrl)).status).toBe(200);
  });

  it('a custom token (A2A_TOKEN) replaces the demo token', async () => {
    const custom = await startTestDemo({ token: 'my-own-secret-token' });
    try {
      expect((await jsonRpc({ Authorization: `Bearer ${DEMO_TOKEN}` }, custom.rpcUrl)).status).toBe(401);
      expect((await jsonRpc({ Authorization: 'Bearer my-own-secret-token' }, custom.rpcUrl)).status).toBe(200);
      expect((await rest({ Authorization: 'bearer my-own-secret-token' }, custom.restUrl)).status).toBe(200);
      expect(await grpcCall(custom.grpcTarget, `Bearer ${DEMO_TOKEN}`)).toBe(grpc.status.UNAUTHENTICATED);
    } finally {
      await custom.close();
    }
  });
});
