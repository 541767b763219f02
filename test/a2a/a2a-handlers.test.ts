/**
 * The contract operations (a2a.send, a2a.continue, stream a2a.stream + stream.cancel) through the
 * real dispatcher, against the SDK agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRecord, RecordedStreamEvent } from '../../shared/a2a/exchange';
import type { StreamEvent } from '../../shared/contract/index';
import { silentLogger, type CoreEnv } from '../../electron/node/core-env';
import { createDispatcher, type Dispatcher } from '../../electron/node/dispatcher';
import type { HandlerTable } from '../../electron/node/handler-types';
import { createA2aHandlers, createA2aStreamHandlers } from '../../electron/node/handlers/a2a';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';
import { userMessage } from './helpers';
import { Connections } from '../../electron/node/connections';

let agent: SdkAgent;
let dispatcher: Dispatcher;
const connections = new Connections();

beforeAll(async () => {
  agent = await startSdkAgent({ stepDelayMs: 2, slowStepMs: 100 });
  const env: CoreEnv = {
    host: 'test',
    version: '0.0.0',
    dataDir: { root: '/nonexistent', workspaceDir: '/nonexistent/w', historyDir: '/nonexistent/h', secretsFile: '/nonexistent/s' } as CoreEnv['dataDir'],
    secrets: createMemorySecretStore(),
    environment: {},
    now: () => Date.now(),
    logger: silentLogger,
    connections,
  };
  // Only this feature's handlers: the table is typed for the whole contract.
  dispatcher = createDispatcher({ ops: createA2aHandlers(env), streams: createA2aStreamHandlers(env) } as unknown as HandlerTable);
});
afterAll(async () => {
  connections.close();
  await agent.close();
});

describe('a2a contract operations', () => {
  it('a2a.send returns the record, also for an RPC error; refusals come back as WireErrors', async () => {
    const ok = await dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: agent.rpcUrl,
      method: 'SendMessage',
      body: { message: userMessage('x') },
    });
    expect(ok.ok && ok.value.outcome.kind).toBe('message');
    const rpcError = await dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: agent.rpcUrl,
      method: 'GetTask',
      body: { id: 'nope' },
    });
    expect(rpcError.ok && rpcError.value.outcome.kind).toBe('rpc-error');
    const refused = await dispatcher.invoke('a2a.send', { version: '0.3', binding: 'HTTP+JSON', endpoint: agent.restUrl, method: 'message/send', body: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('a2a.continue builds the next message from a record', async () => {
    const sent = await dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'HTTP+JSON',
      endpoint: agent.restUrl,
      method: 'SendMessage',
      body: { message: userMessage('input') },
    });
    if (!sent.ok) throw new Error(sent.error.message);
    const next = await dispatcher.invoke('a2a.continue', { version: '1.0', from: sent.value, text: 'ok' });
    expect(next.ok && next.value).toMatchObject({
      taskId: expect.any(String),
      contextId: expect.any(String),
      message: { role: 'ROLE_USER', parts: [{ text: 'ok' }] },
    });
  });

  it('a2a.stream emits each event as data, then ends with the record; stream.cancel stops it locally', async () => {
    const events: Array<StreamEvent<RecordedStreamEvent, ExchangeRecord>> = [];
    const requestId = 'req-1';
    const done = dispatcher.stream(
      'a2a.stream',
      requestId,
      { version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'SendStreamingMessage', body: { message: userMessage('slow 40') } },
      (event) => {
        events.push(event);
        if (event.kind === 'data' && event.data.seq === 1) dispatcher.cancel(requestId);
      },
    );
    await done;
    const last = events.at(-1);
    expect(last?.kind).toBe('end');
    const record = (last as { value: ExchangeRecord }).value;
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'stopped' });
    const data = events.filter((e) => e.kind === 'data');
    expect(data.length).toBe(record.events?.length);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });
});
