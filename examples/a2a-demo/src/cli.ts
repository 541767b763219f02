import { relative } from 'node:path';
import { DEFAULT_GRPC_PORT, DEFAULT_PORT, DEMO_TOKEN } from './defaults.js';
import { startDemo, type StartDemoOptions } from './server.js';

/** `npm start`: reads PORT, GRPC_PORT, A2A_TOKEN and CORS_ORIGINS, starts the demo, stops on Ctrl+C. */

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name}="${raw}" is not a port number (0-65535).`);
  }
  return port;
}

function optionsFromEnv(): StartDemoOptions {
  const origins = process.env['CORS_ORIGINS'];
  return {
    port: portFromEnv('PORT', DEFAULT_PORT),
    grpcPort: portFromEnv('GRPC_PORT', DEFAULT_GRPC_PORT),
    ...(process.env['A2A_TOKEN'] ? { token: process.env['A2A_TOKEN'] } : {}),
    ...(origins !== undefined && origins.trim() !== ''
      ? {
          corsOrigins: origins
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

async function main(): Promise<void> {
  const demo = await startDemo(optionsFromEnv());
  const tokenNote = demo.token === DEMO_TOKEN ? ' (the public demo token: local use only)' : ' (from A2A_TOKEN)';
  console.log(
    [
      'Powerduck A2A demo agent is running (loopback only).',
      `  Agent card  ${demo.cardUrl}`,
      `  JSON-RPC    ${demo.rpcUrl}`,
      `  REST        ${demo.restUrl}`,
      `  gRPC        ${demo.grpcUrl} (plaintext)`,
      `  Token       Authorization: Bearer ${demo.token}${tokenNote}`,
      `  Trusted keys ${relative(process.cwd(), demo.jwksPath) || demo.jwksPath} (new keys at every start: re-read it after a restart)`,
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    demo.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`a2a-demo: ${message.split('\n')[0]}`);
  process.exit(1);
});
