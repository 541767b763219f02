import { beforeEach, describe, expect, it } from 'vitest';
import type { McpCallRequest, McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import { createFakeHost } from '../../host/fake-host';
import { peekTimeline } from '../stream/timelines';
import { callMcp, connectMcp, forgetMcpTab, readResourceLink, stopMcpCall, useMcpRunsStore } from './mcp-runs';

function record(request: McpCallRequest, outcome: McpExchangeRecord['outcome']): McpExchangeRecord {
  return {
    protocol: 'mcp',
    id: 'r',
    startedAt: new Date(0).toISOString(),
    method: request.method,
    target: { transport: 'auto', endpoint: 'http://x/mcp' },
    outcome,
    http: [],
    messages: [],
    timings: { totalMs: 1 },
    warnings: [],
  };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

const target = { transport: 'auto' as const, endpoint: 'http://x/mcp' };

describe('MCP runs of a tab', () => {
  beforeEach(() => useMcpRunsStore.setState({ byTab: {} }));

  it('Connect keeps the lists; a refusal is kept as the error; the newer Connect wins', async () => {
    let answer: (() => void) | undefined;
    const host = createFakeHost({
      ops: {
        'mcp.connect': async (request) => {
          if (request.target.transport === 'stdio') throw { code: 'unsupported', message: 'This host does not start processes.' };
          if (request.target.endpoint.endsWith('slow')) await new Promise<void>((resolve) => (answer = resolve));
          return {
            record: record({ target: request.target, method: 'initialize' }, { kind: 'result', result: {} }),
            tools: [{ name: request.target.endpoint }],
            resources: [],
            resourceTemplates: [],
            prompts: [],
          };
        },
      },
    });
    const slow = connectMcp(host, 't', { transport: 'auto', endpoint: 'http://x/slow' });
    await connectMcp(host, 't', target);
    answer?.();
    await slow;
    expect(useMcpRunsStore.getState().byTab['t']?.connect?.result?.tools).toEqual([{ name: 'http://x/mcp' }]);
    await connectMcp(host, 't', { transport: 'stdio', command: 'node' });
    expect(useMcpRunsStore.getState().byTab['t']?.connect).toMatchObject({ status: 'done', error: { code: 'unsupported' } });
  });

  it('a call folds notifications into the timeline and ends with its record; Stop cancels the stream', async () => {
    const host = createFakeHost({
      streams: {
        'mcp.stream': async (request, emit, signal) => {
          emit({ seq: 0, atMs: 1, event: 'notifications/progress', data: { method: 'notifications/progress', params: { progress: 1 } } });
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          return record(request, { kind: 'cancelled', message: 'Stopped' });
        },
      },
    });
    const runId = callMcp(host, 't', { target, method: 'tools/call', params: { name: 'slow' } });
    await until(() => (peekTimeline(runId)?.rows.length ?? 0) === 1);
    expect(useMcpRunsStore.getState().byTab['t']).toMatchObject({ shown: 'call', call: { status: 'running', method: 'tools/call' } });
    await stopMcpCall('t');
    await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
    expect(useMcpRunsStore.getState().byTab['t']?.call?.record?.outcome.kind).toBe('cancelled');
    expect(host.calls.map((c) => c.op)).toEqual(['mcp.stream', 'stream.cancel']);
    forgetMcpTab('t');
    expect(peekTimeline(runId)).toBeUndefined();
    expect(useMcpRunsStore.getState().byTab['t']).toBeUndefined();
  });

  it('a new call stops the previous one and frees its timeline; a stream error is kept as such', async () => {
    const host = createFakeHost({
      streams: {
        'mcp.stream': async (request, emit, signal) => {
          if (request.method === 'bad') throw { code: 'bad-request', message: 'nope' };
          emit({ seq: 0, atMs: 1, event: 'notifications/message', data: {} });
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          return record(request, { kind: 'cancelled', message: 'Stopped' });
        },
      },
    });
    const first = callMcp(host, 't', { target, method: 'tools/call' });
    await until(() => (peekTimeline(first)?.rows.length ?? 0) === 1);
    callMcp(host, 't', { target, method: 'bad' });
    expect(peekTimeline(first)).toBeUndefined();
    await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
    expect(useMcpRunsStore.getState().byTab['t']?.call?.error).toEqual({ code: 'bad-request', message: 'nope' });
    expect(host.calls.some((c) => c.op === 'stream.cancel')).toBe(true);
  });

  it('Read on a resource link asks the server of the last call (its target as sent), not the edited draft; refusals come back as errors', async () => {
    const host = createFakeHost({
      ops: {
        'mcp.call': async (request) => {
          if (request.target.transport === 'stdio') throw { code: 'unsupported', message: 'This host does not start processes.' };
          return record(request, { kind: 'result', result: { contents: [{ uri: String(request.params?.['uri']), text: 'linked' }] } });
        },
      },
      streams: { 'mcp.stream': async (request) => record(request, { kind: 'result', result: { content: [] } }) },
    });
    expect(await readResourceLink(host, 't', 'mem://items/7')).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'This tab has no call whose server could read the link.' },
    });
    const called = { transport: 'streamable-http' as const, endpoint: 'http://called/mcp', auth: { type: 'bearer' as const, token: { secretRef: 'tok' } } };
    callMcp(host, 't', { target: called, method: 'tools/call', params: { name: 'blocks' } });
    await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
    const read = await readResourceLink(host, 't', 'mem://items/7');
    expect(read.ok && read.record.outcome).toEqual({ kind: 'result', result: { contents: [{ uri: 'mem://items/7', text: 'linked' }] } });
    expect(host.calls.at(-1)).toMatchObject({ op: 'mcp.call', request: { target: called, method: 'resources/read', params: { uri: 'mem://items/7' } } });
    // The tab's shown result is still the tool call's.
    expect(useMcpRunsStore.getState().byTab['t']?.call?.method).toBe('tools/call');
    expect(await readResourceLink(host, 't', '  ')).toMatchObject({ ok: false, error: { code: 'invalid' } });

    callMcp(host, 's', { target: { transport: 'stdio', command: 'node' }, method: 'tools/call' });
    await until(() => useMcpRunsStore.getState().byTab['s']?.call?.status === 'done');
    expect(await readResourceLink(host, 's', 'mem://x')).toEqual({ ok: false, error: { code: 'unsupported', message: 'This host does not start processes.' } });
  });
});
