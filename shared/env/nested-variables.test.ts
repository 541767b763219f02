import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { MAX_NESTING, nestedLookup, nestingProblemMessage, type NestingProblem, type VariableValue } from './nested-variables';
import { fillKnownVariables, previewText, resolveCallVariables } from './variables';
import { resolveHttpVariables } from './http-variables';

const call = (endpoint: string, extra: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint,
  method: 'm',
  body: undefined,
  ...extra,
});
const fixed = { uuid: () => 'uuid-1', now: () => 1_700_000_000_000, randomInt: () => 7 };

describe('values that use other variables', () => {
  it('fills a value’s own references, however they nest, in every place of a call', () => {
    const values = new Map<string, VariableValue>([
      ['host', '127.0.0.1'],
      ['port', '47001'],
      ['origin', 'http://{{host}}:{{port}}'],
      ['base', '{{origin}}/v1'],
    ]);
    const out = resolveCallVariables(call('{{base}}/echo', { headers: [{ name: 'X-Origin', value: '{{ origin }}' }], body: { u: 'at {{base}}' } }), values);
    expect(out).toMatchObject({
      ok: true,
      call: {
        endpoint: 'http://127.0.0.1:47001/v1/echo',
        headers: [{ name: 'X-Origin', value: 'http://127.0.0.1:47001' }],
        body: { u: 'at http://127.0.0.1:47001/v1' },
      },
    });
  });

  it('fills a JSON body text and a whole-reference credential through nested values', () => {
    const values = new Map<string, VariableValue>([
      ['n', '{{five}}'],
      ['five', '5'],
      ['bearer', '{{apiKey}}'],
      ['apiKey', { literal: 'sk-live' }],
    ]);
    const out = resolveCallVariables(
      call('http://h', { bodyText: '{"n": {{n}}, "s": "{{n}}"}', auth: { type: 'bearer', token: { secretRef: '{{bearer}}' } } }),
      values,
    );
    expect(out).toMatchObject({ ok: true, call: { bodyText: '{"n": 5, "s": "5"}', auth: { type: 'bearer', token: { value: 'sk-live' } } } });
  });

  it('gives a dynamic variable inside a value a fresh value at each use', () => {
    let n = 0;
    const source = { ...fixed, uuid: () => `uuid-${++n}` };
    const values = new Map<string, VariableValue>([['id', 'req-{{$uuid}}']]);
    const out = resolveCallVariables(call('http://h/{{id}}/{{id}}'), values, source);
    expect(out).toMatchObject({ ok: true, call: { endpoint: 'http://h/req-uuid-1/req-uuid-2' } });
  });

  it('uses a secret’s value as stored: braces in it are not read as references', () => {
    const values = new Map<string, VariableValue>([
      ['auth', 'Bearer {{token}}'],
      ['token', { literal: 'p{{w}}d' }],
    ]);
    expect(resolveCallVariables(call('http://h', { headers: [{ name: 'Authorization', value: '{{auth}}' }] }), values)).toMatchObject({
      ok: true,
      call: { headers: [{ name: 'Authorization', value: 'Bearer p{{w}}d' }] },
    });
  });

  it('refuses a value that uses an unknown name, naming it and the value it is in', () => {
    const out = resolveCallVariables(call('{{base}}/x'), new Map([['base', 'http://{{host}}']]));
    expect(out).toEqual({ ok: false, unknown: ['host'], usedBy: new Map([['host', 'base']]) });
    // An unknown dynamic name inside a value is refused like one in the request.
    expect(resolveCallVariables(call('{{id}}'), new Map([['id', '{{$nope}}']]), fixed)).toMatchObject({ ok: false, unknown: ['$nope'] });
  });

  it('refuses loops (a → b → a, a value using itself) naming the loop, and sends nothing', () => {
    const loop = resolveCallVariables(
      call('{{a}}/{{self}}'),
      new Map([
        ['a', 'x{{b}}'],
        ['b', 'y{{a}}'],
        ['self', 'x{{self}}'],
      ]),
    );
    expect(loop.ok).toBe(false);
    if (loop.ok) return;
    expect(loop.nesting).toEqual([
      { kind: 'cycle', path: ['a', 'b', 'a'] },
      { kind: 'cycle', path: ['self', 'self'] },
    ]);
    const message = nestingProblemMessage(loop.nesting ?? [], 'dev');
    expect(message).toContain('({{a}} → {{b}} → {{a}})');
    expect(message).toContain('{{self}} uses itself');
    expect(message).toContain('in the environment "dev". Nothing was sent.');
  });

  it('refuses a chain deeper than the limit, whichever use expanded it first', () => {
    const values = new Map<string, VariableValue>();
    for (let i = 0; i < MAX_NESTING; i++) values.set(`v${i}`, `{{v${i + 1}}}`);
    values.set(`v${MAX_NESTING}`, 'end');
    // v1 … v16 is 16 names: allowed. v0 … v16 is 17: refused, even after v1 was expanded (and remembered) first.
    expect(resolveCallVariables(call('{{v1}}'), values)).toMatchObject({ ok: true, call: { endpoint: 'end' } });
    const deep = resolveCallVariables(call('{{v1}}{{v0}}'), values);
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.nesting?.[0]?.kind).toBe('depth');
    const alone = resolveCallVariables(call('{{v0}}'), values);
    expect(alone.ok).toBe(false);
    if (!alone.ok) expect(alone.nesting?.[0]).toMatchObject({ kind: 'depth' });
  });

  it('refuses a value that fans out past the size limit instead of building it', () => {
    const values = new Map<string, VariableValue>([['l0', 'x'.repeat(1000)]]);
    for (let i = 1; i <= 12; i++) values.set(`l${i}`, `{{l${i - 1}}}{{l${i - 1}}}`);
    const problems: NestingProblem[] = [];
    const lookup = nestedLookup((name) => values.get(name), { problems });
    lookup('l12');
    expect(problems[0]).toMatchObject({ kind: 'size' });
  });

  it('fills plain HTTP requests the same way', () => {
    const r = resolveHttpVariables(
      { method: 'GET', url: '{{base}}/echo' },
      new Map([
        ['base', 'http://{{host}}:{{port}}'],
        ['host', '127.0.0.1'],
        ['port', '1'],
      ]),
    );
    expect(r).toMatchObject({ ok: true, request: { url: 'http://127.0.0.1:1/echo' } });
  });

  it('previews the value a reference ends at: nested plain values filled, a secret reached through one shown as its marker', () => {
    const env: Record<string, { value: string } | { secret: string }> = {
      base: { value: 'http://{{host}}' },
      host: { value: 'example.test' },
      auth: { value: 'Bearer {{token}}' },
      token: { secret: 'demo-token' },
      loop: { value: '{{loop}}' },
    };
    const lookup = (name: string) => env[name];
    expect(previewText('{{base}}/a', lookup)).toBe('http://example.test/a');
    expect(previewText('{{auth}}', lookup)).toBe('Bearer ‹secret: demo-token›');
    // A loop or an unknown name is shown as written, never hangs.
    expect(previewText('{{loop}} {{nope}}', lookup)).toBe('{{loop}} {{nope}}');
  });

  it('fills known nested values for the Code examples and leaves secret-backed or unknown names as written', () => {
    const out = fillKnownVariables(
      call('{{base}}/x', { headers: [{ name: 'Authorization', value: '{{auth}}' }] }),
      new Map([
        ['base', 'http://{{host}}'],
        ['host', 'h'],
        ['auth', 'Bearer {{token}}'],
      ]),
    );
    expect(out.endpoint).toBe('http://h/x');
    expect(out.headers).toEqual([{ name: 'Authorization', value: 'Bearer {{token}}' }]);
  });
});
