/**
 * Interop: every A2A 1.0 method on all three bindings against the official @a2a-js/sdk agent.
 */
import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import type { Binding } from '../../shared/a2a/versions';
import type { SdkAgent } from '../fixtures/sdk-agent';
import { send, stream, taskOf, useInteropAgent, userMessage } from './helpers';

let agent: SdkAgent;
useInteropAgent((started) => (agent = started));

const endpointOf = (binding: Binding): string => (binding === 'JSONRPC' ? agent.rpcUrl : binding === 'HTTP+JSON' ? agent.restUrl : agent.grpcUrl);

describe.each(['JSONRPC', 'HTTP+JSON', 'GRPC'] as const)('A2A 1.0 over %s', (binding) => {
  const call = (method: string, body: unknown, extra: Partial<A2aCall> = {}): A2aCall => ({
    version: '1.0',
    binding,
    endpoint: endpointOf(binding),
    method,
    body,
    ...extra,
  });

  /** Starts a long task without waiting for it (returnImmediately). */
  async function startSlowTask(): Promise<{ id: string; contextId: string }> {
    const record = await send(call('SendMessage', { message: userMessage('slow 40'), configuration: { returnImmediately: true } }));
    const task = taskOf(record);
    return { id: task['id'] as string, contextId: task['contextId'] as string };
  }

  it('SendMessage answers a Message; the request carries A2A-Version and (JSON-RPC) a fresh id', async () => {
    const body = { message: userMessage('hello there') };
    const record = await send(call('SendMessage', body));
    expect(record.outcome.kind).toBe('message');
    expect(JSON.stringify(record.outcome)).toContain('echo: hello there');
    expect(record.warnings).toEqual([]);
    const sent = binding === 'GRPC' ? record.request.metadata : record.request.headers;
    expect(sent?.find(([k]) => k.toLowerCase() === 'a2a-version')?.[1]).toBe('1.0');
    if (binding === 'JSONRPC') {
      const envelope = JSON.parse(record.request.body ?? '{}');
      expect(envelope.id).toBe(record.request.rpcId);
      expect(envelope.id).not.toBe(body.message['messageId']);
      expect(envelope.params).toEqual(body);
      const again = await send(call('SendMessage', body));
      expect(again.request.rpcId).not.toBe(record.request.rpcId);
    }
    expect(record.response?.body).toBeTruthy();
    expect(record.timings.totalMs).toBeGreaterThan(0);
    expect(record.timings.firstByteMs).toBeGreaterThan(0);
  });

  it('SendMessage that runs a task waits for it and names the outcome "task"', async () => {
    const record = await send(call('SendMessage', { message: userMessage('task 2') }));
    expect(record.outcome).toMatchObject({ kind: 'task', state: 'TASK_STATE_COMPLETED' });
    const task = taskOf(record);
    expect((task['artifacts'] as unknown[]).length).toBe(1);
  });

  it('SendStreamingMessage numbers and time-stamps every event and ends "completed"', async () => {
    const { record, live } = await stream(call('SendStreamingMessage', { message: userMessage('task 3') }));
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', lastState: 'TASK_STATE_COMPLETED', eventCount: 8 });
    expect(live.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(record.events).toEqual(live);
    expect(live[0]?.objectKind).toBe('task');
    expect(live.map((e) => e.objectKind)).toContain('artifactUpdate');
    for (let i = 1; i < live.length; i++) expect((live[i] as { atMs: number }).atMs).toBeGreaterThanOrEqual((live[i - 1] as { atMs: number }).atMs);
    expect(live.every((e) => typeof e.taskId === 'string')).toBe(true);
  });

  it('GetTask returns the task; historyLength limits the history', async () => {
    const done = taskOf(await send(call('SendMessage', { message: userMessage('task 1') })));
    const record = await send(call('GetTask', { id: done['id'], historyLength: 1 }));
    const task = taskOf(record);
    expect(task['id']).toBe(done['id']);
    expect((task['history'] as unknown[]).length).toBe(1);
    if (binding === 'HTTP+JSON') expect(record.request.url).toMatch(/\/tasks\/[^/?]+\?historyLength=1$/);
  });

  it('GetTask on an unknown id is TaskNotFound with its ErrorInfo reason decoded', async () => {
    const record = await send(call('GetTask', { id: 'no-such-task' }));
    if (binding === 'JSONRPC') expect(record.outcome).toMatchObject({ kind: 'rpc-error', code: -32001, reason: 'TASK_NOT_FOUND' });
    if (binding === 'HTTP+JSON') expect(record.outcome).toMatchObject({ kind: 'http-error', status: 404, reason: 'TASK_NOT_FOUND' });
    if (binding === 'GRPC') {
      expect(record.outcome).toMatchObject({ kind: 'grpc-error', codeName: 'NOT_FOUND', reason: 'TASK_NOT_FOUND' });
      expect(record.response?.trailers?.some(([k]) => k === 'grpc-status-details-bin')).toBe(true);
    }
  });

  it('ListTasks filters by context and status and pages with pageSize/pageToken', async () => {
    const first = taskOf(await send(call('SendMessage', { message: userMessage('task 1') })));
    const contextId = first['contextId'] as string;
    await send(call('SendMessage', { message: userMessage('task 1', { contextId }) }));
    const all = await send(call('ListTasks', { contextId }));
    expect(all.outcome.kind).toBe('result');
    const list = (all.outcome as { value: { tasks: Array<{ contextId: string }>; totalSize: number } }).value;
    expect(list.tasks.length).toBe(2);
    expect(list.tasks.every((t) => t.contextId === contextId)).toBe(true);
    const page1 = (await send(call('ListTasks', { contextId, pageSize: 1 }))).outcome as { value: { tasks: unknown[]; nextPageToken: string } };
    expect(page1.value.tasks.length).toBe(1);
    expect(page1.value.nextPageToken).toBeTruthy();
    const page2 = (await send(call('ListTasks', { contextId, pageSize: 1, pageToken: page1.value.nextPageToken }))).outcome as {
      value: { tasks: unknown[]; nextPageToken?: string };
    };
    expect(page2.value.tasks.length).toBe(1);
    expect(page2.value.nextPageToken ?? '').toBe('');
    const none = (await send(call('ListTasks', { contextId, status: 'TASK_STATE_WORKING' }))).outcome as { value: { tasks?: unknown[] } };
    expect(none.value.tasks ?? []).toHaveLength(0);
  });

  it('Stop drops only the local connection; CancelTask is the remote cancel; a terminal task is not resubscribed', async () => {
    const task = await startSlowTask();
    const { record, live } = await stream(call('SubscribeToTask', { id: task.id }), { stopAfter: 1 });
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped' });
    expect(live[0]?.objectKind).toBe('task');
    if (binding === 'HTTP+JSON') expect(record.request.httpMethod).toBe('POST');
    // Stop made no remote call: the task is still running.
    const still = taskOf(await send(call('GetTask', { id: task.id })));
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain((still['status'] as { state: string }).state);

    const canceled = await send(call('CancelTask', { id: task.id }));
    expect(canceled.outcome).toMatchObject({ kind: 'task', state: 'TASK_STATE_CANCELED' });
    const finished = taskOf(await send(call('SendMessage', { message: userMessage('task 1') })));
    const notCancelable = await send(call('CancelTask', { id: finished['id'] }));
    expect(JSON.stringify(notCancelable.outcome)).toContain('TASK_NOT_CANCELABLE');

    const resub = await stream(call('SubscribeToTask', { id: task.id }));
    // The server's answer is shown as is; nothing pretends the task restarted.
    expect(resub.record.outcome.kind).not.toBe('task');
    expect(JSON.stringify(resub.record.outcome)).toMatch(/UNSUPPORTED_OPERATION|TASK_NOT_FOUND|error/i);
    expect(resub.live.every((e) => e.state !== 'TASK_STATE_WORKING')).toBe(true);
  });

  it('push notification config: create, get, list, delete', async () => {
    const task = await startSlowTask();
    const created = await send(call('CreateTaskPushNotificationConfig', { taskId: task.id, url: 'http://127.0.0.1:9/hook', token: 'hook-token-1' }));
    expect(created.outcome.kind).toBe('result');
    const config = (created.outcome as { value: { id: string; url: string } }).value;
    expect(config.url).toBe('http://127.0.0.1:9/hook');
    expect(config.id).toBeTruthy();
    const got = await send(call('GetTaskPushNotificationConfig', { taskId: task.id, id: config.id }));
    expect((got.outcome as { value: { id: string } }).value.id).toBe(config.id);
    const listed = await send(call('ListTaskPushNotificationConfigs', { taskId: task.id }));
    expect((listed.outcome as { value: { configs: unknown[] } }).value.configs).toHaveLength(1);
    const deleted = await send(call('DeleteTaskPushNotificationConfig', { taskId: task.id, id: config.id }));
    expect(deleted.outcome.kind).toBe('result');
    if (binding === 'HTTP+JSON') expect(deleted.response?.status).toBe(204);
    const gone = await send(call('GetTaskPushNotificationConfig', { taskId: task.id, id: config.id }));
    expect(['rpc-error', 'http-error', 'grpc-error']).toContain(gone.outcome.kind);
    await send(call('CancelTask', { id: task.id }));
  });

  it('GetExtendedAgentCard with credentials returns the extended card; the token never reaches the record', async () => {
    const withToken = await send(call('GetExtendedAgentCard', {}, { auth: { type: 'bearer', token: { secretRef: 'agent-token' } } }));
    expect(withToken.outcome.kind).toBe('result');
    expect((withToken.outcome as { value: { name: string } }).value.name).toBe('SDK test agent (extended)');
    const recorded = JSON.stringify(withToken.request);
    expect(recorded).not.toContain(agent.token);
    expect(recorded).toContain('Bearer ‹redacted›');

    const anonymous = await send(call('GetExtendedAgentCard', {}));
    if (binding === 'HTTP+JSON') expect(anonymous.outcome).toMatchObject({ kind: 'http-error', status: 401 });
    else expect((anonymous.outcome as { value: { name: string } }).value.name).toBe('SDK test agent');
  });

  it('a blocking call that takes too long hits the total timeout; Stop before any answer ends a stream as stopped', async () => {
    const slow = await send(call('SendMessage', { message: userMessage('slow 40') }, { timeouts: { totalMs: 150 } }));
    expect(slow.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout' });
    const stopped = await stream(call('SendStreamingMessage', { message: userMessage('slow 40') }), { stopAfterMs: 1 });
    expect(stopped.record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped' });
  });

  it('a conversation continues with the server ids and a fresh messageId', async () => {
    const { continueConversation } = await import('../../shared/a2a/continuity');
    const first = await send(call('SendMessage', { message: userMessage('input') }));
    expect(first.outcome).toMatchObject({ kind: 'task', state: 'TASK_STATE_INPUT_REQUIRED' });
    const next = continueConversation('1.0', first, 'here you go');
    expect(next.taskId).toBe(taskOf(first)['id']);
    const second = await send(call('SendMessage', { message: next.message }));
    expect(second.outcome).toMatchObject({ kind: 'task', state: 'TASK_STATE_COMPLETED' });
    expect(taskOf(second)['id']).toBe(next.taskId);
  });
});

describe('refusals and headers', () => {
  it('refuses A2A 0.3 over HTTP+JSON and gRPC before sending', async () => {
    await expect(send({ version: '0.3', binding: 'HTTP+JSON', endpoint: agent.restUrl, method: 'message/send', body: {} })).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(send({ version: '0.3', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'message/send', body: {} })).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('refuses a JSON-RPC envelope as an HTTP+JSON / gRPC body, saying what belongs there', async () => {
    const envelope = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: userMessage('x') } };
    await expect(send({ version: '1.0', binding: 'HTTP+JSON', endpoint: agent.restUrl, method: 'SendMessage', body: envelope })).rejects.toThrow(
      /request object itself/,
    );
    await expect(send({ version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'SendMessage', body: envelope })).rejects.toThrow(/ProtoJSON/);
  });

  it('refuses a gRPC endpoint with a path, HTTP-only settings, and an invalid ProtoJSON body', async () => {
    await expect(send({ version: '1.0', binding: 'GRPC', endpoint: `${agent.grpcUrl}/a2a`, method: 'GetTask', body: { id: 'x' } })).rejects.toThrow(
      /remove "\/a2a"/,
    );
    await expect(
      send({ version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'GetTask', body: { id: 'x' }, proxy: 'http://127.0.0.1:9' }),
    ).rejects.toMatchObject({ code: 'unsupported' });
    await expect(
      send({ version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'GetTask', body: { id: 'x' }, tls: { insecureSkipVerify: true } }),
    ).rejects.toMatchObject({ code: 'unsupported' });
    await expect(
      send({ version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'SendMessage', body: { message: { role: 'ROLE_BOSS' } } }),
    ).rejects.toThrow(/\$\.message\.role/);
  });

  it('keeps a user-set A2A-Version (the debugger sends what was drafted) and warns about it', async () => {
    const record = await send({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: agent.rpcUrl,
      method: 'SendMessage',
      body: { message: userMessage('hello') },
      headers: [{ name: 'a2a-version', value: '0.3' }],
    });
    expect(record.request.headers.filter(([k]) => k.toLowerCase() === 'a2a-version')).toEqual([['a2a-version', '0.3']]);
    expect(record.warnings.join()).toMatch(/overridden/);
    // The SDK routes 0.3 requests to its 0.3 handler, which does not know SendMessage (reference Q1).
    expect(record.outcome).toMatchObject({ kind: 'rpc-error', code: -32601 });
  });

  it('sends a 1.0 body as 0.3 exactly as written (no silent conversion)', async () => {
    const body = { message: userMessage('hello') };
    const record = await send({ version: '0.3', binding: 'JSONRPC', endpoint: agent.rpcUrl, method: 'message/send', body });
    expect(JSON.parse(record.request.body ?? '{}').params).toEqual(body);
    expect(record.request.headers.find(([k]) => k === 'A2A-Version')?.[1]).toBe('0.3');
  });

  it('passes A2A-Extensions through and applies API-key auth in the query, redacted in the record', async () => {
    const record = await send({
      version: '1.0',
      binding: 'HTTP+JSON',
      endpoint: agent.restUrl,
      method: 'GetTask',
      body: { id: 'no-such-task' },
      headers: [{ name: 'A2A-Extensions', value: 'https://example.com/ext/v1' }],
      auth: { type: 'apiKey', in: 'query', name: 'api_token', value: { env: 'A2A_TEST_TOKEN' } },
    });
    expect(record.request.headers).toContainEqual(['A2A-Extensions', 'https://example.com/ext/v1']);
    expect(record.request.url).toContain('api_token=‹redacted›');
    expect(JSON.stringify(record)).not.toContain(agent.token);
  });
});
