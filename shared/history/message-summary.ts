import type { MessageSummary, PartSummary } from './history-types';
import { isMessageShaped, isObject, messageParts, readPart } from '../a2a/payload';
import { base64DecodedSize } from '../encoding/base64';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** UTF-8 length without TextEncoder (shared/ has no DOM or Node globals). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function summary(kind: PartSummary['kind'], declared: string | undefined, fallback: string, bytes?: number): PartSummary {
  const part: PartSummary = { kind, mediaType: declared ?? fallback, mediaTypeDeclared: declared !== undefined };
  if (bytes !== undefined) part.bytes = bytes;
  return part;
}

/** Summarises one Part in any dialect (read by shared/a2a/payload.ts readPart): sizes and media types, never content. */
export function summarizePart(part: unknown): PartSummary {
  // The size counted is the payload's: a 0.3 ProtoJSON DataPart's inner object, not its wrapper.
  const view = readPart(part, { unwrapNestedData: true });
  switch (view.kind) {
    case 'text':
      return summary('text', view.mediaType, 'text/plain', utf8Length(view.text));
    case 'data':
      return summary('data', view.mediaType, 'application/json', utf8Length(JSON.stringify(view.data ?? null)));
    case 'file':
      if (view.bytes !== undefined) return summary('raw', view.mediaType, 'application/octet-stream', base64DecodedSize(view.bytes));
      return summary('url', view.mediaType, 'application/octet-stream');
    default:
      return summary('unknown', isObject(part) ? text(part['mediaType']) : undefined, 'application/octet-stream');
  }
}

export function summarizeMessage(message: unknown, direction: MessageSummary['direction']): MessageSummary | undefined {
  if (!isMessageShaped(message)) return undefined;
  const out: MessageSummary = { direction, parts: messageParts(message).map(summarizePart) };
  const messageId = text(message['messageId']);
  if (messageId !== undefined) out.messageId = messageId;
  const role = message['role'];
  if (typeof role === 'string' || typeof role === 'number') out.role = String(role);
  const taskId = text(message['taskId']);
  if (taskId !== undefined) out.taskId = taskId;
  const contextId = text(message['contextId']);
  if (contextId !== undefined) out.contextId = contextId;
  return out;
}
