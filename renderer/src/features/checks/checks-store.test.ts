import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckReport, CheckResult } from '../../../../shared/checks/check-types';
import { buildReport } from '../../../../shared/checks/report';
import type { CheckRunRequest } from '../../../../shared/contract/ops-check';
import { createFakeHost } from '../../host/fake-host';
import { useDraftsStore } from '../request/drafts-store';
import { useToolViewStore } from '../../app/tool-view-store';
import { useEnvironmentsStore } from '../environments';
import type { CardSummary } from '../../../../shared/card/card-types';
import { effectiveAuthFrom, openCheckFromCard, openCheckView, startChecks, useChecksStore } from './checks-store';

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
    useEnvironmentsStore.setState({ state: null });
    useChecksStore.setState({
      form: { target: '', binding: '', version: '', groups: [], authFrom: 'auto' },
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
    useChecksStore.getState().setForm({ target: 'http://a/card.json', authFrom: 'none' });
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

  it('the auth choice follows the header until the person picks one', () => {
    useChecksStore.getState().setForm({ target: '{{baseUrl}}' });
    expect(effectiveAuthFrom(useChecksStore.getState().form, false, false)).toBe('none');
    expect(effectiveAuthFrom(useChecksStore.getState().form, false, true)).toBe('environment');
    useChecksStore.getState().setForm({ authFrom: 'none' });
    expect(effectiveAuthFrom(useChecksStore.getState().form, false, true)).toBe('none');
  });

  it('use the environment picked in the header, as sends do', async () => {
    selectEnvironment({ token: false });
    useChecksStore.getState().setForm({ target: '{{baseUrl}}', authFrom: 'none' });
    const { host, requests } = agent({ 'message.a': 'pass' });
    startChecks(host);
    await until(() => useChecksStore.getState().run.status === 'done');
    expect(requests[0]).toEqual({ target: '{{baseUrl}}', environment: 'local demo' });
  });

  it('the environment’s {{token}} is offered (and chosen) when the active tab has no auth, sent as a bearer reference', async () => {
    selectEnvironment({ token: true });
    useDraftsStore.getState().openA2a({ endpoint: '{{baseUrl}}/rpc', binding: 'JSONRPC' });
    openCheckView();
    expect(effectiveAuthFrom(useChecksStore.getState().form, false, true)).toBe('environment');
    const { host, requests } = agent({ 'message.a': 'pass' });
    startChecks(host);
    await until(() => useChecksStore.getState().run.status === 'done');
    expect(requests[0]?.auth).toEqual({ type: 'bearer', token: { secretRef: '{{token}}' } });
    expect(requests[0]?.environment).toBe('local demo');
  });
});

const summary = { interfaces: [{ url: 'http://a/rpc', callable: true }] } as unknown as CardSummary;
const bearerCard = {
  name: 'a',
  supportedInterfaces: [{ url: 'http://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  securitySchemes: { demoBearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  securityRequirements: [{ schemes: { demoBearer: { list: [] } } }],
};

function selectEnvironment({ token }: { token: boolean }): void {
  useEnvironmentsStore.setState({
    state: {
      active: 'local demo',
      environments: [{ name: 'local demo', variables: [{ name: 'baseUrl', value: 'http://a' }, ...(token ? [{ name: 'token', secret: 'demo-token' }] : [])] }],
    } as never,
  });
}

describe('"Check agent" on a card', () => {
  beforeEach(() => {
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    useEnvironmentsStore.setState({ state: null });
    useChecksStore.setState({
      form: { target: '', binding: '', version: '', groups: [], authFrom: 'auto' },
      run: { status: 'idle', interfaces: [], total: 0, results: [] },
    });
  });

  it('opens the form prefilled from the card and starts nothing, whatever the active tab', () => {
    // An HTTP-ish active tab with no auth used to start 85 skipped checks at once.
    useDraftsStore.getState().openA2a({ endpoint: 'http://elsewhere/rpc', binding: 'HTTP+JSON', auth: { type: 'bearer', token: { secretRef: 'other' } } });
    openCheckFromCard('http://a/.well-known/agent-card.json', summary, bearerCard, '1.0');
    expect(useToolViewStore.getState().view).toEqual({ kind: 'checks' });
    const { form, run } = useChecksStore.getState();
    expect(run.status).toBe('idle');
    expect(form).toMatchObject({ target: 'http://a/.well-known/agent-card.json', binding: '', version: '' });
    // The card's scheme is the choice even though the active tab has auth of its own.
    expect(effectiveAuthFrom(form, true, false)).toBe('card');
    expect(form.cardAuth?.choices.map((c) => c.scheme)).toEqual(['demoBearer']);
    // No credentials yet: the card's scheme asks for them before Check agent can start.
    expect(form.cardAuth?.auth).toEqual({ type: 'bearer', token: { secretRef: '' } });
  });

  it('with an environment that has {{token}}, the card’s scheme takes its credential from it; Check agent sends that', async () => {
    selectEnvironment({ token: true });
    openCheckFromCard('http://a/.well-known/agent-card.json', summary, bearerCard, '1.0');
    expect(useChecksStore.getState().form.cardAuth?.auth).toEqual({ type: 'bearer', token: { secretRef: '{{token}}' } });
    const { host, requests } = agent({ 'message.a': 'pass' });
    startChecks(host);
    await until(() => useChecksStore.getState().run.status === 'done');
    expect(requests[0]).toEqual({
      target: 'http://a/.well-known/agent-card.json',
      auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
      environment: 'local demo',
    });
  });

  it('a card without schemes and no environment token starts with no auth', () => {
    openCheckFromCard(undefined, summary, { name: 'a', supportedInterfaces: [] }, '1.0');
    expect(useChecksStore.getState().form).toMatchObject({ target: 'http://a/rpc' });
    expect(effectiveAuthFrom(useChecksStore.getState().form, false, false)).toBe('none');
    expect(useChecksStore.getState().form.cardAuth).toBeUndefined();
  });

  it('the card’s scheme without credentials refuses to start (nothing is sent)', () => {
    openCheckFromCard('http://a/card.json', summary, bearerCard, '1.0');
    const { host, requests } = agent({ 'message.a': 'pass' });
    startChecks(host);
    expect(requests).toHaveLength(0);
    expect(useChecksStore.getState().run.status).toBe('idle');
  });
});
