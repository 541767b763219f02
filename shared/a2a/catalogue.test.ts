import { describe, expect, it } from 'vitest';
import { exampleBody } from './body-templates';
import { findMethod, isStreamingMethod, methodsFor } from './catalogue';
import { requestSchema, responseSchema, schemaDefs } from './method-schemas';

describe('method catalogue', () => {
  it('lists 11 methods for 1.0 on every binding and 10 JSON-RPC methods for 0.3', () => {
    for (const b of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) expect(methodsFor('1.0', b)).toHaveLength(11);
    expect(methodsFor('0.3', 'JSONRPC')).toHaveLength(10);
    expect(methodsFor('0.3', 'GRPC')).toHaveLength(0);
    expect(
      methodsFor('1.0')
        .filter((m) => m.streaming)
        .map((m) => m.name),
    ).toEqual(['SendStreamingMessage', 'SubscribeToTask']);
    expect(isStreamingMethod('0.3', 'tasks/resubscribe')).toBe(true);
  });

  it('points every request/response type at an existing definition and builds self-contained schemas', () => {
    for (const version of ['1.0', '0.3'] as const) {
      for (const m of methodsFor(version)) {
        const defs = schemaDefs(version, true);
        if (m.requestType) expect(defs[m.requestType], `${m.name} request`).toBeDefined();
        expect(defs[m.responseType], `${m.name} response`).toBeDefined();
        const req = requestSchema(version, m.name) as Record<string, unknown>;
        const res = responseSchema(version, m.name) as Record<string, unknown>;
        expect(req['$schema']).toMatch(/2020-12/);
        for (const schema of [req, res]) {
          const text = JSON.stringify(schema);
          const refs = [...text.matchAll(/"#\/\$defs\/([^"]+)"/g)].map((x) => x[1] as string);
          const defsOf = (schema['$defs'] ?? {}) as Record<string, unknown>;
          for (const r of refs) expect(defsOf[r], `${m.name}: $ref ${r}`).toBeDefined();
        }
        const counterpart = m.counterpart ? findMethod(version === '1.0' ? '0.3' : '1.0', m.counterpart) : undefined;
        if (m.counterpart) expect(counterpart?.counterpart).toBe(m.name);
      }
    }
  });

  it('generates bodies with a fresh messageId in the right dialect', () => {
    const a = exampleBody('1.0', 'SendMessage') as { message: { messageId: string; role: string } };
    const b = exampleBody('1.0', 'SendMessage') as { message: { messageId: string } };
    expect(a.message.role).toBe('ROLE_USER');
    expect(a.message.messageId).not.toBe(b.message.messageId);
    expect(exampleBody('0.3', 'message/send')).toMatchObject({
      message: { kind: 'message', role: 'user', parts: [{ kind: 'text' }] },
      configuration: { blocking: true },
    });
    expect(exampleBody('1.0', 'GetTask', { taskId: 't9' })).toEqual({ id: 't9', historyLength: 10 });
    expect(exampleBody('0.3', 'agent/getAuthenticatedExtendedCard')).toBeUndefined();
    expect(exampleBody('1.0', 'Nope')).toBeUndefined();
  });
});
