import { describe, expect, it } from 'vitest';
import { samplingAnswerProblems, type McpSampling, type McpSamplingRequest } from '../../../../shared/mcp/mcp-sampling';
import { translate, type MessageKey, type Params } from '../../i18n/i18n';
import { initialSamplingFields, samplingAnswerFrom, samplingAnswerLine, samplingAskedLine, samplingLimits } from './mcp-sampling-fields';

const t = (key: MessageKey, params?: Params): string => translate('en', key, params);

const request: McpSamplingRequest = {
  systemPrompt: 'You are a poet.',
  messages: [
    { role: 'user', content: { type: 'text', text: 'Write a haiku\nabout ducks.' } },
    { role: 'assistant', content: { type: 'text', text: 'Which ducks?' } },
  ],
  maxTokens: 60,
  temperature: 0.7,
  modelPreferences: { hints: [{ name: 'claude' }, {}], intelligencePriority: 0.8, costPriority: 0 },
};

describe('the sampling form’s answer', () => {
  it('starts with the default model and endTurn, and makes an accepted text message the core takes', () => {
    expect(initialSamplingFields).toEqual({ text: '', model: 'powerduck-human', stopReason: 'endTurn' });
    const built = samplingAnswerFrom({ ...initialSamplingFields, text: 'Quack in the pond\n', model: ' my-model ' });
    expect(built).toEqual({
      ok: true,
      answer: {
        action: 'accept',
        message: { role: 'assistant', content: { type: 'text', text: 'Quack in the pond\n' }, model: 'my-model', stopReason: 'endTurn' },
      },
    });
    expect(built.ok && samplingAnswerProblems(built.answer)).toEqual([]);
  });

  it('sends nothing for an empty (or blank) response or a blank model, and says what is missing', () => {
    expect(samplingAnswerFrom(initialSamplingFields)).toEqual({ ok: false, problems: ['mcp.sample.needText'] });
    expect(samplingAnswerFrom({ text: ' \n ', model: '  ', stopReason: 'maxTokens' })).toEqual({
      ok: false,
      problems: ['mcp.sample.needText', 'mcp.sample.needModel'],
    });
  });

  it('leaves the stop reason out when none is chosen', () => {
    const built = samplingAnswerFrom({ text: 'x', model: 'm', stopReason: '' });
    expect(built.ok && built.answer.action === 'accept' && 'stopReason' in built.answer.message).toBe(false);
  });
});

describe('one-line readings of a sampling request', () => {
  it('puts the limits and preferences that were given in one line', () => {
    expect(samplingLimits(t, request)).toBe('max tokens 60 · temperature 0.7 · model hints: claude · intelligence priority 0.8 · cost priority 0');
    expect(samplingLimits(t, { messages: [], maxTokens: 5, stopSequences: ['\n\n'], includeContext: 'thisServer' })).toBe(
      'max tokens 5 · stop at "\\n\\n" · include context: thisServer',
    );
    expect(samplingLimits(t, { messages: [], maxTokens: 5, includeContext: 'none' })).toBe('max tokens 5');
  });

  it('reads what was asked from the last user message, flattened and cut', () => {
    expect(samplingAskedLine(request)).toBe('Write a haiku about ducks.');
    expect(
      samplingAskedLine({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', mimeType: 'image/png', data: 'AA==' },
              { type: 'text', text: 'what?' },
            ],
          },
        ],
        maxTokens: 1,
      }),
    ).toBe('[image image/png] what?');
    expect(samplingAskedLine({ messages: [{ role: 'user', content: { type: 'text', text: 'y'.repeat(500) } }], maxTokens: 1 })).toHaveLength(120);
    expect(samplingAskedLine({ messages: [], maxTokens: 1 })).toBe('');
  });

  it('says what the server got and who settled it', () => {
    const base: Omit<McpSampling, 'answer' | 'answeredBy'> = { serverRequestId: 1, atMs: 1, request, answeredAtMs: 2 };
    const sent: McpSampling = {
      ...base,
      answeredBy: 'user',
      answer: { action: 'accept', message: { role: 'assistant', content: { type: 'text', text: 'Quack' }, model: 'powerduck-human' } },
    };
    expect(samplingAnswerLine(t, sent)).toBe('answered “Quack” as powerduck-human (by you)');
    expect(samplingAnswerLine(t, { ...base, answeredBy: 'timeout', answer: { action: 'decline' } })).toBe('rejected (no answer in time)');
    expect(translate('ko', 'mcp.sample.rejectedLine', { by: translate('ko', 'mcp.sample.by.stopped') })).toBe('거부됨 (호출이 중지됨)');
  });
});
