/**
 * "Generate body": a ready-to-send example request body per method, in the dialect of the
 * version (1.0 ProtoJSON, 0.3 JSON-RPC shapes), with a fresh messageId. For JSON-RPC the body
 * is the `params` object; for REST and gRPC it is the request object itself (same in 1.0).
 */
import { findMethod } from './catalogue';
import { newMessageId } from './ids';
import type { A2aVersion } from './versions';

export interface BodyTemplateOptions {
  /** Text of the user message (default "Hello"). */
  text?: string;
  /** Continue this task (messages) or target it (task and push-config methods). */
  taskId?: string;
  /** Continue this conversation. */
  contextId?: string;
  /** Use this messageId instead of a fresh one. */
  messageId?: string;
  /** Push config id for get/delete. */
  configId?: string;
  /** Webhook URL for push config creation. */
  webhookUrl?: string;
}

export const TASK_ID_PLACEHOLDER = '<task-id>';
export const CONFIG_ID_PLACEHOLDER = '<config-id>';
const DEFAULT_WEBHOOK = 'https://example.com/a2a/webhook';

/** A user message in the version's dialect, with a fresh messageId unless one is given. */
export function exampleMessage(version: A2aVersion, options: BodyTemplateOptions = {}): Record<string, unknown> {
  const text = options.text ?? 'Hello';
  const ids = {
    ...(options.contextId ? { contextId: options.contextId } : {}),
    ...(options.taskId ? { taskId: options.taskId } : {}),
  };
  const messageId = options.messageId ?? newMessageId();
  if (version === '1.0') return { messageId, role: 'ROLE_USER', parts: [{ text }], ...ids };
  return { kind: 'message', messageId, role: 'user', parts: [{ kind: 'text', text }], ...ids };
}

/**
 * Example body for `method`, or undefined when the method takes no body (0.3
 * agent/getAuthenticatedExtendedCard) or is not in the catalogue.
 */
export function exampleBody(version: A2aVersion, method: string, options: BodyTemplateOptions = {}): unknown {
  const info = findMethod(version, method);
  if (!info) return undefined;
  const taskId = options.taskId ?? TASK_ID_PLACEHOLDER;
  const configId = options.configId ?? CONFIG_ID_PLACEHOLDER;
  const url = options.webhookUrl ?? DEFAULT_WEBHOOK;
  if (version === '1.0') {
    switch (method) {
      case 'SendMessage':
      case 'SendStreamingMessage':
        return { message: exampleMessage(version, options) };
      case 'GetTask':
        return { id: taskId, historyLength: 10 };
      case 'ListTasks':
        return { ...(options.contextId ? { contextId: options.contextId } : {}), pageSize: 20 };
      case 'CancelTask':
      case 'SubscribeToTask':
        return { id: taskId };
      case 'CreateTaskPushNotificationConfig':
        return { taskId, url, token: 'replace-with-a-random-token' };
      case 'GetTaskPushNotificationConfig':
      case 'DeleteTaskPushNotificationConfig':
        return { taskId, id: configId };
      case 'ListTaskPushNotificationConfigs':
        return { taskId };
      case 'GetExtendedAgentCard':
        return {};
      default:
        return undefined;
    }
  }
  switch (method) {
    case 'message/send':
      // 0.3 gives `blocking` no default and servers differ: always say it.
      return { message: exampleMessage(version, options), configuration: { blocking: true } };
    case 'message/stream':
      return { message: exampleMessage(version, options) };
    case 'tasks/get':
      return { id: taskId, historyLength: 10 };
    case 'tasks/cancel':
    case 'tasks/resubscribe':
    case 'tasks/pushNotificationConfig/list':
      return { id: taskId };
    case 'tasks/pushNotificationConfig/set':
      return { taskId, pushNotificationConfig: { url, token: 'replace-with-a-random-token' } };
    case 'tasks/pushNotificationConfig/get':
    case 'tasks/pushNotificationConfig/delete':
      return { id: taskId, pushNotificationConfigId: configId };
    default:
      return undefined;
  }
}
