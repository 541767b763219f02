import type { MessageSummary, PartSummary } from './history-types';
import { isMessageShaped, isObject } from '../a2a/payload';

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

function base64Length(value: string): number {
  const clean = value.replace(/[^A-Za-z0-9+/_-]/g, '');
  return Math.floor((clean.length * 3) / 4);
}

function summary(kind: PartSummary['kind'], declared: string | undefined, fallback: string, bytes?: number): PartSummary {
  const part: PartSummary = { kind, mediaType: declared ?? fallback, mediaTypeDeclared: declared !== undefined };
  if (bytes !== undefined) part.bytes = bytes;
  return part;
}

/** Summarises one Part in any dialect: 1.0 ProtoJSON (oneof by member), 0.3 JSON-RPC (`kind`), 0.3 ProtoJSON. */
export function summarizePart(part: unknown): PartSummary {
  if (!isObject(part)) return summary('unknown', undefined, 'application/octet-stream');
  const mediaType = text(part['mediaType']);
  if (typeof part['text'] === 'string') return summary('text', mediaType, 'text/plain', utf8Length(part['text']));
  if (typeof part['raw'] === 'string') return summary('raw', mediaType, 'application/octet-stream', base64Length(part['raw']));
  if (typeof part['url'] === 'string') return summary('url', mediaType, 'application/octet-stream');
  if ('data' in part) {
    const data = part['data'];
    // 0.3 ProtoJSON nests the object one level deeper ({"data":{"data":{…}}}).
    const inner = isObject(data) && Object.keys(data).length === 1 && isObject(data['data']) && part['kind'] === undefined ? data['data'] : data;
    return summary('data', mediaType, 'application/json', utf8Length(JSON.stringify(inner ?? null)));
  }
  const file = part['file'];
  if (isObject(file)) {
    const fileType = text(file['mimeType']) ?? text(file['mediaType']);
    const bytes = text(file['bytes']) ?? text(file['fileWithBytes']);
    if (bytes !== undefined) return summary('raw', fileType, 'application/octet-stream', base64Length(bytes));
    return summary('url', fileType, 'application/octet-stream');
  }
  return summary('unknown', mediaType, 'application/octet-stream');
}

export function summarizeMessage(message: unknown, direction: MessageSummary['direction']): MessageSummary | undefined {
  if (!isMessageShaped(message)) return undefined;
  const parts = Array.isArray(message['parts']) ? message['parts'] : Array.isArray(message['content']) ? message['content'] : undefined;
  const out: MessageSummary = { direction, parts: (parts ?? []).map(summarizePart) };
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
