import { describe, expect, it } from 'vitest';
import type { CheckResult, Verdict } from '../../../../shared/checks/check-types';
import { countBy, filterResults, noFilter, sortResults } from './check-filters';
import { mergeResults } from './checks-store';

function result(checkId: string, verdict: Verdict, binding: CheckResult['interface']['binding'] = 'JSONRPC', observed = ''): CheckResult {
  return {
    checkId,
    group: checkId.startsWith('stream') ? 'streaming' : 'message',
    title: checkId,
    level: verdict === 'warn' ? 'SHOULD' : 'MUST',
    spec: '§',
    source: { document: 'A2A 1.0', section: '§', keyword: 'MUST', sentence: 's' },
    interface: { binding, version: '1.0', url: `http://a/${binding}` },
    verdict,
    expected: 'x',
    observed,
    reason: '',
    evidence: [],
    durationMs: 1,
  };
}

const results = [
  result('message.a', 'pass'),
  result('message.b', 'fail', 'JSONRPC', 'accepted an empty message'),
  result('stream.c', 'warn', 'HTTP+JSON'),
  result('message.b', 'pass', 'HTTP+JSON'),
  result('stream.d', 'skipped'),
];

describe('check result table', () => {
  it('filters by verdict, group, level, interface and text together', () => {
    expect(filterResults(results, noFilter)).toHaveLength(5);
    expect(filterResults(results, { ...noFilter, verdict: 'fail' }).map((r) => r.checkId)).toEqual(['message.b']);
    expect(filterResults(results, { ...noFilter, group: 'streaming' }).map((r) => r.checkId)).toEqual(['stream.c', 'stream.d']);
    expect(filterResults(results, { ...noFilter, level: 'SHOULD' })).toHaveLength(1);
    expect(filterResults(results, { ...noFilter, iface: 'HTTP+JSON 1.0 http://a/HTTP+JSON' })).toHaveLength(2);
    expect(filterResults(results, { ...noFilter, text: 'EMPTY message' }).map((r) => r.verdict)).toEqual(['fail']);
    expect(filterResults(results, { ...noFilter, verdict: 'pass', group: 'streaming' })).toEqual([]);
  });

  it('puts failures first and keeps the run order within a verdict', () => {
    expect(sortResults(results).map((r) => `${r.verdict}:${r.checkId}`)).toEqual([
      'fail:message.b',
      'warn:stream.c',
      'pass:message.a',
      'pass:message.b',
      'skipped:stream.d',
    ]);
    expect(countBy(results)).toEqual({ pass: 2, fail: 1, warn: 1, skipped: 1 });
  });

  it('a re-run replaces only the rows it ran (same check on the same interface)', () => {
    const merged = mergeResults(results, [result('message.b', 'pass', 'JSONRPC'), result('message.z', 'fail')]);
    expect(merged).toHaveLength(6);
    expect(merged[1]?.verdict).toBe('pass');
    expect(merged[3]?.interface.binding).toBe('HTTP+JSON');
    expect(merged[5]?.checkId).toBe('message.z');
  });
});
