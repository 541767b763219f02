import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, type Message, type Task } from '@a2a-js/sdk';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Client, type RequestOptions } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import type { RunningDemo } from '../src/server.js';
import { startTestDemo, json } from './support.js';

// The official SDK client, picking each binding from the demo's card in turn.

type Binding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
const BINDINGS: Binding[] = ['JSONRPC', 'HTTP+JSON', 'GRPC'];

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startTestDemo();
});
afterAll(async () => {
  await demo.close();
});

function auth(): RequestOptions {
  return { serviceParameters: { authorization: `Bearer ${demo.token}` } };
}

function factory(binding: Binding, legacyCompat = false): ClientFactory {
  const compat = { legacyCompat: { enabled: legacyCompat } };
  return new ClientFactory({
    transports: [new JsonRpcTransportFactory(compat), new RestTransportFactory(compat), new GrpcTransportFactory(compat)],
    preferredTransports: [binding],
  });
}

function request(text: string): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: { role: 'ROLE_USER', messageId: crypto.randomUUID(), parts: [{ text }] },
  });
}

function summary(result: Message | Task): { text: string[]; data: unknown[] } {
  expect('role' in result, 'a Message, not a Task').toBe(true);
  const parts = (result as Message).parts;
  return {
    text: parts.flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])),
    data: parts.flatMap((p) => (p.content?.$case === 'data' ? [p.content.value] : [])),
  };
}

async function clientFor(binding: Binding): Promise<Client> {
  const client = await factory(binding).createFromUrl(demo.cardUrl.replace('.well-known/agent-card.json', ''));
  expect(client.transport.protocolName).toBe(binding);
  expect(client.protocolVersion).toBe('1.0');
  return client;
}

describe('official @a2a-js/sdk client, A2A 1.0', () => {
  it.each(BINDINGS)('%s: SendMessage [12,30] → "Sum: 42" + {"total": 42}', async (binding) => {
    const client = await clientFor(binding);
    const result = await client.sendMessage(request('[12,30]'), auth());
    expect(summary(result)).toEqual({ text: ['Sum: 42'], data: [{ total: 42 }] });
  });

  it.each(BINDINGS)('%s: SendStreamingMessage runs a task to completed', async (binding) => {
    const client = await clientFor(binding);
    const kinds: string[] = [];
    let artifactText: string | undefined;
    for await (const event of client.sendMessageStream(request('12 30'), auth())) {
      const payload = event.payload;
      if (!payload) continue;
      if (payload.$case === 'statusUpdate') kinds.push(`status:${payload.value.status?.state}`);
      else kinds.push(payload.$case);
      if (payload.$case === 'artifactUpdate') {
        const first = payload.value.artifact?.parts[0]?.content;
        artifactText = first?.$case === 'text' ? first.value : undefined;
      }
    }
    // TaskState numbers: 2 = WORKING, 3 = COMPLETED.
    expect(kinds).toEqual(['task', 'status:2', 'status:2', 'artifactUpdate', 'status:3']);
    expect(artifactText).toBe('Sum: 42');
  });

  it.each(BINDINGS)('%s: a call without the token is refused', async (binding) => {
    const client = await clientFor(binding);
    await expect(client.sendMessage(request('1 2'))).rejects.toThrow();
  });
});

describe('official @a2a-js/sdk client, v0.3 compatibility', () => {
  it.each(BINDINGS)('%s at protocol 0.3: message/send → "Sum: 42"', async (binding) => {
    // The v0.3 card is served for `A2A-Version: 0.3`; the SDK's compat resolver turns it into 0.3 interfaces.
    const raw = await json(await fetch(demo.cardUrl, { headers: { 'A2A-Version': '0.3' } }));
    expect(raw).toMatchObject({ protocolVersion: '0.3', preferredTransport: 'JSONRPC' });
    const card = new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).normalizeAgentCard(raw);
    // The v0.3 card also embeds the v1.0 interfaces, which the client would prefer: keep the 0.3 ones.
    card.supportedInterfaces = card.supportedInterfaces.filter((i) => i.protocolVersion === '0.3');
    expect(card.supportedInterfaces).toHaveLength(3);
    const client = await factory(binding, true).createFromAgentCard(card);
    expect(client.transport.protocolName).toBe(binding);
    expect(client.protocolVersion).toBe('0.3');
    const result = await client.sendMessage(request('12+30'), auth());
    expect(summary(result)).toEqual({ text: ['Sum: 42'], data: [{ total: 42 }] });
  });
});
