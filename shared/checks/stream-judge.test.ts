import { describe, expect, it } from 'vitest';
import type { ExchangeRecord, Outcome } from '../a2a/exchange';
import type { Binding } from '../a2a/versions';
import { judgeClosesAtTerminal, judgeEventOrder, judgeFirstEvent, judgeNothingAfterTerminal } from './stream-judge';

const ids = { taskId: 't1', contextId: 'c1' };
const task = (state: string) => ({ task: { id: 't1', contextId: 'c1', status: { state, timestamp: '2026-01-01T00:00:00Z' } } });
const status = (state: string, timestamp = '2026-01-01T00:00:01Z') => ({ statusUpdate: { ...ids, status: { state, timestamp } } });
const artifact = (artifactId: string, append = false) => ({
  artifactUpdate: { ...ids, artifact: { artifactId, parts: [{ text: 'x' }] }, ...(append ? { append } : {}) },
});
const message = { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] } };

function stream(payloads: unknown[], ended: Extract<Outcome, { kind: 'stream' }>['ended'] = 'completed', binding: Binding = 'HTTP+JSON'): ExchangeRecord {
  return {
    id: 's',
    startedAt: '2026-01-01T00:00:00Z',
    version: '1.0',
    binding,
    endpoint: 'http://x',
    method: 'SendStreamingMessage',
    request: { url: 'http://x', headers: [], bodyBytes: 0 },
    timings: { totalMs: 1 },
    events: payloads.map((data, seq) => ({
      seq,
      atMs: seq * 10,
      event: 'message',
      data: binding === 'JSONRPC' ? { jsonrpc: '2.0', id: 1, result: data } : data,
    })),
    outcome: { kind: 'stream', ended, eventCount: payloads.length },
    warnings: [],
  };
}

const good = [
  task('TASK_STATE_SUBMITTED'),
  status('TASK_STATE_WORKING'),
  artifact('a'),
  artifact('a', true),
  status('TASK_STATE_COMPLETED', '2026-01-01T00:00:02Z'),
];

describe('stream judges', () => {
  it('pass a well-formed task stream on every check (JSON-RPC envelopes unwrapped too)', () => {
    for (const record of [stream(good), stream(good, 'completed', 'JSONRPC')]) {
      expect(judgeFirstEvent(record).kind).toBe('met');
      expect(judgeEventOrder(record).kind).toBe('met');
      expect(judgeClosesAtTerminal(record, 500).kind).toBe('met');
      expect(judgeNothingAfterTerminal(record).kind).toBe('met');
    }
  });

  it('pass a single-Message stream, fail a Message followed by more', () => {
    expect(judgeFirstEvent(stream([message])).kind).toBe('met');
    expect(judgeClosesAtTerminal(stream([message]), 500).kind).toBe('met');
    expect(judgeFirstEvent(stream([message, status('TASK_STATE_WORKING')])).kind).toBe('unmet');
    expect(judgeClosesAtTerminal(stream([message], 'stopped'), 500).kind).toBe('unmet');
  });

  it('first-event catches an update before the Task', () => {
    expect(judgeFirstEvent(stream([status('TASK_STATE_WORKING'), ...good])).kind).toBe('unmet');
  });

  it('event-order catches foreign tasks, orphan appends, Messages after the Task and time going back', () => {
    expect(
      judgeEventOrder(stream([task('TASK_STATE_SUBMITTED'), { statusUpdate: { taskId: 'other', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } }]))
        .kind,
    ).toBe('unmet');
    expect(judgeEventOrder(stream([task('TASK_STATE_SUBMITTED'), artifact('never', true)])).kind).toBe('unmet');
    expect(judgeEventOrder(stream([task('TASK_STATE_SUBMITTED'), message])).kind).toBe('unmet');
    expect(
      judgeEventOrder(
        stream([task('TASK_STATE_SUBMITTED'), status('TASK_STATE_WORKING', '2026-01-01T00:00:05Z'), status('TASK_STATE_COMPLETED', '2026-01-01T00:00:01Z')]),
      ).kind,
    ).toBe('unmet');
  });

  it('closes-at-terminal: open after the final state fails; closed before any final state fails; cut short is skipped', () => {
    expect(judgeClosesAtTerminal(stream(good, 'stopped'), 500).kind).toBe('unmet');
    expect(judgeClosesAtTerminal(stream([task('TASK_STATE_SUBMITTED'), status('TASK_STATE_WORKING')], 'closed'), 500).kind).toBe('unmet');
    expect(judgeClosesAtTerminal(stream([task('TASK_STATE_SUBMITTED'), status('TASK_STATE_WORKING')], 'stopped'), 500).kind).toBe('skipped');
    // input-required interrupts: closing there is right (§11.7).
    expect(judgeClosesAtTerminal(stream([task('TASK_STATE_SUBMITTED'), status('TASK_STATE_INPUT_REQUIRED')]), 500).kind).toBe('met');
  });

  it('nothing-after-terminal allows one final Task snapshot, nothing else', () => {
    expect(judgeNothingAfterTerminal(stream([...good, task('TASK_STATE_COMPLETED')])).kind).toBe('met');
    expect(judgeNothingAfterTerminal(stream([...good, status('TASK_STATE_WORKING')])).kind).toBe('unmet');
    expect(judgeNothingAfterTerminal(stream([...good, task('TASK_STATE_COMPLETED'), task('TASK_STATE_COMPLETED')])).kind).toBe('unmet');
  });

  it('a stream that failed before any event is unmet for every judge, with the error shown', () => {
    const failed: ExchangeRecord = { ...stream([]), outcome: { kind: 'rpc-error', code: -32004, message: 'Streaming is not supported' } };
    for (const finding of [judgeFirstEvent(failed), judgeEventOrder(failed), judgeClosesAtTerminal(failed, 10), judgeNothingAfterTerminal(failed)]) {
      expect(finding).toMatchObject({ kind: 'unmet' });
      expect(finding.kind === 'unmet' && finding.observed).toContain('-32004');
    }
  });

  it('understands 0.3 kinds and the final flag', () => {
    const v03 = stream(
      [
        { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'submitted' } },
        { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'working' }, final: false },
        { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true },
      ],
      'completed',
      'JSONRPC',
    );
    expect(judgeFirstEvent(v03).kind).toBe('met');
    expect(judgeNothingAfterTerminal(v03).kind).toBe('met');
    expect(judgeClosesAtTerminal(v03, 10).kind).toBe('met');
  });
});
