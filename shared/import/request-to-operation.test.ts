import { describe, expect, it } from 'vitest';
import type { ImportedRequest } from './imported-request';
import type { PlanContext, PlannedOperation } from './request-to-operation';
import { buildImportedHttp, planOperation } from './request-to-operation';

type HttpPlan = Extract<PlannedOperation, { kind: 'http' }>;

const context = (): PlanContext => ({ taken: new Set(), secretPrefix: 'test', secretNames: new Set(), sharedSecrets: new Map(), variableSecrets: new Map() });

function request(partial: Partial<ImportedRequest>): ImportedRequest {
  return { name: 'Req', method: 'GET', url: 'http://127.0.0.1:7070/echo', headers: [], ...partial };
}

function planHttp(req: ImportedRequest, ctx = context()): HttpPlan {
  const op = planOperation(req, 0, ctx);
  if (op.kind !== 'http') throw new Error('expected a plain operation');
  return op;
}

/** The operation's fields as written, by name. */
function fields(op: HttpPlan): Record<string, unknown> {
  return Object.fromEntries(buildImportedHttp(op));
}

describe('planning: methods and paths', () => {
  it('another method on the same path keeps the path; the same method again gets another key that still names its address', () => {
    const ctx = context();
    const post = planHttp(request({ name: 'Post', method: 'POST' }), ctx);
    const get = planHttp(request({ name: 'Get' }), ctx);
    const again = planHttp(request({ name: 'Get again', url: 'http://127.0.0.1:7070/echo?x=1' }), ctx);
    expect([post.path, get.path, again.path]).toEqual(['/echo', '/echo', '/imported/get-again']);
    expect(fields(get)['x-powerduck-path']).toBeUndefined();
    expect(fields(again)['x-powerduck-path']).toBe('/echo');
    expect(again.notes).toEqual([
      'Get again: another request of this import is also GET /echo: this one is stored as GET /imported/get-again (one path holds one GET) and still calls /echo.',
    ]);
  });

  it('a path parameter of a request stored under another key keeps its example', () => {
    const ctx = context();
    const pet = { url: 'http://127.0.0.1:7070/pets/{petId}', pathParams: [{ name: 'petId', example: '1' }] };
    planHttp(request({ name: 'Pet', ...pet }), ctx);
    const second = planHttp(request({ name: 'Pet 2', ...pet }), ctx);
    expect(second.path).toBe('/imported/pet-2');
    expect(fields(second)['parameters']).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, example: '1' }]);
  });
});

describe('planning: headers and bodies as they are sent', () => {
  const header = (name: string, value: string, enabled = true) => ({ name, value, enabled });
  const params = (op: HttpPlan) => fields(op)['parameters'];

  it('a switched-off header or query row is an optional parameter without a value, Accept keeps its value, client headers are notes', () => {
    const op = planHttp(
      request({
        headers: [header('X-Off', 'secret-ish', false), header('Accept', 'application/xml'), header('User-Agent', 'curl/8'), header('X-Trace', 't')],
        offQuery: ['b'],
      }),
    );
    expect(params(op)).toEqual([
      { name: 'b', in: 'query', description: 'Switched off in the imported request: sent only when given a value.', schema: { type: 'string' } },
      { name: 'X-Off', in: 'header', description: 'Switched off in the imported request: sent only when given a value.', schema: { type: 'string' } },
      { name: 'X-Trace', in: 'header', schema: { type: 'string' }, example: 't' },
      { name: 'Accept', in: 'header', schema: { type: 'string' }, example: 'application/xml' },
    ]);
    expect(JSON.stringify(fields(op))).not.toContain('secret-ish');
    expect(op.notes).toEqual([
      'Req: query parameter b is switched off in the source: it is an optional parameter without a value, so it is not sent.',
      'Req: header X-Off is switched off in the source: it is an optional parameter without a value, so it is not sent.',
      'Req: header User-Agent is not imported: Powerduck sets it itself when it sends.',
    ]);
  });

  it('a literal credential header beside the auth, and each cookie, is sent as a variable; one value is one proposed secret', () => {
    const ctx = context();
    const auth = { type: 'bearer' as const, token: '{{token}}' };
    const first = planHttp(request({ name: 'One', auth, headers: [header('X-Api-Key', 'key-1'), header('Cookie', 'sid=s-1; theme=dark')] }), ctx);
    const second = planHttp(request({ name: 'Two', auth, headers: [header('X-Api-Key', 'key-1')] }), ctx);
    expect(params(first)).toEqual([
      { name: 'X-Api-Key', in: 'header', schema: { type: 'string' }, example: '{{one-x-api-key}}' },
      { name: 'sid', in: 'cookie', schema: { type: 'string' }, example: '{{one-cookie-sid}}' },
      { name: 'theme', in: 'cookie', schema: { type: 'string' }, example: '{{one-cookie-theme}}' },
    ]);
    expect(params(second)).toEqual([{ name: 'X-Api-Key', in: 'header', schema: { type: 'string' }, example: '{{one-x-api-key}}' }]);
    expect([...ctx.variableSecrets.values()].map(({ variable, suggestedName, value, what }) => ({ variable, suggestedName, value, what }))).toEqual([
      { variable: 'one-x-api-key', suggestedName: 'test-one-x-api-key', value: 'key-1', what: 'header X-Api-Key' },
      { variable: 'one-cookie-sid', suggestedName: 'test-one-cookie-sid', value: 's-1', what: 'cookie sid' },
      { variable: 'one-cookie-theme', suggestedName: 'test-one-cookie-theme', value: 'dark', what: 'cookie theme' },
    ]);
    for (const op of [first, second]) for (const secret of ['key-1', 's-1']) expect(JSON.stringify(fields(op))).not.toContain(secret);
  });

  it('a JSON body is its value; a note says when the bytes sent differ in a way that matters, and a non-JSON media type keeps its text', () => {
    const json = (body: string, ...more: ReturnType<typeof header>[]) =>
      planHttp(request({ method: 'POST', body, headers: [header('Content-Type', 'application/json'), ...more] }));
    expect(json('{\n  "a": 1\n}').notes).toEqual([]);
    // Compact JSON sent formatted is the same value to any JSON reader: no note…
    expect(json('{"a":1}').notes).toEqual([]);
    expect(json('{\n    "a": 1\n}').notes).toEqual([]);
    // …unless a header was computed over the bytes as written.
    expect(json('{"a":1}', header('X-Hub-Signature-256', 'sha256=abc')).notes).toEqual([
      'Req: the JSON body is kept as its value and sent formatted (2-space indentation), so its bytes change and the X-Hub-Signature-256 header, computed over the bytes as written, will not match them: update it before you send.',
    ]);
    expect(json('{"a":1}', header('Content-Digest', 'sha-256=:x:')).notes).toEqual([expect.stringContaining('the Content-Digest header')]);
    expect(json('{"a":1}', header('X-Request-Id', 'r-1')).notes).toEqual([]);
    expect(json('{"a":1.0}').notes).toEqual([expect.stringContaining('Req: the JSON body is kept as its value, so some of its text changes when sent')]);
    // JSON once its variables are filled in: kept as written beside a stand-in example.
    const template = json('{"name": "{{petName}}", "age": {{age}}}');
    expect(template.notes).toEqual([]);
    expect(fields(template)['requestBody']).toEqual({
      content: { 'application/json': { example: { name: '{{petName}}', age: '{{age}}' }, 'x-powerduck-body-text': '{"name": "{{petName}}", "age": {{age}}}' } },
    });
    expect(json('{"age": {{age}}').notes).toEqual([expect.stringContaining('Req: The body is not JSON, even with its {{variables}} standing in for values')]);
    const text = planHttp(request({ method: 'POST', body: '{"a":1}', headers: [header('Content-Type', 'text/plain')] }));
    expect(fields(text)['requestBody']).toEqual({ content: { 'text/plain': { example: '{"a":1}' } } });
  });
});

describe('planning: an Authorization header', () => {
  it('Basic with user:password becomes Basic auth (its password a credential to store); one the import cannot read is a note', () => {
    const basic = planOperation(request({ headers: [{ name: 'Authorization', value: 'Basic YWxpY2U6cHctMQ==', enabled: true }] }), 0, context());
    expect(basic.kind === 'http' && basic.auth).toEqual({ type: 'basic', username: 'alice', password: { secretRef: 'test-req' } });
    expect(basic.credential).toEqual(expect.objectContaining({ what: 'Basic auth password of alice', value: 'pw-1' }));
    const digest = planHttp(request({ headers: [{ name: 'Authorization', value: 'Digest username="a"', enabled: true }] }));
    expect(digest.auth).toBeUndefined();
    expect(digest.notes).toEqual([
      'Req: header Authorization is not imported: its credential is not one the import recognises; set up the auth on the request.',
    ]);
  });
});

describe('planning: an A2A-shaped request', () => {
  const header = (name: string, value: string) => ({ name, value, enabled: true });
  const rpc = (headers: ImportedRequest['headers'], auth?: ImportedRequest['auth']): ImportedRequest =>
    request({
      name: 'Ask',
      method: 'POST',
      url: 'http://127.0.0.1:9999/rpc',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { role: 'ROLE_USER', messageId: 'm1', parts: [] } } }),
      headers,
      ...(auth ? { auth } : {}),
    });

  it('a header that carries a credential is left out with a note naming it; the one the auth sends and ordinary headers are not noted', () => {
    const op = planOperation(
      rpc([header('X-Auth-Key', 'ak-123'), header('Cookie', 'sid=s-9'), header('X-Trace', 't-1'), header('Content-Type', 'application/json')], {
        type: 'bearer',
        token: '{{token}}',
      }),
      0,
      context(),
    );
    if (op.kind !== 'a2a') throw new Error('expected an A2A operation');
    expect(op.draft.call.headers).toEqual([{ name: 'X-Trace', value: 't-1' }]);
    expect(op.notes).toEqual([
      expect.stringMatching(/^Ask: header X-Auth-Key is not imported: it carries a credential/),
      expect.stringMatching(/^Ask: header Cookie is not imported: it carries a credential/),
    ]);
    // The note names the header, never its value.
    expect(op.notes.join('\n')).not.toMatch(/ak-123|s-9/);
  });

  it('an API key the auth sends from its own header is not a left-out header', () => {
    const op = planOperation(rpc([header('X-Api-Key', 'k-1')], { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: 'k-1' }), 0, context());
    if (op.kind !== 'a2a') throw new Error('expected an A2A operation');
    expect(op.notes).toEqual([]);
  });
});
