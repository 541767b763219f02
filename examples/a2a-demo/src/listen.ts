import type { Server as HttpServer } from 'node:http';
import { createServer, isIP } from 'node:net';
import * as grpc from '@grpc/grpc-js';

/** Thrown when a port cannot be bound; the message is one line and names the port. */
export class PortError extends Error {
  readonly port: number;
  readonly code: string;
  constructor(port: number, code: string, message: string) {
    super(message);
    this.name = 'PortError';
    this.port = port;
    this.code = code;
  }
}

/** The demo never listens beyond this machine. */
export function assertLoopbackHost(host: string): void {
  const loopback = host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
  if (!loopback) throw new Error(`The demo binds loopback only; "${host}" is not a loopback address.`);
}

/** `host:port` with IPv6 brackets, for URLs and gRPC targets. */
export function hostPort(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

function describe(port: number, code: string | undefined, what: string, envVar: string): PortError {
  const reason = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'is not allowed' : 'could not be opened';
  return new PortError(port, code ?? 'ELISTEN', `Port ${port} ${reason} (${what}); stop whatever holds it or set ${envVar}.`);
}

export async function listenHttp(server: HttpServer, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(describe(port, error.code, 'HTTP: JSON-RPC, REST and the agent card', 'PORT'));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host, port, exclusive: true });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('HTTP server has no TCP address');
  return address.port;
}

/** Opens and closes a plain TCP listener on the port, failing with a PortError if it is taken. */
async function probePort(host: string, port: number, what: string, envVar: string): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => reject(describe(port, error.code, what, envVar)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export async function bindGrpc(server: grpc.Server, host: string, port: number): Promise<number> {
  // grpc-js logs its own error lines for a busy port; probing first keeps the report to one line.
  if (port !== 0) await probePort(host, port, 'gRPC', 'GRPC_PORT');
  return new Promise((resolve, reject) => {
    server.bindAsync(hostPort(host, port), grpc.ServerCredentials.createInsecure(), (error, boundPort) => {
      if (!error) return resolve(boundPort);
      // grpc-js folds the errno into its message ("No address added … EADDRINUSE …").
      const code = /EADDRINUSE|EACCES/.exec(error.message)?.[0];
      reject(describe(port, code, 'gRPC', 'GRPC_PORT'));
    });
  });
}
