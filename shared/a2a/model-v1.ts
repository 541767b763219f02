/**
 * A2A 1.0 objects as they travel in JSON: the ProtoJSON form of proto/lf/a2a/v1/a2a.proto
 * (lowerCamelCase names, enums by name, Timestamp as RFC 3339 text, bytes as base64).
 * Every field is optional in these types because a debugger must hold whatever an agent sends;
 * the JSON Schemas in json-schema-v1.ts say what the protocol requires.
 */

export const taskStatesV1 = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;
export type TaskStateV1 = (typeof taskStatesV1)[number];

export const rolesV1 = ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] as const;
export type RoleV1 = (typeof rolesV1)[number];

// Terminal and interrupted states (both versions' spellings): shared/a2a/payload.ts.

export type JsonObject = { [key: string]: unknown };

export interface PartV1 {
  text?: string;
  /** base64 */
  raw?: string;
  url?: string;
  data?: unknown;
  metadata?: JsonObject;
  filename?: string;
  mediaType?: string;
}

export interface MessageV1 {
  messageId?: string;
  contextId?: string;
  taskId?: string;
  role?: RoleV1 | string;
  parts?: PartV1[];
  metadata?: JsonObject;
  extensions?: string[];
  referenceTaskIds?: string[];
}

export interface TaskStatusV1 {
  state?: TaskStateV1 | string;
  message?: MessageV1;
  timestamp?: string;
}

export interface ArtifactV1 {
  artifactId?: string;
  name?: string;
  description?: string;
  parts?: PartV1[];
  metadata?: JsonObject;
  extensions?: string[];
}

export interface TaskV1 {
  id?: string;
  contextId?: string;
  status?: TaskStatusV1;
  artifacts?: ArtifactV1[];
  history?: MessageV1[];
  metadata?: JsonObject;
}

export interface TaskStatusUpdateEventV1 {
  taskId?: string;
  contextId?: string;
  status?: TaskStatusV1;
  metadata?: JsonObject;
}

export interface TaskArtifactUpdateEventV1 {
  taskId?: string;
  contextId?: string;
  artifact?: ArtifactV1;
  append?: boolean;
  lastChunk?: boolean;
  metadata?: JsonObject;
}

export interface AuthenticationInfoV1 {
  scheme?: string;
  credentials?: string;
}

export interface TaskPushNotificationConfigV1 {
  tenant?: string;
  id?: string;
  taskId?: string;
  url?: string;
  token?: string;
  authentication?: AuthenticationInfoV1;
}

export interface SendMessageConfigurationV1 {
  acceptedOutputModes?: string[];
  taskPushNotificationConfig?: TaskPushNotificationConfigV1;
  historyLength?: number;
  returnImmediately?: boolean;
}

export interface SendMessageRequestV1 {
  tenant?: string;
  message?: MessageV1;
  configuration?: SendMessageConfigurationV1;
  metadata?: JsonObject;
}

/** Exactly one member is set (proto oneof `payload`). */
export interface SendMessageResponseV1 {
  task?: TaskV1;
  message?: MessageV1;
}

/** Exactly one member is set (proto oneof `payload`). */
export interface StreamResponseV1 {
  task?: TaskV1;
  message?: MessageV1;
  statusUpdate?: TaskStatusUpdateEventV1;
  artifactUpdate?: TaskArtifactUpdateEventV1;
}

export interface GetTaskRequestV1 {
  tenant?: string;
  id?: string;
  historyLength?: number;
}

export interface ListTasksRequestV1 {
  tenant?: string;
  contextId?: string;
  status?: TaskStateV1 | string;
  pageSize?: number;
  pageToken?: string;
  historyLength?: number;
  statusTimestampAfter?: string;
  includeArtifacts?: boolean;
}

export interface ListTasksResponseV1 {
  tasks?: TaskV1[];
  nextPageToken?: string;
  pageSize?: number;
  totalSize?: number;
}

export interface CancelTaskRequestV1 {
  tenant?: string;
  id?: string;
  metadata?: JsonObject;
}

export interface SubscribeToTaskRequestV1 {
  tenant?: string;
  id?: string;
}

export interface TaskPushNotificationConfigRefV1 {
  tenant?: string;
  taskId?: string;
  id?: string;
}

export interface ListTaskPushNotificationConfigsRequestV1 {
  tenant?: string;
  taskId?: string;
  pageSize?: number;
  pageToken?: string;
}

export interface ListTaskPushNotificationConfigsResponseV1 {
  configs?: TaskPushNotificationConfigV1[];
  nextPageToken?: string;
}

export interface GetExtendedAgentCardRequestV1 {
  tenant?: string;
}

export interface AgentInterfaceV1 {
  url?: string;
  protocolBinding?: string;
  tenant?: string;
  protocolVersion?: string;
}

export interface AgentCardV1 {
  name?: string;
  description?: string;
  supportedInterfaces?: AgentInterfaceV1[];
  provider?: { url?: string; organization?: string };
  version?: string;
  documentationUrl?: string;
  capabilities?: { streaming?: boolean; pushNotifications?: boolean; extendedAgentCard?: boolean; extensions?: JsonObject[] };
  securitySchemes?: Record<string, JsonObject>;
  securityRequirements?: Array<{ schemes?: Record<string, { list?: string[] }> }>;
  defaultInputModes?: string[];
  defaultOutputModes?: string[];
  skills?: JsonObject[];
  signatures?: Array<{ protected?: string; signature?: string; header?: JsonObject }>;
  iconUrl?: string;
}
