import type { Binding } from '../a2a/versions';
import { isMessageShaped, isTaskShaped, payloadIds, streamObject, taskStateName, type TaskStateName } from '../a2a/payload';
import { arr, field, isObject, num, str } from './json-read';

export type { TaskStateName } from '../a2a/payload';
export interface TaskView {
  id: string;
  contextId?: string;
  state?: TaskStateName;
  timestamp?: string;
  artifactCount: number;
}

export interface MessageView {
  messageId?: string;
  contextId?: string;
  taskId?: string;
}

/** Reads a Task in either version's JSON (an object with `id` and `status`). */
export function readTask(value: unknown): TaskView | undefined {
  if (!isTaskShaped(value)) return undefined;
  const status = value['status'] as Record<string, unknown>;
  const view: TaskView = { id: value['id'] as string, artifactCount: arr(value, 'artifacts')?.length ?? 0 };
  const contextId = str(value, 'contextId');
  if (contextId !== undefined) view.contextId = contextId;
  const state = taskStateName(status['state']);
  if (state !== undefined) view.state = state;
  const timestamp = str(status, 'timestamp');
  if (timestamp !== undefined) view.timestamp = timestamp;
  return view;
}

export function readMessage(value: unknown): MessageView | undefined {
  if (!isMessageShaped(value)) return undefined;
  const view: MessageView = {};
  const messageId = str(value, 'messageId');
  if (messageId !== undefined) view.messageId = messageId;
  const contextId = str(value, 'contextId');
  if (contextId !== undefined) view.contextId = contextId;
  const taskId = str(value, 'taskId');
  if (taskId !== undefined) view.taskId = taskId;
  return view;
}

/** One stream event, whatever the binding or version put around it. */
export interface StreamItem {
  kind: 'task' | 'message' | 'statusUpdate' | 'artifactUpdate' | 'error' | 'unknown';
  taskId?: string;
  contextId?: string;
  state?: TaskStateName;
  timestamp?: string;
  artifactId?: string;
  append?: boolean;
  /** v0.3 TaskStatusUpdateEvent.final. */
  final?: boolean;
  error?: { code?: number | string; reason?: string; message?: string };
}

function errorItem(error: unknown): StreamItem {
  const code = field(error, 'code');
  const item: StreamItem = { kind: 'error', error: {} };
  if (typeof code === 'number' || typeof code === 'string') item.error = { ...item.error, code };
  const message = str(error, 'message');
  if (message !== undefined) item.error = { ...item.error, message };
  const reason = errorInfoReason(field(error, 'data')) ?? errorInfoReason(field(error, 'details'));
  if (reason !== undefined) item.error = { ...item.error, reason };
  return item;
}

/** `google.rpc.ErrorInfo.reason` from a JSON-RPC `error.data` array or a Status `details` array. */
export function errorInfoReason(details: unknown): string | undefined {
  const list = Array.isArray(details) ? details : isObject(details) ? [details] : [];
  for (const entry of list) {
    const type = str(entry, '@type');
    const reason = str(entry, 'reason');
    if (reason !== undefined && (type === undefined || type.endsWith('google.rpc.ErrorInfo'))) return reason;
  }
  return undefined;
}

/**
 * Normalises one stream event payload: JSON-RPC events are full envelopes (`result` or `error`),
 * HTTP+JSON and gRPC events are bare StreamResponses (A2A §9, §11.7); 0.3 uses `kind`.
 */
export function readStreamItem(data: unknown, binding: Binding): StreamItem {
  let payload = data;
  if (binding === 'JSONRPC' && isObject(data)) {
    if ('error' in data) return errorItem(data['error']);
    payload = data['result'];
  } else if (isObject(data) && 'error' in data && !('task' in data)) {
    return errorItem(data['error']);
  }
  // Strict: a bare Task or Message outside its StreamResponse member is not a valid event.
  const { kind, object: body } = streamObject(payload, { lenient: false });
  const item: StreamItem = { kind };
  if (kind === 'unknown') return item;
  const { taskId, contextId } = payloadIds(kind, body);
  if (taskId !== undefined) item.taskId = taskId;
  if (contextId !== undefined) item.contextId = contextId;
  const status = field(body, 'status');
  const state = taskStateName(field(status, 'state'));
  if (state !== undefined) item.state = state;
  const timestamp = str(status, 'timestamp');
  if (timestamp !== undefined) item.timestamp = timestamp;
  if (kind === 'artifactUpdate') {
    const artifactId = str(field(body, 'artifact'), 'artifactId');
    if (artifactId !== undefined) item.artifactId = artifactId;
    if (field(body, 'append') === true) item.append = true;
  }
  if (kind === 'statusUpdate' && typeof field(body, 'final') === 'boolean') item.final = field(body, 'final') === true;
  return item;
}

/** Number of tasks and the paging fields of a ListTasksResponse (ProtoJSON omits empty strings). */
export interface ListPage {
  tasks: TaskView[];
  nextPageToken: string;
  pageSize?: number;
  totalSize?: number;
  /** Tasks in the answer that carry at least one artifact. */
  withArtifacts: number;
}

export function readListPage(value: unknown): ListPage | undefined {
  const tasks = arr(value, 'tasks');
  if (tasks === undefined && !isObject(value)) return undefined;
  const views = (tasks ?? []).map(readTask).filter((t): t is TaskView => t !== undefined);
  const page: ListPage = {
    tasks: views,
    nextPageToken: str(value, 'nextPageToken') ?? '',
    withArtifacts: views.filter((t) => t.artifactCount > 0).length,
  };
  const pageSize = num(value, 'pageSize');
  if (pageSize !== undefined) page.pageSize = pageSize;
  const totalSize = num(value, 'totalSize');
  if (totalSize !== undefined) page.totalSize = totalSize;
  return page;
}
