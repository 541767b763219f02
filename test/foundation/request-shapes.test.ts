/**
 * Requests of the wrong shape (what a buggy page, a script against the browser host or a hand-made
 * IPC call can send) are refused with a clear bad-request naming the field, never an internal error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempCore } from './test-core';

let ctx: Awaited<ReturnType<typeof tempCore>>;

beforeAll(async () => {
  ctx = await tempCore();
});

afterAll(async () => {
  await ctx?.dispose();
});

/** Any operation with any request, as the wire can deliver it. */
async function answer(op: string, request: unknown): Promise<{ code: string; message: string }> {
  const dispatcher = ctx.core.dispatcher as unknown as {
    invoke(op: string, request: unknown): Promise<{ ok: true } | { ok: false; error: { code: string; message: string } }>;
  };
  const result = await dispatcher.invoke(op, request);
  return result.ok ? { code: 'ok', message: '' } : result.error;
}

describe('requests of the wrong shape', () => {
  it('history.list with a query that is not text', async () => {
    for (const query of [5, {}, ['status:404'], null]) {
      const got = await answer('history.list', { query });
      expect(got.code, JSON.stringify(query)).toBe('bad-request');
      expect(got.message).toContain('query');
    }
    expect((await answer('history.list', { query: 'constructor:x __proto__' })).code).toBe('ok');
  });

  it('history.get without an id, or with one that is not text', async () => {
    for (const request of [{}, { id: 5 }, { id: null }, null]) {
      const got = await answer('history.get', request);
      expect(got.code, JSON.stringify(request)).toBe('bad-request');
      expect(got.message).not.toContain('undefined');
    }
    expect((await answer('history.get', { id: 'no-such-entry' })).code).toBe('not-found');
  });

  it('spec.save / spec.saveAs without a call object', async () => {
    for (const op of ['spec.save', 'spec.saveAs']) {
      for (const call of [null, 'SendMessage', [], undefined]) {
        const got = await answer(op, { file: 'shapes.yaml', path: '/a', expectedHash: null, call });
        expect(got.code, `${op} ${JSON.stringify(call)}`).toBe('bad-request');
        expect(got.message).toContain('call');
      }
    }
  });

  it('card.inspect / card.verify with no card, or null, say what is missing', async () => {
    for (const op of ['card.inspect', 'card.verify']) {
      const none = await answer(op, {});
      expect(none.code, op).toBe('bad-request');
      expect(none.message).not.toContain('undefined');
      const nothing = await answer(op, { card: null });
      expect(nothing.message, op).toContain('null');
      expect(nothing.message).not.toContain('JSON object');
    }
  });
});
