import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../src/server.js';
import { bearer, callRpc, dataOf, postRpc, readSse, startTestDemo, textOf, userMessage, V1, json } from './support.js';

// SSE framing and task lifecycle: submitted → working (one per number) → artifact → completed.

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startTestDemo({ stepDelayMs: 40 });
});
afterAll(async () => {
  await demo.close();
});

/** `task:SUBMITTED`, `status:WORKING`, `artifact`, … for a list of v1.0 StreamResponses. */
function lifecycle(events: any[]): string[] {
  return events.map((e) => {
    if (e.task) return `task:${e.task.status.state.replace('TASK_STATE_', '')}`;
    if (e.statusUpdate) return `status:${e.statusUpdate.status.state.replace('TASK_STATE_', '')}`;
    if (e.artifactUpdate) return 'artifact';
    return 'message';
  });
}

const EXPECTED = ['task:SUBMITTED', 'status:WORKING', 'status:WORKING', 'artifact', 'status:COMPLETED'];

describe('SendStreamingMessage', () => {
  it('JSON-RPC: SSE envelopes in order, then the stream closes', async () => {
    const response = await postRpc(demo, 'SendStreamingMessage', userMessage([{ text: '[12,30]' }]), {
      ...V1,
      ...bearer(demo),
      Accept: 'text/event-stream',
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const envelopes = await readSse(response);
    const ids = new Set(envelopes.map((e) => e.id));
    expect(ids.size).toBe(1);
    expect(envelopes.every((e) => e.jsonrpc === '2.0' && e.result)).toBe(true);
    const events = envelopes.map((e) => e.result);
    expect(lifecycle(events)).toEqual(EXPECTED);

    const working = events.filter((e) => e.statusUpdate?.status.state === 'TASK_STATE_WORKING');
    expect(working.map((e) => textOf(e.statusUpdate.status.message.parts)[0])).toEqual([
      'Added 12 (1/2), running total 12',
      'Added 30 (2/2), running total 42',
    ]);
    const artifact = events.find((e) => e.artifactUpdate).artifactUpdate.artifact;
    expect(textOf(artifact.parts)).toEqual(['Sum: 42']);
    expect(dataOf(artifact.parts)).toEqual([{ total: 42 }]);

    // The finished task stays readable (in memory) with its artifact.
    const task = await callRpc(demo, 'GetTask', { id: events[0].task.id });
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(dataOf(task.artifacts[0].parts)).toEqual([{ total: 42 }]);
  });

  it('HTTP+JSON: POST /message:stream sends bare StreamResponses in the same order', async () => {
    const response = await fetch(`${demo.restUrl}/message:stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...V1, ...bearer(demo) },
      body: JSON.stringify(userMessage([{ data: { numbers: [12, 30] } }])),
    });
    expect(lifecycle(await readSse(response))).toEqual(EXPECTED);
  });

  it('v0.3 message/stream: kind-tagged events, final on completed', async () => {
    const response = await postRpc(
      demo,
      'message/stream',
      { message: { kind: 'message', messageId: 'v03-stream', role: 'user', parts: [{ kind: 'text', text: '12 30' }] } },
      { 'A2A-Version': '0.3', ...bearer(demo) },
    );
    const events = (await readSse(response)).map((e) => e.result);
    expect(events.map((e) => (e.kind === 'status-update' ? `${e.kind}:${e.status.state}` : e.kind))).toEqual([
      'task',
      'status-update:working',
      'status-update:working',
      'artifact-update',
      'status-update:completed',
    ]);
    expect(events.at(-1).final).toBe(true);
    expect(events[3].artifact.parts).toEqual([
      { kind: 'text', text: 'Sum: 42' },
      { kind: 'data', data: { total: 42 } },
    ]);
  });

  it('bad input on a stream is answered with one explanatory Message', async () => {
    const response = await postRpc(demo, 'SendStreamingMessage', userMessage([{ text: 'no digits here' }]));
    const events = (await readSse(response)).map((e) => e.result);
    expect(lifecycle(events)).toEqual(['message']);
    expect(textOf(events[0].message.parts)[0]).toContain('I add up numbers');
  });
});

describe('a running task', () => {
  async function startLongTask() {
    const response = await postRpc(demo, 'SendStreamingMessage', userMessage([{ text: '1 2 3 4 5 6 7 8' }]));
    const first = await readSse(response, () => true); // the Task, then stop reading
    return first[0].result.task.id as string;
  }

  it('SubscribeToTask replays the task, then follows it to completed', async () => {
    const id = await startLongTask();
    const response = await postRpc(demo, 'SubscribeToTask', { id });
    const events = (await readSse(response)).map((e) => e.result);
    expect(events[0].task.id).toBe(id); // §9.4: the first event is the current Task
    const states = lifecycle(events);
    expect(states).toContain('status:WORKING');
    expect(states.slice(-2)).toEqual(['artifact', 'status:COMPLETED']);
    expect(states.filter((s) => s === 'status:WORKING').length).toBeLessThanOrEqual(8);
  });

  it('CancelTask midway ends it as canceled, and the subscriber sees it', async () => {
    const id = await startLongTask();
    const subscription = postRpc(demo, 'SubscribeToTask', { id }).then(readSse);
    await new Promise((r) => setTimeout(r, 100));
    const canceled = await callRpc(demo, 'CancelTask', { id });
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    const events = (await subscription).map((e) => e.result);
    expect(lifecycle(events).at(-1)).toBe('status:CANCELED');
    expect(lifecycle(events)).not.toContain('artifact');
  });

  it('CancelTask on a finished task is refused (TaskNotCancelable, -32002)', async () => {
    const response = await postRpc(demo, 'SendStreamingMessage', userMessage([{ text: '1 2' }]));
    const [first] = await readSse(response);
    const id = first.result.task.id;
    const body = await json(await postRpc(demo, 'CancelTask', { id }));
    expect(body.error.code).toBe(-32002);
  });
});
