import { describe, expect, it } from 'vitest';
import type { RecordedStreamEvent } from '../../../../shared/a2a/exchange';
import { addEvent, createTimeline } from './timeline-model';

let seq = 0;
const ev = (data: unknown, extra: Partial<RecordedStreamEvent> = {}): RecordedStreamEvent => ({ seq: seq++, atMs: seq * 10, event: 'message', data, ...extra });
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });

describe('stream timeline', () => {
  it('folds a 1.0 JSON-RPC stream: states, chunked artifact, ids', () => {
    seq = 0;
    const t = createTimeline();
    const ids = { taskId: 't1', contextId: 'c1' };
    addEvent(t, ev(rpc({ task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } })));
    addEvent(t, ev(rpc({ statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING', message: { role: 'ROLE_AGENT', parts: [{ text: 'Added 12' }] } } } })));
    addEvent(t, ev(rpc({ artifactUpdate: { ...ids, artifact: { artifactId: 'a', name: 'sum', parts: [{ text: 'Sum: ' }] } } })));
    addEvent(t, ev(rpc({ artifactUpdate: { ...ids, append: true, lastChunk: true, artifact: { artifactId: 'a', parts: [{ text: '42' }] } } })));
    addEvent(t, ev(rpc({ statusUpdate: { ...ids, status: { state: 'TASK_STATE_COMPLETED' } } })));
    expect(t.rows.map((r) => r.kind)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'artifactUpdate', 'statusUpdate']);
    expect(t.states.map((s) => s.state)).toEqual(['submitted', 'working', 'completed']);
    expect(t.artifacts).toHaveLength(1);
    expect(t.artifacts[0]).toMatchObject({
      artifactId: 'a',
      name: 'sum',
      chunks: 2,
      complete: true,
      parts: [
        { kind: 'text', text: 'Sum: ' },
        { kind: 'text', text: '42' },
      ],
    });
    expect([t.taskId, t.contextId, t.lastState]).toEqual(['t1', 'c1', 'completed']);
    expect(t.rows[1]?.summary).toBe('Added 12');
    expect(t.payloads).toHaveLength(5);
    expect(t.payloads[1]?.()).toMatchObject({ result: { statusUpdate: { taskId: 't1' } } });
  });

  it('labels events that carry no A2A object by their own name (MCP methods), never an SSE "message" or gRPC frame', () => {
    seq = 0;
    const t = createTimeline();
    addEvent(t, ev({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }, { event: 'notifications/progress' }));
    addEvent(t, ev({ jsonrpc: '2.0', method: 'sampling/createMessage', id: 0, params: {} }, { event: 'sampling/createMessage' }));
    addEvent(t, ev({ something: 1 }));
    addEvent(t, ev({ something: 2 }, { event: 'grpc' }));
    expect(t.rows.map((r) => r.kind)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    expect(t.rows.map((r) => r.label)).toEqual(['notifications/progress', 'sampling/createMessage', undefined, undefined]);
  });

  it('reads 0.3 kinds and replaces a non-appended artifact', () => {
    seq = 0;
    const t = createTimeline();
    addEvent(t, ev(rpc({ kind: 'task', id: 't', contextId: 'c', status: { state: 'submitted' } })));
    addEvent(t, ev(rpc({ kind: 'artifact-update', taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'v1' }] } })));
    addEvent(t, ev(rpc({ kind: 'artifact-update', taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'v2' }] } })));
    addEvent(t, ev(rpc({ kind: 'status-update', taskId: 't', contextId: 'c', final: true, status: { state: 'canceled' } })));
    expect(t.artifacts[0]?.parts).toEqual([{ kind: 'text', text: 'v2' }]);
    expect(t.states.map((s) => s.state)).toEqual(['submitted', 'canceled']);
  });

  it('flags a Message after a Task and records error events', () => {
    seq = 0;
    const t = createTimeline();
    addEvent(t, ev({ task: { id: 't', status: { state: 'TASK_STATE_WORKING' } } }));
    addEvent(t, ev({ message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'late' }] } }));
    addEvent(t, ev(undefined, { error: { code: -32603, message: 'boom' } }));
    expect(t.messageAfterTask).toBe(true);
    expect(t.rows.map((r) => r.kind)).toEqual(['task', 'message', 'error']);
    expect(t.rows[2]?.summary).toBe('-32603: boom');
  });

  it('trusts the core’s objectKind/state when it gives them', () => {
    seq = 0;
    const t = createTimeline();
    addEvent(t, ev({ whatever: true }, { objectKind: 'status-update', state: 'TASK_STATE_INPUT_REQUIRED' }));
    expect(t.rows[0]).toMatchObject({ kind: 'statusUpdate', state: 'input-required' });
  });

  it('folds 50,000 events in linear time (the UI folds them as they arrive)', () => {
    // Not a timed test: it compares 5,000 with 50,000 events in the same run. Linear folding costs about
    // 10× more for 10× the events; a quadratic one (a rescan per event) costs about 100×.
    const fold = (n: number): { ms: number; rows: number; chunks: number | undefined; artifacts: number } => {
      seq = 0;
      const t = createTimeline();
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        addEvent(
          t,
          ev(rpc({ artifactUpdate: { taskId: 't', contextId: 'c', append: i > 0, artifact: { artifactId: 'a', parts: [{ text: `chunk ${i}` }] } } })),
        );
      }
      // A burst of distinct artifacts (one per event) must not go quadratic either.
      for (let i = 0; i < n; i++) {
        addEvent(
          t,
          ev(rpc({ artifactUpdate: { taskId: 't', contextId: 'c', lastChunk: true, artifact: { artifactId: `b-${i}`, parts: [{ text: `event ${i}` }] } } })),
        );
      }
      return { ms: performance.now() - start, rows: t.rows.length, chunks: t.artifacts[0]?.chunks, artifacts: t.artifacts.length };
    };
    fold(5_000); // warm-up, so the JIT does not count against the small run
    // Best of several runs: a loaded machine only ever adds time, so the minimum is the fold's own cost.
    const best = (n: number, runs: number): ReturnType<typeof fold> => {
      let out = fold(n);
      for (let i = 1; i < runs; i++) {
        const next = fold(n);
        if (next.ms < out.ms) out = next;
      }
      return out;
    };
    const small = best(5_000, 3);
    const big = best(50_000, 2);
    expect(big.chunks).toBe(50_000);
    expect(big.artifacts).toBe(50_001);
    expect(big.rows).toBeGreaterThanOrEqual(50_000);
    expect(big.ms / Math.max(small.ms, 1)).toBeLessThan(40);
    // Several runs on a loaded machine: the bound is on the ratio above, not on the wall clock.
  }, 120_000);
});

describe('MCP rows read as what they mean', () => {
  const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });

  it('progress: "4/10 · step 4", the percentage as State, and the latest progress kept for the run', () => {
    const t = createTimeline();
    addEvent(t, ev(note('notifications/progress', { progressToken: 1, progress: 4, total: 10, message: 'step 4' }), { event: 'notifications/progress' }));
    expect(t.rows[0]).toMatchObject({ label: 'notifications/progress', state: '40%', summary: '4/10 · step 4' });
    expect(t.progress).toEqual({ progress: 4, total: 10, message: 'step 4' });
    // No total: the count alone, no percentage; a bad progress value is shown by its params, and keeps the last good one.
    addEvent(t, ev(note('notifications/progress', { progressToken: 1, progress: 5 }), { event: 'notifications/progress' }));
    expect(t.rows[1]?.summary).toBe('5');
    expect(t.rows[1]?.state).toBeUndefined();
    addEvent(t, ev(note('notifications/progress', { progressToken: 1, progress: 'x' }), { event: 'notifications/progress' }));
    expect(t.rows[2]?.summary).toBe('notifications/progress progressToken: 1, progress: x');
    expect(t.progress).toEqual({ progress: 5 });
  });

  it('log messages: "level: text", with the logger; the level as State', () => {
    const t = createTimeline();
    addEvent(t, ev(note('notifications/message', { level: 'info', data: 'log step 4' }), { event: 'notifications/message' }));
    addEvent(t, ev(note('notifications/message', { level: 'error', logger: 'db', data: { code: 7 } }), { event: 'notifications/message' }));
    expect(t.rows.map((r) => [r.state, r.summary])).toEqual([
      ['info', 'info: log step 4'],
      ['error', 'error: {"code":7} (db)'],
    ]);
  });

  it('other notifications and requests: the method and short params, one line, cut; watch events their fields', () => {
    const t = createTimeline();
    addEvent(t, ev(note('notifications/resources/updated', { uri: 'mem://counter', _meta: { x: 1 } }), { event: 'notifications/resources/updated' }));
    addEvent(t, ev(note('notifications/tools/list_changed'), { event: 'notifications/tools/list_changed' }));
    addEvent(t, ev({ ...note('elicitation/create', { message: 'Which\ncity?' }), id: 3 }, { event: 'elicitation/create' }));
    addEvent(t, ev({ uri: 'mem://locked', error: 'takes no subscribers' }, { event: 'watch/subscribe-refused' }));
    addEvent(t, ev(note('notifications/message', { level: 'info', data: 'x'.repeat(500) }), { event: 'notifications/message' }));
    expect(t.rows.slice(0, 4).map((r) => r.summary)).toEqual([
      'notifications/resources/updated uri: mem://counter',
      'notifications/tools/list_changed',
      'elicitation/create message: Which city?',
      'uri: mem://locked, error: takes no subscribers',
    ]);
    expect(t.rows[4]?.summary).toHaveLength(160);
    expect(t.rows[4]?.summary.endsWith('…')).toBe(true);
    expect(t.progress).toBeUndefined();
  });

  it('an event that is no MCP message keeps the generic row', () => {
    const t = createTimeline();
    addEvent(t, ev({ hello: 1 }, { event: 'custom' }));
    expect(t.rows[0]).toMatchObject({ label: 'custom', summary: '{"hello":1}' });
  });
});
