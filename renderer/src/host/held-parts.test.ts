import { describe, expect, it } from 'vitest';
import { heldPayloadFacts, payloadFacts, payloadKey, withHeldParts, type HeldParts } from './held-parts';

describe('held parts of large answers', () => {
  it('reads ids and state from both dialects', () => {
    expect(payloadFacts('task', { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } })).toEqual({
      taskId: 't',
      contextId: 'c',
      state: 'TASK_STATE_WORKING',
    });
    expect(payloadFacts('message', { message: { messageId: 'm', contextId: 'c', parts: [] } })).toEqual({ contextId: 'c' });
    expect(payloadFacts('task', { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } })).toEqual({
      taskId: 't',
      contextId: 'c',
      state: 'completed',
    });
    expect(payloadFacts('value', [1, 2])).toEqual({});
    // Only a string id with a status object makes a task (shared/a2a/payload.ts isTaskShaped): this one is an update.
    expect(payloadFacts('value', { id: 'x', status: 'working', taskId: 't' })).toEqual({ taskId: 't' });
    expect(payloadKey({ kind: 'result' })).toBe('value');
    expect(payloadKey({ kind: 'stream' })).toBeUndefined();
  });

  it('parses a held payload and held events back in, once and in place', () => {
    const record: { outcome: Record<string, unknown>; events?: unknown; held?: HeldParts } = {
      outcome: { kind: 'message' },
      held: { payload: { key: 'message', json: '{"message":{"parts":[{"text":"hi"}]}}', facts: { contextId: 'c' } }, events: '[{"seq":0}]' },
    };
    expect(heldPayloadFacts(record)).toEqual({ contextId: 'c' });
    const full = withHeldParts(record);
    expect(full).toBe(record);
    expect(full).toEqual({ outcome: { kind: 'message', message: { message: { parts: [{ text: 'hi' }] } } }, events: [{ seq: 0 }] });
    expect(heldPayloadFacts(record)).toBeUndefined();
    expect(withHeldParts(record)).toBe(record);
  });

  it('leaves a value with nothing held as it is, and fails loudly on held text that is not JSON', () => {
    const plain: { outcome: unknown; held?: HeldParts } = { outcome: { kind: 'task', task: { id: 't' } } };
    expect(withHeldParts(plain)).toEqual({ outcome: { kind: 'task', task: { id: 't' } } });
    expect(heldPayloadFacts(plain)).toBeUndefined();
    const broken: { events?: unknown; held?: HeldParts } = { held: { events: 'not json' } };
    expect(() => withHeldParts(broken)).toThrow();
  });
});
