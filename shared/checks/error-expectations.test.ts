import { describe, expect, it } from 'vitest';
import type { ExchangeRecord, Outcome } from '../a2a/exchange';
import type { A2aVersion, Binding } from '../a2a/versions';
import { expectError, matchError, observedError } from './error-expectations';
import { describeOutcome } from './outcome-text';
import { verdictFor } from './verdict';

function record(outcome: Outcome, binding: Binding = 'JSONRPC', version: A2aVersion = '1.0', status?: number): ExchangeRecord {
  return {
    id: 'r',
    startedAt: '2026-01-01T00:00:00Z',
    version,
    binding,
    endpoint: 'http://x',
    method: 'GetTask',
    request: { url: 'http://x', headers: [], bodyBytes: 0 },
    ...(status !== undefined ? { response: { status, headers: [], bodyBytes: 0 } } : {}),
    timings: { totalMs: 1 },
    outcome,
    warnings: [],
  };
}

const taskNotFoundInfo = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }];

describe('expectError', () => {
  it('passes the right code with the right ErrorInfo reason on each binding', () => {
    expect(expectError(record({ kind: 'rpc-error', code: -32001, message: 'nf', data: taskNotFoundInfo }), ['TaskNotFound'], describeOutcome).kind).toBe('met');
    expect(
      expectError(record({ kind: 'http-error', status: 404, message: 'nf', reason: 'TASK_NOT_FOUND' }, 'HTTP+JSON'), ['TaskNotFound'], describeOutcome).kind,
    ).toBe('met');
    expect(
      expectError(
        record({ kind: 'grpc-error', code: 5, codeName: 'NOT_FOUND', message: 'nf', reason: 'TASK_NOT_FOUND' }, 'GRPC'),
        ['TaskNotFound'],
        describeOutcome,
      ).kind,
    ).toBe('met');
  });

  it('warns when ErrorInfo.reason is missing in 1.0, but not in 0.3 (which has none)', () => {
    const missing = expectError(record({ kind: 'rpc-error', code: -32001, message: 'nf' }), ['TaskNotFound'], describeOutcome);
    expect(missing.kind).toBe('partial');
    expect(verdictFor('MUST', missing)).toBe('warn');
    expect(expectError(record({ kind: 'rpc-error', code: -32001, message: 'nf' }, 'JSONRPC', '0.3'), ['TaskNotFound'], describeOutcome).kind).toBe('met');
  });

  it('fails acceptance, wrong codes and server faults, and says what was expected', () => {
    const accepted = expectError(record({ kind: 'result', value: null }), ['TaskNotFound'], describeOutcome);
    expect(accepted).toMatchObject({ kind: 'unmet', observed: 'Accepted: an empty success result.' });
    expect(verdictFor('MUST', accepted)).toBe('fail');
    expect(verdictFor('SHOULD', accepted)).toBe('warn');
    const wrong = expectError(record({ kind: 'rpc-error', code: -32602, message: 'bad' }), ['TaskNotFound'], describeOutcome);
    expect(wrong.kind === 'unmet' && wrong.reason).toContain('TaskNotFound (JSON-RPC -32001, reason TASK_NOT_FOUND)');
    const crash = expectError(record({ kind: 'http-error', status: 500, message: 'boom' }, 'HTTP+JSON'), ['InvalidParams'], describeOutcome);
    expect(crash.kind === 'unmet' && crash.reason).toContain('failed instead of refusing');
  });

  it('tells errors sharing HTTP 400 apart by reason', () => {
    const unsupported = { via: 'http' as const, httpStatus: 400, reason: 'UNSUPPORTED_OPERATION', message: '' };
    expect(matchError(unsupported, 'UnsupportedOperation', 'HTTP+JSON', '1.0')).toBe('exact');
    expect(matchError(unsupported, 'PushNotificationNotSupported', 'HTTP+JSON', '1.0')).toBe('wrong-reason');
    expect(matchError(unsupported, 'InvalidParams', 'HTTP+JSON', '1.0')).toBe('wrong-reason');
    expect(matchError({ via: 'http', httpStatus: 400, message: '' }, 'InvalidParams', 'HTTP+JSON', '1.0')).toBe('exact');
    // v1.0.0 mapping (409) still accepted for TaskNotCancelable.
    expect(matchError({ via: 'http', httpStatus: 409, reason: 'TASK_NOT_CANCELABLE', message: '' }, 'TaskNotCancelable', 'HTTP+JSON', '1.0')).toBe('exact');
    expect(matchError({ via: 'http', httpStatus: 500, reason: 'TASK_NOT_CANCELABLE', message: '' }, 'TaskNotCancelable', 'HTTP+JSON', '1.0')).toBe(
      'wrong-code',
    );
  });

  it('reads errors carried by a failed stream', () => {
    const stream = record({ kind: 'stream', ended: 'error', eventCount: 1, error: { code: -32001, message: 'nf', reason: 'TASK_NOT_FOUND' } });
    expect(observedError(stream)).toMatchObject({ via: 'jsonrpc', jsonrpcCode: -32001, reason: 'TASK_NOT_FOUND' });
    const ok = record({ kind: 'stream', ended: 'completed', eventCount: 1 });
    ok.events = [
      { seq: 0, atMs: 1, event: 'message', data: { jsonrpc: '2.0', id: 1, result: { task: { id: 't', status: { state: 'TASK_STATE_COMPLETED' } } } } },
    ];
    expect(observedError(ok)).toBeUndefined();
  });
});
