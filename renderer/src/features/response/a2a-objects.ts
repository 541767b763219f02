/**
 * View models over what agents send, for both dialects: A2A 1.0 ProtoJSON (oneof member names,
 * TASK_STATE_* enums) and A2A 0.3 JSON-RPC (`kind` discriminators, lowercase states).
 * Everything here tolerates malformed input: a debugger must render whatever arrived.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export type PartView =
  | { kind: 'text'; text: string; mediaType?: string }
  | { kind: 'data'; data: unknown; mediaType?: string }
  | { kind: 'file'; url?: string; bytes?: string; mediaType?: string; filename?: string }
  | { kind: 'unknown'; raw: unknown };

export interface MessageView {
  messageId?: string;
  role?: string;
  contextId?: string;
  taskId?: string;
  parts: PartView[];
}

export interface ArtifactView {
  artifactId: string;
  name?: string;
  description?: string;
  parts: PartView[];
}

export interface TaskView {
  id?: string;
  contextId?: string;
  state?: string;
  statusMessage?: MessageView;
  history: MessageView[];
  artifacts: ArtifactView[];
}

export function toPartView(part: unknown): PartView {
  if (!isObject(part)) return { kind: 'unknown', raw: part };
  const mediaType = str(part['mediaType']);
  const withMedia = mediaType ? { mediaType } : {};
  if (part['kind'] === 'file' || isObject(part['file'])) {
    const file = isObject(part['file']) ? part['file'] : {};
    const url = str(file['uri']) ?? str(file['fileWithUri']);
    const bytes = str(file['bytes']) ?? str(file['fileWithBytes']);
    return {
      kind: 'file',
      ...(url ? { url } : {}),
      ...(bytes !== undefined ? { bytes } : {}),
      ...(str(file['mimeType']) ? { mediaType: str(file['mimeType']) } : {}),
      ...(str(file['name']) ? { filename: str(file['name']) } : {}),
    };
  }
  if (typeof part['text'] === 'string') return { kind: 'text', text: part['text'], ...withMedia };
  if ('url' in part || 'raw' in part) {
    return {
      kind: 'file',
      ...(str(part['url']) ? { url: str(part['url']) } : {}),
      ...(str(part['raw']) !== undefined ? { bytes: str(part['raw']) } : {}),
      ...withMedia,
      ...(str(part['filename']) ? { filename: str(part['filename']) } : {}),
    };
  }
  if ('data' in part) return { kind: 'data', data: part['data'], ...withMedia };
  return { kind: 'unknown', raw: part };
}

function partsOf(value: JsonObject): PartView[] {
  const parts = value['parts'] ?? value['content'];
  return Array.isArray(parts) ? parts.map(toPartView) : [];
}

export function toMessageView(value: unknown): MessageView | undefined {
  if (!isObject(value)) return undefined;
  const view: MessageView = { parts: partsOf(value) };
  const messageId = str(value['messageId']);
  const role = str(value['role']);
  const contextId = str(value['contextId']);
  const taskId = str(value['taskId']);
  if (messageId) view.messageId = messageId;
  if (role) view.role = role;
  if (contextId) view.contextId = contextId;
  if (taskId) view.taskId = taskId;
  return view;
}

export function toArtifactView(value: unknown): ArtifactView | undefined {
  if (!isObject(value)) return undefined;
  return {
    artifactId: str(value['artifactId']) ?? '',
    ...(str(value['name']) ? { name: str(value['name']) } : {}),
    ...(str(value['description']) ? { description: str(value['description']) } : {}),
    parts: partsOf(value),
  };
}

export function toTaskView(value: unknown): TaskView | undefined {
  if (!isObject(value)) return undefined;
  const status = isObject(value['status']) ? value['status'] : {};
  const statusMessage = toMessageView(status['message']);
  const history = Array.isArray(value['history']) ? value['history'].flatMap((m) => toMessageView(m) ?? []) : [];
  const artifacts = Array.isArray(value['artifacts']) ? value['artifacts'].flatMap((a) => toArtifactView(a) ?? []) : [];
  return {
    ...(str(value['id']) ? { id: str(value['id']) } : {}),
    ...(str(value['contextId']) ? { contextId: str(value['contextId']) } : {}),
    ...(str(status['state']) ? { state: str(status['state']) } : {}),
    ...(statusMessage ? { statusMessage } : {}),
    history,
    artifacts,
  };
}

/** SendMessageResponse (1.0) wraps the result as {message}|{task}; 0.3 returns it bare. */
export function unwrapSendResult(value: unknown, key: 'message' | 'task'): unknown {
  if (isObject(value) && isObject(value[key]) && !('parts' in value) && !('status' in value)) return value[key];
  return value;
}

/** `TASK_STATE_INPUT_REQUIRED` and `input-required` both read as `input-required`. */
export function normaliseState(state: string | undefined): string | undefined {
  if (!state) return undefined;
  if (state.startsWith('TASK_STATE_')) {
    const name = state.slice('TASK_STATE_'.length).toLowerCase().replace(/_/g, '-');
    return name === 'cancelled' ? 'canceled' : name === 'unspecified' ? 'unknown' : name;
  }
  return state;
}

const terminal = new Set(['completed', 'failed', 'canceled', 'rejected']);
const interrupted = new Set(['input-required', 'auth-required']);

export function isTerminalState(state: string | undefined): boolean {
  const name = normaliseState(state);
  return name !== undefined && terminal.has(name);
}

export function isInterruptedState(state: string | undefined): boolean {
  const name = normaliseState(state);
  return name !== undefined && interrupted.has(name);
}

/** Finds the server's contextId/taskId in any A2A object a response or stream event carried. */
export function serverIds(value: unknown): { contextId?: string; taskId?: string } {
  const v = unwrapStreamObject(value);
  if (!isObject(v.object)) return {};
  const o = v.object;
  const taskId = v.kind === 'task' ? str(o['id']) : str(o['taskId']);
  const contextId = str(o['contextId']);
  return { ...(contextId ? { contextId } : {}), ...(taskId ? { taskId } : {}) };
}

export type StreamObjectKind = 'task' | 'message' | 'statusUpdate' | 'artifactUpdate' | 'unknown';

/**
 * One stream payload, whatever its wrapping: a JSON-RPC envelope's `result`, a 1.0
 * StreamResponse oneof, or a 0.3 object with `kind`.
 */
export function unwrapStreamObject(value: unknown): { kind: StreamObjectKind; object: unknown } {
  let v = value;
  if (isObject(v) && v['jsonrpc'] === '2.0' && 'result' in v) v = v['result'];
  if (!isObject(v)) return { kind: 'unknown', object: v };
  switch (v['kind']) {
    case 'task':
      return { kind: 'task', object: v };
    case 'message':
      return { kind: 'message', object: v };
    case 'status-update':
      return { kind: 'statusUpdate', object: v };
    case 'artifact-update':
      return { kind: 'artifactUpdate', object: v };
  }
  for (const key of ['task', 'message', 'statusUpdate', 'artifactUpdate'] as const) {
    if (isObject(v[key])) return { kind: key, object: v[key] };
  }
  if ('status' in v && 'id' in v) return { kind: 'task', object: v };
  if ('parts' in v && 'messageId' in v) return { kind: 'message', object: v };
  return { kind: 'unknown', object: v };
}

export function kindFromObjectKind(objectKind: string | undefined): StreamObjectKind | undefined {
  switch (objectKind) {
    case 'task':
    case 'message':
    case 'statusUpdate':
    case 'artifactUpdate':
      return objectKind;
    case 'status-update':
      return 'statusUpdate';
    case 'artifact-update':
      return 'artifactUpdate';
    default:
      return undefined;
  }
}
