import { describe, expect, it } from 'vitest';
import type { A2aCall } from './call';
import { checkCall, isJsonRpcEnvelope } from './call-checks';

const call = (over: Partial<A2aCall>): A2aCall => ({ version: '1.0', binding: 'JSONRPC', endpoint: 'http://h/rpc', method: 'SendMessage', body: {}, ...over });

describe('call checks', () => {
  it('refuses 0.3 over HTTP+JSON and gRPC with a clear message', () => {
    const r = checkCall(call({ version: '0.3', binding: 'HTTP+JSON', method: 'message/send' }));
    expect(r.refusal?.code).toBe('unsupported');
    expect(r.refusal?.message).toMatch(/JSON-RPC only/);
    expect(checkCall(call({ version: '0.3', binding: 'GRPC', method: 'message/send' })).refusal?.code).toBe('unsupported');
  });

  it('refuses a JSON-RPC envelope as a REST/gRPC body and says what belongs there', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm' } } };
    const r = checkCall(call({ binding: 'HTTP+JSON', body }));
    expect(r.refusal?.code).toBe('bad-request');
    expect(r.refusal?.message).toMatch(/request object itself/);
    expect(r.refusal?.message).toMatch(/keys: message/);
    expect(checkCall(call({ binding: 'GRPC', body: { id: 1, params: {} } })).refusal?.message).toMatch(/ProtoJSON/);
    expect(isJsonRpcEnvelope({ id: 'task-1', historyLength: 2 })).toBe(false);
  });

  it('sends unknown JSON-RPC methods as written, with a hint about the other version', () => {
    const r = checkCall(call({ version: '0.3', method: 'SendMessage' }));
    expect(r.refusal).toBeUndefined();
    expect(r.warnings[0]).toMatch(/A2A 1.0 method.*message\/send/);
    expect(checkCall(call({ binding: 'GRPC', method: 'message/send' })).refusal?.message).toMatch(/SendMessage/);
  });
});
