import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { codeExamples, codeExamplesForCall } from './code-examples';

const call: A2aCall = {
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:9999/rpc',
  method: 'SendMessage',
  body: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: '[12,30]' }] } },
  auth: { type: 'bearer', token: { secretRef: 'demo-token' } },
  headers: [
    { name: 'X-Trace', value: 't' },
    { name: 'Authorization', value: 'Bearer sk-live-99999' },
    { name: 'X-Off', value: '1', enabled: false },
  ],
};

describe('code for the request in the pane', () => {
  it('is the docs generator over the same call: curl, fetch and Python for HTTP bindings', () => {
    const { examples, notes } = codeExamplesForCall(call);
    expect(examples.map((e) => e.id)).toEqual(['curl', 'fetch', 'python']);
    const curl = examples[0]?.code ?? '';
    expect(curl).toContain("-X POST 'http://127.0.0.1:9999/rpc'");
    expect(curl).toContain('"params":{"message"');
    expect(curl).toContain('$DEMO_TOKEN');
    expect(curl).toContain('X-Trace: t');
    expect(curl).not.toContain('X-Off');
    expect(JSON.stringify(examples)).not.toContain('sk-live-99999');
    expect(notes.join(' ')).toContain('Authorization carries a credential');
    // Identical to what the saved operation's docs show.
    const saved = codeExamples({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: call.endpoint,
      method: 'SendMessage',
      auth: { scheme: 'bearer', secretRef: 'demo-token' },
      headers: [{ name: 'X-Trace', value: 't' }],
      requestSchema: {},
      responseSchema: {},
      example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: call.body },
    });
    expect(examples).toEqual(saved.examples);
  });

  it('uses the route table for HTTP+JSON and grpcurl for gRPC host:port', () => {
    const rest = codeExamplesForCall({ ...call, binding: 'HTTP+JSON', method: 'GetTask', body: { id: 't/1' }, endpoint: 'http://h/rest', headers: [] });
    expect(rest.examples[0]?.code).toContain("-X GET 'http://h/rest/tasks/t%2F1'");
    const grpc = codeExamplesForCall({ ...call, binding: 'GRPC', endpoint: '127.0.0.1:9998', headers: [] });
    expect(grpc.examples.map((e) => e.id)).toEqual(['grpcurl']);
    expect(grpc.examples[0]?.code).toContain('-plaintext');
    expect(grpc.examples[0]?.code).toContain('127.0.0.1:9998');
    expect(codeExamplesForCall({ ...call, binding: 'GRPC', endpoint: 'agent.example.com:443', headers: [] }).examples[0]?.code).not.toContain('-plaintext');
  });

  it('never prints a literal credential typed for one send', () => {
    const { examples } = codeExamplesForCall({ ...call, auth: { type: 'bearer', token: { value: 'typed-once-777' } }, headers: [] });
    expect(JSON.stringify(examples)).not.toContain('typed-once-777');
    expect(examples[0]?.code).toContain('$TOKEN');
  });
});
