import { describe, expect, it } from 'vitest';
import { checkCatalog, checksInGroups } from './check-catalog';
import { checkGroups } from './check-types';
import { grpcEndpoint, readCardTarget, selectInterfaces } from './card-target';
import { messageJson, sendParams } from './probe-messages';

describe('reading the card for the checks', () => {
  it('takes 1.0 interfaces in order, maps bare gRPC host:port, and skips what it cannot check', () => {
    const target = readCardTarget({
      name: 'A',
      version: '2.1.0',
      supportedInterfaces: [
        { url: 'https://a.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0.1' },
        { url: 'a.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: '127.0.0.1:50051', protocolBinding: 'GRPC', protocolVersion: '1.0', tenant: 't1' },
        { url: 'https://a.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' },
        { url: 'https://a.example/ws', protocolBinding: 'urn:example:ws', protocolVersion: '1.0' },
        { url: 'https://a.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '2.0' },
      ],
      capabilities: { streaming: true, pushNotifications: false },
      skills: [{ examples: ['sum 1 2', ''] }, { examples: ['more'] }],
    });
    expect(target.interfaces).toEqual([
      { binding: 'JSONRPC', version: '1.0', url: 'https://a.example/rpc' },
      { binding: 'GRPC', version: '1.0', url: 'https://a.example:443' },
      { binding: 'GRPC', version: '1.0', url: 'http://127.0.0.1:50051', tenant: 't1' },
    ]);
    expect(target.ignored).toHaveLength(3);
    expect(target.notes[0]).toContain('TLS');
    expect(target.capabilities).toEqual({ streaming: true, pushNotifications: false });
    expect(target.examples).toEqual(['sum 1 2', 'more']);
    expect(selectInterfaces(target.interfaces, { binding: 'GRPC' })).toHaveLength(2);
  });

  it('reads a 0.3 card (url + preferredTransport + additionalInterfaces, supportsAuthenticatedExtendedCard)', () => {
    const target = readCardTarget({
      name: 'Old',
      url: 'https://old.example/a2a',
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      additionalInterfaces: [{ url: 'https://old.example/v1', transport: 'HTTP+JSON' }],
      supportsAuthenticatedExtendedCard: true,
      capabilities: {},
    });
    expect(target.interfaces).toEqual([{ binding: 'JSONRPC', version: '0.3', url: 'https://old.example/a2a' }]);
    expect(target.ignored[0]).toContain('0.3 is checked over JSON-RPC only');
    expect(target.capabilities).toEqual({ extendedAgentCard: true });
  });

  it('maps gRPC schemes explicitly', () => {
    expect(grpcEndpoint('grpc://a.example:9000').endpoint).toBe('http://a.example:9000');
    expect(grpcEndpoint('grpcs://localhost:9000').endpoint).toBe('https://localhost:9000');
    expect(grpcEndpoint('https://a.example:443')).toEqual({ endpoint: 'https://a.example:443' });
  });
});

describe('the catalogue and probe shapes', () => {
  it('has unique ids, one per group prefix, and every group used', () => {
    const ids = checkCatalog.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of checkCatalog) expect(check.id.startsWith(`${check.group}.`)).toBe(true);
    for (const group of checkGroups) expect(checksInGroups([group]).length).toBeGreaterThan(0);
    expect(checksInGroups(undefined)).toBe(checkCatalog);
  });

  it("writes messages in each version's dialect, blocking made explicit for 0.3", () => {
    const message = {
      messageId: 'm',
      role: 'user' as const,
      parts: [{ text: 'hi' }, { url: 'https://x/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' }],
    };
    expect(messageJson('1.0', message)).toEqual({
      messageId: 'm',
      role: 'ROLE_USER',
      parts: [{ text: 'hi' }, { url: 'https://x/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' }],
    });
    expect(messageJson('0.3', { ...message, role: 'unspecified' })).toEqual({
      kind: 'message',
      messageId: 'm',
      parts: [
        { kind: 'text', text: 'hi' },
        { kind: 'file', file: { uri: 'https://x/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' } },
      ],
    });
    expect(sendParams('0.3', message)).toMatchObject({ configuration: { blocking: true } });
    expect(sendParams('1.0', message)).not.toHaveProperty('configuration');
  });
});
