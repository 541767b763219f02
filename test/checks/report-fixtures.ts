import type { ExchangeRecord } from '../../shared/a2a/exchange';
import { findCheck } from '../../shared/checks/check-catalog';
import type { CheckInterface, CheckReport, CheckResult, Verdict } from '../../shared/checks/check-types';
import { buildReport } from '../../shared/checks/report';

/** Text an agent could send back: markup, quotes, control characters, a lone surrogate, emoji, CDATA end. */
export const hostileText = 'a<b>&c "d" \'e\' ]]> \u0000\u0001\u0008\u000b\u001f tab\there\nline \ud800 \u{1F986} \uFFFE end';

export function exchange(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    id: 'ex-1',
    startedAt: '2026-01-01T00:00:00.000Z',
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:1/rpc',
    method: 'GetTask',
    request: {
      url: 'http://127.0.0.1:1/rpc',
      httpMethod: 'POST',
      headers: [
        ['Content-Type', 'application/json'],
        ['Authorization', 'Bearer [redacted]'],
      ],
      body: '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}',
      bodyBytes: 60,
    },
    response: { status: 200, headers: [], contentType: 'application/json', body: hostileText, bodyBytes: 40 },
    timings: { totalMs: 12 },
    outcome: { kind: 'rpc-error', code: -32603, message: hostileText },
    warnings: [hostileText],
    ...overrides,
  };
}

export const rpcInterface: CheckInterface = { binding: 'JSONRPC', version: '1.0', url: 'http://127.0.0.1:1/rpc?x=1&y=<2>' };
export const restInterface: CheckInterface = { binding: 'HTTP+JSON', version: '1.0', url: 'http://127.0.0.1:1/rest', tenant: 't"1' };

export function result(checkId: string, target: CheckInterface, verdict: Verdict, text = hostileText): CheckResult {
  const check = findCheck(checkId);
  if (!check) throw new Error(`no check ${checkId}`);
  return {
    checkId,
    group: check.group,
    title: check.title,
    level: check.level,
    spec: check.spec,
    source: check.source,
    interface: target,
    verdict,
    expected: check.expects,
    observed: text,
    reason: verdict === 'pass' ? '' : text,
    evidence: verdict === 'skipped' ? [] : [exchange()],
    durationMs: 1234,
  };
}

export function sampleReport(): CheckReport {
  return buildReport({
    toolVersion: '0.1.0',
    target: { input: `http://127.0.0.1:1/card?q=${hostileText}`, agentName: hostileText },
    startedAt: Date.parse('2026-01-01T00:00:00Z'),
    finishedAt: Date.parse('2026-01-01T00:00:02.5Z'),
    profile: 'spec',
    notA2a: [],
    interfaces: [rpcInterface, restInterface],
    results: [
      result('protocol.get-unknown-task', rpcInterface, 'fail'),
      result('protocol.cancel-unknown-task', rpcInterface, 'pass'),
      result('protocol.version-missing', rpcInterface, 'warn'),
      result('streaming.first-event', rpcInterface, 'skipped'),
      result('message.empty-parts', restInterface, 'pass'),
      result('message.role-agent', restInterface, 'fail'),
    ],
    notes: [hostileText],
  });
}
