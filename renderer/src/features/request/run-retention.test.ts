import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { createFakeHost } from '../../host/fake-host';
import { runFacts } from '../response/run-facts';
import { fullRunsKept, useRunsStore } from '../response/runs-store';
import { peekTimeline, rebuildStream } from '../stream/timelines';
import { useDraftsStore } from './drafts-store';
import { sendDraft } from './run-request';
import { exchangeRecord, startEachTestWithNoTabsOrRuns, until } from './run-test-support';

/** A record with a large response body, so that reducing a run has something to let go of. */
function record(call: A2aCall, outcome: ExchangeRecord['outcome']): ExchangeRecord {
  return exchangeRecord(call, outcome, {
    request: { url: call.endpoint, headers: [], body: '{"big":"request"}', bodyBytes: 17 },
    response: { status: 200, headers: [['content-type', 'application/json']], body: 'x'.repeat(100_000), bodyBytes: 100_000 },
  });
}

describe('the page keeps full data for a bounded number of recent runs', () => {
  startEachTestWithNoTabsOrRuns();

  it('reduces older runs to their summary and says so; a reduced stream keeps its ids but lets go of its events', async () => {
    const host = createFakeHost({
      ops: { 'a2a.send': (call) => record(call, { kind: 'message', message: { messageId: 'a', contextId: 'ctx-u', role: 'ROLE_AGENT', parts: [] } }) },
      streams: {
        'a2a.stream': async (call, emit) => {
          for (let i = 0; i < 30; i++) {
            const e: RecordedStreamEvent = {
              seq: i,
              atMs: i,
              event: 'message',
              data: { statusUpdate: { taskId: 'task-s', contextId: 'ctx-s', status: { state: 'TASK_STATE_WORKING' } } },
            };
            emit(e);
          }
          return record(call, { kind: 'stream', ended: 'closed', eventCount: 30, lastState: 'TASK_STATE_WORKING' });
        },
      },
    });
    const streamTab = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc', method: 'SendStreamingMessage' });
    const first = sendDraft(host, streamTab);
    const streamRun = first.ok ? first.runId : '';
    await until(() => useRunsStore.getState().runs[streamRun]?.status === 'done', 400);
    expect(peekTimeline(streamRun)?.rows).toHaveLength(30);
    expect(rebuildStream(streamRun).split('data: ')).toHaveLength(31);

    const tab = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:1/rpc' });
    const unary: string[] = [];
    for (let i = 0; i < fullRunsKept + 1; i++) {
      const sent = sendDraft(host, tab);
      const id = sent.ok ? sent.runId : '';
      unary.push(id);
      await until(() => useRunsStore.getState().runs[id]?.status === 'done', 400);
    }
    const runs = useRunsStore.getState().runs;
    // The stream and the first unary run are the oldest two: reduced.
    for (const id of [streamRun, unary[0] as string]) {
      expect(runs[id]?.reduced).toBe(true);
      expect(runs[id]?.record?.response?.body).toBeUndefined();
      expect(runs[id]?.record?.request.body).toBeUndefined();
      expect(runs[id]?.record?.response?.status).toBe(200);
    }
    expect(runs[streamRun]?.record?.outcome).toMatchObject({ kind: 'stream', eventCount: 30 });
    expect(peekTimeline(streamRun)?.rows).toHaveLength(0);
    expect(runFacts(runs[streamRun])).toMatchObject({ taskId: 'task-s', contextId: 'ctx-s', state: 'working' });
    expect(runFacts(runs[unary[0] as string])).toMatchObject({ contextId: 'ctx-u' });
    // The most recent ones keep everything.
    for (const id of unary.slice(1)) {
      expect(runs[id]?.reduced).toBeUndefined();
      expect(runs[id]?.record?.response?.body).toHaveLength(100_000);
    }
  });
});
