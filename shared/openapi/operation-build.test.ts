import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { buildOperation } from './operation-build';
import { saveableCombinations } from './spec-catalogue';

const message = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
const call = (over: Partial<A2aCall>): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:1/rpc',
  method: 'SendMessage',
  body: { message },
  ...over,
});

describe('buildOperation', () => {
  it('saves JSON-RPC params as the whole envelope, with the method from the body', () => {
    const built = buildOperation({ call: call({}) });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const x = built.value.fields['x-a2a'];
    expect(x.example).toEqual({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message } });
    expect(x.method).toBe('SendMessage');
    expect(built.value.fields['x-protocol']).toBe('a2a');
    expect(x.requestSchema).toEqual({ $ref: '#/components/schemas/A2A_1.0_SendMessage_Request' });
    expect(Object.keys(built.value.components)).toEqual([
      'A2A_1.0_SendMessage_Request',
      'A2A_1.0_SendMessage_Response',
      'A2A_1.0_SendMessage_JSONRPC_Response',
      'A2A_JSONRPC_Error',
    ]);
    // Each operation refers to the shared envelope schema instead of repeating it.
    const ok = (built.value.fields.responses as Record<string, { content: Record<string, { schema: unknown }> }>)['200'];
    expect(ok?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/A2A_1.0_SendMessage_JSONRPC_Response' });
    expect(built.value.components['A2A_1.0_SendMessage_JSONRPC_Response']).toMatchObject({
      properties: { result: { $ref: '#/components/schemas/A2A_1.0_SendMessage_Response' } },
    });
  });

  it("takes x-a2a.method from a drafted envelope's method, not from the picker", () => {
    const envelope = { jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 't-1' } };
    const built = buildOperation({ call: call({ method: 'SendMessage', body: envelope }) });
    expect(built.ok && built.value.fields['x-a2a'].method).toBe('GetTask');
    expect(built.ok && built.value.fields['x-a2a'].example).toEqual(envelope);
  });

  it('keeps the REST and gRPC request object as the example', () => {
    const rest = buildOperation({ call: call({ binding: 'HTTP+JSON', method: 'GetTask', body: { id: 't-1', historyLength: 2 } }) });
    expect(rest.ok && rest.value.fields['x-a2a'].example).toEqual({ id: 't-1', historyLength: 2 });
    const grpc = buildOperation({ call: call({ binding: 'GRPC', endpoint: 'http://127.0.0.1:2', method: 'CancelTask', body: { id: 't-1' } }) });
    expect(grpc.ok && grpc.value.fields['x-a2a'].example).toEqual({ id: 't-1' });
  });

  it('describes streaming methods as text/event-stream with an itemSchema', () => {
    const built = buildOperation({ call: call({ method: 'SendStreamingMessage' }) });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const ok = (built.value.fields.responses as Record<string, { content: Record<string, Record<string, unknown>> }>)['200'];
    expect(ok?.content['text/event-stream']?.['itemSchema']).toEqual({ $ref: '#/components/schemas/A2A_1.0_SendStreamingMessage_JSONRPC_StreamItem' });
    expect(ok?.content['application/json']?.['schema']).toEqual({ $ref: '#/components/schemas/A2A_JSONRPC_ErrorResponse' });
    expect(built.value.components['A2A_1.0_SendStreamingMessage_JSONRPC_StreamItem']).toMatchObject({
      properties: {
        data: {
          contentMediaType: 'application/json',
          contentSchema: { properties: { result: { $ref: '#/components/schemas/A2A_1.0_SendStreamingMessage_Event' } } },
        },
      },
    });
    expect(built.value.fields['x-a2a'].responseSchema).toEqual({ $ref: '#/components/schemas/A2A_1.0_SendStreamingMessage_Event' });
  });

  it('describes unary methods as application/json', () => {
    const built = buildOperation({ call: call({ binding: 'HTTP+JSON', method: 'GetTask', body: { id: 't' } }) });
    const responses = built.ok ? (built.value.fields.responses as Record<string, { content: Record<string, unknown> }>) : {};
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['application/json']);
    expect(responses['default']).toBeDefined();
  });

  it('refuses what it cannot save faithfully', () => {
    expect(buildOperation({ call: call({ method: 'Nope' }) })).toMatchObject({ ok: false });
    expect(buildOperation({ call: call({ version: '0.3', binding: 'HTTP+JSON', method: 'message/send' }) })).toMatchObject({ ok: false });
    expect(buildOperation({ call: call({ binding: 'HTTP+JSON', body: [1, 2] }) })).toMatchObject({ ok: false });
    const literal = call({ auth: { type: 'bearer', token: { value: 'secret-value-1234' } } });
    expect(buildOperation({ call: literal })).toMatchObject({ ok: false });
    const header = call({ headers: [{ name: 'Authorization', value: 'Bearer secret-value-1234' }] });
    expect(buildOperation({ call: header })).toMatchObject({ ok: false, message: expect.stringContaining('Authorization') });
  });

  it('writes a literal credential only as the reference it was stored under', () => {
    const built = buildOperation({ call: call({ auth: { type: 'bearer', token: { value: 'secret-value-1234' } } }), literalSecretName: 'research-token' });
    expect(built.ok && built.value.fields['x-a2a'].auth).toEqual({ scheme: 'bearer', secretRef: 'research-token' });
    expect(JSON.stringify(built)).not.toContain('secret-value-1234');
  });

  it('builds every saveable method, binding and version', () => {
    const combos = saveableCombinations();
    expect(combos.length).toBe(11 * 3 + 10);
    for (const c of combos) {
      const built = buildOperation({ call: call({ version: c.version, binding: c.binding, method: c.method, body: {} }) });
      expect(built.ok, `${c.version} ${c.binding} ${c.method}`).toBe(true);
    }
  });
});
