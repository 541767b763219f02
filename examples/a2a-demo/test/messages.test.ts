import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../src/server.js';
import { bearer, callRpc, dataOf, postRpc, startTestDemo, textOf, userMessage, V1, json } from './support.js';

// Raw wire checks of blocking calls: the structured reply, every accepted input form, bad input, v0.3.

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startTestDemo();
});
afterAll(async () => {
  await demo.close();
});

async function sendJsonRpc(parts: unknown[]) {
  const result = await callRpc(demo, 'SendMessage', userMessage(parts));
  expect(result).toHaveProperty('message');
  return result.message as { role: string; parts: Array<{ text?: string; data?: unknown; mediaType?: string }> };
}

describe('SendMessage replies with a structured Message', () => {
  it('JSON-RPC: text part and data part, with media types', async () => {
    const message = await sendJsonRpc([{ text: '[12,30]' }]);
    expect(message.role).toBe('ROLE_AGENT');
    expect(message.parts).toEqual([
      { text: 'Sum: 42', mediaType: 'text/plain' },
      { data: { total: 42 }, mediaType: 'application/json' },
    ]);
  });

  it('HTTP+JSON: POST /message:send', async () => {
    const response = await fetch(`${demo.restUrl}/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/a2a+json', ...V1, ...bearer(demo) },
      body: JSON.stringify(userMessage([{ data: { numbers: [12, 30] } }])),
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(textOf(body.message.parts)).toEqual(['Sum: 42']);
    expect(dataOf(body.message.parts)).toEqual([{ total: 42 }]);
  });

  it.each([
    ['data part', [{ data: { numbers: [12, 30] } }]],
    ['bare data list', [{ data: [12, 30] }]],
    ['text "12 30"', [{ text: '12 30' }]],
    ['text "[12,30]"', [{ text: '[12,30]' }]],
    ['text "12+30"', [{ text: '12+30' }]],
    ['decimals', [{ text: '40.5 1.5' }]],
    ['text and data together', [{ text: '12' }, { data: { numbers: [30] } }]],
    ['a file part is ignored', [{ url: 'https://example.com/a.pdf', mediaType: 'application/pdf' }, { text: '12 30' }]],
  ])('%s → total 42', async (_name, parts) => {
    const message = await sendJsonRpc(parts);
    expect(textOf(message.parts)).toEqual(['Sum: 42']);
    expect(dataOf(message.parts)).toEqual([{ total: 42 }]);
  });
});

describe('bad input gets an explanation, never a crash', () => {
  const many = Array.from({ length: 1001 }, () => 1);
  it.each([
    ['no numbers', [{ text: 'hello' }], 'no numbers'],
    ['empty text', [{ text: '' }], 'no numbers'],
    ['only a file', [{ url: 'https://example.com/a.pdf' }], 'no numbers'],
    ['Infinity in text', [{ text: '1 Infinity' }], 'finite'],
    ['NaN in text', [{ text: 'NaN 2' }], 'finite'],
    ['overflowing literal', [{ text: '1e999 1' }], 'finite'],
    ['overflowing sum', [{ data: { numbers: [1.7e308, 1.7e308] } }], 'finite'],
    ['non-numbers in data', [{ data: { numbers: [1, 'Infinity'] } }], 'list of numbers'],
    ['numbers is not a list', [{ data: { numbers: '12 30' } }], 'list of numbers'],
    ['1,001 numbers in data', [{ data: { numbers: many } }], 'more than 1000'],
    ['1,001 numbers in text', [{ text: many.join(' ') }], 'more than 1000'],
  ])('%s', async (_name, parts, hint) => {
    const message = await sendJsonRpc(parts);
    const [text] = textOf(message.parts);
    expect(text).toContain(hint);
    expect(text).toContain('{"numbers":[12,30]}');
    expect(dataOf(message.parts)).toEqual([]);
  });

  it('exactly 1,000 numbers are fine', async () => {
    const message = await sendJsonRpc([{ data: { numbers: Array.from({ length: 1000 }, () => 2) } }]);
    expect(dataOf(message.parts)).toEqual([{ total: 2000 }]);
  });
});

describe('v0.3 JSON-RPC (SDK compatibility layer)', () => {
  const v03Params = (parts: unknown[]) => ({
    message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts },
    metadata: { source: 'powerduck-test' },
  });

  it('message/send without A2A-Version: text, data and file parts, with params.metadata', async () => {
    const response = await postRpc(
      demo,
      'message/send',
      v03Params([
        { kind: 'text', text: '12' },
        { kind: 'data', data: { numbers: [30] } },
        { kind: 'file', file: { uri: 'https://example.com/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' } },
      ]),
      bearer(demo),
    );
    const body = await json(response);
    expect(body.result).toMatchObject({
      kind: 'message',
      role: 'agent',
      parts: [
        { kind: 'text', text: 'Sum: 42' },
        { kind: 'data', data: { total: 42 } },
      ],
    });
  });

  it('message/send with A2A-Version: 0.3 and only a file part gets the explanation', async () => {
    const response = await postRpc(demo, 'message/send', v03Params([{ kind: 'file', file: { bytes: 'aGVsbG8=', mimeType: 'text/plain' } }]), {
      'A2A-Version': '0.3',
      ...bearer(demo),
    });
    const body = await json(response);
    expect(body.result.kind).toBe('message');
    expect(body.result.parts[0].text).toContain('no numbers');
  });
});
