import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalog } from '../../shared/checks/check-catalog';
import type { CheckReport } from '../../shared/checks/check-types';
import type { CheckRunEvent } from '../../shared/contract/ops-check';
import type { StreamEvent } from '../../shared/contract/stream';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';
import { startBrokenAgent, type BrokenAgent } from './broken-agent';

let agent: BrokenAgent;
let core: Core;
let dispose: () => Promise<void>;

beforeAll(async () => {
  agent = await startBrokenAgent();
  ({ core, dispose } = await tempCore());
});

afterAll(async () => {
  await agent?.close();
  await dispose?.();
});

async function runStream(
  request: Parameters<Core['dispatcher']['stream']>[2],
  onEvent?: (event: StreamEvent<CheckRunEvent, CheckReport>, cancel: () => void) => void,
) {
  const events: StreamEvent<CheckRunEvent, CheckReport>[] = [];
  const requestId = `run-${Math.random()}`;
  await core.dispatcher.stream('check.run', requestId, request as never, (event) => {
    events.push(event as StreamEvent<CheckRunEvent, CheckReport>);
    onEvent?.(event as StreamEvent<CheckRunEvent, CheckReport>, () => core.dispatcher.cancel(requestId));
  });
  return events;
}

describe('check and history over the contract', () => {
  it('check.list returns the catalogue with every group', async () => {
    const listed = await core.dispatcher.invoke('check.list', {});
    expect(listed.ok && listed.value.checks.map((c) => c.id)).toEqual(checkCatalog.map((c) => c.id));
    expect(listed.ok && listed.value.groups).toEqual(['message', 'protocol', 'streaming', 'list-tasks', 'capabilities']);
  });

  it('check.run streams the plan, one result per check, then the report; history keeps each probe', async () => {
    const events = await runStream({ target: agent.cardUrl, binding: 'JSONRPC', only: ['protocol'] });
    const [plan, ...rest] = events;
    const end = rest.pop();
    expect(plan?.kind === 'data' && plan.data.type).toBe('plan');
    const total = plan?.kind === 'data' && plan.data.type === 'plan' ? plan.data.total : -1;
    expect(total).toBe(checkCatalog.filter((c) => c.group === 'protocol' && c.id !== 'protocol.binding-answers').length);
    expect(rest).toHaveLength(total);
    expect(rest.every((e) => e.kind === 'data' && e.data.type === 'result')).toBe(true);
    expect(end?.kind).toBe('end');
    const report = end?.kind === 'end' ? end.value : undefined;
    expect(report?.results).toHaveLength(total);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));

    const runId = plan?.kind === 'data' && plan.data.type === 'plan' ? plan.data.runId : '';
    const history = await core.dispatcher.invoke('history.list', { query: `check:${runId}` });
    const probes = report?.results.reduce((n, r) => n + r.evidence.length, 0) ?? 0;
    // Plus the binding gate's one GetTask: kept in the history, not reported when it passes.
    expect(history.ok && history.value.total).toBe(probes + 1);
    const gate = await core.dispatcher.invoke('history.list', { query: `check:protocol.binding-answers` });
    expect(gate.ok && gate.value.total).toBeGreaterThanOrEqual(1);
    const getUnknown = await core.dispatcher.invoke('history.list', { query: 'check:protocol.get-unknown-task method:GetTask' });
    expect(getUnknown.ok && getUnknown.value.entries[0]).toMatchObject({
      source: 'check',
      interface: { binding: 'JSONRPC', version: '1.0' },
      bodies: 'hashed',
    });
    const id = getUnknown.ok ? (getUnknown.value.entries[0]?.id ?? '') : '';
    const one = await core.dispatcher.invoke('history.get', { id });
    expect(one.ok && one.value.exchange).toBeUndefined();
  });

  it('history.settings turns full bodies on; history.get then returns the whole exchange; clear empties it', async () => {
    expect(await core.dispatcher.invoke('history.settings', {})).toMatchObject({ ok: true, value: { fullBodies: false } });
    expect(await core.dispatcher.invoke('history.settings', { fullBodies: true })).toMatchObject({ ok: true, value: { fullBodies: true } });
    await runStream({ target: agent.cardUrl, binding: 'HTTP+JSON', only: ['protocol'] });
    const listed = await core.dispatcher.invoke('history.list', { query: 'binding:HTTP+JSON check:protocol.get-unknown-task', limit: 1 });
    const id = listed.ok ? (listed.value.entries[0]?.id ?? '') : '';
    const full = await core.dispatcher.invoke('history.get', { id });
    expect(full.ok && full.value.exchange?.request.url).toContain('/rest/tasks/');
    const cleared = await core.dispatcher.invoke('history.clear', {});
    expect(cleared.ok && cleared.value.removed).toBeGreaterThan(0);
    expect(await core.dispatcher.invoke('history.get', { id })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await core.dispatcher.invoke('history.settings', { fullBodies: 'yes' as never })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await core.dispatcher.invoke('history.list', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    await core.dispatcher.invoke('history.settings', { fullBodies: false });
  });

  it('stream.cancel stops a run; bad selections and unreachable agents are errors with stable codes', async () => {
    const cancelled = await runStream({ target: agent.cardUrl }, (event, cancel) => {
      if (event.kind === 'data' && event.data.type === 'result') cancel();
    });
    expect(cancelled[cancelled.length - 1]).toMatchObject({ kind: 'error', error: { code: 'cancelled' } });
    expect((await runStream({ target: agent.cardUrl, checks: ['no.such-check'] })).at(-1)).toMatchObject({ kind: 'error', error: { code: 'bad-request' } });
    expect((await runStream({ target: agent.cardUrl, binding: 'GRPC' })).at(-1)).toMatchObject({ kind: 'error', error: { code: 'not-found' } });
    expect((await runStream({ target: 'http://127.0.0.1:9/.well-known/agent-card.json' })).at(-1)).toMatchObject({ kind: 'error', error: { code: 'connect' } });
  });
});
