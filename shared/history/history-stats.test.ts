import { describe, expect, it } from 'vitest';
import { computeHistoryStats, formatRate, isOutcomeUnknown, parseSince } from './history-stats';
import type { HistorySummary } from './history-types';

let n = 0;
function send(messageId: string, extra: Partial<HistorySummary> = {}): HistorySummary {
  n += 1;
  return {
    id: `e${n}`,
    startedAt: `2026-11-30T10:00:${String(n).padStart(2, '0')}.000Z`,
    source: 'send',
    method: 'SendMessage',
    interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://a/rpc' },
    attempt: 1,
    outcomeKind: 'task',
    taskCreated: false,
    messages: [{ direction: 'sent', messageId, parts: [] }],
    durationMs: 1,
    request: { bytes: 1, url: 'http://a/rpc' },
    warnings: [],
    bodies: 'hashed',
    ...extra,
  };
}

describe('computeHistoryStats', () => {
  it('counts messages, attempts, retries and duplicate executions per messageId', () => {
    const entries = [
      send('a', { taskCreated: true, taskId: 't1' }),
      send('a', { attempt: 2, taskCreated: true, taskId: 't2' }),
      send('b', { taskCreated: true, taskId: 't3' }),
      send('b', { attempt: 2, taskCreated: true, taskId: 't3' }), // the agent deduplicated: same task
      send('c'),
      { ...send('x'), messages: [] }, // GetTask and the like: no message sent
    ];
    expect(computeHistoryStats(entries)).toMatchObject({
      messagesSent: 3,
      attempts: 5,
      retries: 2,
      retriedMessages: 2,
      duplicateExecutions: 1,
      duplicateExecutionRate: 0.5,
      outcomeUnknown: 0,
    });
  });

  it('leaves out contract-check probes and entries before since; hostile ids are plain keys', () => {
    const entries = [send('__proto__'), send('constructor', { attempt: 2 }), send('p', { source: 'check', attempt: 2 })];
    const all = computeHistoryStats(entries);
    expect(all).toMatchObject({ messagesSent: 2, attempts: 2, retries: 1, checkEntriesExcluded: 1 });
    expect(computeHistoryStats(entries, entries[1]?.startedAt)).toMatchObject({ messagesSent: 1, since: entries[1]?.startedAt });
  });

  it('marks sends with no answer as outcome unknown, but not those that never left (DNS) or got a status', () => {
    const timeout = send('u', { outcomeKind: 'transport-error', transportError: 'timeout' });
    expect(isOutcomeUnknown(timeout)).toBe(true);
    expect(isOutcomeUnknown(send('d', { outcomeKind: 'transport-error', transportError: 'dns' }))).toBe(false);
    expect(isOutcomeUnknown(send('t', { outcomeKind: 'transport-error', transportError: 'tls' }))).toBe(false);
    // A reset after the request went out, and connect (which older entries used for such a reset too), stay unknown.
    expect(isOutcomeUnknown(send('r', { outcomeKind: 'transport-error', transportError: 'reset' }))).toBe(true);
    expect(isOutcomeUnknown(send('c', { outcomeKind: 'transport-error', transportError: 'connect' }))).toBe(true);
    // A record just made by this core: connect means nothing reached the server; a reset stays unknown.
    expect(isOutcomeUnknown(send('c', { outcomeKind: 'transport-error', transportError: 'connect' }), { recordedNow: true })).toBe(false);
    expect(isOutcomeUnknown(send('r', { outcomeKind: 'transport-error', transportError: 'reset' }), { recordedNow: true })).toBe(true);
    expect(isOutcomeUnknown(send('s', { outcomeKind: 'transport-error', transportError: 'protocol', httpStatus: 200 }))).toBe(false);
    expect(isOutcomeUnknown(send('e', { outcomeKind: 'stream', eventCount: 3 }))).toBe(false);
    const stats = computeHistoryStats([timeout, send('u', { attempt: 2, taskCreated: true, taskId: 't' })]);
    expect(stats.outcomeUnknown).toBe(1);
    expect(stats.unknownOutcomes).toEqual([{ messageId: 'u', attempts: 2, lastAt: expect.any(String), endpoint: 'http://a/rpc' }]);
  });
});

describe('parseSince and formatRate', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  it('takes ISO dates and spans back from now, and refuses the rest', () => {
    expect(parseSince('2h', now)).toEqual({ since: '2026-11-30T10:00:00.000Z' });
    expect(parseSince('7d', now)).toEqual({ since: '2026-11-23T12:00:00.000Z' });
    expect(parseSince('2026-11-01', now)).toEqual({ since: '2026-11-01T00:00:00.000Z' });
    expect(parseSince('yesterday', now)).toMatchObject({ error: expect.stringContaining('is not a time') });
    expect(parseSince('2026-13-45', now)).toMatchObject({ error: expect.any(String) });
  });
  it('formats the rate, and says when there is none', () => {
    expect(formatRate(null)).toBe('n/a (nothing retried)');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(1 / 3)).toBe('33.3%');
  });
});
