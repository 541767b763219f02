import { describe, expect, it } from 'vitest';
import { normaliseGrpcEndpoint } from './grpc-endpoint';

describe('gRPC endpoint forms', () => {
  it('takes a loopback host:port as plaintext and any other host as TLS, saying which', () => {
    expect(normaliseGrpcEndpoint('127.0.0.1:9998')).toEqual({
      endpoint: 'http://127.0.0.1:9998',
      secure: false,
      assumed: 'gRPC endpoint 127.0.0.1:9998 was taken as http://127.0.0.1:9998 (a loopback host: plaintext).',
    });
    expect(normaliseGrpcEndpoint('localhost:50051')?.endpoint).toBe('http://localhost:50051');
    expect(normaliseGrpcEndpoint('[::1]:50051')?.endpoint).toBe('http://[::1]:50051');
    expect(normaliseGrpcEndpoint('agent.example.com:443')).toMatchObject({ endpoint: 'https://agent.example.com:443', secure: true });
    expect(normaliseGrpcEndpoint('agent.example.com:443')?.assumed).toContain('TLS with the system trust store');
    expect(normaliseGrpcEndpoint('10.0.0.5:50051')?.secure).toBe(true);
  });

  it('honours grpc:// and grpcs://, and leaves http(s):// as given', () => {
    expect(normaliseGrpcEndpoint('grpc://agent.example.com:50051')).toMatchObject({ endpoint: 'http://agent.example.com:50051', secure: false });
    expect(normaliseGrpcEndpoint('grpcs://127.0.0.1:50051')).toMatchObject({ endpoint: 'https://127.0.0.1:50051', secure: true });
    expect(normaliseGrpcEndpoint('https://a:1')).toEqual({ endpoint: 'https://a:1', secure: true });
    expect(normaliseGrpcEndpoint('http://a:1')?.assumed).toBeUndefined();
  });

  it('refuses what is not host:port', () => {
    for (const bad of ['', 'host', 'host:', 'host:99999', 'host:0', 'a b:1', 'host:1/path', 'ftp://h:1', 'user@host:1'])
      expect(normaliseGrpcEndpoint(bad), bad).toBeUndefined();
  });
});
