import type { A2aVersion, Binding } from '../a2a/versions';

/** The operations the checks call, by their name in each version (A2A §9.4; v0.3 §7). */
export type ProbeOperation = 'send' | 'stream' | 'get' | 'list' | 'cancel' | 'subscribe' | 'pushSet' | 'extendedCard';

const names: Record<A2aVersion, Record<ProbeOperation, string | undefined>> = {
  '1.0': {
    send: 'SendMessage',
    stream: 'SendStreamingMessage',
    get: 'GetTask',
    list: 'ListTasks',
    cancel: 'CancelTask',
    subscribe: 'SubscribeToTask',
    pushSet: 'CreateTaskPushNotificationConfig',
    extendedCard: 'GetExtendedAgentCard',
  },
  '0.3': {
    send: 'message/send',
    stream: 'message/stream',
    get: 'tasks/get',
    list: undefined,
    cancel: 'tasks/cancel',
    subscribe: 'tasks/resubscribe',
    pushSet: 'tasks/pushNotificationConfig/set',
    extendedCard: 'agent/getAuthenticatedExtendedCard',
  },
};

export function methodName(version: A2aVersion, operation: ProbeOperation): string | undefined {
  return names[version][operation];
}

export type ProbePart = { text: string } | { data: Record<string, unknown> } | { url: string; mediaType: string; filename: string };

/** `raw` puts an arbitrary value in the role field (an unknown enum name or number). */
export type ProbeRole = 'user' | 'agent' | 'unspecified' | { raw: string | number };

export interface ProbeMessage {
  messageId: string;
  role: ProbeRole;
  parts: ProbePart[];
  taskId?: string;
  contextId?: string;
}

function part10(part: ProbePart): Record<string, unknown> {
  if ('text' in part) return { text: part.text };
  if ('data' in part) return { data: part.data, mediaType: 'application/json' };
  return { url: part.url, mediaType: part.mediaType, filename: part.filename };
}

function part03(part: ProbePart): Record<string, unknown> {
  if ('text' in part) return { kind: 'text', text: part.text };
  if ('data' in part) return { kind: 'data', data: part.data };
  return { kind: 'file', file: { uri: part.url, mimeType: part.mediaType, name: part.filename } };
}

function role10(role: ProbeRole): unknown {
  if (typeof role === 'object') return role.raw;
  return role === 'user' ? 'ROLE_USER' : role === 'agent' ? 'ROLE_AGENT' : 'ROLE_UNSPECIFIED';
}

/** The Message JSON in the dialect of the interface: ProtoJSON for 1.0, the 0.3 JSON-RPC schema (`kind`) for 0.3. */
export function messageJson(version: A2aVersion, message: ProbeMessage): Record<string, unknown> {
  const ids = {
    ...(message.taskId !== undefined ? { taskId: message.taskId } : {}),
    ...(message.contextId !== undefined ? { contextId: message.contextId } : {}),
  };
  if (version === '1.0') {
    return { messageId: message.messageId, role: role10(message.role), parts: message.parts.map(part10), ...ids };
  }
  const role = typeof message.role === 'object' ? message.role.raw : message.role === 'unspecified' ? undefined : message.role;
  return { kind: 'message', messageId: message.messageId, ...(role !== undefined ? { role } : {}), parts: message.parts.map(part03), ...ids };
}

/**
 * SendMessage / SendStreamingMessage params. Blocking is always explicit: 1.0 defaults to blocking,
 * but 0.3 has no default and the official SDK treats an absent `blocking` as non-blocking (ref §11.8).
 */
export function sendParams(version: A2aVersion, message: ProbeMessage, options: { returnImmediately?: boolean } = {}): Record<string, unknown> {
  if (version === '1.0') {
    return {
      message: messageJson(version, message),
      ...(options.returnImmediately !== undefined ? { configuration: { returnImmediately: options.returnImmediately } } : {}),
    };
  }
  return { message: messageJson(version, message), configuration: { blocking: options.returnImmediately !== true } };
}

export function taskIdParams(id: string): Record<string, unknown> {
  return { id };
}

/** A webhook address that can never be delivered to (RFC 2606 `.invalid`). */
export const unreachableWebhook = 'https://webhook.invalid/powerduck-check';

export function pushConfigParams(version: A2aVersion, taskId: string): Record<string, unknown> {
  if (version === '1.0') return { taskId, url: unreachableWebhook };
  return { taskId, pushNotificationConfig: { url: unreachableWebhook } };
}

/** gRPC carries enums as numbers on the wire; an unknown name cannot be encoded, an unknown number can. */
export function unknownRole(binding: Binding, version: A2aVersion): ProbeRole {
  if (binding === 'GRPC') return { raw: 7 };
  return { raw: version === '1.0' ? 'ROLE_ROBOT' : 'robot' };
}
