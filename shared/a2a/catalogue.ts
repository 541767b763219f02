/**
 * Every A2A method Powerduck can send, per protocol version and binding.
 * 1.0: the eleven operations of A2A §5.3 on JSON-RPC, HTTP+JSON and gRPC (one name everywhere:
 * the JSON-RPC method = the gRPC rpc = the operation the REST route table maps).
 * 0.3: its ten JSON-RPC methods (0.3 REST and gRPC are out of scope, see versions.ts).
 */
import type { A2aVersion, Binding } from './versions';
import { bindings } from './versions';

export type MethodCategory = 'message' | 'task' | 'push-config' | 'card';

export interface A2aMethodInfo {
  version: A2aVersion;
  /** Exactly what goes on the wire: the JSON-RPC `method`, the gRPC rpc name, the REST route key. */
  name: string;
  bindings: readonly Binding[];
  /** Server-streaming answer (SSE or a gRPC stream). */
  streaming: boolean;
  category: MethodCategory;
  /** One line for menus and docs. */
  summary: string;
  /** Longer explanation for tooltips and generated docs. */
  description: string;
  /** `$defs` name of the request object (JSON-RPC `params`; REST/gRPC request message); null = no params. */
  requestType: string | null;
  /** `$defs` name of the result (for streams: of each event's payload). */
  responseType: string;
  /** The same operation in the other version, when there is one (never converted automatically). */
  counterpart?: string;
  /** Request fields that name the task this call is about (for cancel/subscribe helpers). */
  taskIdField?: string;
}

const ALL: readonly Binding[] = bindings;
const RPC_ONLY: readonly Binding[] = ['JSONRPC'];

export const methodsV1: readonly A2aMethodInfo[] = [
  {
    version: '1.0',
    name: 'SendMessage',
    bindings: ALL,
    streaming: false,
    category: 'message',
    summary: 'Send a message; get a Task or a Message back.',
    description:
      'Sends one message to the agent. The answer is either a Message (a direct reply) or a Task. By default the call waits until the task reaches a terminal or interrupted state; set configuration.returnImmediately to get the task at once.',
    requestType: 'SendMessageRequest',
    responseType: 'SendMessageResponse',
    counterpart: 'message/send',
  },
  {
    version: '1.0',
    name: 'SendStreamingMessage',
    bindings: ALL,
    streaming: true,
    category: 'message',
    summary: 'Send a message and follow the answer as a stream.',
    description:
      'Sends one message and keeps the connection open: the agent sends either one Message, or the Task followed by status and artifact updates until the task ends or needs input. Stop drops the connection only; cancelling the task is a separate CancelTask call.',
    requestType: 'SendMessageRequest',
    responseType: 'StreamResponse',
    counterpart: 'message/stream',
  },
  {
    version: '1.0',
    name: 'GetTask',
    bindings: ALL,
    streaming: false,
    category: 'task',
    summary: 'Read the current state of a task.',
    description: 'Returns the task with its status, artifacts and (up to historyLength) message history.',
    requestType: 'GetTaskRequest',
    responseType: 'Task',
    counterpart: 'tasks/get',
    taskIdField: 'id',
  },
  {
    version: '1.0',
    name: 'ListTasks',
    bindings: ALL,
    streaming: false,
    category: 'task',
    summary: 'List tasks, filtered and paged.',
    description:
      'Lists tasks the caller may see, newest status first. Filters: contextId, status, statusTimestampAfter. Paging: pageSize (1–100) and pageToken; nextPageToken is empty on the last page. Artifacts are left out unless includeArtifacts is true.',
    requestType: 'ListTasksRequest',
    responseType: 'ListTasksResponse',
  },
  {
    version: '1.0',
    name: 'CancelTask',
    bindings: ALL,
    streaming: false,
    category: 'task',
    summary: 'Ask the agent to cancel a task.',
    description: 'Requests cancellation of a running task. A task already in a terminal state answers TaskNotCancelableError.',
    requestType: 'CancelTaskRequest',
    responseType: 'Task',
    counterpart: 'tasks/cancel',
    taskIdField: 'id',
  },
  {
    version: '1.0',
    name: 'SubscribeToTask',
    bindings: ALL,
    streaming: true,
    category: 'task',
    summary: 'Re-attach to the update stream of a running task.',
    description:
      'Opens a stream of updates for an existing task; the first event is the current Task. A task in a terminal state cannot be followed: the agent answers with an error, which is shown as is.',
    requestType: 'SubscribeToTaskRequest',
    responseType: 'StreamResponse',
    counterpart: 'tasks/resubscribe',
    taskIdField: 'id',
  },
  {
    version: '1.0',
    name: 'CreateTaskPushNotificationConfig',
    bindings: ALL,
    streaming: false,
    category: 'push-config',
    summary: 'Register a webhook for a task.',
    description: 'Registers a webhook URL the agent will POST task updates to. The answer carries the config id the agent assigned.',
    requestType: 'TaskPushNotificationConfig',
    responseType: 'TaskPushNotificationConfig',
    counterpart: 'tasks/pushNotificationConfig/set',
    taskIdField: 'taskId',
  },
  {
    version: '1.0',
    name: 'GetTaskPushNotificationConfig',
    bindings: ALL,
    streaming: false,
    category: 'push-config',
    summary: 'Read one webhook config of a task.',
    description: 'Returns the push notification config with this id for the task.',
    requestType: 'GetTaskPushNotificationConfigRequest',
    responseType: 'TaskPushNotificationConfig',
    counterpart: 'tasks/pushNotificationConfig/get',
    taskIdField: 'taskId',
  },
  {
    version: '1.0',
    name: 'ListTaskPushNotificationConfigs',
    bindings: ALL,
    streaming: false,
    category: 'push-config',
    summary: 'List the webhook configs of a task.',
    description: 'Lists the push notification configs registered for the task.',
    requestType: 'ListTaskPushNotificationConfigsRequest',
    responseType: 'ListTaskPushNotificationConfigsResponse',
    counterpart: 'tasks/pushNotificationConfig/list',
    taskIdField: 'taskId',
  },
  {
    version: '1.0',
    name: 'DeleteTaskPushNotificationConfig',
    bindings: ALL,
    streaming: false,
    category: 'push-config',
    summary: 'Remove a webhook config from a task.',
    description: 'Deletes the push notification config (idempotent). The answer is empty.',
    requestType: 'DeleteTaskPushNotificationConfigRequest',
    responseType: 'Empty',
    counterpart: 'tasks/pushNotificationConfig/delete',
    taskIdField: 'taskId',
  },
  {
    version: '1.0',
    name: 'GetExtendedAgentCard',
    bindings: ALL,
    streaming: false,
    category: 'card',
    summary: 'Fetch the extended Agent Card (needs credentials).',
    description:
      'Returns the richer Agent Card an authenticated caller may see, when the public card sets capabilities.extendedAgentCard. Send the credentials the public card asks for.',
    requestType: 'GetExtendedAgentCardRequest',
    responseType: 'AgentCard',
    counterpart: 'agent/getAuthenticatedExtendedCard',
  },
];

export const methodsV03: readonly A2aMethodInfo[] = [
  {
    version: '0.3',
    name: 'message/send',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'message',
    summary: 'Send a message; get a Task or a Message back.',
    description:
      'Sends one message. The result is a bare Task or Message, told apart by its `kind`. Set configuration.blocking explicitly: 0.3 gives no default and servers differ.',
    requestType: 'MessageSendParams',
    responseType: 'TaskOrMessage',
    counterpart: 'SendMessage',
  },
  {
    version: '0.3',
    name: 'message/stream',
    bindings: RPC_ONLY,
    streaming: true,
    category: 'message',
    summary: 'Send a message and follow the answer as a stream.',
    description:
      'Like message/send, answered as an SSE stream of Task, Message, status-update and artifact-update objects; the last status update has final: true.',
    requestType: 'MessageSendParams',
    responseType: 'StreamEvent',
    counterpart: 'SendStreamingMessage',
  },
  {
    version: '0.3',
    name: 'tasks/get',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'task',
    summary: 'Read the current state of a task.',
    description: 'Returns the task; historyLength limits the history returned.',
    requestType: 'TaskQueryParams',
    responseType: 'Task',
    counterpart: 'GetTask',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'tasks/cancel',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'task',
    summary: 'Ask the agent to cancel a task.',
    description: 'Requests cancellation of a running task.',
    requestType: 'TaskIdParams',
    responseType: 'Task',
    counterpart: 'CancelTask',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'tasks/resubscribe',
    bindings: RPC_ONLY,
    streaming: true,
    category: 'task',
    summary: 'Re-attach to the update stream of a running task.',
    description: 'Opens an SSE stream for an existing task. Whether missed events are replayed is up to the agent.',
    requestType: 'TaskIdParams',
    responseType: 'StreamEvent',
    counterpart: 'SubscribeToTask',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'tasks/pushNotificationConfig/set',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'push-config',
    summary: 'Register a webhook for a task.',
    description: 'Registers a push notification config ({taskId, pushNotificationConfig}).',
    requestType: 'TaskPushNotificationConfig',
    responseType: 'TaskPushNotificationConfig',
    counterpart: 'CreateTaskPushNotificationConfig',
    taskIdField: 'taskId',
  },
  {
    version: '0.3',
    name: 'tasks/pushNotificationConfig/get',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'push-config',
    summary: 'Read a webhook config of a task.',
    description: 'Returns the config for the task id (and pushNotificationConfigId when given).',
    requestType: 'GetTaskPushNotificationConfigParams',
    responseType: 'TaskPushNotificationConfig',
    counterpart: 'GetTaskPushNotificationConfig',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'tasks/pushNotificationConfig/list',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'push-config',
    summary: 'List the webhook configs of a task.',
    description: 'Returns a bare array of configs for the task.',
    requestType: 'ListTaskPushNotificationConfigParams',
    responseType: 'TaskPushNotificationConfigList',
    counterpart: 'ListTaskPushNotificationConfigs',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'tasks/pushNotificationConfig/delete',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'push-config',
    summary: 'Remove a webhook config from a task.',
    description: 'Deletes the config; the result is null.',
    requestType: 'DeleteTaskPushNotificationConfigParams',
    responseType: 'Null',
    counterpart: 'DeleteTaskPushNotificationConfig',
    taskIdField: 'id',
  },
  {
    version: '0.3',
    name: 'agent/getAuthenticatedExtendedCard',
    bindings: RPC_ONLY,
    streaming: false,
    category: 'card',
    summary: 'Fetch the authenticated extended Agent Card.',
    description: 'Returns the extended card for an authenticated caller (public card flag supportsAuthenticatedExtendedCard). Takes no params.',
    requestType: null,
    responseType: 'AgentCard',
    counterpart: 'GetExtendedAgentCard',
  },
];

export const allMethods: readonly A2aMethodInfo[] = [...methodsV1, ...methodsV03];

export function methodsFor(version: A2aVersion, binding?: Binding): A2aMethodInfo[] {
  const list = version === '1.0' ? methodsV1 : methodsV03;
  return binding ? list.filter((m) => m.bindings.includes(binding)) : [...list];
}

export function findMethod(version: A2aVersion, name: string): A2aMethodInfo | undefined {
  return (version === '1.0' ? methodsV1 : methodsV03).find((m) => m.name === name);
}

/** The version whose catalogue has this method name, if any (to explain a mix-up). */
export function versionOfMethod(name: string): A2aVersion | undefined {
  return allMethods.find((m) => m.name === name)?.version;
}

export function isStreamingMethod(version: A2aVersion, name: string): boolean {
  return findMethod(version, name)?.streaming ?? false;
}
