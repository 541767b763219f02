import { describe, expect, it } from 'vitest';
import { classifyHttpError, classifyJsonRpcResponse, classifyResult, describePayload, findErrorInfo } from './outcome';

describe('outcome classification', () => {
  it('treats HTTP 200 + error as an RPC error and decodes ErrorInfo.reason', () => {
    const r = classifyJsonRpcResponse(
      '1.0',
      'GetTask',
      {
        jsonrpc: '2.0',
        id: 5,
        error: {
          code: -32001,
          message: 'Task not found',
          data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
        },
      },
      5,
    );
    expect(r.outcome).toMatchObject({ kind: 'rpc-error', code: -32001, reason: 'TASK_NOT_FOUND' });
    expect(r.warnings).toEqual([]);
  });

  it('names task vs message for 1.0 SendMessage and 0.3 message/send', () => {
    expect(classifyJsonRpcResponse('1.0', 'SendMessage', { jsonrpc: '2.0', id: 'a', result: { message: { messageId: 'm' } } }, 'a').outcome.kind).toBe(
      'message',
    );
    const task = classifyJsonRpcResponse(
      '1.0',
      'SendMessage',
      { jsonrpc: '2.0', id: 'a', result: { task: { id: 't', status: { state: 'TASK_STATE_COMPLETED' } } } },
      'a',
    );
    expect(task.outcome).toMatchObject({ kind: 'task', state: 'TASK_STATE_COMPLETED' });
    expect(classifyResult('0.3', 'message/send', { kind: 'message', messageId: 'x' }).outcome.kind).toBe('message');
    expect(classifyResult('0.3', 'message/send', { kind: 'task', id: 't', status: { state: 'working' } }).outcome).toMatchObject({
      kind: 'task',
      state: 'working',
    });
    const bare = classifyResult('1.0', 'SendMessage', { id: 't', status: {} });
    expect(bare.outcome.kind).toBe('result');
    expect(bare.warnings[0]).toMatch(/wraps/);
  });

  it('flags a mismatched id, a missing jsonrpc and a non-object response', () => {
    const r = classifyJsonRpcResponse('1.0', 'GetTask', { id: 99, result: { id: 't', status: { state: 'TASK_STATE_WORKING' } } }, 1);
    expect(r.warnings.join('\n')).toMatch(/does not match/);
    expect(r.warnings.join('\n')).toMatch(/"jsonrpc"/);
    expect(classifyJsonRpcResponse('1.0', 'GetTask', [1], 1).outcome).toMatchObject({ kind: 'transport-error', code: 'protocol' });
    expect(classifyJsonRpcResponse('1.0', 'GetTask', { jsonrpc: '2.0', id: 1 }, 1).outcome.kind).toBe('transport-error');
  });

  it('reads google.rpc.Status error bodies (A2A §11.6) and the 0.3 shape', () => {
    const o = classifyHttpError(404, 'Not Found', {
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'Task not found: x',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' }],
      },
    });
    expect(o).toMatchObject({ kind: 'http-error', status: 404, message: 'Task not found: x', reason: 'TASK_NOT_FOUND' });
    expect(classifyHttpError(500, 'Internal Server Error', 'oops')).toMatchObject({ message: 'oops' });
    expect(findErrorInfo({ reason: 'X' })).toEqual({ reason: 'X' });
    expect(findErrorInfo([{ '@type': 'type.googleapis.com/google.rpc.BadRequest', reason: 'no' }])).toBeUndefined();
  });

  it('describes stream payloads of both versions', () => {
    expect(describePayload('1.0', { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } } })).toEqual({
      objectKind: 'statusUpdate',
      state: 'TASK_STATE_INPUT_REQUIRED',
      taskId: 't',
      contextId: 'c',
      endsStream: true,
    });
    expect(describePayload('0.3', { kind: 'status-update', taskId: 't', contextId: 'c', status: { state: 'working' }, final: false })).toMatchObject({
      objectKind: 'status-update',
      final: false,
      endsStream: false,
    });
    expect(describePayload('1.0', 'x')).toEqual({ endsStream: false });
  });
});
