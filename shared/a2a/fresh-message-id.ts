import { newMessageId } from './ids';
import { isObject } from './payload';
import { hasUnquotedReference, maskUnquotedReferences } from '../env/json-variables';

/** The send methods whose request carries a `message` (1.0 and 0.3 names). */
const messageMethods = new Set(['SendMessage', 'SendStreamingMessage', 'message/send', 'message/stream']);

export type FreshMessageId =
  { changed: true; text: string; messageId: string; previous?: string } | { changed: false; reason: 'no-message-method' | 'unparsable' | 'no-message' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Gives the editor's body a new `message.messageId` before a Send, so each Send is a new message and
 * not a retry of the last one (A2A §3.2.1: the sender mints a unique id; an agent treats a repeated one
 * as the same message). The body is JSON-RPC `params` or the HTTP+JSON / gRPC request object, so the
 * path is `message.messageId` in every binding. Methods without a message, bodies that do not parse,
 * and bodies with no `message` object are left exactly as they are (the send then says what is wrong).
 *
 * The text keeps its formatting when the old id appears once as `"messageId": "…"`; otherwise the body
 * is written out again with two-space indentation.
 */
export function withFreshMessageId(method: string, bodyText: string, messageId: string = newMessageId()): FreshMessageId {
  if (!messageMethods.has(method)) return { changed: false, reason: 'no-message-method' };
  let body: unknown;
  // An unquoted {{name}} (`"n": {{n}}`) stands in as null: the id is still found and replaced in the text.
  const template = hasUnquotedReference(bodyText);
  try {
    body = JSON.parse(template ? maskUnquotedReferences(bodyText) : bodyText);
  } catch {
    return { changed: false, reason: 'unparsable' };
  }
  if (!isObject(body) || !isObject(body['message'])) return { changed: false, reason: 'no-message' };
  const message = body['message'];
  const previous = message['messageId'];
  if (typeof previous === 'string') {
    const pattern = new RegExp(`("messageId"\\s*:\\s*)${escapeRegExp(JSON.stringify(previous))}`, 'g');
    const matches = bodyText.match(pattern);
    if (matches?.length === 1) {
      const text = bodyText.replace(pattern, (_whole, key: string) => `${key}${JSON.stringify(messageId)}`);
      return { changed: true, text, messageId, previous };
    }
  }
  // Written out again, the text would lose its unquoted references: leave it as the user wrote it.
  if (template) return { changed: false, reason: 'unparsable' };
  message['messageId'] = messageId;
  return {
    changed: true,
    text: JSON.stringify(body, null, 2) + '\n',
    messageId,
    ...(typeof previous === 'string' ? { previous } : {}),
  };
}
