/**
 * Sampling (MCP sampling/createMessage): a server asks the client's model to write the next
 * message. Powerduck is a debugger, not a model host, so the person at the keyboard is the model
 * (as in the MCP Inspector): they read the server's request and write the answer, or reject it. Pure,
 * so the core (which refuses bad answers) and the page (which builds the form) read it the same way.
 */
import { isObject } from '../a2a/payload';

/** One message of the server's conversation, as it sent it (content blocks are shown as they are). */
export interface McpSamplingMessage {
  role: 'user' | 'assistant';
  /** One content block or a list of them (text, image, audio, tool_use, tool_result). */
  content: unknown;
}

/** What the server asked for: sampling/createMessage's params (redacted like everything recorded). */
export interface McpSamplingRequest {
  messages: McpSamplingMessage[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: {
    hints?: Array<{ name?: string }>;
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  includeContext?: string;
  metadata?: Record<string, unknown>;
}

/** sampling/createMessage as a stream data event shows it: who asked, what, and how long the core waits. */
export interface McpSamplingPrompt {
  /** The JSON-RPC id of the server's request (mcp.answer names it). */
  serverRequestId: string | number;
  request: McpSamplingRequest;
  /** After this many milliseconds without an answer the core refuses the request. */
  timeoutMs: number;
}

/** The content of the written message: text, or an image or audio clip (base64). */
export type McpSampledContent = { type: 'text'; text: string } | { type: 'image' | 'audio'; data: string; mimeType: string };

/** The message written in the model's place (sampling/createMessage's result). */
export interface McpSampledMessage {
  role: 'assistant';
  content: McpSampledContent;
  /** The model the answer claims to come from (the server sees it as the result's `model`). */
  model: string;
  /** endTurn, stopSequence, maxTokens or a provider's own reason. */
  stopReason?: string;
}

/** The user's answer to one sampling request: the message, or a refusal (the server gets a JSON-RPC error). */
export type McpSamplingAnswer = { action: 'accept'; message: McpSampledMessage } | { action: 'decline' };

/** Who settled a sampling request: the user, a preset answer (CLI --sampling-answer), the timeout, or Stop. */
export type McpSamplingAnsweredBy = 'user' | 'preset' | 'timeout' | 'stopped' | 'refused';

/** One sampling request in the record: what the server asked and what it got. */
export interface McpSampling {
  serverRequestId: string | number;
  /** Milliseconds since the call started. */
  atMs: number;
  request: McpSamplingRequest;
  answer: McpSamplingAnswer;
  answeredBy: McpSamplingAnsweredBy;
  answeredAtMs: number;
  /** Why the answer is not what was offered (a request Powerduck cannot answer, such as one with tools). */
  note?: string;
}

/** The JSON-RPC error a refused sampling request gets (the MCP spec's "user rejected" code). */
export const samplingRejectedCode = -1;

/** The model name an answer carries when the person answering does not name one. */
export const defaultSamplingModel = 'powerduck-human';

export const samplingStopReasons = ['endTurn', 'stopSequence', 'maxTokens'] as const;

const mediaType = /^[a-z]+\/[A-Za-z0-9.+-]+$/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

function contentProblems(content: unknown): string[] {
  if (!isObject(content)) return ['The message needs content: {type: "text", text} or {type: "image"|"audio", data, mimeType}.'];
  const type = content['type'];
  if (type === 'text') return typeof content['text'] === 'string' ? [] : ['A text answer needs its text.'];
  if (type === 'image' || type === 'audio') {
    const problems: string[] = [];
    if (typeof content['data'] !== 'string' || content['data'] === '' || content['data'].length % 4 !== 0 || !base64.test(content['data']))
      problems.push(`An ${type} answer needs its bytes as base64 in data.`);
    if (typeof content['mimeType'] !== 'string' || !mediaType.test(content['mimeType']) || !content['mimeType'].startsWith(`${type}/`))
      problems.push(`An ${type} answer needs a mimeType such as ${type === 'image' ? 'image/png' : 'audio/wav'}.`);
    return problems;
  }
  return [`The content type must be text, image or audio, not ${JSON.stringify(type) ?? 'nothing'}.`];
}

/**
 * Why an answer cannot be sent (empty when it can): accept carries one assistant message with
 * text, image or audio content and the model's name; decline carries nothing else.
 */
export function samplingAnswerProblems(answer: unknown): string[] {
  if (!isObject(answer)) return ['The answer must be an object with an action (accept or decline).'];
  const action = answer['action'];
  if (action === 'decline') return answer['message'] === undefined ? [] : ['Only an accepted answer carries a message.'];
  if (action !== 'accept') return [`The action must be accept or decline, not ${JSON.stringify(action) ?? 'nothing'}.`];
  const message = answer['message'];
  if (!isObject(message)) return ['An accepted answer needs the message: {role: "assistant", content, model}.'];
  const problems: string[] = [];
  if (message['role'] !== 'assistant') problems.push('The message is the model’s: its role must be "assistant".');
  if (typeof message['model'] !== 'string' || message['model'].trim() === '') problems.push('Name the model the answer comes from (model).');
  if (message['stopReason'] !== undefined && (typeof message['stopReason'] !== 'string' || message['stopReason'] === ''))
    problems.push('stopReason must be text (endTurn, stopSequence, maxTokens or another reason).');
  problems.push(...contentProblems(message['content']));
  for (const key of Object.keys(message))
    if (!['role', 'content', 'model', 'stopReason'].includes(key)) problems.push(`"${key}" is not a field of the message.`);
  return problems;
}

/** A copy of an accepted answer with only the fields the result carries (what the server receives). */
export function normaliseSamplingAnswer(answer: McpSamplingAnswer): McpSamplingAnswer {
  if (answer.action === 'decline') return { action: 'decline' };
  const { content, model, stopReason } = answer.message;
  const copy: McpSampledContent =
    content.type === 'text' ? { type: 'text', text: content.text } : { type: content.type, data: content.data, mimeType: content.mimeType };
  return { action: 'accept', message: { role: 'assistant', content: copy, model, ...(stopReason !== undefined ? { stopReason } : {}) } };
}

/** The text a message's content shows in one line (text blocks as they are, others by type), for the record and the CLI. */
export function samplingContentText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b) => {
      if (!isObject(b)) return '';
      if (b['type'] === 'text' && typeof b['text'] === 'string') return b['text'];
      return `[${typeof b['type'] === 'string' ? b['type'] : 'content'}${typeof b['mimeType'] === 'string' ? ` ${b['mimeType']}` : ''}]`;
    })
    .join(' ');
}
