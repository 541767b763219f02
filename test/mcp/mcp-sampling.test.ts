/**
 * Sampling against the official SDK's McpServer: a tool asks the client's model for a haiku
 * (sampling/createMessage) when the client declares sampling, and falls back when it does not. The
 * user answers in the model's place through mcp.answer; presets, the timeout, Stop and a request
 * with tools settle it without them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../electron/node/core-error';
import { performMcpCall } from '../../electron/node/mcp/mcp-call';
import { QuestionBroker } from '../../electron/node/mcp/mcp-question-broker';
import { buildMcpHistoryEntry } from '../../shared/mcp/mcp-history';
import { samplingAnswerProblems, type McpSamplingAnswer } from '../../shared/mcp/mcp-sampling';
import type { McpCallRequest, McpStreamEvent } from '../../shared/mcp/mcp-types';
import { runCliCaptured } from '../fixtures/cli-run';
import { buildAskingServer } from '../fixtures/mcp-server';
import { declaredCapabilities, streamMcpCall, testMcpDeps, toolCall, toolText, useMcpServerAndCore } from '../fixtures/mcp-calls';

const deps = testMcpDeps;
const bed = useMcpServerAndCore({ build: buildAskingServer });

const call = (tool: string, extra: Partial<McpCallRequest> = {}): McpCallRequest => toolCall(bed.server.url, tool, extra);
const stream = (id: string, request: McpCallRequest, onQuestion: (event: McpStreamEvent) => void) => streamMcpCall(bed.core, id, request, onQuestion);

const haiku = 'Green heads in the reeds\nquack at the morning ferry\nbread crumbs on the pond';
const accept = (text: string, model = 'powerduck-human'): McpSamplingAnswer => ({
  action: 'accept',
  message: { role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' },
});

describe('sampling answered by the user', () => {
  it('a stream declares sampling, shows the request, refuses answers that cannot be sent, and sends the written message', async () => {
    const refusals: unknown[] = [];
    const { record, events } = await stream('sample-accept', call('sample'), (event) => {
      const question = event.sampling!;
      expect(question.request).toEqual({
        systemPrompt: 'You are a poet.',
        messages: [{ role: 'user', content: { type: 'text', text: 'Write a haiku about ducks.' } }],
        maxTokens: 60,
        temperature: 0.7,
        modelPreferences: { hints: [{ name: 'claude' }], intelligencePriority: 0.8 },
      });
      expect(question.timeoutMs).toBe(5 * 60_000);
      void (async () => {
        const base = { requestId: 'sample-accept', serverRequestId: question.serverRequestId };
        const wrong: unknown[] = [
          { action: 'cancel' }, // an elicitation's answer, not a sampling one
          { action: 'accept' },
          { action: 'accept', message: { role: 'user', content: { type: 'text', text: 'x' }, model: 'm' } },
          { action: 'accept', message: { role: 'assistant', content: { type: 'text', text: 'x' }, model: ' ' } },
          { action: 'accept', message: { role: 'assistant', content: { type: 'image', data: 'not base64!' }, model: 'm' } },
          { action: 'accept', message: { role: 'assistant', content: { type: 'video', data: '' }, model: 'm' } },
          { action: 'accept', message: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm', usage: 1 } },
        ];
        for (const result of wrong) {
          const refused = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: result as McpSamplingAnswer });
          if (refused.ok) throw new Error(`an answer that cannot be sent was accepted: ${JSON.stringify(result)}`);
          refusals.push(refused.error);
        }
        const ok = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: accept(haiku) });
        expect(ok).toEqual({ ok: true, value: { answered: true } });
        const again = await bed.core.dispatcher.invoke('mcp.answer', { ...base, result: { action: 'decline' } });
        refusals.push(!again.ok && again.error.code);
      })();
    });
    expect(refusals.slice(0, 7)).toEqual([
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('accept or decline, not "cancel"') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('needs the message') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('role must be "assistant"') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('Name the model') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringMatching(/base64[\s\S]*mimeType such as image\/png/) }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('text, image or audio, not "video"') }),
      expect.objectContaining({ code: 'invalid', message: expect.stringContaining('"usage" is not a field of the message') }),
    ]);
    expect(refusals[7]).toBe('not-found');
    expect(declaredCapabilities(record)).toEqual({ elicitation: { form: {}, url: {} }, sampling: {} });
    expect(JSON.parse(toolText(record))).toEqual({
      role: 'assistant',
      content: { type: 'text', text: haiku },
      model: 'powerduck-human',
      stopReason: 'endTurn',
    });
    expect(record.samplings).toEqual([
      expect.objectContaining({ answeredBy: 'user', answer: accept(haiku), request: expect.objectContaining({ maxTokens: 60 }) }),
    ]);
    expect(events.map((e) => e.event)).toEqual(['sampling/createMessage', 'sampling/answer']);
    expect(events[1]?.samplingAnswered).toMatchObject({ answeredBy: 'user', answer: { action: 'accept' } });
    // Answered by Powerduck: not one of the requests it "does not offer".
    expect(record.warnings).toEqual([]);
    // Hashed bodies: the history says who answered and how, not what was written.
    const entry = buildMcpHistoryEntry(record, { source: 'stream', fullBodies: false, sha256: () => 'x' });
    expect(entry.warnings).toContain('Sampling (1 message): answered as model "powerduck-human" (by the user)');
    expect(JSON.stringify(entry)).not.toContain('Green heads');
  });

  it('Reject answers the server a JSON-RPC error (code -1), and the tool sees it', async () => {
    const { record } = await stream('sample-reject', call('sample'), (event) => {
      void bed.core.dispatcher.invoke('mcp.answer', {
        requestId: 'sample-reject',
        serverRequestId: event.sampling!.serverRequestId,
        result: { action: 'decline' },
      });
    });
    expect(record.outcome.kind).toBe('tool-error');
    expect(toolText(record)).toMatch(/^refused: .*-1.*The user rejected the sampling request/);
    expect(record.samplings?.[0]).toMatchObject({ answeredBy: 'user', answer: { action: 'decline' } });
    const reply = record.messages.find((m) => m.direction === 'sent' && m.kind === 'error');
    expect(reply?.message).toMatchObject({ error: { code: -1 } });
    expect(record.warnings).toEqual([]);
  });

  it('a huge image in the conversation is shown as a line saying what it was, not copied into the question or the record', async () => {
    const { record } = await stream('sample-big', call('sample-big'), (event) => {
      const content = event.sampling!.request.messages[0]?.content as Array<{ type: string; text?: string }>;
      expect(content[0]).toEqual({ type: 'text', text: 'What is in this picture?' });
      expect(content[1]).toEqual({ type: 'text', text: expect.stringMatching(/^\[image\/png, 3\.0 MB: too large to show here/) });
      void bed.core.dispatcher.invoke('mcp.answer', { requestId: 'sample-big', serverRequestId: event.sampling!.serverRequestId, result: accept('A duck.') });
    });
    expect(JSON.parse(toolText(record))).toMatchObject({ content: { text: 'A duck.' } });
    expect(JSON.stringify(record.samplings).length).toBeLessThan(10_000);
  });

  it('Stop while the request waits refuses it, cancels the call and closes the question', async () => {
    const { record } = await stream('sample-stop', call('sample'), () => bed.core.dispatcher.cancel('sample-stop'));
    expect(record.outcome.kind).toBe('cancelled');
    expect(record.samplings?.[0]).toMatchObject({ answeredBy: 'stopped', answer: { action: 'decline' } });
    const late = await bed.core.dispatcher.invoke('mcp.answer', {
      requestId: 'sample-stop',
      serverRequestId: record.samplings![0]!.serverRequestId,
      result: accept('x'),
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('no answer in time refuses the request (and the call does not time out meanwhile)', async () => {
    const broker = new QuestionBroker();
    const record = await performMcpCall(call('sample', { timeoutMs: 100 }), { ...deps, elicitationTimeoutMs: 400 }, { ask: broker.askers('s1') });
    expect(toolText(record)).toContain('Nobody answered the sampling request in time');
    expect(record.samplings?.[0]).toMatchObject({ answeredBy: 'timeout', answer: { action: 'decline' } });
    expect(broker.size).toBe(0);
  });
});

describe('sampling nobody is asked about', () => {
  it('mcp.call does not declare sampling, so the server takes its fallback', async () => {
    const result = await bed.core.dispatcher.invoke('mcp.call', call('sample'));
    if (!result.ok) throw new Error(result.error.message);
    expect(declaredCapabilities(result.value)).toEqual({ elicitation: {} });
    expect(toolText(result.value)).toBe('fallback: the client offers no sampling');
    expect(result.value.samplings).toBeUndefined();
  });

  it('offerSampling: false keeps a stream from declaring it', async () => {
    const { record, events } = await stream('sample-off', call('sample', { offerSampling: false }), () => {
      throw new Error('asked although sampling was turned off');
    });
    expect(declaredCapabilities(record)).toEqual({ elicitation: { form: {}, url: {} } });
    expect(toolText(record)).toBe('fallback: the client offers no sampling');
    expect(events).toEqual([]);
  });

  it('a preset answer (--sampling-answer) is declared and sent without asking', async () => {
    const record = await performMcpCall(call('sample', { samplingAnswer: accept('Quack.', 'preset-model') }), deps);
    expect(declaredCapabilities(record)).toEqual({ elicitation: {}, sampling: {} });
    expect(JSON.parse(toolText(record))).toMatchObject({ content: { text: 'Quack.' }, model: 'preset-model' });
    expect(record.samplings?.[0]?.answeredBy).toBe('preset');
  });

  it('a request offering the model tools is refused as the spec requires, without asking anyone', async () => {
    const { record, events } = await stream('sample-tools', call('sample-anyway'), () => {
      throw new Error('a request with tools reached the user');
    });
    expect(record.outcome.kind).toBe('tool-error');
    expect(toolText(record)).toContain('sampling.tools is not declared');
    expect(record.samplings?.[0]).toMatchObject({ answeredBy: 'refused', note: expect.stringContaining('tools') });
    expect(events.map((e) => e.event)).toEqual(['sampling/createMessage', 'sampling/answer']);
  });

  it('refuses presets that cannot be sent, and contradictory options, before connecting', async () => {
    const log = bed.server.log.sessions.length;
    await expect(performMcpCall(call('sample', { samplingAnswer: { action: 'accept' } as never }), deps)).rejects.toBeInstanceOf(CoreError);
    await expect(performMcpCall(call('sample', { samplingAnswer: accept('x'), offerSampling: false }), deps)).rejects.toThrow(/one or the other/);
    await expect(performMcpCall(call('sample', { offerSampling: 'yes' as never }), deps)).rejects.toThrow(/true or false/);
    expect(bed.server.log.sessions.length).toBe(log);
  });

  it('samplingAnswerProblems accepts image and audio answers with base64 data and a matching media type', () => {
    const media = (type: 'image' | 'audio', mimeType: string, data = 'iVBORw0KGgo='): unknown => ({
      action: 'accept',
      message: { role: 'assistant', content: { type, data, mimeType }, model: 'm' },
    });
    expect(samplingAnswerProblems(media('image', 'image/png'))).toEqual([]);
    expect(samplingAnswerProblems(media('audio', 'audio/wav'))).toEqual([]);
    expect(samplingAnswerProblems(media('audio', 'image/png'))).toEqual([expect.stringContaining('audio/wav')]);
    expect(samplingAnswerProblems(media('image', 'image/png', 'abc'))).toEqual([expect.stringContaining('base64')]);
    expect(samplingAnswerProblems({ action: 'decline', message: {} })).toEqual(['Only an accepted answer carries a message.']);
    expect(samplingAnswerProblems(null)).toEqual([expect.stringContaining('object with an action')]);
  });
});

describe('send --mcp and sampling', () => {
  it('offers sampling only with --sampling-answer, answers with its text, and says when a server sampled anyway', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-sampling-cli-'));
    try {
      const args = ['send', '--mcp', '--endpoint', bed.server.url, '--body', '{"name":"sample","arguments":{}}'];
      const fallback = await runCliCaptured(args, { home });
      expect(fallback.code).toBe(0);
      expect(fallback.out).toContain('fallback: the client offers no sampling');
      const answered = await runCliCaptured([...args, '--sampling-answer', 'Ducks at dawn.'], { home });
      expect(answered.code).toBe(0);
      expect(answered.out).toContain('The server asked the model: "Write a haiku about ducks." → answered as model "powerduck-cli" (answered without asking)');
      expect(answered.out).toContain('Ducks at dawn.');
      const empty = await runCliCaptured([...args, '--sampling-answer', ' '], { home });
      expect(empty.code).toBe(2);
      expect(empty.err).toContain('--sampling-answer needs the text');
      const anyway = await runCliCaptured(['send', '--mcp', '--endpoint', bed.server.url, '--body', '{"name":"sample-anyway","arguments":{}}'], { home });
      expect(anyway.code).toBe(1);
      expect(anyway.err).toContain('pass --sampling-answer TEXT');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
