import { beforeEach, describe, expect, it } from 'vitest';
import type { McpCallRequest, McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import { createFakeHost } from '../../host/fake-host';
import { peekTimeline } from '../stream/timelines';
import { samplingAnswerProblems, type McpSamplingAnswer, type McpSamplingPrompt } from '../../../../shared/mcp/mcp-sampling';
import { useEnvironmentsStore } from '../environments';
import {
  answerMcpElicitation,
  answerMcpSampling,
  callMcp,
  connectMcp,
  forgetMcpConnect,
  forgetMcpTab,
  readResourceLink,
  stopMcpCall,
  useMcpRunsStore,
} from './mcp-runs';
import { mcpServerKey } from './mcp-draft';

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

/** A host whose mcp.connect lists one tool named after the endpoint, refuses stdio, and holds a `…slow` endpoint until `release()`. */
function listingHost(): { host: ReturnType<typeof createFakeHost>; release: () => void } {
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
  return { host, release: () => answer?.() };
}

describe('MCP runs of a tab', () => {
  beforeEach(() => useMcpRunsStore.setState({ byTab: {} }));

  it('Connect keeps the lists; a refusal is kept as the error; the newer Connect wins', async () => {
    const { host, release } = listingHost();
    const slow = connectMcp(host, 't', { transport: 'auto', endpoint: 'http://x/slow' });
    await connectMcp(host, 't', target);
    release();
    await slow;
    expect(useMcpRunsStore.getState().byTab['t']?.connect?.result?.tools).toEqual([{ name: 'http://x/mcp' }]);
    await connectMcp(host, 't', { transport: 'stdio', command: 'node' });
    expect(useMcpRunsStore.getState().byTab['t']?.connect).toMatchObject({ status: 'done', error: { code: 'unsupported' } });
  });

  it('lists belong to the server they came from: dropped when the tab points elsewhere, and a late answer then is ignored', async () => {
    const { host, release } = listingHost();
    await connectMcp(host, 'k', target);
    expect(useMcpRunsStore.getState().byTab['k']?.connect?.serverKey).toBe(mcpServerKey(target));
    expect(mcpServerKey({ ...target, endpoint: 'http://x/other' })).not.toBe(mcpServerKey(target));
    expect(mcpServerKey({ ...target, transport: 'sse' })).not.toBe(mcpServerKey(target));
    expect(mcpServerKey({ transport: 'stdio', command: 'node', args: ['a'] })).not.toBe(mcpServerKey({ transport: 'stdio', command: 'node', args: ['b'] }));
    forgetMcpConnect('k');
    expect(useMcpRunsStore.getState().byTab['k']?.connect).toBeUndefined();
    const slow = connectMcp(host, 'k', { transport: 'auto', endpoint: 'http://x/slow' });
    forgetMcpConnect('k');
    release();
    await slow;
    expect(useMcpRunsStore.getState().byTab['k']?.connect).toBeUndefined();
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

  describe('a sampling request during a call', () => {
    const prompt: McpSamplingPrompt = {
      serverRequestId: 7,
      request: { systemPrompt: 'You are a poet.', messages: [{ role: 'user', content: { type: 'text', text: 'Haiku?' } }], maxTokens: 60 },
      timeoutMs: 300_000,
    };
    const haiku: McpSamplingAnswer = {
      action: 'accept',
      message: { role: 'assistant', content: { type: 'text', text: 'Quack' }, model: 'powerduck-human', stopReason: 'endTurn' },
    };

    /** A core that asks once, refuses answers that do not fit, and reports the answer it took on the stream. */
    function samplingHost(options: { endWithoutAnswer?: boolean } = {}) {
      let settle: ((answer: McpSamplingAnswer) => void) | undefined;
      return createFakeHost({
        ops: {
          'mcp.answer': (request) => {
            if (!settle || request.serverRequestId !== prompt.serverRequestId) throw { code: 'not-found', message: 'Nothing waits.' };
            const problems = samplingAnswerProblems(request.result);
            if (problems.length) throw { code: 'invalid', message: problems.join(' ') };
            settle(request.result as McpSamplingAnswer);
            settle = undefined;
            return { answered: true };
          },
        },
        streams: {
          'mcp.stream': async (request, emit, signal) => {
            emit({ seq: 0, atMs: 1, event: 'sampling/createMessage', data: {}, sampling: prompt });
            if (options.endWithoutAnswer) {
              await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
              return record(request, { kind: 'cancelled', message: 'Stopped' });
            }
            const answer = await new Promise<McpSamplingAnswer>((resolve) => (settle = resolve));
            emit({ seq: 1, atMs: 2, event: 'sampling/answer', data: {}, samplingAnswered: { serverRequestId: 7, answer, answeredBy: 'user' } });
            return record(request, { kind: 'result', result: { content: [{ type: 'text', text: JSON.stringify(answer) }] } });
          },
        },
      });
    }

    it('keeps the question on the run, keeps it open after a refused answer, and closes it once answered', async () => {
      const host = samplingHost();
      const runId = callMcp(host, 't', { target, method: 'tools/call', params: { name: 'sample' } });
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.sampling !== undefined);
      expect(useMcpRunsStore.getState().byTab['t']?.call?.sampling).toEqual(prompt);
      // The elicitation answer finds nothing of its kind waiting; the sampling question is untouched.
      expect(await answerMcpElicitation(host, 't', { action: 'decline' })).toMatchObject({ code: 'not-found' });
      const bad = { action: 'accept', message: { role: 'assistant', content: { type: 'text', text: 'x' }, model: '' } } as McpSamplingAnswer;
      expect(await answerMcpSampling(host, 't', bad)).toMatchObject({ code: 'invalid', message: expect.stringContaining('model') });
      expect(useMcpRunsStore.getState().byTab['t']?.call?.sampling).toEqual(prompt);

      expect(await answerMcpSampling(host, 't', haiku)).toBeUndefined();
      expect(host.calls.filter((c) => c.op === 'mcp.answer').at(-1)?.request).toEqual({ requestId: runId, serverRequestId: 7, result: haiku });
      expect(useMcpRunsStore.getState().byTab['t']?.call?.sampling).toBeUndefined();
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
      expect(useMcpRunsStore.getState().byTab['t']?.call?.record?.outcome.kind).toBe('result');
      expect(await answerMcpSampling(host, 't', { action: 'decline' })).toMatchObject({ code: 'not-found' });
    });

    it('closes the question when the stream reports an answer it did not get from this page (a timeout)', async () => {
      const gates: Array<() => void> = [];
      const gate = (): Promise<void> => new Promise<void>((resolve) => gates.push(resolve));
      const host = createFakeHost({
        streams: {
          'mcp.stream': async (request, emit, signal) => {
            emit({ seq: 0, atMs: 1, event: 'sampling/createMessage', data: {}, sampling: prompt });
            await gate();
            emit({
              seq: 1,
              atMs: 2,
              event: 'sampling/answer',
              data: {},
              samplingAnswered: { serverRequestId: 8, answer: { action: 'decline' }, answeredBy: 'timeout' },
            });
            await gate();
            emit({
              seq: 2,
              atMs: 3,
              event: 'sampling/answer',
              data: {},
              samplingAnswered: { serverRequestId: 7, answer: { action: 'decline' }, answeredBy: 'timeout' },
            });
            await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
            return record(request, { kind: 'cancelled', message: 'Stopped' });
          },
        },
      });
      const runId = callMcp(host, 't', { target, method: 'tools/call' });
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.sampling !== undefined);
      gates.shift()?.();
      await until(() => (peekTimeline(runId)?.rows.length ?? 0) >= 2);
      // Another request's answer leaves this question open.
      expect(useMcpRunsStore.getState().byTab['t']?.call?.sampling).toEqual(prompt);
      gates.shift()?.();
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.sampling === undefined);
      expect(useMcpRunsStore.getState().byTab['t']?.call?.status).toBe('running');
      forgetMcpTab('t');
    });

    it('drops an unanswered question when the call ends (Stop)', async () => {
      const host = samplingHost({ endWithoutAnswer: true });
      callMcp(host, 't', { target, method: 'tools/call' });
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.sampling !== undefined);
      await stopMcpCall('t');
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
      expect(useMcpRunsStore.getState().byTab['t']?.call).not.toHaveProperty('sampling');
      expect(useMcpRunsStore.getState().byTab['t']?.call?.record?.outcome.kind).toBe('cancelled');
    });
  });

  it('passes the environment picked in the header to connect, calls and resource reads; the tab keeps the {{variables}}', async () => {
    useEnvironmentsStore.setState({
      state: { active: 'local', environments: [{ name: 'local', variables: [{ name: 'baseUrl', value: 'http://x' }] }] } as never,
    });
    try {
      const host = createFakeHost({
        ops: {
          'mcp.connect': async (request) => ({
            record: record({ target: request.target, method: 'initialize' }, { kind: 'result', result: {} }),
            tools: [],
            resources: [],
            resourceTemplates: [],
            prompts: [],
          }),
          'mcp.call': async (request) => record(request, { kind: 'result', result: {} }),
        },
        streams: { 'mcp.stream': async (request) => record(request, { kind: 'result', result: {} }) },
      });
      const templated = { transport: 'auto' as const, endpoint: '{{baseUrl}}/mcp' };
      await connectMcp(host, 't', templated);
      callMcp(host, 't', { target: templated, method: 'tools/list' });
      await until(() => useMcpRunsStore.getState().byTab['t']?.call?.status === 'done');
      await readResourceLink(host, 't', 'mem://a');
      expect(host.calls.map((c) => [c.op, (c.request as { environment?: string }).environment])).toEqual([
        ['mcp.connect', 'local'],
        ['mcp.stream', 'local'],
        ['mcp.call', 'local'],
      ]);
      // The core fills the variables in on its own copy: what the tab keeps is what the user wrote.
      expect(useMcpRunsStore.getState().byTab['t']?.call?.target).toEqual(templated);
    } finally {
      useEnvironmentsStore.setState({ state: null });
    }
  });
});
