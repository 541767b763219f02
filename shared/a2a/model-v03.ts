/**
 * A2A 0.3 objects in their JSON-RPC dialect (the JSON Schema of 0.3, `kind`-tagged, lowercase
 * enum values). This is the only 0.3 dialect Powerduck speaks: 0.3 over REST and gRPC used a
 * different ProtoJSON dialect and is out of scope (see versions.ts).
 */
import type { JsonObject } from './model-v1';

export const taskStatesV03 = ['submitted', 'working', 'input-required', 'completed', 'canceled', 'failed', 'rejected', 'auth-required', 'unknown'] as const;
export type TaskStateV03 = (typeof taskStatesV03)[number];

// Terminal and interrupted states (both versions' spellings): shared/a2a/payload.ts.

/** Values of the `kind` discriminator in 0.3 (§6 of the 0.3 spec). */
export const objectKindsV03 = ['task', 'message', 'status-update', 'artifact-update'] as const;
export type ObjectKindV03 = (typeof objectKindsV03)[number];

export type PartV03 =
  | { kind: 'text'; text: string; metadata?: JsonObject }
  | { kind: 'file'; file: { bytes?: string; uri?: string; mimeType?: string; name?: string }; metadata?: JsonObject }
  | { kind: 'data'; data: JsonObject; metadata?: JsonObject };

export interface MessageV03 {
  kind?: 'message';
  messageId?: string;
  role?: 'user' | 'agent' | string;
  parts?: PartV03[];
  contextId?: string;
  taskId?: string;
  referenceTaskIds?: string[];
  extensions?: string[];
  metadata?: JsonObject;
}

export interface TaskStatusV03 {
  state?: TaskStateV03 | string;
  message?: MessageV03;
  timestamp?: string;
}

export interface ArtifactV03 {
  artifactId?: string;
  name?: string;
  description?: string;
  parts?: PartV03[];
  metadata?: JsonObject;
  extensions?: string[];
}

export interface TaskV03 {
  kind?: 'task';
  id?: string;
  contextId?: string;
  status?: TaskStatusV03;
  history?: MessageV03[];
  artifacts?: ArtifactV03[];
  metadata?: JsonObject;
}

export interface TaskStatusUpdateEventV03 {
  kind?: 'status-update';
  taskId?: string;
  contextId?: string;
  status?: TaskStatusV03;
  final?: boolean;
  metadata?: JsonObject;
}

export interface TaskArtifactUpdateEventV03 {
  kind?: 'artifact-update';
  taskId?: string;
  contextId?: string;
  artifact?: ArtifactV03;
  append?: boolean;
  lastChunk?: boolean;
  metadata?: JsonObject;
}

export interface PushNotificationConfigV03 {
  id?: string;
  url?: string;
  token?: string;
  authentication?: { schemes?: string[]; credentials?: string };
}

export interface TaskPushNotificationConfigV03 {
  taskId?: string;
  pushNotificationConfig?: PushNotificationConfigV03;
}

export interface MessageSendConfigurationV03 {
  acceptedOutputModes?: string[];
  historyLength?: number;
  pushNotificationConfig?: PushNotificationConfigV03;
  blocking?: boolean;
}

export interface MessageSendParamsV03 {
  message?: MessageV03;
  configuration?: MessageSendConfigurationV03;
  metadata?: JsonObject;
}

export interface TaskQueryParamsV03 {
  id?: string;
  historyLength?: number;
  metadata?: JsonObject;
}

export interface TaskIdParamsV03 {
  id?: string;
  metadata?: JsonObject;
}

export interface GetTaskPushNotificationConfigParamsV03 {
  id?: string;
  pushNotificationConfigId?: string;
  metadata?: JsonObject;
}

export interface DeleteTaskPushNotificationConfigParamsV03 {
  id?: string;
  pushNotificationConfigId?: string;
  metadata?: JsonObject;
}
