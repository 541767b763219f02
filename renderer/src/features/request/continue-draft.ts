import { exampleBody } from '../../../../shared/a2a/body-templates';
import { newMessageId } from '../../../../shared/a2a/ids';
import type { A2aVersion } from '../../../../shared/a2a/versions';
import { findMethod } from '../../../../shared/a2a/catalogue';
import { defaultMethod } from './a2a-catalog';
import type { A2aDraft } from './draft-model';
import { parseBody } from './draft-model';
import { isObject } from '../../../../shared/a2a/payload';

export interface ContinueIds {
  contextId?: string;
  taskId?: string;
}

/**
 * The next message of a conversation: the user's previous parts (to edit), a fresh messageId and
 * the server's contextId/taskId (A2A §3.4.3 multi-turn). Ids the server did not give are removed,
 * never guessed.
 */
export function continuedBody(version: A2aVersion, previousBodyText: string, ids: ContinueIds, skeleton?: Record<string, unknown>): Record<string, unknown> {
  const parsed = parseBody(previousBodyText);
  const previous = parsed.ok && isObject(parsed.value) ? parsed.value : {};
  const base = isObject(previous['message']) ? previous : (exampleBody(version, defaultMethod(version), {}) as Record<string, unknown>);
  const oldMessage = isObject(base['message']) ? base['message'] : {};
  const message: Record<string, unknown> = { ...oldMessage, messageId: typeof skeleton?.['messageId'] === 'string' ? skeleton['messageId'] : newMessageId() };
  delete message['contextId'];
  delete message['taskId'];
  if (ids.contextId) message['contextId'] = ids.contextId;
  if (ids.taskId) message['taskId'] = ids.taskId;
  return { ...base, message };
}

/** The seed for the new tab "Continue" opens: same agent, a message method, the next body. */
export function continuedDraft(draft: A2aDraft, ids: ContinueIds, skeleton?: Record<string, unknown>): Partial<A2aDraft> {
  const current = findMethod(draft.version, draft.method);
  const method = current?.category === 'message' ? draft.method : defaultMethod(draft.version);
  return {
    version: draft.version,
    binding: draft.binding,
    endpoint: draft.endpoint,
    method,
    headers: draft.headers,
    auth: draft.auth,
    tenant: draft.tenant,
    bodyText: JSON.stringify(continuedBody(draft.version, draft.bodyText, ids, skeleton), null, 2) + '\n',
    continuation: { ...(ids.contextId ? { contextId: ids.contextId } : {}), ...(ids.taskId ? { taskId: ids.taskId } : {}) },
  };
}
