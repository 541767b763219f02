import { createServer } from 'node:http';
import { resolve } from 'node:path';
import express from 'express';
import * as grpc from '@grpc/grpc-js';
import { DefaultExecutionEventBusManager, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { jsonRpcHandler, restHandler } from '@a2a-js/sdk/server/express';
import { A2AService, grpcService } from '@a2a-js/sdk/server/grpc';
import { LegacyA2AService, legacyGrpcService } from '@a2a-js/sdk/compat/v0_3/server/grpc';
import { buildAgentCard, buildSdkAgentCard } from './agent-card.js';
import { demoUserBuilder, jsonRpcBearerGuard, restBearerGuard, withGrpcBearer } from './bearer-auth.js';
import type { JsonObject } from './card-canonical.js';
import { agentCardRoute } from './card-route.js';
import { createCardSigner, writeTrustedJwks, type JsonWebKeySet } from './card-signing.js';
import { corsFor } from './cors.js';
import {
  CARD_PATH,
  DEFAULT_CORS_ORIGINS,
  DEFAULT_GRPC_PORT,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_RUNTIME_DIR,
  DEFAULT_STEP_DELAY_MS,
  DEMO_TOKEN,
  REST_PATH,
  RPC_PATH,
} from './defaults.js';
import { assertLoopbackHost, bindGrpc, hostPort, listenHttp } from './listen.js';
import { DemoRequestHandler } from './streaming-flag.js';
import { SumAgent } from './sum-agent.js';

export { DEMO_TOKEN } from './defaults.js';
export { PortError } from './listen.js';
export type { JsonWebKeySet, PublicJwk } from './card-signing.js';

export interface StartDemoOptions {
  /** HTTP port (JSON-RPC, REST, card); 0 picks a free one. Default 9999. */
  port?: number;
  /** gRPC port; 0 picks a free one. Default 9998. */
  grpcPort?: number;
  /** Loopback address to bind. Default 127.0.0.1; anything else is refused. */
  host?: string;
  /** Bearer token every A2A call must carry. Default: the demo token. */
  token?: string;
  /** Exact origins allowed by CORS. Default http://localhost:3000 and http://127.0.0.1:3000. */
  corsOrigins?: string[];
  /** Where trusted-jwks.json is written. Default `<demo>/.runtime`. */
  runtimeDir?: string;
  /** Pause between streamed status events. Default 150 ms. */
  stepDelayMs?: number;
}

export interface RunningDemo {
  rpcUrl: string;
  restUrl: string;
  /** `http://host:port`, as a person types it; the card lists the bare `host:port` (see `grpcTarget`). */
  grpcUrl: string;
  grpcTarget: string;
  cardUrl: string;
  /** The signed v1.0 card exactly as served. */
  card: JsonObject;
  /** Public keys of this run (also written to `jwksPath`). */
  jwks: JsonWebKeySet;
  jwksPath: string;
  token: string;
  close(): Promise<void>;
}

/** Starts the demo agent: HTTP (JSON-RPC, REST, card) and gRPC, both on loopback. */
export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const host = options.host ?? DEFAULT_HOST;
  assertLoopbackHost(host);
  const token = options.token ?? DEMO_TOKEN;
  if (token.trim() === '') throw new Error('The bearer token must not be empty.');
  const stepDelayMs = options.stepDelayMs ?? DEFAULT_STEP_DELAY_MS;
  const runtimeDir = resolve(options.runtimeDir ?? DEFAULT_RUNTIME_DIR);

  // Bind both ports first: with port 0 the card can only be written once the real ports are known.
  const app = express();
  app.disable('x-powered-by');
  const httpServer = createServer(app);
  const grpcServer = new grpc.Server();
  const httpPort = await listenHttp(httpServer, host, options.port ?? DEFAULT_PORT);
  let grpcPort: number;
  try {
    grpcPort = await bindGrpc(grpcServer, host, options.grpcPort ?? DEFAULT_GRPC_PORT);
  } catch (error) {
    await closeHttp(httpServer);
    throw error;
  }

  const base = `http://${hostPort(host, httpPort)}`;
  const grpcTarget = hostPort(host, grpcPort);
  const endpoints = { rpcUrl: `${base}${RPC_PATH}`, restUrl: `${base}${REST_PATH}`, grpcTarget };
  const agent = new SumAgent(stepDelayMs);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      agent.stopAll();
      await Promise.all([closeHttp(httpServer), closeGrpc(grpcServer)]);
    })();
    return closing;
  };

  try {
    const signer = await createCardSigner();
    const card = await signer.sign(buildAgentCard(endpoints));
    const jwksPath = await writeTrustedJwks(runtimeDir, signer.jwks);

    // Tasks and event buses are in memory only; every authenticated caller shares one scope.
    const sharedScope = () => 'demo';
    const requestHandler = new DemoRequestHandler(
      buildSdkAgentCard(card),
      new InMemoryTaskStore(sharedScope),
      agent,
      new DefaultExecutionEventBusManager(sharedScope),
    );
    const sdkOptions = { requestHandler, userBuilder: demoUserBuilder };

    app.use(corsFor(options.corsOrigins ?? DEFAULT_CORS_ORIGINS));
    app.use(CARD_PATH, agentCardRoute(card, requestHandler));
    app.get('/', (_req, res) => {
      res.json({
        agent: card['name'],
        card: `${base}${CARD_PATH}`,
        ...endpoints,
        grpcUrl: `http://${grpcTarget}`,
        auth: 'Authorization: Bearer <token>',
      });
    });
    app.use(RPC_PATH, jsonRpcBearerGuard(token), jsonRpcHandler({ ...sdkOptions, legacyCompat: { enabled: true } }));
    app.use(REST_PATH, restBearerGuard(token), restHandler({ ...sdkOptions, legacyCompat: { enabled: true } }));
    grpcServer.addService(A2AService, withGrpcBearer(grpcService(sdkOptions), token));
    grpcServer.addService(LegacyA2AService, withGrpcBearer(legacyGrpcService(sdkOptions), token));

    return {
      ...endpoints,
      grpcUrl: `http://${grpcTarget}`,
      cardUrl: `${base}${CARD_PATH}`,
      card,
      jwks: signer.jwks,
      jwksPath,
      token,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function closeHttp(server: ReturnType<typeof createServer>): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((done) => server.close(() => done()));
  // Open SSE streams and keep-alive sockets would otherwise hold close() open.
  server.closeAllConnections();
  await closed;
}

async function closeGrpc(server: grpc.Server): Promise<void> {
  await new Promise<void>((done) => {
    const timer = setTimeout(() => {
      server.forceShutdown();
      done();
    }, 1000);
    server.tryShutdown(() => {
      clearTimeout(timer);
      done();
    });
  });
}
