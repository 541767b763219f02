import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { codeExamples, codeExamplesForCall } from './code-examples';
import { httpCodeExamples } from '../http/http-code';

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

  it('reads a secret-backed {{variable}} from $SECRET_NAME as the HTTP examples do, in the URL, a header, the body and auth', () => {
    const secretVariables = new Map([
      ['tok', 'staging-token'],
      ['tenantKey', 'tenant.key'],
    ]);
    const withSecrets: A2aCall = {
      ...call,
      endpoint: 'http://127.0.0.1:9999/rpc?k={{tenantKey}}',
      auth: { type: 'bearer', token: { secretRef: '{{tok}}' } },
      headers: [
        { name: 'X-Tenant', value: 'id-{{tenantKey}}' },
        { name: 'Authorization', value: 'Bearer {{tok}}' },
      ],
      body: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'key {{tenantKey}}' }] } },
    };
    const { examples, notes } = codeExamplesForCall(withSecrets, { secretVariables });
    const [curl, fetch, python] = examples.map((e) => e.code);
    const http = httpCodeExamples(
      { method: 'POST', url: 'http://127.0.0.1:9999/rpc?k={{tenantKey}}', headers: [{ name: 'X-Tenant', value: 'id-{{tenantKey}}' }] },
      { secretVariables },
    );
    // The same words as the HTTP tab's curl for the same text.
    expect(http.curl).toContain(`'http://127.0.0.1:9999/rpc?k='"$TENANT_KEY"`);
    expect(curl).toContain(`-X POST 'http://127.0.0.1:9999/rpc?k='"$TENANT_KEY"`);
    expect(http.curl).toContain(`-H 'X-Tenant: id-'"$TENANT_KEY"`);
    expect(curl).toContain(`-H 'X-Tenant: id-'"$TENANT_KEY"`);
    expect(curl).toContain(`key '"$TENANT_KEY"'`);
    expect(curl).toContain('curl -g');
    expect(curl).toContain('-H "Authorization: Bearer $STAGING_TOKEN"');
    // A credential header that holds only a secret-backed variable prints no secret: kept, read from the environment.
    expect(curl).toContain(`-H 'Authorization: Bearer '"$STAGING_TOKEN"`);
    expect(fetch).toContain('"X-Tenant": "id-" + process.env.TENANT_KEY');
    expect(fetch).toContain('+ process.env.TENANT_KEY + ');
    expect(python).toContain('"X-Tenant": "id-" + os.environ["TENANT_KEY"]');
    expect(python).toContain('data=body');
    expect(python).toMatch(/^import os\n/);
    expect(JSON.stringify(examples)).not.toContain('{{');
    expect(notes.join(' ')).toContain('Set TENANT_KEY to the secret "tenant.key" (the variable {{tenantKey}})');
    expect(notes.join(' ')).toContain('Set STAGING_TOKEN to the credential stored as the secret "staging-token" (the variable {{tok}})');
    // gRPC metadata and body follow the same rule.
    const grpc = codeExamplesForCall({ ...withSecrets, binding: 'GRPC', endpoint: '127.0.0.1:9998' }, { secretVariables }).examples[0]?.code ?? '';
    expect(grpc).toContain(`-H 'x-tenant: id-'"$TENANT_KEY"`);
    expect(grpc).not.toContain('{{tenantKey}}');
  });

  it('keeps a credential header with a literal value out, even when it also uses a secret-backed variable', () => {
    const { examples, notes } = codeExamplesForCall(
      { ...call, headers: [{ name: 'X-Api-Key', value: 'sk-live-1 {{tok}}' }] },
      { secretVariables: new Map([['tok', 'staging-token']]) },
    );
    expect(JSON.stringify(examples)).not.toContain('sk-live-1');
    expect(notes.join(' ')).toContain('X-Api-Key carries a credential');
  });

  it('without secret-backed variables a {{reference}} is written as it is', () => {
    const { examples } = codeExamplesForCall({ ...call, endpoint: 'http://h/{{path}}', headers: [] });
    expect(examples[0]?.code).toContain(`'http://h/{{path}}'`);
  });
});
