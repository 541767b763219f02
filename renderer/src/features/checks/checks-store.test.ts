import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckReport, CheckResult } from '../../../../shared/checks/check-types';
import { buildReport } from '../../../../shared/checks/report';
import type { CheckRunRequest } from '../../../../shared/contract/ops-check';
import { createFakeHost } from '../../host/fake-host';
import { useDraftsStore } from '../request/drafts-store';
import { useToolViewStore } from '../../app/tool-view-store';
import { openCheckView, startChecks, useChecksStore } from './checks-store';

const iface = { binding: 'JSONRPC' as const, version: '1.0' as const, url: 'http://a/rpc' };
const row = (checkId: string, verdict: CheckResult['verdict']): CheckResult => ({
  checkId,
  group: 'message',
  title: checkId,
  level: 'MUST',
  spec: '§',
  source: { document: 'A2A 1.0', section: '§', keyword: 'MUST', sentence: 's' },
  interface: iface,
  verdict,
  expected: '',
  observed: '',
  reason: '',
  evidence: [],
  durationMs: 1,
});

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
};

function agent(verdicts: Record<string, CheckResult['verdict']>) {
  const requests: CheckRunRequest[] = [];
  const host = createFakeHost({
    streams: {
      'check.run': async (request, emit): Promise<CheckReport> => {
        requests.push(request);
        const ids = request.checks ?? Object.keys(verdicts);
        emit({ type: 'plan', runId: 'run-1', target: { input: request.target }, interfaces: [iface], total: ids.length });
        const results = ids.map((id) => row(id, verdicts[id] ?? 'pass'));
        for (const r of results) emit({ type: 'result', result: r });
        return buildReport({
          toolVersion: '0',
          target: { input: request.target },
          startedAt: 0,
          finishedAt: 1,
          profile: 'spec',
          interfaces: [iface],
          notA2a: [],
          results,
          notes: [],
        });
      },
    },
  });
  return { host, requests };
}

describe('running checks from the UI', () => {
  beforeEach(() => {
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    useChecksStore.setState({
      form: { target: '', binding: '', version: '', groups: [], useRequestAuth: true },
      run: { status: 'idle', interfaces: [], total: 0, results: [] },
    });
  });

  it('"Check agent" on an endpoint starts from the active request, with its auth by reference', async () => {
    useDraftsStore.getState().openA2a({ endpoint: 'http://a/rpc', binding: 'JSONRPC', auth: { type: 'bearer', token: { secretRef: 'tok' } } });
    openCheckView();
    expect(useToolViewStore.getState().view).toEqual({ kind: 'checks' });
    expect(useChecksStore.getState().form).toMatchObject({ target: 'http://a/rpc', binding: 'JSONRPC', version: '1.0' });
    const { host, requests } = agent({ 'message.a': 'pass', 'message.b': 'fail' });
    startChecks(host);
    await until(() => useChecksStore.getState().run.status === 'done');
    expect(requests[0]).toEqual({ target: 'http://a/rpc', binding: 'JSONRPC', version: '1.0', auth: { type: 'bearer', token: { secretRef: 'tok' } } });
    expect(useChecksStore.getState().run.report?.summary).toMatchObject({ pass: 1, fail: 1, mustFailures: 1 });
  });

  it('"Run again" on one row re-runs that check only and keeps the rest of the table', async () => {
    useChecksStore.getState().setForm({ target: 'http://a/card.json', useRequestAuth: false });
    const first = agent({ 'message.a': 'pass', 'message.b': 'fail' });
    startChecks(first.host);
    await until(() => useChecksStore.getState().run.status === 'done');
    const second = agent({ 'message.b': 'pass' });
    startChecks(second.host, { checks: ['message.b'] });
    await until(() => useChecksStore.getState().run.status === 'done');
    expect(second.requests[0]?.checks).toEqual(['message.b']);
    const run = useChecksStore.getState().run;
    expect(run.results.map((r) => `${r.checkId}:${r.verdict}`)).toEqual(['message.a:pass', 'message.b:pass']);
    expect(run.report?.summary).toMatchObject({ pass: 2, fail: 0, mustFailures: 0 });
  });
});
