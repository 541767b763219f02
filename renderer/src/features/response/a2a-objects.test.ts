import { describe, expect, it } from 'vitest';
import { readPart } from '../../../../shared/a2a/payload';
import { isTerminalState, taskStateLabel, serverIds, toMessageView, toTaskView, unwrapSendResponse } from './a2a-objects';

describe('A2A object views', () => {
  it('reads parts of both dialects', () => {
    expect(readPart({ text: 'hi' })).toEqual({ kind: 'text', text: 'hi' });
    expect(readPart({ kind: 'text', text: 'hi' })).toEqual({ kind: 'text', text: 'hi' });
    expect(readPart({ data: { total: 42 }, mediaType: 'application/json' })).toEqual({ kind: 'data', data: { total: 42 }, mediaType: 'application/json' });
    expect(readPart({ url: 'https://x', filename: 'a', mediaType: 'b' })).toEqual({ kind: 'file', url: 'https://x', filename: 'a', mediaType: 'b' });
    expect(readPart({ raw: 'aGk=' })).toEqual({ kind: 'file', bytes: 'aGk=' });
    expect(readPart({ kind: 'file', file: { bytes: 'aGk=', mimeType: 'text/plain', name: 'hi.txt' } })).toEqual({
      kind: 'file',
      bytes: 'aGk=',
      mediaType: 'text/plain',
      filename: 'hi.txt',
    });
    expect(readPart(7)).toEqual({ kind: 'unknown', raw: 7 });
  });

  it('unwraps the 1.0 SendMessageResponse but not a bare 0.3 object', () => {
    expect(unwrapSendResponse({ message: { messageId: 'm', parts: [] } }, 'message')).toEqual({ messageId: 'm', parts: [] });
    const bare = { kind: 'message', messageId: 'm', parts: [] };
    expect(unwrapSendResponse(bare, 'message')).toBe(bare);
  });

  it('normalises task states across versions', () => {
    expect(taskStateLabel('TASK_STATE_INPUT_REQUIRED')).toBe('input-required');
    expect(taskStateLabel('TASK_STATE_CANCELLED')).toBe('canceled');
    expect(taskStateLabel('completed')).toBe('completed');
    expect(isTerminalState('TASK_STATE_COMPLETED')).toBe(true);
    expect(isTerminalState('input-required')).toBe(false);
  });

  it('builds task and message views and finds server ids', () => {
    const task = toTaskView({
      id: 't',
      contextId: 'c',
      status: { state: 'TASK_STATE_WORKING', message: { role: 'ROLE_AGENT', parts: [{ text: 'x' }] } },
      artifacts: [{ artifactId: 'a', parts: [{ text: 'y' }] }],
    });
    expect(task).toMatchObject({ id: 't', contextId: 'c', state: 'TASK_STATE_WORKING', artifacts: [{ artifactId: 'a' }] });
    expect(toMessageView({ messageId: 'm', contextId: 'c', content: [{ text: 'v03 proto' }] })?.parts).toEqual([{ kind: 'text', text: 'v03 proto' }]);
    expect(serverIds({ jsonrpc: '2.0', id: 1, result: { statusUpdate: { taskId: 't', contextId: 'c' } } })).toEqual({ taskId: 't', contextId: 'c' });
    expect(serverIds({ kind: 'task', id: 't', contextId: 'c', status: {} })).toEqual({ taskId: 't', contextId: 'c' });
  });
});
