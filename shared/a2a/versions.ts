export const a2aVersions = ['1.0', '0.3'] as const;
export type A2aVersion = (typeof a2aVersions)[number];

export const bindings = ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const;
export type Binding = (typeof bindings)[number];

/** A2A 0.3 is only offered over JSON-RPC in Powerduck (A2A 0.3 REST and gRPC are out of scope). */
export function bindingsFor(version: A2aVersion): readonly Binding[] {
  return version === '0.3' ? ['JSONRPC'] : bindings;
}

export function isA2aVersion(value: unknown): value is A2aVersion {
  return value === '1.0' || value === '0.3';
}

export function isBinding(value: unknown): value is Binding {
  return typeof value === 'string' && (bindings as readonly string[]).includes(value);
}
