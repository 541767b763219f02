import type { Binding } from '../../shared/a2a/versions';
import { UsageError } from './cli-types';

/** `--binding` in any case, with the names people type: JSON-RPC, REST, HTTP, gRPC. */
export function parseBinding(value: string): Binding {
  const normal = value.trim().toUpperCase();
  if (normal === 'JSONRPC' || normal === 'JSON-RPC') return 'JSONRPC';
  if (normal === 'HTTP+JSON' || normal === 'REST' || normal === 'HTTP') return 'HTTP+JSON';
  if (normal === 'GRPC') return 'GRPC';
  throw new UsageError(`--binding takes JSONRPC, HTTP+JSON or GRPC (or JSON-RPC, REST, gRPC), not "${value}".`);
}
