import { describe, expect, it } from 'vitest';
import { v03Card, v1Card } from '../../test/card/fixtures';
import { applyInterface, methodForVersion } from './apply-interface';

const bearer = { type: 'bearer' as const, token: { secretRef: 'ledger-token' } };
const current = {
  endpoint: 'https://ledger.example.test/a2a/jsonrpc',
  binding: 'JSONRPC' as const,
  version: '1.0' as const,
  method: 'SendMessage',
  auth: bearer,
};

describe('apply interface', () => {
  it('keeps credentials on the same origin and sets endpoint, binding and tenant', () => {
    const outcome = applyInterface({ card: v1Card(), interfaceIndex: 1, current });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.result.draft).toEqual({
      endpoint: 'https://ledger.example.test/a2a/rest',
      binding: 'HTTP+JSON',
      version: '1.0',
      tenant: 'acme',
      method: 'SendMessage',
      auth: bearer,
    });
    expect(outcome.result.auth).toMatchObject({ carry: 'same-origin', needsConfirmation: false });
    expect(outcome.result.changes.map((c) => c.field)).toEqual(['endpoint', 'binding', 'tenant']);
  });

  it('withholds credentials on another origin until the user confirms', () => {
    const withheld = applyInterface({ card: v1Card(), interfaceIndex: 2, current });
    if (!withheld.ok) throw new Error(withheld.message);
    expect(withheld.result.draft.auth).toEqual({ type: 'none' });
    expect(withheld.result.draft.endpoint).toBe('https://grpc.ledger.example.test:443');
    expect(withheld.result.warnings[0]).toMatch(/assumed TLS/);
    expect(withheld.result.auth).toMatchObject({
      carry: 'withheld',
      needsConfirmation: true,
      fromOrigin: 'https://ledger.example.test:443',
      toOrigin: 'https://grpc.ledger.example.test:443',
    });
    expect(withheld.result.changes).toContainEqual({ field: 'auth', from: 'bearer', to: 'none' });

    const confirmed = applyInterface({ card: v1Card(), interfaceIndex: 2, current, carryAuth: true });
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.result.draft.auth).toEqual(bearer);
    expect(confirmed.result.auth.carry).toBe('confirmed');
  });

  it('assumes plaintext for a bare loopback gRPC host:port', () => {
    const card = v1Card();
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[2]!['url'] = '127.0.0.1:50051';
    const outcome = applyInterface({ card, interfaceIndex: 2, current });
    expect(outcome.ok && outcome.result.draft.endpoint).toBe('http://127.0.0.1:50051');
  });

  it('treats a different port or scheme as another origin', () => {
    const card = v1Card();
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[1]!['url'] = 'https://ledger.example.test:8443/a2a/rest';
    const outcome = applyInterface({ card, interfaceIndex: 1, current });
    expect(outcome.ok && outcome.result.auth.carry).toBe('withheld');
  });

  it('needs no confirmation when the draft has no credentials', () => {
    const outcome = applyInterface({ card: v1Card(), interfaceIndex: 2, current: { ...current, auth: { type: 'none' } } });
    expect(outcome.ok && outcome.result.auth).toMatchObject({ carry: 'no-auth', needsConfirmation: false });
  });

  it('maps the method name when the version changes, and clears a tenant the interface does not have', () => {
    const outcome = applyInterface({
      card: v03Card(),
      interfaceIndex: 0,
      current: { ...current, endpoint: 'https://ledger.example.test/a2a/rest', binding: 'HTTP+JSON', tenant: 'acme' },
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.result.draft).toMatchObject({ version: '0.3', binding: 'JSONRPC', method: 'message/send' });
    expect(outcome.result.draft).not.toHaveProperty('tenant');
    expect(outcome.result.changes).toContainEqual({ field: 'tenant', from: 'acme' });
    expect(outcome.result.changes).toContainEqual({ field: 'method', from: 'SendMessage', to: 'message/send' });
  });

  it('warns when the method has no equivalent in the target version', () => {
    const outcome = applyInterface({ card: v03Card(), interfaceIndex: 0, current: { ...current, method: 'ListTasks' } });
    expect(outcome.ok && outcome.result.warnings[0]).toMatch(/ListTasks has no A2A 0.3 equivalent/);
  });

  it('refuses interfaces Powerduck cannot call and indexes that do not exist', () => {
    const notCallable = applyInterface({ card: v03Card(), interfaceIndex: 1, current });
    expect(notCallable).toMatchObject({ ok: false, reason: 'not-callable' });
    expect(applyInterface({ card: v1Card(), interfaceIndex: 9, current })).toMatchObject({ ok: false, reason: 'no-such-interface' });
  });

  it('maps method names both ways', () => {
    expect(methodForVersion('tasks/get', '1.0')).toBe('GetTask');
    expect(methodForVersion('GetExtendedAgentCard', '0.3')).toBe('agent/getAuthenticatedExtendedCard');
    expect(methodForVersion('ListTasks', '0.3')).toBeUndefined();
  });
});
