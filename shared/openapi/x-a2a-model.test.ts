import { describe, expect, it } from 'vitest';
import { callFromXA2a } from './call-from-operation';
import { authConfigFromXA2a, literalSecretOf, readXA2a, xa2aAuthFromConfig } from './x-a2a-model';
import { literalSecretsOf } from './x-mcp-model';
import schema from './x-a2a.schema.json';

describe('x-a2a model', () => {
  it('a credential typed as only a {{variable}} is saved as that reference, never stored as a secret (A2A, HTTP OAuth and MCP alike)', () => {
    for (const value of ['{{token}}', ' {{ token }} ', '{{$uuid}}']) {
      const auth = { type: 'bearer' as const, token: { value } };
      expect(literalSecretOf(auth)).toBeUndefined();
      expect(xa2aAuthFromConfig(auth)).toEqual({ scheme: 'bearer', secretRef: value.trim() });
      expect(literalSecretsOf({ transport: 'auto', endpoint: 'http://h/mcp', auth })).toEqual([]);
    }
    // A real token, or one with a variable inside it, is still a literal for the secret store.
    for (const value of ['tok-123', 'Bearer {{token}}', '{{token}}x']) {
      expect(literalSecretOf({ type: 'apiKey', in: 'header', name: 'X-Key', value: { value } })).toBe(value);
      expect(literalSecretsOf({ transport: 'auto', endpoint: 'http://h/mcp', auth: { type: 'bearer', token: { value } } })).toEqual([{ where: 'auth', value }]);
    }
  });

  it('reads a saved operation and turns it back into the call the core sends', () => {
    const read = readXA2a({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://127.0.0.1:1/rpc',
      method: 'SendMessage',
      auth: { scheme: 'bearer', secretRef: 'demo-token' },
      headers: [{ name: 'X-Trace', value: 'on' }],
      requestSchema: {},
      responseSchema: {},
      example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm' } } },
      'x-user-note': 'kept',
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const call = callFromXA2a(read.value);
    expect(call.body).toEqual({ message: { messageId: 'm' } });
    expect(call.method).toBe('SendMessage');
    expect(call.auth).toEqual({ type: 'bearer', token: { secretRef: 'demo-token' } });
    expect(call.headers).toEqual([{ name: 'X-Trace', value: 'on' }]);
  });

  it('says why an x-a2a value is unusable', () => {
    expect(readXA2a({ version: '2.0' })).toMatchObject({ ok: false, message: expect.stringContaining('version') });
    expect(readXA2a({ version: '1.0', binding: 'SOAP' })).toMatchObject({ ok: false, message: expect.stringContaining('binding') });
    expect(readXA2a('nope')).toMatchObject({ ok: false });
  });

  it('maps auth references both ways and never turns a literal into a reference silently', () => {
    for (const auth of [
      { scheme: 'bearer', env: 'TOKEN' },
      { scheme: 'apiKey', in: 'header', name: 'X-Key', secretRef: 'k' },
      { scheme: 'basic', username: 'ann', secretRef: 'pw' },
    ] as const) {
      expect(xa2aAuthFromConfig(authConfigFromXA2a(auth))).toEqual(auth);
    }
    expect(() => xa2aAuthFromConfig({ type: 'bearer', token: { value: 'literal' } })).toThrow();
    expect(xa2aAuthFromConfig({ type: 'bearer', token: { value: 'literal' } }, 'stored')).toEqual({ scheme: 'bearer', secretRef: 'stored' });
  });

  it('publishes a JSON Schema that forbids literal credentials', () => {
    const auth = (schema.$defs as Record<string, { additionalProperties?: boolean; properties?: Record<string, unknown> }>)['auth'];
    expect(auth?.additionalProperties).toBe(false);
    expect(Object.keys(auth?.properties ?? {})).not.toContain('value');
    expect(schema.required).toEqual(expect.arrayContaining(['version', 'binding', 'endpoint', 'method', 'requestSchema', 'responseSchema', 'example']));
  });
});
