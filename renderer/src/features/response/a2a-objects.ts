/**
 * View models over what agents send, for both dialects: A2A 1.0 ProtoJSON (oneof member names,
 * TASK_STATE_* enums) and A2A 0.3 JSON-RPC (`kind` discriminators, lowercase states).
 * Everything here tolerates malformed input: a debugger must render whatever arrived.
 */
import { isObject, messageParts, payloadIds, readPart, streamObject, type JsonObject, type PartView } from '../../../../shared/a2a/payload';

// States, event kinds and parts are read by the one shared reader; the views below build on it.
export {
  isObject,
  kindFromObjectKind,
  isInterruptedState,
  isTerminalState,
  taskStateLabel,
  streamObject,
  unwrapSendResponse,
  type JsonObject,
  type PartView,
  type StreamObjectKind,
} from '../../../../shared/a2a/payload';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

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

function partsOf(value: JsonObject): PartView[] {
  return messageParts(value).map((part) => readPart(part));
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

/** Finds the server's contextId/taskId in any A2A object a response or stream event carried. */
export function serverIds(value: unknown): { contextId?: string; taskId?: string } {
  const v = streamObject(value);
  const { taskId, contextId } = payloadIds(v.kind, v.object);
  return { ...(contextId ? { contextId } : {}), ...(taskId ? { taskId } : {}) };
}
