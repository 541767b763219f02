import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { dynamicValue, dynamicVariableNames, unknownDynamicMessage, type DynamicSource } from './dynamic-variables';
import { resolveHttpVariables } from './http-variables';
import { callDynamicNames, callVariableNames, hasVariables, resolveCallVariables, variableNamesIn } from './variables';

/** A source that counts, so each occurrence's fresh value is visible. */
function counting(): DynamicSource {
  let n = 0;
  return { uuid: () => `uuid-${++n}`, now: () => Date.UTC(2026, 0, 2, 3, 4, 5, 678), randomInt: (max) => Math.min(max, 7 + n++) };
}

const call: A2aCall = {
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: '{{baseUrl}}/rpc?t={{$timestamp}}',
  method: 'SendMessage',
  headers: [{ name: 'X-Request-Id', value: '{{$uuid}}' }],
  body: { message: { messageId: '{{$guid}}', parts: [{ text: 'at {{ $isoTimestamp }} pick {{$randomInt}} and {{$uuid}}' }] } },
};

describe('dynamic variables', () => {
  it('are not environment variables: the environment is asked only for the others', () => {
    expect(callVariableNames(call)).toEqual(['baseUrl']);
    expect(callDynamicNames(call)).toEqual(['$timestamp', '$uuid', '$guid', '$isoTimestamp', '$randomInt']);
    expect(variableNamesIn('{{$uuid}} {{who}}')).toEqual(['who']);
    // A JSON body holding only {{$randomInt}} unquoted is still "a body with variables".
    expect(hasVariables('{"n": {{$randomInt}}}')).toBe(true);
  });

  it('fill every place with a fresh value per occurrence', () => {
    const out = resolveCallVariables(call, new Map([['baseUrl', 'http://h']]), counting());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.call.endpoint).toBe(`http://h/rpc?t=${Math.floor(Date.UTC(2026, 0, 2, 3, 4, 5, 678) / 1000)}`);
    const header = out.call.headers?.[0]?.value;
    const body = out.call.body as { message: { messageId: string; parts: { text: string }[] } };
    expect(new Set([header, body.message.messageId, body.message.parts[0]?.text.split(' and ')[1]]).size).toBe(3);
    expect(body.message.parts[0]?.text).toMatch(/^at 2026-01-02T03:04:05\.678Z pick \d+ and uuid-\d$/);
  });

  it('leave the draft untouched (only the copy sent holds the values)', () => {
    const before = JSON.stringify(call);
    resolveCallVariables(call, new Map([['baseUrl', 'http://h']]), counting());
    expect(JSON.stringify(call)).toBe(before);
  });

  it('values have the documented shapes with the real kinds of source', () => {
    const source: DynamicSource = { uuid: () => crypto.randomUUID(), now: () => Date.now(), randomInt: (max) => Math.floor(Math.random() * (max + 1)) };
    expect(dynamicValue('$uuid', source)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number(dynamicValue('$timestamp', source))).toBeCloseTo(Date.now() / 1000, -1);
    expect(dynamicValue('$isoTimestamp', source)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (let i = 0; i < 50; i++) expect(Number(dynamicValue('$randomInt', source))).toSatisfy((n: number) => Number.isInteger(n) && n >= 0 && n <= 1000);
  });

  it('an unknown $name is refused (never sent as written) and the message names the known ones', () => {
    const out = resolveCallVariables({ ...call, endpoint: 'http://h/{{$nope}}' }, new Map(), counting());
    expect(out).toEqual({ ok: false, unknown: ['$nope'] });
    expect(dynamicValue('$nope', counting())).toBeUndefined();
    expect(dynamicValue('$constructor', counting())).toBeUndefined();
    const message = unknownDynamicMessage(['$nope']);
    expect(message).toContain('{{$nope}} is not a dynamic variable');
    for (const name of dynamicVariableNames) expect(message).toContain(`{{${name}}}`);
  });

  it('without a source (a preview) dynamic names stay unresolved', () => {
    expect(resolveCallVariables({ ...call, endpoint: 'http://h/{{$uuid}}', headers: [], body: {} }, new Map())).toEqual({ ok: false, unknown: ['$uuid'] });
  });

  it('fill HTTP requests the same way', () => {
    const out = resolveHttpVariables({ method: 'GET', url: 'http://h/{{$uuid}}/{{$uuid}}' }, new Map(), counting());
    expect(out).toEqual({ ok: true, request: { method: 'GET', url: 'http://h/uuid-1/uuid-2' }, texts: [] });
  });

  it("fill a sender's own texts in the same pass: names after the endpoint, one refusal, a fresh value per occurrence", () => {
    const request = { method: 'GET', url: '', headers: [{ name: 'X-Id', value: '{{who}}' }] };
    const texts = ['{{base}}/v1', 'p-{{$uuid}}-{{$uuid}}', '{{who}}'];
    expect(callVariableNames({ ...call, endpoint: '', headers: request.headers, body: undefined }, texts)).toEqual(['base', 'who']);
    const out = resolveHttpVariables(
      request,
      new Map([
        ['base', 'http://h'],
        ['who', 'me'],
      ]),
      counting(),
      texts,
    );
    expect(out).toEqual({ ok: true, request: { ...request, headers: [{ name: 'X-Id', value: 'me' }] }, texts: ['http://h/v1', 'p-uuid-1-uuid-2', 'me'] });
    // The texts' unknown names and the request's are refused together.
    expect(resolveHttpVariables({ ...request, headers: [{ name: 'X-Id', value: '{{h}}' }] }, new Map(), counting(), ['{{t}}'])).toEqual({
      ok: false,
      unknown: ['t', 'h'],
    });
  });
});
