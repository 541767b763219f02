import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../a2a/exchange';
import { copyForLlm } from './copy-for-llm';
import { buildOperation } from './operation-build';
import { describeAuth, renderOperationDocs } from './spec-docs';

const TOKEN = 'tok-7f3a9c1e55d04b2e';

function docWith(call: Parameters<typeof buildOperation>[0]['call'], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const built = buildOperation({ call, summary: 'Ask the agent', description: 'Saved for the docs test.' });
  if (!built.ok) throw new Error(built.message);
  return {
    openapi: '3.2.0',
    info: { title: 't', version: '1' },
    paths: { '/agents/a': { post: built.value.fields }, '/pets': { get: { summary: 'List pets', description: 'Plain HTTP.' } }, ...extra },
    components: { schemas: built.value.components },
  };
}

const grpcCall: Parameters<typeof buildOperation>[0]['call'] = {
  version: '1.0',
  binding: 'GRPC',
  endpoint: 'http://127.0.0.1:50051',
  method: 'GetTask',
  body: { id: 't-1' },
  auth: { type: 'bearer', token: { secretRef: 'agent' } },
};
const grpcDoc = docWith(grpcCall);

describe('operation docs', () => {
  it('renders settings, resolved schemas, the example and code examples from the spec alone', () => {
    const result = renderOperationDocs(grpcDoc, '/agents/a');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const d = result.docs;
    expect(d.settings).toEqual(
      expect.arrayContaining([
        { label: 'A2A version', value: '1.0' },
        { label: 'Binding', value: 'GRPC' },
        { label: 'Method', value: 'GetTask' },
        { label: 'Auth', value: 'Bearer token from the secret "agent"' },
      ]),
    );
    expect(d.exampleLabel).toMatch(/ProtoJSON/);
    expect(d.requestSchema?.ref).toBe('#/components/schemas/A2A_1.0_GetTask_Request');
    expect(d.requestSchema?.schema['$defs']).toBeDefined();
    expect(d.codeExamples.map((c) => c.id)).toEqual(['grpcurl']);
    expect(d.markdown).toContain('# Ask the agent');
    expect(d.markdown).toContain('| Binding | GRPC |');
    expect(d.markdown).toContain('grpcurl');
  });

  it('says "variable" for a {{variable}} reference and "secret" only for a named secret', () => {
    const viaVariable = docWith({ ...grpcCall, auth: { type: 'bearer', token: { secretRef: '{{token}}' } } });
    const result = renderOperationDocs(viaVariable, '/agents/a');
    if (!result.ok) throw new Error(result.message);
    const auth = result.docs.settings.find((s) => s.label === 'Auth')?.value;
    expect(auth).toBe('Bearer token from the variable {{token}} of the picked environment');
    expect(auth).not.toMatch(/secret/i);
    expect(result.docs.markdown).toContain('| Auth | Bearer token from the variable {{token}} of the picked environment |');
    // Spaces inside the braces are the same reference; a named secret and a process variable keep their words.
    expect(describeAuth({ scheme: 'apiKey', in: 'header', name: 'X-Key', secretRef: ' {{ key }} ' })).toBe(
      'API key in header "X-Key" from the variable {{ key }} of the picked environment',
    );
    expect(describeAuth({ scheme: 'basic', username: 'ada', secretRef: 'shop' })).toBe('HTTP Basic (user ada) from the secret "shop"');
    expect(describeAuth({ scheme: 'bearer', env: 'AGENT_TOKEN' })).toBe('Bearer token from the environment variable AGENT_TOKEN');
    // Text around a reference is not one variable: it is read as the name of a secret, as the send reads it.
    expect(describeAuth({ scheme: 'bearer', secretRef: 'pre-{{token}}' })).toBe('Bearer token from the secret "pre-{{token}}"');
    const oauth = describeAuth({
      scheme: 'oauth2',
      flow: 'clientCredentials',
      securityScheme: 'oauth',
      clientId: 'cli',
      secretRef: '{{clientSecret}}',
    });
    expect(oauth).toContain('client secret from the variable {{clientSecret}} of the picked environment');
  });

  it('documents other operations too, and reports a missing one', () => {
    const other = renderOperationDocs(grpcDoc, '/pets');
    expect(other.ok && other.docs.kind).toBe('other');
    expect(other.ok && other.docs.markdown).toContain('Plain HTTP.');
    expect(other.ok && other.docs.codeExamples.map((c) => c.id)).toEqual(['curl', 'fetch', 'python']);
    expect(renderOperationDocs(grpcDoc, '/nope')).toMatchObject({ ok: false });
  });

  it('marks a dangling schema reference', () => {
    const doc = { ...grpcDoc, components: {} };
    const result = renderOperationDocs(doc, '/agents/a');
    expect(result.ok && result.docs.requestSchema?.missing).toBe(true);
  });
});

describe('Copy for LLM', () => {
  const record: ExchangeRecord = {
    id: 'r1',
    startedAt: '2026-01-01T00:00:00.000Z',
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:1/rpc',
    method: 'SendMessage',
    request: {
      url: `http://127.0.0.1:1/rpc?token=${TOKEN}`,
      httpMethod: 'POST',
      headers: [
        ['Authorization', `Bearer ${TOKEN}`],
        ['A2A-Version', '1.0'],
      ],
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { note: `echo ${TOKEN}` } }),
      bodyBytes: 10,
    },
    response: { status: 200, headers: [['Content-Type', 'text/event-stream']], bodyBytes: 0 },
    timings: { totalMs: 12 },
    events: [
      {
        seq: 0,
        atMs: 3,
        event: 'message',
        data: { result: { statusUpdate: { status: { state: 'TASK_STATE_WORKING' } }, echoed: TOKEN } },
        state: 'TASK_STATE_WORKING',
      },
    ],
    outcome: { kind: 'stream', ended: 'completed', eventCount: 1, lastState: 'TASK_STATE_COMPLETED' },
    warnings: [],
  };

  it('gives settings, schemas, the example and a redacted transcript, never the secret', () => {
    const doc = docWith({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://127.0.0.1:1/rpc',
      method: 'SendStreamingMessage',
      body: { message: { messageId: 'm' } },
      auth: { type: 'bearer', token: { secretRef: 'agent' } },
    });
    const result = copyForLlm(doc, '/agents/a', { exchange: record, secretValues: [TOKEN] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const md = result.markdown;
    expect(md).toContain('- Auth: Bearer token; the credential is supplied at send time');
    expect(md).toContain('## Request schema');
    expect(md).toContain('## Response schema');
    expect(md).toContain('"method": "SendStreamingMessage"');
    expect(md).toContain('### Stream events (1)');
    expect(md).toContain('TASK_STATE_WORKING');
    expect(md).toContain('Authorization: Bearer ‹redacted›');
    expect(md).not.toContain(TOKEN);
  });

  it('works without a run, covers plain HTTP operations, and refuses a missing one', () => {
    const result = copyForLlm(grpcDoc, '/agents/a');
    expect(result.ok && result.markdown).not.toContain('Last run');
    const http = copyForLlm(grpcDoc, '/pets');
    expect(http.ok && http.markdown).toContain('# HTTP operation: List pets');
    expect(http.ok && http.markdown).toContain('Plain HTTP.');
    expect(copyForLlm(grpcDoc, '/nope')).toEqual({ ok: false, message: 'No operation /nope in this file.' });
  });
});

describe('operation docs of a body saved as written', () => {
  const text = '{"message":{"role":"ROLE_USER","messageId":"m-1","parts":[{"text":"hi"}]},"metadata":{"count": {{count}}}}';
  const doc = docWith({
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendMessage',
    body: {},
    bodyText: text,
    auth: { type: 'none' },
  });

  it('shows the text a run fills in beside the quoted stand-in, in the structure and the Markdown', () => {
    const result = renderOperationDocs(doc, '/agents/a');
    if (!result.ok) throw new Error(result.message);
    expect(result.docs.bodyText).toBe(text);
    expect(JSON.stringify(result.docs.example)).toContain('"{{count}}"');
    expect(result.docs.markdown).toContain('Body as written (a run fills in its variables as JSON values):\n\n```text\n' + text + '\n```');
  });

  it('has no such block when the body is plain JSON', () => {
    const result = renderOperationDocs(grpcDoc, '/agents/a');
    if (!result.ok) throw new Error(result.message);
    expect(result.docs.bodyText).toBeUndefined();
    expect(result.docs.markdown).not.toContain('Body as written');
  });
});
