import { describe, expect, it } from 'vitest';
import { a2aTabTitle, buildCall, createDraft, effectiveHeaders, wireTarget, withBinding, withMethod, withVersion } from './draft-model';

describe('draft model', () => {
  it('starts as A2A 1.0 JSON-RPC SendMessage with a valid example body', () => {
    const draft = createDraft('t1');
    expect([draft.version, draft.binding, draft.method]).toEqual(['1.0', 'JSONRPC', 'SendMessage']);
    const body = JSON.parse(draft.bodyText) as { message: { messageId: string; role: string } };
    expect(body.message.role).toBe('ROLE_USER');
    expect(body.message.messageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('titles a tab with the method and host, and an endpoint holding variables as typed (never lowercased)', () => {
    expect(a2aTabTitle(createDraft('t', { endpoint: 'http://Agent.Example:9999/rpc' }))).toBe('SendMessage · agent.example:9999');
    expect(a2aTabTitle(createDraft('t', { method: 'SendStreamingMessage', endpoint: '{{baseUrl}}' }))).toBe('SendStreamingMessage · {{baseUrl}}');
    expect(a2aTabTitle(createDraft('t', { endpoint: 'https://{{agentHost}}/rpc' }))).toBe('SendMessage · https://{{agentHost}}/rpc');
    expect(a2aTabTitle(createDraft('t'))).toBe('SendMessage');
  });

  it('a body with an unquoted {{name}} is sent as bodyText (the core fills and parses it); a quoted one is a plain body', () => {
    const draft = { ...createDraft('t'), endpoint: 'http://h/rpc', bodyText: '{"message": {"n": {{n}}}}' };
    const built = buildCall(draft);
    expect(built.ok && built.call).toMatchObject({ bodyText: '{"message": {"n": {{n}}}}', body: { message: { n: null } } });
    const quoted = buildCall({ ...draft, bodyText: '{"message": {"n": "{{n}}"}}' });
    expect(quoted.ok && quoted.call.body).toEqual({ message: { n: '{{n}}' } });
    expect(quoted.ok && 'bodyText' in quoted.call).toBe(false);
    expect(buildCall({ ...draft, bodyText: '{"n": {{n}} "m": 1}' })).toMatchObject({ ok: false, problem: 'body' });
  });

  it('changing only the method never touches the body', () => {
    const draft = { ...createDraft('t1'), bodyText: '{"mine": true}' };
    const next = withMethod(draft, 'GetTask');
    expect(next.method).toBe('GetTask');
    expect(next.bodyText).toBe('{"mine": true}');
  });

  it('switching to 0.3 keeps the body, maps the method and falls back to JSON-RPC', () => {
    const draft = { ...createDraft('t1', { binding: 'GRPC', method: 'SendStreamingMessage' }), bodyText: 'x' };
    const next = withVersion(draft, '0.3');
    expect([next.binding, next.method, next.bodyText]).toEqual(['JSONRPC', 'message/stream', 'x']);
    expect(withVersion(next, '1.0').method).toBe('SendStreamingMessage');
    // ListTasks has no 0.3 counterpart: the default method is chosen.
    expect(withVersion(createDraft('t2', { method: 'ListTasks' }), '0.3').method).toBe('message/send');
  });

  it('refuses bindings the version does not offer', () => {
    const draft = createDraft('t1', { version: '0.3' });
    expect(withBinding(draft, 'GRPC')).toBe(draft);
  });

  it('builds the call from the draft, and says what is missing', () => {
    expect(buildCall(createDraft('t1'))).toMatchObject({ ok: false, problem: 'endpoint' });
    expect(buildCall({ ...createDraft('t1', { endpoint: 'http://x' }), bodyText: '{' })).toMatchObject({ ok: false, problem: 'body' });
    const built = buildCall({
      ...createDraft('t1', { endpoint: ' http://127.0.0.1:1/rpc ', auth: { type: 'bearer', token: { secretRef: 'demo' } } }),
      bodyText: '{"a":1}',
      headers: [
        { name: 'X-Trace', value: '1', enabled: true },
        { name: ' ', value: 'ignored' },
      ],
    });
    expect(built).toEqual({
      ok: true,
      call: {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: 'http://127.0.0.1:1/rpc',
        method: 'SendMessage',
        body: { a: 1 },
        headers: [{ name: 'X-Trace', value: '1', enabled: true }],
        auth: { type: 'bearer', token: { secretRef: 'demo' } },
        // A new tab follows the Settings-level proxy.
        proxyFromSettings: true,
      },
    });
    // Direct asks for no proxy; this proxy names it; gRPC sends no proxy choice at all (it connects directly).
    const base = createDraft('t2', { endpoint: 'http://127.0.0.1:1/rpc' });
    const call = (draft: typeof base) => {
      const b = buildCall(draft);
      return b.ok ? b.call : undefined;
    };
    expect(call({ ...base, proxyMode: 'direct' })).not.toHaveProperty('proxyFromSettings');
    expect(call({ ...base, proxyMode: 'direct' })).not.toHaveProperty('proxy');
    expect(call({ ...base, proxyMode: 'url', proxyUrl: ' http://p:3128 ' })).toMatchObject({ proxy: 'http://p:3128' });
    expect(call({ ...base, proxyMode: 'url', proxyUrl: ' ' })).toMatchObject({ proxyFromSettings: true });
    expect(call({ ...createDraft('t3', { endpoint: '127.0.0.1:1', binding: 'GRPC' }), proxyMode: 'url', proxyUrl: 'http://p:1' })).not.toHaveProperty('proxy');
  });

  it('lists headers as the core builds them, secrets as references, gRPC keys in lowercase', () => {
    const v1 = effectiveHeaders(
      createDraft('t1', {
        auth: { type: 'bearer', token: { secretRef: 'demo' } },
        headers: [
          { name: 'Authorization', value: 'Bearer typed' },
          { name: 'X-Off', value: '1', enabled: false },
        ],
      }),
    );
    expect(v1.map((h) => [h.name, h.value])).toEqual([
      ['A2A-Version', '1.0'],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
      ['Authorization', 'Bearer ‹secret: demo›'],
    ]);
    expect(effectiveHeaders(createDraft('t2', { version: '0.3' })).find((h) => h.name === 'A2A-Version')?.value).toBe('0.3');
    const rest = effectiveHeaders(createDraft('t4', { binding: 'HTTP+JSON', method: 'GetTask' }));
    expect(rest.map((h) => h.name)).toEqual(['A2A-Version', 'Accept']);
    const grpc = effectiveHeaders(
      createDraft('t3', {
        binding: 'GRPC',
        headers: [
          { name: 'X-Trace', value: '1' },
          { name: 'Accept', value: 'x' },
        ],
      }),
    );
    expect(grpc.map((h) => h.name)).toEqual(['x-trace', 'a2a-version']);
  });

  it('shows the request line the binding will use', () => {
    expect(wireTarget(createDraft('a', { endpoint: 'http://h/rpc' }))).toEqual({ ok: true, line: 'POST http://h/rpc' });
    const rest = { ...createDraft('b', { binding: 'HTTP+JSON', method: 'GetTask', endpoint: 'http://h/rest/' }), bodyText: '{"id":"t/1","historyLength":2}' };
    expect(wireTarget(rest)).toEqual({ ok: true, line: 'GET http://h/rest/tasks/t%2F1?historyLength=2' });
    expect(wireTarget(createDraft('c', { binding: 'GRPC', endpoint: '127.0.0.1:9' }))).toEqual({
      ok: true,
      line: 'grpc://127.0.0.1:9/lf.a2a.v1.A2AService/SendMessage',
    });
    expect(wireTarget(createDraft('d', { binding: 'GRPC', endpoint: 'https://agent.example:443/' }))).toEqual({
      ok: true,
      line: 'grpcs://agent.example:443/lf.a2a.v1.A2AService/SendMessage',
    });
    expect(wireTarget(createDraft('e', { binding: 'GRPC', endpoint: 'agent.example:443' }))).toEqual({
      ok: true,
      line: 'grpcs://agent.example:443/lf.a2a.v1.A2AService/SendMessage',
    });
  });

  it('sends the Options timeouts as the call’s timeouts in ms; unset or invalid ones leave the core’s defaults', () => {
    const built = buildCall(createDraft('t', { endpoint: 'http://h/rpc', timeoutSeconds: 30, connectTimeoutSeconds: 1.5 }));
    expect(built.ok && built.call.timeouts).toEqual({ totalMs: 30_000, connectMs: 1500 });
    const connectOnly = buildCall(createDraft('t', { endpoint: 'http://h/rpc', connectTimeoutSeconds: 2 }));
    expect(connectOnly.ok && connectOnly.call.timeouts).toEqual({ connectMs: 2000 });
    const none = buildCall(createDraft('t', { endpoint: 'http://h/rpc', connectTimeoutSeconds: -1, timeoutSeconds: Number.NaN }));
    expect(none.ok && none.call.timeouts).toBeUndefined();
  });
});
