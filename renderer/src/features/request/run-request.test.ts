import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { createFakeHost } from '../../host/fake-host';
import { runFacts } from '../response/run-facts';
import { useRunsStore } from '../response/runs-store';
import { peekTimeline } from '../stream/timelines';
import { useDraftsStore } from './drafts-store';
import { cancelRemoteTask, continueRun, resubscribe, sendDraft, stopRun } from './run-request';
import { exchangeRecord, startEachTestWithNoTabsOrRuns, until } from './run-test-support';

function record(call: A2aCall, outcome: ExchangeRecord['outcome'], events?: RecordedStreamEvent[]): ExchangeRecord {
  return exchangeRecord(call, outcome, events ? { events } : {});
}

describe('running drafts through a host', () => {
  startEachTestWithNoTabsOrRuns();

  it('sends a unary call and keeps the exchange record; refuses without an endpoint', async () => {
    const host = createFakeHost({
      ops: {
        'a2a.send': (call) =>
          record(call, { kind: 'message', message: { message: { messageId: 'a', contextId: 'ctx-1', role: 'ROLE_AGENT', parts: [{ text: 'Sum: 42' }] } } }),
      },
    });
    const tab = useDraftsStore.getState().openA2a();
    expect(sendDraft(host, tab)).toMatchObject({ ok: false, problem: { problem: 'endpoint' } });
    useDraftsStore.getState().update(tab, { endpoint: 'http://127.0.0.1:1/rpc' });
    const sent = sendDraft(host, tab);
    expect(sent.ok).toBe(true);
    const runId = sent.ok ? sent.runId : '';
    await until(() => useRunsStore.getState().runs[runId]?.status === 'done');
    const run = useRunsStore.getState().runs[runId];
    expect(run?.record?.outcome.kind).toBe('message');
    expect(runFacts(run)).toMatchObject({ contextId: 'ctx-1', terminal: false });
    expect((host.calls[0]?.request as A2aCall).method).toBe('SendMessage');
  });

  it('writes a new messageId into the body on each Send (shown in the editor); unticked, Send repeats the same message', async () => {
    const host = createFakeHost({
      ops: { 'a2a.send': (call) => record(call, { kind: 'message', message: { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [] } } }) },
    });
    const sentId = (i: number): unknown => ((host.calls[i]?.request as A2aCall).body as { message: { messageId: string } }).message.messageId;
    const tab = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc' });
    const draftOf = () => useDraftsStore.getState().tabs.find((t) => t.id === tab);
    expect(draftOf()?.freshMessageId).toBe(true);
    const typedId = JSON.parse(draftOf()?.bodyText ?? '').message.messageId as string;
    expect(sendDraft(host, tab).ok).toBe(true);
    expect(sendDraft(host, tab).ok).toBe(true);
    await until(() => host.calls.length === 2);
    expect(new Set([typedId, sentId(0), sentId(1)]).size).toBe(3);
    // The editor holds what went out last.
    expect(JSON.parse(draftOf()?.bodyText ?? '').message.messageId).toBe(sentId(1));

    useDraftsStore.getState().update(tab, { freshMessageId: false });
    expect(sendDraft(host, tab).ok).toBe(true);
    expect(sendDraft(host, tab).ok).toBe(true);
    await until(() => host.calls.length === 4);
    expect(sentId(2)).toBe(sentId(1));
    expect(sentId(3)).toBe(sentId(1));
  });

  it('leaves the body alone for methods without a message, bodies that do not parse, and refused sends', async () => {
    const host = createFakeHost({ ops: { 'a2a.send': (call) => record(call, { kind: 'message', message: {} }) } });
    const getTask = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc', method: 'GetTask', bodyText: '{ "id": "t1" }' });
    expect(sendDraft(host, getTask).ok).toBe(true);
    expect(useDraftsStore.getState().tabs.find((t) => t.id === getTask)?.bodyText).toBe('{ "id": "t1" }');
    const broken = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc', bodyText: '{ "message": ' });
    expect(sendDraft(host, broken)).toMatchObject({ ok: false, problem: { problem: 'body' } });
    expect(useDraftsStore.getState().tabs.find((t) => t.id === broken)?.bodyText).toBe('{ "message": ');
    const noEndpoint = useDraftsStore.getState().openA2a({ bodyText: '{"message":{"messageId":"keep"}}' });
    expect(sendDraft(host, noEndpoint)).toMatchObject({ ok: false, problem: { problem: 'endpoint' } });
    expect(useDraftsStore.getState().tabs.find((t) => t.id === noEndpoint)?.bodyText).toBe('{"message":{"messageId":"keep"}}');
  });

  it('streams into the timeline; Stop cancels locally and sends nothing to the agent', async () => {
    const host = createFakeHost({
      streams: {
        'a2a.stream': async (call, emit, signal) => {
          const events: RecordedStreamEvent[] = [];
          for (let i = 0; !signal.aborted; i++) {
            const e: RecordedStreamEvent = {
              seq: i,
              atMs: i,
              event: 'message',
              data: { statusUpdate: { taskId: 'task-1', contextId: 'ctx', status: { state: 'TASK_STATE_WORKING' } } },
            };
            events.push(e);
            emit(e);
            await new Promise((r) => setTimeout(r, 2));
          }
          return record(call, { kind: 'stream', ended: 'stopped', eventCount: events.length, lastState: 'TASK_STATE_WORKING' }, events);
        },
      },
    });
    const tab = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc', method: 'SendStreamingMessage' });
    const sent = sendDraft(host, tab);
    const runId = sent.ok ? sent.runId : '';
    await until(() => (peekTimeline(runId)?.rows.length ?? 0) >= 3);
    await stopRun(runId);
    await until(() => useRunsStore.getState().runs[runId]?.status === 'done');
    const run = useRunsStore.getState().runs[runId];
    expect(run?.record?.outcome).toMatchObject({ kind: 'stream', ended: 'stopped' });
    expect(runFacts(run)).toMatchObject({ taskId: 'task-1', state: 'working', terminal: false });
    // Only the local stream.cancel went out: no CancelTask / a2a.send.
    expect(host.calls.map((c) => c.op)).toEqual(['a2a.stream', 'stream.cancel']);
  });

  it('Cancel task and Resubscribe call the version’s methods with the task id', () => {
    const host = createFakeHost({
      ops: { 'a2a.send': (call) => record(call, { kind: 'task', task: { id: 't' } }) },
      streams: { 'a2a.stream': async (call) => record(call, { kind: 'stream', ended: 'completed', eventCount: 0 }) },
    });
    const v1 = useDraftsStore.getState().openA2a({ endpoint: 'http://a' });
    const v03 = useDraftsStore.getState().openA2a({ endpoint: 'http://a', version: '0.3' });
    cancelRemoteTask(host, v1, 't1');
    resubscribe(host, v1, 't1');
    cancelRemoteTask(host, v03, 't2');
    resubscribe(host, v03, 't2');
    expect(host.calls.map((c) => [c.op, (c.request as A2aCall).method, (c.request as A2aCall).body])).toEqual([
      ['a2a.send', 'CancelTask', { id: 't1' }],
      ['a2a.stream', 'SubscribeToTask', { id: 't1' }],
      ['a2a.send', 'tasks/cancel', { id: 't2' }],
      ['a2a.stream', 'tasks/resubscribe', { id: 't2' }],
    ]);
  });

  it('Continue opens a new tab with the ids the core returned', async () => {
    const host = createFakeHost({ ops: { 'a2a.continue': () => ({ contextId: 'c9', taskId: 't9', message: { messageId: 'm9' } }) } });
    const tab = useDraftsStore.getState().openA2a({ endpoint: 'http://a' });
    const next = await continueRun(host, tab, { contextId: 'c9', taskId: 't9', terminal: false, continueFrom: { id: 't9' } });
    const draft = useDraftsStore.getState().tabs.find((t) => t.id === next);
    expect(draft?.continuation).toEqual({ contextId: 'c9', taskId: 't9' });
    expect(JSON.parse(draft?.bodyText ?? '{}').message).toMatchObject({ messageId: 'm9', contextId: 'c9', taskId: 't9' });
    expect(useDraftsStore.getState().activeId).toBe(next);
  });

  it('Continue falls back to the ids it saw when the core cannot answer, and leaves a terminal task', async () => {
    const host = createFakeHost();
    const tab = useDraftsStore.getState().openA2a({ endpoint: 'http://a' });
    const next = await continueRun(host, tab, { contextId: 'c1', taskId: 't1', terminal: true, continueFrom: {} });
    const message = JSON.parse(useDraftsStore.getState().tabs.find((t) => t.id === next)?.bodyText ?? '{}').message;
    expect(message.contextId).toBe('c1');
    expect(message.taskId).toBeUndefined();
  });
});
