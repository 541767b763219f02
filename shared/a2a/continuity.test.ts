import { describe, expect, it } from 'vitest';
import { continueConversation, extractConversationIds } from './continuity';

describe('conversation continuity', () => {
  it('continues a 1.0 task with its ids and a fresh messageId', () => {
    const first = continueConversation('1.0', { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_INPUT_REQUIRED' } } }, 'more');
    const second = continueConversation('1.0', { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_INPUT_REQUIRED' } } }, 'more');
    expect(first).toMatchObject({ contextId: 'c1', taskId: 't1', message: { role: 'ROLE_USER', contextId: 'c1', taskId: 't1', parts: [{ text: 'more' }] } });
    expect(first.message['messageId']).not.toBe(second.message['messageId']);
  });

  it('starts a new task in the same context when the task is terminal', () => {
    const r = continueConversation('1.0', { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } });
    expect(r.taskId).toBeUndefined();
    expect(r.contextId).toBe('c1');
    expect(r.note).toMatch(/terminal/);
  });

  it('reads JSON-RPC envelopes, 0.3 kinds, messages, stream events and exchange records', () => {
    expect(
      extractConversationIds('0.3', {
        jsonrpc: '2.0',
        id: 1,
        result: { kind: 'status-update', taskId: 't', contextId: 'c', status: { state: 'working' }, final: false },
      }),
    ).toEqual({
      contextId: 'c',
      taskId: 't',
      state: 'working',
    });
    expect(extractConversationIds('1.0', { message: { messageId: 'm', contextId: 'c9' } })).toEqual({ contextId: 'c9' });
    expect(extractConversationIds('1.0', { messageId: 'm', contextId: 'c8', taskId: 't8' })).toEqual({ contextId: 'c8', taskId: 't8' });
    const record = {
      outcome: { kind: 'stream', ended: 'completed', eventCount: 2 },
      events: [
        {
          seq: 0,
          atMs: 1,
          event: 'message',
          data: { jsonrpc: '2.0', id: 1, result: { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } } } },
        },
        {
          seq: 1,
          atMs: 2,
          event: 'message',
          data: { jsonrpc: '2.0', id: 1, result: { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } } },
        },
      ],
    };
    expect(extractConversationIds('1.0', record)).toEqual({ contextId: 'c', taskId: 't', state: 'TASK_STATE_WORKING' });
    const v03 = continueConversation('0.3', { kind: 'message', messageId: 'x', contextId: 'c' });
    expect(v03.message).toMatchObject({ kind: 'message', role: 'user', contextId: 'c' });
    expect(continueConversation('1.0', {}).note).toMatch(/new conversation/);
  });
});
