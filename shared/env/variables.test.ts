import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { callVariableNames, previewText, resolveCallVariables, substituteText, variableNamesIn, wholeVariable } from './variables';

const base: A2aCall = {
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: '{{baseUrl}}/rpc',
  method: 'SendMessage',
  body: { message: { parts: [{ text: 'hi {{ who }}' }] } },
};

describe('variables', () => {
  it('finds names in order of first use, with or without inner spaces', () => {
    expect(variableNamesIn('{{a}} {{ b }} {{a}} {{not a name}} {{1x}}')).toEqual(['a', 'b']);
    expect(wholeVariable('{{ token }}')).toBe('token');
    expect(wholeVariable('Bearer {{token}}')).toBeUndefined();
  });

  it('lists every variable a call uses: endpoint, tenant, headers, auth and body strings', () => {
    const call: A2aCall = {
      ...base,
      tenant: '{{tenant}}',
      headers: [
        { name: 'X-Trace', value: '{{trace}}' },
        { name: 'X-Off', value: '{{off}}', enabled: false },
      ],
      auth: { type: 'basic', username: '{{user}}', password: { secretRef: '{{password}}' } },
    };
    expect(callVariableNames(call)).toEqual(['baseUrl', 'tenant', 'trace', 'user', 'password', 'who']);
  });

  it('fills every place and turns a whole {{name}} secret reference into the value for this send', () => {
    const call: A2aCall = { ...base, headers: [{ name: 'X-Env', value: 'env={{stage}}' }], auth: { type: 'bearer', token: { secretRef: '{{token}}' } } };
    const out = resolveCallVariables(
      call,
      new Map([
        ['baseUrl', 'http://127.0.0.1:9999'],
        ['who', 'Ann'],
        ['stage', 'dev'],
        ['token', 's3cret-token'],
      ]),
    );
    expect(out).toEqual({
      ok: true,
      texts: [],
      call: {
        ...call,
        endpoint: 'http://127.0.0.1:9999/rpc',
        headers: [{ name: 'X-Env', value: 'env=dev' }],
        auth: { type: 'bearer', token: { value: 's3cret-token' } },
        body: { message: { parts: [{ text: 'hi Ann' }] } },
      },
    });
    // The draft itself is never changed.
    expect(call.endpoint).toBe('{{baseUrl}}/rpc');
  });

  it('refuses the whole call when a variable is unknown, naming every one', () => {
    const out = resolveCallVariables({ ...base, auth: { type: 'bearer', token: { secretRef: '{{token}}' } } }, new Map([['who', 'x']]));
    expect(out).toEqual({ ok: false, unknown: ['baseUrl', 'token'] });
  });

  it('keeps "__proto__" keys of a body as own data and never touches a prototype', () => {
    const body = JSON.parse('{"__proto__": {"polluted": "{{v}}"}, "constructor": "{{v}}"}') as unknown;
    const out = resolveCallVariables({ ...base, endpoint: 'http://x', body }, new Map([['v', 'ok']]));
    expect(out.ok).toBe(true);
    const resolved = (out as { call: A2aCall }).call.body as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(resolved, '__proto__')?.value).toEqual({ polluted: 'ok' });
    expect(resolved['constructor']).toBe('ok');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('survives a very deep body (no stack overflow; the deep part is left as written)', () => {
    let deep: unknown = '{{v}}';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const out = resolveCallVariables({ ...base, endpoint: 'http://x', body: deep }, new Map([['v', 'ok']]));
    expect(out.ok).toBe(true);
  });

  it('previews secrets as markers and leaves unknown names as written', () => {
    const text = previewText('Bearer {{token}} for {{who}} at {{where}}', (n) =>
      n === 'token' ? { secret: 'demo-token' } : n === 'who' ? { value: 'Ann' } : undefined,
    );
    expect(text).toBe('Bearer ‹secret: demo-token› for Ann at {{where}}');
    expect(substituteText('no vars', () => 'x')).toBe('no vars');
  });
});
