import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AgentCard, Message } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor } from '@a2a-js/sdk/server';
import { jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';

/**
 * A well-behaved agent on the official SDK that declares no streaming, no push notifications and
 * no extended card, so the capability-honesty checks have a passing peer (the SDK fixture and the
 * demo both declare streaming). It answers every message with a Message.
 */
export async function startNoStreamingAgent(): Promise<{ cardUrl: string; close(): Promise<void> }> {
  let base = '';
  const executor: AgentExecutor = {
    execute: async (ctx, bus) => {
      bus.publish(AgentEvent.message(Message.fromJSON({ messageId: randomUUID(), contextId: ctx.contextId, role: 'ROLE_AGENT', parts: [{ text: 'ok' }] })));
    },
    cancelTask: async () => {},
  };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cardJson = {
    name: 'No-streaming agent',
    description: 'Declares no optional capability.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'ok', name: 'OK', description: 'Says ok.', tags: ['test'], examples: ['hi'] }],
  };
  const handler = new DefaultRequestHandler(AgentCard.fromJSON(cardJson), new InMemoryTaskStore(), executor);
  const app = express();
  app.use('/rpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.use('/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.get('/.well-known/agent-card.json', (_req, res) => {
    res.json(cardJson);
  });
  server.on('request', app);
  return {
    cardUrl: `${base}/.well-known/agent-card.json`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
