import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import express from 'express';
import { AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor, type User } from '@a2a-js/sdk/server';
import { jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { A2AService, grpcService } from '@a2a-js/sdk/server/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/node/core';
import { silentLogger } from '../../electron/node/core-env';
import { ensureDataDir } from '../../electron/node/data-dir';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import type { Json } from './fixtures';
import { Connections } from '../../electron/node/connections';

const TOKEN = 'extended-card-test-token-0123456789';
let http: Server;
let grpcServer: grpc.Server;
let rpcUrl: string;
let restUrl: string;
let grpcTarget: string;
let publicCard: Json;
let extendedCard: Json;
let core: Core;
let dir: string;

const authenticated: User = { isAuthenticated: true, userName: 'tester' };
const anonymous: User = { isAuthenticated: false, userName: '' };
const bearerOk = (value: string | undefined): boolean => value === `Bearer ${TOKEN}`;

const idleExecutor: AgentExecutor = {
  execute: async () => {},
  cancelTask: async () => {},
};

function cards(http: string, grpcAt: string): { publicCard: Json; extendedCard: Json } {
  const base: Json = {
    name: 'Extended card test agent',
    description: 'Public description.',
    supportedInterfaces: [
      { url: `${http}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${http}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: grpcAt, protocolBinding: 'GRPC', protocolVersion: '1.0' },
      { url: `${http}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    version: '1.0.0',
    capabilities: { streaming: false, extendedAgentCard: true },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'public', name: 'Public skill', description: 'Anyone can see it.', tags: ['public'] }],
  };
  const extended: Json = {
    ...base,
    description: 'Extended description for authenticated callers.',
    skills: [...(base['skills'] as unknown[]), { id: 'partner', name: 'Partner skill', description: 'Only for partners.', tags: ['partner'] }],
  };
  return { publicCard: base, extendedCard: extended };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-extended-'));
  grpcServer = new grpc.Server();
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
  const app = express();
  http = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  grpcTarget = `127.0.0.1:${grpcPort}`;
  ({ publicCard, extendedCard } = cards(httpBase, grpcTarget));
  rpcUrl = `${httpBase}/rpc`;
  restUrl = `${httpBase}/rest`;

  const handler = new DefaultRequestHandler(
    AgentCard.fromJSON(publicCard),
    new InMemoryTaskStore(),
    idleExecutor,
    undefined,
    undefined,
    undefined,
    // The SDK returns a static extended card to anyone; a provider lets the agent refuse (sdk notes Q7).
    async (context) => {
      if (!context.user?.isAuthenticated) throw new Error('unauthenticated');
      return AgentCard.fromJSON(extendedCard);
    },
  );
  const userFromHttp = async (req: IncomingMessage): Promise<User> => (bearerOk(req.headers.authorization) ? authenticated : anonymous);
  const guard: express.RequestHandler = (req, res, next) => {
    if (bearerOk(req.headers.authorization)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer')
      .json({ error: { code: 401, status: 'UNAUTHENTICATED', message: 'Bearer token required.' } });
  };
  app.use('/rpc', guard, jsonRpcHandler({ requestHandler: handler, userBuilder: userFromHttp, legacyCompat: { enabled: true } }));
  app.use('/rest', guard, restHandler({ requestHandler: handler, userBuilder: userFromHttp }));
  grpcServer.addService(
    A2AService,
    grpcService({
      requestHandler: handler,
      userBuilder: async (call) => (bearerOk(call.metadata.get('authorization')[0]?.toString()) ? authenticated : anonymous),
    }),
  );

  core = createCore({
    host: 'test',
    version: '0.0.0-test',
    dataDir: await ensureDataDir(join(dir, 'home')),
    secrets: createMemorySecretStore({ 'agent-token': TOKEN }),
    environment: {},
    now: () => Date.now(),
    logger: silentLogger,
    connections: new Connections(),
  });
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
  grpcServer?.forceShutdown();
  await rm(dir, { recursive: true, force: true });
});

const auth = { type: 'bearer' as const, token: { secretRef: 'agent-token' } };

describe('card.extended', () => {
  it.each([
    ['1.0', 'JSONRPC', () => rpcUrl],
    ['1.0', 'HTTP+JSON', () => restUrl],
    ['1.0', 'GRPC', () => `http://${grpcTarget}`],
    ['0.3', 'JSONRPC', () => rpcUrl],
  ] as const)('fetches the extended card over %s %s with the request auth and diffs it against the public card', async (version, binding, endpoint) => {
    const result = await core.dispatcher.invoke('card.extended', { version, binding, endpoint: endpoint(), auth, publicCard });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.value.summary.skills.map((s) => s.id)).toEqual(['public', 'partner']);
    expect(result.value.diff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.description', change: 'changed', after: 'Extended description for authenticated callers.' }),
        expect.objectContaining({ path: '$.skills[1]', change: 'added' }),
      ]),
    );
    expect(result.value.exchange.method).toBe(version === '1.0' ? 'GetExtendedAgentCard' : 'agent/getAuthenticatedExtendedCard');
    // The recorded request never shows the secret.
    expect(JSON.stringify(result.value.exchange.request)).not.toContain(TOKEN);
  });

  it("fills the request's {{variables}} from its environment (endpoint and a secret-backed token), and the record never shows the token", async () => {
    const workspace = core.env.dataDir.workspaceDir;
    await writeFile(
      join(workspace, 'powerduck.environments.json'),
      JSON.stringify({ environments: [{ name: 'partner', variables: { base: new URL(rpcUrl).origin, token: { secret: 'agent-token' } } }] }),
    );
    const request = {
      version: '1.0' as const,
      binding: 'JSONRPC' as const,
      endpoint: `{{base}}${new URL(rpcUrl).pathname}`,
      auth: { type: 'bearer' as const, token: { secretRef: '{{token}}' } },
      publicCard,
    };
    const result = await core.dispatcher.invoke('card.extended', { ...request, environment: 'partner' });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.value.summary.skills.map((s) => s.id)).toEqual(['public', 'partner']);
    expect(result.value.exchange.request?.url).toBe(rpcUrl);
    expect(JSON.stringify(result.value.exchange)).not.toContain(TOKEN);
    const without = await core.dispatcher.invoke('card.extended', request);
    expect(without.ok).toBe(false);
    expect(!without.ok && without.error.message).toMatch(/\{\{base\}\}.*\{\{token\}\}/);
  });

  it('without credentials the agent refuses, and the error says what to do', async () => {
    const result = await core.dispatcher.invoke('card.extended', { version: '1.0', binding: 'HTTP+JSON', endpoint: restUrl, publicCard });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('unauthorized');
    expect(result.error.message).toMatch(/set it on this request/);
  });

  it('refuses 0.3 over a binding Powerduck does not speak', async () => {
    const result = await core.dispatcher.invoke('card.extended', { version: '0.3', binding: 'GRPC', endpoint: `http://${grpcTarget}`, auth });
    expect(result).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});
