import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../../shared/a2a/call';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { translate, type MessageKey, type Params } from '../../i18n/i18n';
import { exchangeRecord } from '../request/run-test-support';
import type { Run } from './runs-store';
import { runLabel } from './run-label';

const t = (key: MessageKey, params?: Params): string => translate('en', key, params);
const call: A2aCall = { version: '1.0', binding: 'JSONRPC', endpoint: 'http://a/rpc', method: 'SendMessage', body: {} };
const startedAt = new Date(2026, 0, 2, 13, 4, 5).getTime();

function run(extra: Partial<Run>): Run {
  return {
    id: 'r',
    tabId: 't',
    purpose: 'send',
    version: '1.0',
    binding: 'JSONRPC',
    method: 'SendMessage',
    streaming: false,
    startedAt,
    status: 'done',
    eventCount: 0,
    ...extra,
  };
}
function withOutcome(outcome: ExchangeRecord['outcome'], status?: number): Run {
  const record = exchangeRecord(call, outcome);
  return run({ record: status === undefined ? record : { ...record, response: { status, headers: [], bodyBytes: 0 } } });
}

describe('the "Shown call" labels', () => {
  it('tell calls of one method apart by time and outcome', () => {
    const labels = [
      runLabel(withOutcome({ kind: 'message', message: {} }, 200), 0, t, 'en'),
      runLabel(withOutcome({ kind: 'task', task: { id: 'x', status: { state: 'TASK_STATE_COMPLETED' } }, state: 'TASK_STATE_COMPLETED' }, 200), 1, t, 'en'),
      runLabel(withOutcome({ kind: 'rpc-error', code: -32001, message: 'Missing credentials' }, 401), 2, t, 'en'),
      runLabel(withOutcome({ kind: 'transport-error', code: 'timeout', message: 'slow' }), 3, t, 'en'),
      runLabel(run({ status: 'running' }), 4, t, 'en'),
      runLabel(run({ error: { code: 'bad-request', message: 'no' } }), 5, t, 'en'),
      runLabel(run({ purpose: 'cancel-task', method: 'CancelTask', record: exchangeRecord(call, { kind: 'result', value: {} }) }), 6, t, 'en'),
    ];
    expect(labels[0]).toBe('1. 13:04:05 · SendMessage · 200 · Message');
    expect(labels[1]).toMatch(/^2\. 13:04:05 · SendMessage · 200 · Task \(completed\)$/);
    expect(labels[2]).toBe('3. 13:04:05 · SendMessage · 401 · RPC error -32001');
    expect(labels[3]).toBe('4. 13:04:05 · SendMessage · Transport error (timeout)');
    expect(labels[4]).toBe('5. 13:04:05 · SendMessage · running…');
    expect(labels[5]).toBe('6. 13:04:05 · SendMessage · Not sent');
    expect(labels[6]).toBe('7. 13:04:05 · CancelTask (cancel task) · Result');
    expect(new Set(labels).size).toBe(labels.length);
  });
});
