import { describe, expect, it } from 'vitest';
import { buildRestRequest, joinRestUrl } from '../a2a/rest-routes';
import { codeExamples, credentialVariable, grpcTarget, httpRequestFor } from './code-examples';
import type { XA2a } from './x-a2a-model';
import { envVarFor } from '../http/http-code';

const base = (over: Partial<XA2a>): XA2a => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:4000/rpc',
  method: 'SendMessage',
  requestSchema: {},
  responseSchema: {},
  example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: "it's" }] } } },
  ...over,
});

describe('code examples', () => {
  it('JSON-RPC: posts the saved envelope with the version header, token from an environment variable', () => {
    const x = base({ auth: { scheme: 'bearer', secretRef: 'demo-token' } });
    const { examples, notes } = codeExamples(x);
    expect(examples.map((e) => e.id)).toEqual(['curl', 'fetch', 'python']);
    const curl = examples[0]?.code ?? '';
    expect(curl).toContain("-X POST 'http://127.0.0.1:4000/rpc'");
    expect(curl).toContain("-H 'A2A-Version: 1.0'");
    expect(curl).toContain('-H "Authorization: Bearer $DEMO_TOKEN"');
    // A single quote inside the body is escaped for the shell.
    expect(curl).toContain(`it'\\''s`);
    expect(examples[1]?.code).toContain('process.env.DEMO_TOKEN');
    expect(examples[2]?.code).toContain(`os.environ['DEMO_TOKEN']`);
    expect(notes.join(' ')).toContain('"demo-token"');
  });

  it('HTTP+JSON: uses the core route table (verb, path, query, encoding, tenant)', () => {
    const x = base({
      binding: 'HTTP+JSON',
      endpoint: 'http://127.0.0.1:4000/rest/',
      method: 'GetTask',
      tenant: 'acme',
      example: { id: 'a/b', historyLength: 3 },
    });
    const req = httpRequestFor(x);
    const route = buildRestRequest('GetTask', { id: 'a/b', historyLength: 3 }, { tenant: 'acme' });
    expect(route.ok).toBe(true);
    if (!req.ok || !route.ok) return;
    expect(req.request.httpMethod).toBe('GET');
    expect(req.request.url).toBe(joinRestUrl('http://127.0.0.1:4000/rest/', route.request.path, route.request.query));
    expect(req.request.url).toBe('http://127.0.0.1:4000/rest/acme/tasks/a%2Fb?historyLength=3');
    expect(req.request.body).toBeUndefined();
    const curl = codeExamples(x).examples[0]?.code ?? '';
    expect(curl).toContain('-X GET');
    expect(curl).not.toContain('--data-binary');
  });

  it('streams: curl -N, SSE readers in TypeScript and Python', () => {
    const x = base({ binding: 'HTTP+JSON', endpoint: 'http://h/rest', method: 'SendStreamingMessage', example: { message: { messageId: 'm' } } });
    const [curl, ts, py] = codeExamples(x).examples;
    expect(curl?.code).toContain('curl -g -sS -N -X POST');
    expect(curl?.code).toContain('http://h/rest/message:stream');
    expect(ts?.code).toContain('response.body');
    expect(py?.code).toContain('stream=True');
  });

  it('gRPC: one grpcurl line with metadata and the ProtoJSON request', () => {
    const x = base({
      binding: 'GRPC',
      endpoint: 'http://127.0.0.1:50051',
      method: 'GetTask',
      example: { id: 't-1' },
      auth: { scheme: 'bearer', env: 'AGENT_TOKEN' },
    });
    const { examples } = codeExamples(x);
    expect(examples.map((e) => e.id)).toEqual(['grpcurl']);
    const line = examples[0]?.code ?? '';
    expect(line).toContain('-plaintext');
    expect(line).toContain("-H 'a2a-version: 1.0'");
    expect(line).toContain('$AGENT_TOKEN');
    expect(line).toContain(`-d '{"id":"t-1"}'`);
    expect(line).toContain('127.0.0.1:50051');
    expect(line).toContain('lf.a2a.v1.A2AService/GetTask');
  });

  it('maps endpoints and secret names', () => {
    expect(grpcTarget('https://agent.example.com')).toEqual({ address: 'agent.example.com:443', plaintext: false });
    expect(grpcTarget('localhost:9000')).toEqual({ address: 'localhost:9000', plaintext: true });
    // The HTTP examples' rule (envVarFor): one name for a secret in every example.
    expect(credentialVariable({ scheme: 'bearer', secretRef: '1st.key' })).toBe(envVarFor({ secretRef: '1st.key' }));
    expect(credentialVariable({ scheme: 'bearer', secretRef: '1st.key' })).toBe('_1ST_KEY');
    expect(credentialVariable({ scheme: 'bearer', secretRef: '{{tok}}' }, new Map([['tok', 'staging-token']]))).toBe('STAGING_TOKEN');
    expect(credentialVariable({ scheme: 'apiKey', in: 'query', name: 'key', env: 'MY_KEY' })).toBe('MY_KEY');
  });

  it('puts API keys in the query or header the operation names', () => {
    const x = base({ auth: { scheme: 'apiKey', in: 'query', name: 'key', secretRef: 'k' } });
    const [curl, ts, py] = codeExamples(x).examples;
    expect(curl?.code).toContain(`'http://127.0.0.1:4000/rpc?key='"$K"`);
    expect(ts?.code).toContain('encodeURIComponent(process.env.K');
    expect(py?.code).toContain('params={"key": os.environ["K"]}');
  });
});
