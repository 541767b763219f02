/**
 * The sampling form's pure half: what its fields hold, the answer they make, why they cannot make
 * one yet, and the one-line readings of a request (its limits) and of a recorded sampling. The core
 * checks the answer again (samplingAnswerProblems); the form checks first only what the core would
 * let through but a person never means, such as an empty response.
 */
import {
  defaultSamplingModel,
  samplingContentText,
  type McpSampling,
  type McpSamplingAnswer,
  type McpSamplingRequest,
} from '../../../../shared/mcp/mcp-sampling';
import type { MessageKey, Translate } from '../../i18n/i18n';

/** What the form's controls hold while the user writes. */
export interface SamplingFields {
  text: string;
  model: string;
  stopReason: string;
}

export const initialSamplingFields: SamplingFields = { text: '', model: defaultSamplingModel, stopReason: 'endTurn' };

/** The accepted answer the fields make, or the keys of what is missing (nothing is sent then). */
export function samplingAnswerFrom(fields: SamplingFields): { ok: true; answer: McpSamplingAnswer } | { ok: false; problems: MessageKey[] } {
  const problems: MessageKey[] = [];
  // Whitespace alone is no answer either; what is sent keeps the text exactly as typed.
  if (!fields.text.trim()) problems.push('mcp.sample.needText');
  const model = fields.model.trim();
  if (!model) problems.push('mcp.sample.needModel');
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    answer: {
      action: 'accept',
      message: {
        role: 'assistant',
        content: { type: 'text', text: fields.text },
        model,
        ...(fields.stopReason ? { stopReason: fields.stopReason } : {}),
      },
    },
  };
}

const priorityKeys = [
  ['intelligencePriority', 'mcp.sample.intelligence'],
  ['speedPriority', 'mcp.sample.speed'],
  ['costPriority', 'mcp.sample.cost'],
] as const;

/** The request's limits and preferences in one line: max tokens, temperature, stop sequences, model hints and priorities. */
export function samplingLimits(t: Translate, request: McpSamplingRequest): string {
  const parts = [t('mcp.sample.maxTokens', { count: request.maxTokens })];
  if (request.temperature !== undefined) parts.push(t('mcp.sample.temperature', { value: request.temperature }));
  if (request.stopSequences?.length) parts.push(t('mcp.sample.stopSequences', { list: request.stopSequences.map((s) => JSON.stringify(s)).join(', ') }));
  const prefs = request.modelPreferences;
  const hints = (prefs?.hints ?? []).map((h) => h.name).filter((n): n is string => typeof n === 'string' && n !== '');
  if (hints.length) parts.push(t('mcp.sample.hints', { list: hints.join(', ') }));
  for (const [field, key] of priorityKeys) {
    const value = prefs?.[field];
    if (typeof value === 'number') parts.push(t(key, { value }));
  }
  if (request.includeContext && request.includeContext !== 'none') parts.push(t('mcp.sample.includeContext', { value: request.includeContext }));
  return parts.join(' · ');
}

const maxLine = 120;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxLine ? `${flat.slice(0, maxLine - 1)}…` : flat;
}

/** What the server asked in one line: its last user message (the prompt a model would answer). */
export function samplingAskedLine(request: McpSamplingRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user') ?? request.messages.at(-1);
  return last ? oneLine(samplingContentText(last.content)) : '';
}

const answeredByKeys: Record<McpSampling['answeredBy'], MessageKey> = {
  user: 'mcp.sample.by.user',
  preset: 'mcp.sample.by.preset',
  timeout: 'mcp.sample.by.timeout',
  stopped: 'mcp.sample.by.stopped',
  refused: 'mcp.sample.by.refused',
};

/** What the server got in one line: the written text (and model), or the refusal, and who settled it. */
export function samplingAnswerLine(t: Translate, sampling: McpSampling): string {
  const by = t(answeredByKeys[sampling.answeredBy]);
  const answer = sampling.answer;
  if (answer.action === 'decline') return t('mcp.sample.rejectedLine', { by });
  return t('mcp.sample.sentLine', { text: oneLine(samplingContentText(answer.message.content)), model: answer.message.model, by });
}
