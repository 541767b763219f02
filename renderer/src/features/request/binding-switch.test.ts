import { describe, expect, it } from 'vitest';
import type { CardInterfaceSummary } from '../../../../shared/card/card-types';
import { cardInterfaceRefs, endpointOnBindingSwitch } from './binding-switch';

const card: CardInterfaceSummary[] = [
  { index: 0, url: 'http://127.0.0.1:9999/rpc', binding: 'JSONRPC', protocolVersion: '1.0', preferred: true, callable: true },
  { index: 1, url: 'http://127.0.0.1:9999/rest', binding: 'HTTP+JSON', protocolVersion: '1.0', preferred: false, callable: true, tenant: 't1' },
  { index: 2, url: '127.0.0.1:9998', binding: 'GRPC', protocolVersion: '1.0.0', preferred: false, callable: true },
  { index: 3, url: 'http://x/ws', binding: 'urn:custom', protocolVersion: '1.0', preferred: false, callable: false },
  { index: 4, url: 'http://127.0.0.1:9999/v03', binding: 'JSONRPC', protocolVersion: '0.3', preferred: false, callable: true },
];

describe('switching binding', () => {
  const refs = cardInterfaceRefs(card);

  it('keeps only callable core interfaces of the card', () => {
    expect(refs.map((r) => `${r.binding} ${r.version}`)).toEqual(['JSONRPC 1.0', 'HTTP+JSON 1.0', 'GRPC 1.0', 'JSONRPC 0.3']);
  });

  it("offers the applied card's interface for the new binding (same version)", () => {
    const draft = { binding: 'JSONRPC' as const, version: '1.0' as const, endpoint: 'http://127.0.0.1:9999/rpc', cardInterfaces: refs };
    expect(endpointOnBindingSwitch(draft, 'HTTP+JSON')).toEqual({ kind: 'from-card', endpoint: 'http://127.0.0.1:9999/rest', tenant: 't1' });
    expect(endpointOnBindingSwitch(draft, 'GRPC')).toEqual({ kind: 'from-card', endpoint: '127.0.0.1:9998' });
    expect(endpointOnBindingSwitch(draft, 'JSONRPC')).toEqual({ kind: 'unchanged' });
  });

  it('clears the old address with a note when no card interface fits, and leaves an empty field alone', () => {
    const draft = { binding: 'JSONRPC' as const, version: '1.0' as const, endpoint: 'http://127.0.0.1:9999/rpc' };
    expect(endpointOnBindingSwitch(draft, 'HTTP+JSON')).toEqual({ kind: 'cleared', previous: 'http://127.0.0.1:9999/rpc', from: 'JSONRPC' });
    expect(endpointOnBindingSwitch({ ...draft, cardInterfaces: refs.filter((r) => r.binding !== 'GRPC') }, 'GRPC')).toMatchObject({ kind: 'cleared' });
    expect(endpointOnBindingSwitch({ ...draft, endpoint: '  ' }, 'GRPC')).toEqual({ kind: 'unchanged' });
  });
});
