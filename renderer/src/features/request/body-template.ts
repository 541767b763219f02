import type { A2aVersion } from '../../../../shared/a2a/versions';
import { exampleBody } from '../../../../shared/a2a/body-templates';
import { isBase64 } from '../../../../shared/encoding/base64';
import type { MethodInfo } from './a2a-catalog';

/** One part as the generator's form holds it, before it is written in a version's dialect. */
export type PartDraft =
  | { kind: 'text'; text: string }
  | { kind: 'data'; json: string }
  | { kind: 'file-url'; url: string; mediaType: string; filename: string }
  | { kind: 'file-bytes'; base64: string; mediaType: string; filename: string };

export type PartKind = PartDraft['kind'];
export const partKinds: readonly PartKind[] = ['text', 'data', 'file-url', 'file-bytes'];

export interface BodyOptions {
  messageId: string;
  parts: PartDraft[];
  contextId?: string;
  taskId?: string;
  /** Request-level metadata as JSON text (`params.metadata`); empty = none. */
  metadataJson?: string;
  pushUrl?: string;
  configId?: string;
}

export type GeneratedBody = { ok: true; body: Record<string, unknown> } | { ok: false; field: string; message: string };

export function emptyPart(kind: PartKind): PartDraft {
  switch (kind) {
    case 'text':
      return { kind, text: '' };
    case 'data':
      return { kind, json: '{}' };
    case 'file-url':
      return { kind, url: 'https://example.com/file.pdf', mediaType: 'application/pdf', filename: 'file.pdf' };
    case 'file-bytes':
      return { kind, base64: '', mediaType: 'application/octet-stream', filename: 'file.bin' };
  }
}

/** Carries what the user already typed across a kind switch where it still makes sense. */
export function switchPartKind(part: PartDraft, kind: PartKind): PartDraft {
  if (part.kind === kind) return part;
  const next = emptyPart(kind);
  if ((part.kind === 'file-url' || part.kind === 'file-bytes') && (next.kind === 'file-url' || next.kind === 'file-bytes')) {
    return { ...next, mediaType: part.mediaType, filename: part.filename };
  }
  return next;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

const optional = (key: string, value: string | undefined): Record<string, string> => (value ? { [key]: value } : {});

// A2A 1.0 Part: exactly one of text | raw | url | data, plus filename/mediaType (§4.1 of the reference).
function partV1(part: PartDraft, data: unknown): Record<string, unknown> {
  switch (part.kind) {
    case 'text':
      return { text: part.text };
    case 'data':
      return { data };
    case 'file-url':
      return { url: part.url, ...optional('mediaType', part.mediaType), ...optional('filename', part.filename) };
    case 'file-bytes':
      return { raw: part.base64, ...optional('mediaType', part.mediaType), ...optional('filename', part.filename) };
  }
}

// A2A 0.3 JSON-RPC parts carry `kind`; files nest under `file` with uri|bytes, mimeType, name.
function partV03(part: PartDraft, data: unknown): Record<string, unknown> {
  switch (part.kind) {
    case 'text':
      return { kind: 'text', text: part.text };
    case 'data':
      return { kind: 'data', data };
    case 'file-url':
      return { kind: 'file', file: { uri: part.url, ...optional('mimeType', part.mediaType), ...optional('name', part.filename) } };
    case 'file-bytes':
      return { kind: 'file', file: { bytes: part.base64, ...optional('mimeType', part.mediaType), ...optional('name', part.filename) } };
  }
}

function buildMessage(version: A2aVersion, options: BodyOptions): GeneratedBody {
  const parts: Record<string, unknown>[] = [];
  for (const [index, part] of options.parts.entries()) {
    let data: unknown;
    if (part.kind === 'data') {
      const parsed = parseJson(part.json);
      if (!parsed.ok) return { ok: false, field: `part-${index}`, message: parsed.message };
      // 0.3 requires DataPart.data to be an object (a2a.json); 1.0 takes any JSON value.
      if (version === '0.3' && (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))) {
        return { ok: false, field: `part-${index}`, message: 'object-required' };
      }
      data = parsed.value;
    }
    // Bytes travel as base64 (standard or URL-safe alphabet, as A2A and ProtoJSON accept); catching a typo here
    // beats a parse error from the agent.
    if (part.kind === 'file-bytes' && !isBase64(part.base64, { ignoreWhitespace: true }))
      return { ok: false, field: `part-${index}`, message: 'base64-required' };
    parts.push(version === '0.3' ? partV03(part, data) : partV1(part, data));
  }
  const ids = { ...optional('contextId', options.contextId), ...optional('taskId', options.taskId) };
  const message =
    version === '0.3'
      ? { kind: 'message', messageId: options.messageId, role: 'user', parts, ...ids }
      : { messageId: options.messageId, role: 'ROLE_USER', parts, ...ids };
  const body: Record<string, unknown> = { message };
  const metadataText = options.metadataJson?.trim();
  if (metadataText) {
    const parsed = parseJson(metadataText);
    if (!parsed.ok) return { ok: false, field: 'metadata', message: parsed.message };
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      return { ok: false, field: 'metadata', message: 'object-required' };
    }
    body['metadata'] = parsed.value;
  }
  return { ok: true, body };
}

/**
 * A valid body for the method: shared/a2a's example body (JSON-RPC `params`, or the REST/gRPC
 * request object), with the message parts and request metadata the user chose in the form.
 */
export function generateBody(version: A2aVersion, method: MethodInfo, options: BodyOptions): GeneratedBody {
  const ids = { ...optional('contextId', options.contextId), ...optional('taskId', options.taskId) };
  const base = exampleBody(version, method.name, {
    messageId: options.messageId,
    ...ids,
    ...optional('configId', options.configId),
    ...optional('webhookUrl', options.pushUrl),
  });
  if (method.category !== 'message') {
    return { ok: true, body: typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : {} };
  }
  const built = buildMessage(version, options);
  if (!built.ok) return built;
  const body: Record<string, unknown> = { ...(base as Record<string, unknown>), ...built.body };
  return { ok: true, body };
}

export { newMessageId } from '../../../../shared/a2a/ids';
