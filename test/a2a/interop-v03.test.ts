/**
 * Interop: the ten A2A 0.3 JSON-RPC methods against the official SDK agent with its 0.3
 * compatibility layer (same endpoint, chosen by `A2A-Version: 0.3`).
 */
import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { continueConversation } from '../../shared/a2a/continuity';
import type { SdkAgent } from '../fixtures/sdk-agent';
import { send, stream, taskOf, useInteropAgent, userMessageV03 } from './helpers';

let agent: SdkAgent;
useInteropAgent((started) => (agent = started));

const call = (method: string, body: unknown, extra: Partial<A2aCall> = {}): A2aCall => ({
  version: '0.3',
  binding: 'JSONRPC',
  endpoint: agent.rpcUrl,
  method,
  body,
  ...extra,
});

async function startSlowTask(): Promise<string> {
  const record = await send(call('message/send', { message: userMessageV03('slow 40'), configuration: { blocking: false } }));
  return taskOf(record)['id'] as string;
}

describe('A2A 0.3 over JSON-RPC', () => {
  it('message/send: a bare Message told apart by kind, A2A-Version 0.3 sent', async () => {
    const record = await send(call('message/send', { message: userMessageV03('hi'), configuration: { blocking: true } }));
    expect(record.outcome).toMatchObject({ kind: 'message', message: { kind: 'message', role: 'agent' } });
    expect(record.request.headers).toContainEqual(['A2A-Version', '0.3']);
    expect(record.warnings).toEqual([]);
  });

  it('message/send: a bare Task (blocking) with a lowercase state', async () => {
    const record = await send(call('message/send', { message: userMessageV03('task 2'), configuration: { blocking: true } }));
    expect(record.outcome).toMatchObject({ kind: 'task', state: 'completed', task: { kind: 'task' } });
  });

  it('message/stream: kind-tagged events, final: true on the last one', async () => {
    const { record, live } = await stream(call('message/stream', { message: userMessageV03('task 2') }));
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', lastState: 'completed' });
    expect(live.map((e) => e.objectKind)).toEqual(['task', 'status-update', 'artifact-update', 'status-update', 'artifact-update', 'status-update']);
    const last = live.at(-1)?.data as { result: { final: boolean } };
    expect(last.result.final).toBe(true);
  });

  it('tasks/get finds a task and answers -32001 for an unknown one', async () => {
    const id = taskOf(await send(call('message/send', { message: userMessageV03('task 1'), configuration: { blocking: true } })))['id'];
    const got = await send(call('tasks/get', { id, historyLength: 1 }));
    expect(taskOf(got)['id']).toBe(id);
    const missing = await send(call('tasks/get', { id: 'no-such-task' }));
    expect(missing.outcome).toMatchObject({ kind: 'rpc-error', code: -32001 });
  });

  it('tasks/resubscribe follows a running task until Stop; tasks/cancel cancels it remotely', async () => {
    const id = await startSlowTask();
    const { record, live } = await stream(call('tasks/resubscribe', { id }), { stopAfter: 1 });
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped' });
    expect(live.length).toBeGreaterThanOrEqual(1);
    const canceled = await send(call('tasks/cancel', { id }));
    expect(canceled.outcome).toMatchObject({ kind: 'task', state: 'canceled' });
  });

  it('tasks/pushNotificationConfig/set, get, list, delete', async () => {
    const taskId = await startSlowTask();
    const set = await send(
      call('tasks/pushNotificationConfig/set', { taskId, pushNotificationConfig: { id: 'cfg-1', url: 'http://127.0.0.1:9/hook', token: 'tok-123456' } }),
    );
    expect(set.outcome).toMatchObject({ kind: 'result', value: { taskId, pushNotificationConfig: { id: 'cfg-1' } } });
    const got = await send(call('tasks/pushNotificationConfig/get', { id: taskId, pushNotificationConfigId: 'cfg-1' }));
    expect(got.outcome).toMatchObject({ kind: 'result', value: { pushNotificationConfig: { url: 'http://127.0.0.1:9/hook' } } });
    const listed = await send(call('tasks/pushNotificationConfig/list', { id: taskId }));
    expect((listed.outcome as { value: unknown[] }).value).toHaveLength(1);
    const deleted = await send(call('tasks/pushNotificationConfig/delete', { id: taskId, pushNotificationConfigId: 'cfg-1' }));
    expect(deleted.outcome).toEqual({ kind: 'result', value: null });
    await send(call('tasks/cancel', { id: taskId }));
  });

  it('agent/getAuthenticatedExtendedCard takes no params and needs the token', async () => {
    const record = await send(call('agent/getAuthenticatedExtendedCard', undefined, { auth: { type: 'bearer', token: { value: agent.token } } }));
    expect(JSON.parse(record.request.body ?? '{}')).not.toHaveProperty('params');
    expect((record.outcome as { value: { name: string } }).value.name).toBe('SDK test agent (extended)');
  });

  it('continues an input-required 0.3 task', async () => {
    const first = await send(call('message/send', { message: userMessageV03('input'), configuration: { blocking: true } }));
    expect(first.outcome).toMatchObject({ kind: 'task', state: 'input-required' });
    const next = continueConversation('0.3', first, 'more');
    expect(next.message).toMatchObject({ kind: 'message', role: 'user', taskId: taskOf(first)['id'] });
    const second = await send(call('message/send', { message: next.message, configuration: { blocking: true } }));
    expect(second.outcome).toMatchObject({ kind: 'task', state: 'completed' });
  });

  it('ListTasks does not exist in 0.3: sent as written, the server answers -32601', async () => {
    const record = await send(call('ListTasks', {}));
    expect(record.warnings.join()).toMatch(/not an A2A 0.3 method/);
    expect(record.outcome).toMatchObject({ kind: 'rpc-error', code: -32601 });
  });
});
