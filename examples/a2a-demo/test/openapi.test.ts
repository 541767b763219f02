import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { SendMessageRequest, SendMessageResponse } from '@a2a-js/sdk';
import { A2AService } from '@a2a-js/sdk/server/grpc';
import { CARD_PATH, DEFAULT_GRPC_PORT, DEFAULT_PORT, DEMO_TOKEN, REST_PATH, RPC_PATH } from '../src/defaults.js';
import type { RunningDemo } from '../src/server.js';
import { bearer, dataOf, json, readSse, startTestDemo, textOf, V1 } from './support.js';

// openapi.json: Powerduck's x-a2a format, and every ready-made example really works against the agent.

interface A2aOp {
  operationId: string;
  'x-protocol'?: string;
  'x-a2a'?: { version: string; binding: string; endpoint: string; agentCardUrl: string; method: string; auth: unknown; example: any };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const spec = JSON.parse(await readFile(new URL('../openapi.json', import.meta.url), 'utf8'));
const operations: A2aOp[] = Object.values(spec.paths as Record<string, Record<string, A2aOp>>).flatMap((item) =>
  Object.values(item).filter((v): v is A2aOp => typeof v === 'object' && v !== null && 'operationId' in v),
);
const a2aOps = operations.filter((op) => op['x-a2a']);
const byMethod = (method: string, binding = 'JSONRPC') => a2aOps.find((op) => op['x-a2a']?.method === method && op['x-a2a'].binding === binding)!;

describe('openapi.json', () => {
  it('is OpenAPI 3.2 with the expected operations', () => {
    expect(spec.openapi).toBe('3.2.0');
    const described = a2aOps.map((op) => `${op['x-a2a']!.method}/${op['x-a2a']!.binding}`).sort();
    expect(described).toEqual([
      'CancelTask/JSONRPC',
      'GetTask/JSONRPC',
      'SendMessage/GRPC',
      'SendMessage/HTTP+JSON',
      'SendMessage/JSONRPC',
      'SendStreamingMessage/JSONRPC',
    ]);
    const card = spec.paths[CARD_PATH].get;
    expect(card['x-a2a']).toBeUndefined();
    expect(spec.paths[CARD_PATH].servers[0].url).toBe(`http://127.0.0.1:${DEFAULT_PORT}`);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  });

  it('every A2A operation points at the environment variables, which the bundled environment sets to the defaults', async () => {
    const endpoints: Record<string, string> = {
      JSONRPC: `{{baseUrl}}${RPC_PATH}`,
      'HTTP+JSON': `{{baseUrl}}${REST_PATH}`,
      GRPC: '{{grpcUrl}}',
    };
    const environments = JSON.parse(await readFile(new URL('../powerduck.environments.json', import.meta.url), 'utf8'));
    expect(environments.environments[0]).toEqual({
      name: 'local demo',
      variables: { baseUrl: `http://127.0.0.1:${DEFAULT_PORT}`, grpcUrl: `http://127.0.0.1:${DEFAULT_GRPC_PORT}`, token: { secret: 'demo-token' } },
    });
    for (const op of a2aOps) {
      const x = op['x-a2a']!;
      expect(op['x-protocol']).toBe('a2a');
      expect(x.version).toBe('1.0');
      expect(x.endpoint).toBe(endpoints[x.binding]);
      expect(x.agentCardUrl).toBe(`{{baseUrl}}${CARD_PATH}`);
      expect(x.auth).toEqual({ scheme: 'bearer', secretRef: '{{token}}' });
      if (x.binding === 'JSONRPC') expect(x.example).toMatchObject({ jsonrpc: '2.0', method: x.method });
      else expect(x.example).toHaveProperty('message');
    }
    expect(byMethod('SendStreamingMessage').responses['200']?.content).toHaveProperty(['text/event-stream', 'itemSchema']);
    expect(spec.info.description).toContain(DEMO_TOKEN);
  });
});

describe('the examples, sent to a running demo', () => {
  let demo: RunningDemo;
  beforeAll(async () => {
    demo = await startTestDemo();
  });
  afterAll(async () => {
    await demo.close();
  });

  const post = (url: string, body: unknown, accept = 'application/json') =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: accept, ...V1, ...bearer(demo) },
      body: JSON.stringify(body),
    });

  it('SendMessage (JSON-RPC)', async () => {
    const body = await json(await post(demo.rpcUrl, byMethod('SendMessage')['x-a2a']!.example));
    expect(textOf(body.result.message.parts)).toEqual(['Sum: 42']);
    expect(dataOf(body.result.message.parts)).toEqual([{ total: 42 }]);
  });

  it('SendMessage (HTTP+JSON)', async () => {
    const body = await json(await post(`${demo.restUrl}/message:send`, byMethod('SendMessage', 'HTTP+JSON')['x-a2a']!.example));
    expect(dataOf(body.message.parts)).toEqual([{ total: 42 }]);
  });

  it('SendMessage (gRPC)', async () => {
    const Client = grpc.makeGenericClientConstructor(A2AService, 'A2AService');
    const client = new Client(demo.grpcTarget, grpc.credentials.createInsecure());
    const metadata = new grpc.Metadata();
    metadata.set('a2a-version', '1.0');
    metadata.set('authorization', `Bearer ${demo.token}`);
    const request = SendMessageRequest.fromJSON(byMethod('SendMessage', 'GRPC')['x-a2a']!.example);
    const response = await new Promise<SendMessageResponse>((resolve, reject) => {
      (client as any).sendMessage(request, metadata, (error: Error | null, value: SendMessageResponse) => {
        client.close();
        if (error) reject(error);
        else resolve(value);
      });
    });
    const message = (SendMessageResponse.toJSON(response) as any).message;
    expect(textOf(message.parts)).toEqual(['Sum: 42']);
  });

  it('SendStreamingMessage, then GetTask and CancelTask with the streamed task id', async () => {
    const events = await readSse(await post(demo.rpcUrl, byMethod('SendStreamingMessage')['x-a2a']!.example, 'text/event-stream'));
    const id = events[0].result.task.id;
    expect(events.at(-1).result.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    const withId = (method: string) => {
      const example = structuredClone(byMethod(method)['x-a2a']!.example);
      example.params.id = id;
      return example;
    };
    const task = await json(await post(demo.rpcUrl, withId('GetTask')));
    expect(dataOf(task.result.artifacts[0].parts)).toEqual([{ total: 42 }]);
    const cancel = await json(await post(demo.rpcUrl, withId('CancelTask')));
    expect(cancel.error.code).toBe(-32002); // already completed
  });
});
