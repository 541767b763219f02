import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GrpcTarget } from './a2a/grpc-adapter';
import type { GrpcCodec } from './a2a/grpc-codec';
import type { GrpcSessionPool } from './a2a/grpc-wire';
import { HttpPool } from './a2a/http-transport';
import type { HttpCookieJar } from './http/cookie-jar';

/** What the gRPC adapter keeps per core; created on the first gRPC call (gRPC loads lazily). */
export interface GrpcState {
  sessions: GrpcSessionPool;
  codec: GrpcCodec;
  /** Endpoint text → parsed target (the same endpoint is sent to again and again). */
  targets: Map<string, GrpcTarget>;
}

/**
 * The network state of one core: keep-alive HTTP connections, gRPC sessions, the loaded protos and
 * plain HTTP's cookie jar.
 * Owned by the core that created it (createCore) and closed with it, so two cores in one process
 * (tests, a CLI command beside a host) never share a connection, and nothing lives at module level.
 */
export class Connections {
  readonly http = new HttpPool();
  /** The folder holding the A2A protos (proto/). */
  readonly protoDir: string;
  /** Filled by the gRPC adapter on first use. */
  grpc: GrpcState | undefined;
  /** Plain HTTP's cookie jar (in memory), created when the first answer sets a cookie (http-send.ts). */
  cookies: HttpCookieJar | undefined;

  constructor(options: { protoDir?: string } = {}) {
    this.protoDir = options.protoDir ?? defaultProtoDir();
  }

  close(): void {
    this.http.close();
    this.grpc?.sessions.close();
    this.grpc = undefined;
    this.cookies = undefined;
  }
}

const protoMarker = 'lf/a2a/v1/a2a.proto';

/**
 * Where proto/ lives when the host names no folder (CoreEnv.protoDir): next to the sources (the
 * build keeps each module's own URL), else the working directory.
 */
export function defaultProtoDir(): string {
  const candidates: string[] = [];
  const here = typeof import.meta.url === 'string' ? dirname(fileURLToPath(import.meta.url)) : undefined;
  if (here) candidates.push(resolve(here, '../../proto'));
  candidates.push(resolve(process.cwd(), 'proto'));
  for (const dir of candidates) if (existsSync(join(dir, protoMarker))) return dir;
  return candidates[0] as string;
}
