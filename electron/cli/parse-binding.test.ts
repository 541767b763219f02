import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-types';
import { parseBinding } from './parse-binding';

describe('parseBinding', () => {
  it('accepts the spec names in any case and the names people type', () => {
    expect(['JSONRPC', 'jsonrpc', 'JSON-RPC'].map(parseBinding)).toEqual(['JSONRPC', 'JSONRPC', 'JSONRPC']);
    expect(['HTTP+JSON', 'rest', 'http'].map(parseBinding)).toEqual(['HTTP+JSON', 'HTTP+JSON', 'HTTP+JSON']);
    expect(['GRPC', 'gRPC'].map(parseBinding)).toEqual(['GRPC', 'GRPC']);
  });

  it('refuses anything else as a usage error naming the choices', () => {
    expect(() => parseBinding('soap')).toThrow(UsageError);
    expect(() => parseBinding('soap')).toThrow(/JSONRPC, HTTP\+JSON or GRPC/);
  });
});
