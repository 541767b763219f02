import { describe, expect, it } from 'vitest';
import { attachDeferredPayload, deferredFacts, payloadFacts, payloadKey } from './deferred-payload';

describe('deferred payloads', () => {
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
    expect(payloadKey({ kind: 'result' })).toBe('value');
    expect(payloadKey({ kind: 'stream' })).toBeUndefined();
  });

  it('parses on first read, then behaves as a plain property', () => {
    const outcome: Record<string, unknown> = { kind: 'message' };
    attachDeferredPayload(outcome, 'message', '{"message":{"parts":[{"text":"hi"}]}}', { contextId: 'c' });
    expect(deferredFacts(outcome)).toEqual({ contextId: 'c' });
    expect(outcome['message']).toEqual({ message: { parts: [{ text: 'hi' }] } });
    expect(deferredFacts(outcome)).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(outcome, 'message')?.value).toBeDefined();
  });
});
