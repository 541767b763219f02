import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../../shared/card/card-types';
import { cardSchemeFor } from './card-scheme';

type Summary = Pick<CardSummary, 'interfaces' | 'securitySchemes' | 'securityRequirements'>;
const iface = (url: string): CardSummary['interfaces'][number] =>
  ({ index: 0, url, binding: 'JSONRPC', protocolVersion: '1.0', preferred: true }) as CardSummary['interfaces'][number];

const summary: Summary = {
  interfaces: [iface('http://127.0.0.1:9999/rpc')],
  securitySchemes: [
    { name: 'key', type: 'apiKey', label: 'API key in header X-Key' },
    { name: 'bearer', type: 'http', label: 'Bearer (JWT)' },
  ],
  securityRequirements: [{ schemes: [{ name: 'bearer', scopes: [] }] }],
};

describe('cardSchemeFor', () => {
  it('names the scheme the card requires, for an endpoint that is one of its interfaces', () => {
    expect(cardSchemeFor(summary, 'http://127.0.0.1:9999/rpc/')).toBe('bearer (Bearer (JWT))');
    expect(cardSchemeFor({ ...summary, securityRequirements: [] }, 'http://127.0.0.1:9999/rpc')).toBe('key (API key in header X-Key)');
  });

  it('says nothing for another agent, no card, or a card without schemes', () => {
    expect(cardSchemeFor(summary, 'http://other.example/rpc')).toBeUndefined();
    expect(cardSchemeFor(undefined, 'http://127.0.0.1:9999/rpc')).toBeUndefined();
    expect(cardSchemeFor({ ...summary, securitySchemes: [] }, 'http://127.0.0.1:9999/rpc')).toBeUndefined();
    expect(cardSchemeFor(summary, '')).toBeUndefined();
  });
});
