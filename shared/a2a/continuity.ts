/**
 * Conversation continuity: pull contextId/taskId out of whatever the agent answered and build the
 * next user message with them and a fresh messageId (A2A §3.4 multi-turn).
 */
import { exampleMessage } from './body-templates';
import { isMessageShaped, isObject, isTerminalState, payloadIds } from './payload';
import { describePayload } from './outcome';
import type { A2aVersion } from './versions';

export interface ConversationIds {
  contextId?: string;
  taskId?: string;
  /** State of the task, when the source carries one. */
  state?: string;
  /** The task is terminal: new messages to it are refused (A2A §3.4), so the helper starts a new task in the same context. */
  terminal?: boolean;
}

/**
 * Unwraps the shapes a user may hand over: a JSON-RPC envelope, an exchange record (its outcome or
 * last stream event), a recorded stream event, an array of events, or the A2A object itself.
 */
function candidates(from: unknown): unknown[] {
  if (Array.isArray(from)) return [...from].reverse().flatMap(candidates);
  if (!isObject(from)) return [];
  if ('jsonrpc' in from && 'result' in from) return candidates(from['result']);
  if ('outcome' in from && isObject(from['outcome'])) {
    const outcome = from['outcome'];
    const list: unknown[] = [];
    if (Array.isArray(from['events'])) list.push(...candidates(from['events']));
    if (outcome['kind'] === 'task') list.push(outcome['task']);
    if (outcome['kind'] === 'message')
      list.push({ kind: 'message', ...(isObject(outcome['message']) ? outcome['message'] : {}) }, { message: outcome['message'] });
    if (outcome['kind'] === 'result') list.push(outcome['value']);
    return list.flatMap(candidates);
  }
  if ('seq' in from && 'data' in from) return candidates(from['data']);
  return [from];
}

export function extractConversationIds(version: A2aVersion, from: unknown): ConversationIds {
  for (const candidate of candidates(from)) {
    const info = describePayload(version, candidate);
    let contextId = info.contextId;
    let taskId = info.taskId;
    // A 1.0 Message result carries contextId/taskId on the message itself; so does a bare message object.
    if (!info.objectKind && isMessageShaped(candidate)) {
      const own = payloadIds('message', candidate);
      contextId = own.contextId ?? contextId;
      taskId = own.taskId ?? taskId;
    }
    if (!contextId && !taskId) continue;
    const ids: ConversationIds = {};
    if (contextId) ids.contextId = contextId;
    if (taskId) ids.taskId = taskId;
    if (info.state) ids.state = info.state;
    const terminal = isTerminalState(info.state);
    if (terminal) ids.terminal = true;
    return ids;
  }
  return {};
}

export interface ContinueResult {
  contextId?: string;
  taskId?: string;
  message: Record<string, unknown>;
  /** Why the skeleton looks the way it does (e.g. terminal task → new task in the same context). */
  note?: string;
}

/** The next user message: fresh messageId, same contextId, same taskId unless the task is terminal. */
export function continueConversation(version: A2aVersion, from: unknown, text?: string): ContinueResult {
  const ids = extractConversationIds(version, from);
  const keepTask = ids.taskId && !ids.terminal;
  const message = exampleMessage(version, {
    text: text ?? '',
    ...(ids.contextId ? { contextId: ids.contextId } : {}),
    ...(keepTask ? { taskId: ids.taskId } : {}),
  });
  const result: ContinueResult = { message };
  if (ids.contextId) result.contextId = ids.contextId;
  if (keepTask) result.taskId = ids.taskId;
  if (ids.taskId && ids.terminal) {
    result.note = `Task ${ids.taskId} is ${ids.state}; a terminal task takes no new messages, so this message starts a new task in the same context.`;
  } else if (!ids.contextId && !ids.taskId) {
    result.note = 'No contextId or taskId found in the answer; this message starts a new conversation.';
  }
  return result;
}
