import type { A2aVersion, Binding } from '../a2a/versions';
import type { CheckApplicability, CheckDefinition, CheckGroup } from './check-types';

const all: readonly Binding[] = ['JSONRPC', 'HTTP+JSON', 'GRPC'];
const http: readonly Binding[] = ['JSONRPC', 'HTTP+JSON'];
const jsonRpc: readonly Binding[] = ['JSONRPC'];
const both: readonly A2aVersion[] = ['1.0', '0.3'];
const v1: readonly A2aVersion[] = ['1.0'];

const everywhere: CheckApplicability = { versions: both, bindings: all };

/**
 * The catalogue of contract checks. Section numbers refer to the A2A specification (v1.0.1 unless
 * noted); levels follow the spec's own wording, and the TCK's requirement where the spec is silent.
 */
export const checkCatalog: readonly CheckDefinition[] = [
  // ── Message rules ────────────────────────────────────────────────────────────────────────────
  {
    id: 'message.empty-parts',
    group: 'message',
    title: 'A message with no parts is refused',
    level: 'MUST',
    spec: 'a2a.proto Message.parts (REQUIRED; AIP-203: a missing required field is an error); §3.3.2 validation errors',
    sends: 'SendMessage with a user message whose `parts` is an empty list.',
    expects: 'A validation error: JSON-RPC -32602, HTTP 400 (INVALID_ARGUMENT) or gRPC INVALID_ARGUMENT; never a Task or Message.',
    appliesTo: everywhere,
  },
  {
    id: 'message.multiple-modalities',
    group: 'message',
    title: 'Text, data and a file by URL in one message are understood',
    level: 'MUST',
    spec: '§4.1 Part (text | raw | url | data); a2a.proto Message.parts',
    sends: 'SendMessage with three parts: text, a data object, and a file by URL with mediaType and filename.',
    expects:
      'The message is accepted (a Task or a Message comes back), or refused with ContentTypeNotSupportedError (-32005) if a modality is not accepted; never a parse or internal error.',
    appliesTo: everywhere,
  },
  {
    id: 'message.duplicate-message-id',
    group: 'message',
    title: 'Resending a messageId: what the agent does',
    level: 'INFO',
    spec: '§4.1 Message.messageId (the spec does not require idempotence)',
    sends: 'The same SendMessage twice, with the same messageId (attempt 1 and attempt 2).',
    expects:
      'Informational: the report says whether the second attempt was accepted as new, answered with the same task, or refused. An internal error or no answer is a warning.',
    appliesTo: everywhere,
  },
  {
    id: 'message.role-agent',
    group: 'message',
    title: 'A client message with the agent role is refused',
    level: 'SHOULD',
    spec: 'a2a.proto Role (ROLE_USER = client to server, ROLE_AGENT = server to client); §3.3.2',
    sends: 'SendMessage whose message has role ROLE_AGENT ("agent" in 0.3).',
    expects: 'A validation error (-32602 / HTTP 400 / INVALID_ARGUMENT).',
    appliesTo: everywhere,
  },
  {
    id: 'message.role-unspecified',
    group: 'message',
    title: 'A message without a role is refused',
    level: 'MUST',
    spec: 'a2a.proto Message.role (REQUIRED, AIP-203; ROLE_UNSPECIFIED means unset); §3.3.2',
    sends: 'SendMessage whose message has role ROLE_UNSPECIFIED (no role in 0.3).',
    expects: 'A validation error (-32602 / HTTP 400 / INVALID_ARGUMENT).',
    appliesTo: everywhere,
  },
  {
    id: 'message.role-unknown',
    group: 'message',
    title: 'A message with an unknown role value is refused',
    level: 'MUST',
    spec: 'a2a.proto Role; ProtoJSON enum parsing (ADR-001); §3.3.2',
    sends: 'SendMessage whose message has role "ROLE_ROBOT" ("robot" in 0.3; enum number 7 on gRPC).',
    expects: 'A validation error (-32602 / HTTP 400 / INVALID_ARGUMENT), not an internal error and not acceptance.',
    appliesTo: everywhere,
  },
  {
    id: 'message.unknown-task-id',
    group: 'message',
    title: 'A message naming a task that does not exist is refused',
    level: 'MUST',
    spec: '§3.4 (a client taskId must reference an existing task); §8 TaskNotFoundError',
    sends: 'SendMessage with a taskId the agent never issued.',
    expects: 'TaskNotFoundError: JSON-RPC -32001, HTTP 404, gRPC NOT_FOUND, ErrorInfo.reason TASK_NOT_FOUND (1.0).',
    appliesTo: everywhere,
  },
  {
    id: 'message.context-mismatch',
    group: 'message',
    title: 'A taskId with a contextId that does not match it is refused',
    level: 'MUST',
    spec: '§3.4 (mismatching contextId and taskId MUST be rejected)',
    sends: 'SendMessage with the taskId of a real task and a different, made-up contextId.',
    expects: 'An error (any validation or A2A error); the message must not be added to the task.',
    appliesTo: everywhere,
  },
  {
    id: 'message.terminal-task',
    group: 'message',
    title: 'A follow-up message to a finished task is refused',
    level: 'MUST',
    spec: '§3.4 (messages to terminal tasks); §8 UnsupportedOperationError',
    sends: 'SendMessage with the taskId and contextId of a task in a terminal state (completed or canceled).',
    expects: 'UnsupportedOperationError: JSON-RPC -32004, HTTP 400, gRPC FAILED_PRECONDITION, reason UNSUPPORTED_OPERATION (1.0).',
    appliesTo: everywhere,
  },
  // ── Protocol basics ──────────────────────────────────────────────────────────────────────────
  {
    id: 'protocol.malformed-json',
    group: 'protocol',
    title: 'Malformed JSON is answered with a parse error',
    level: 'MUST',
    spec: 'JSON-RPC 2.0 §5.1 (-32700); §9.5; §11 HTTP+JSON 400',
    sends: 'Raw bytes that are not valid JSON, with Content-Type application/json.',
    expects: 'JSON-RPC: error -32700 with id null. HTTP+JSON: status 400. The connection must not just drop.',
    appliesTo: { versions: both, bindings: http },
  },
  {
    id: 'protocol.invalid-envelope',
    group: 'protocol',
    title: 'An invalid JSON-RPC envelope is refused',
    level: 'MUST',
    spec: 'JSON-RPC 2.0 §5.1 (-32600); §9.5',
    sends: 'Valid JSON that is not a JSON-RPC request: `jsonrpc` "1.0" and a numeric `method`.',
    expects: 'Error -32600 (Invalid Request).',
    appliesTo: { versions: both, bindings: jsonRpc },
  },
  {
    id: 'protocol.unknown-method',
    group: 'protocol',
    title: 'An unknown method is answered with method-not-found',
    level: 'MUST',
    spec: 'JSON-RPC 2.0 §5.1 (-32601); §9.5',
    sends: 'A well-formed JSON-RPC request for the method "powerduck/noSuchMethod".',
    expects: 'Error -32601 (Method not found).',
    appliesTo: { versions: both, bindings: jsonRpc },
  },
  {
    id: 'protocol.invalid-params',
    group: 'protocol',
    title: 'A request missing a required field is refused',
    level: 'MUST',
    spec: '§3.3.2 validation errors; JSON-RPC 2.0 §5.1 (-32602)',
    sends: 'SendMessage with params that have no `message`.',
    expects: 'JSON-RPC -32602, HTTP 400 (INVALID_ARGUMENT) or gRPC INVALID_ARGUMENT.',
    appliesTo: everywhere,
  },
  {
    id: 'protocol.version-missing',
    group: 'protocol',
    title: 'A request without A2A-Version is treated as 0.3',
    level: 'SHOULD',
    spec: '§3.6.2 (empty or missing version = 0.3); §3.6.1 clients MUST send it',
    sends: 'GetTask (1.0 method name) for an unknown id, without the A2A-Version header.',
    expects:
      'VersionNotSupportedError (-32009 / 400 / FAILED_PRECONDITION) when the agent has no 0.3 interface there, or a 0.3 answer (e.g. -32601 for the 1.0 method name); not a 1.0 answer.',
    appliesTo: { versions: v1, bindings: all },
  },
  {
    id: 'protocol.version-unsupported',
    group: 'protocol',
    title: 'An unsupported A2A-Version is refused',
    level: 'MUST',
    spec: '§3.6.2; §8 VersionNotSupportedError',
    sends: 'GetTask for an unknown id with A2A-Version: 9.9.',
    expects: 'VersionNotSupportedError: JSON-RPC -32009, HTTP 400, gRPC FAILED_PRECONDITION, reason VERSION_NOT_SUPPORTED.',
    appliesTo: { versions: v1, bindings: all },
  },
  {
    id: 'protocol.get-unknown-task',
    group: 'protocol',
    title: 'GetTask on an unknown id answers TaskNotFound',
    level: 'MUST',
    spec: '§8 TaskNotFoundError; §9.5 / §11 / §10.6 error mapping',
    sends: 'GetTask for an id the agent never issued.',
    expects: 'TaskNotFoundError: JSON-RPC -32001, HTTP 404, gRPC NOT_FOUND, ErrorInfo.reason TASK_NOT_FOUND (1.0).',
    appliesTo: everywhere,
  },
  {
    id: 'protocol.cancel-unknown-task',
    group: 'protocol',
    title: 'CancelTask on an unknown id answers TaskNotFound',
    level: 'MUST',
    spec: '§8 TaskNotFoundError',
    sends: 'CancelTask for an id the agent never issued.',
    expects: 'TaskNotFoundError: JSON-RPC -32001, HTTP 404, gRPC NOT_FOUND, ErrorInfo.reason TASK_NOT_FOUND (1.0).',
    appliesTo: everywhere,
  },
  {
    id: 'protocol.subscribe-unknown-task',
    group: 'protocol',
    title: 'SubscribeToTask on an unknown id answers TaskNotFound',
    level: 'MUST',
    spec: '§8 TaskNotFoundError; §3.3.4 (UnsupportedOperation when streaming is not declared)',
    sends: 'SubscribeToTask (tasks/resubscribe in 0.3) for an id the agent never issued.',
    expects:
      'TaskNotFoundError (-32001 / 404 / NOT_FOUND, reason TASK_NOT_FOUND), before or as the only stream event. Without streaming in the card, UnsupportedOperationError is also right.',
    appliesTo: everywhere,
  },
  {
    id: 'protocol.cancel-completed-task',
    group: 'protocol',
    title: 'Cancelling a finished task answers TaskNotCancelable',
    level: 'MUST',
    spec: '§8 TaskNotCancelableError',
    sends: 'CancelTask for a task already in a terminal state.',
    expects: 'TaskNotCancelableError: JSON-RPC -32002, HTTP 400 (409 in 1.0.0), gRPC FAILED_PRECONDITION, reason TASK_NOT_CANCELABLE.',
    appliesTo: everywhere,
  },
  // ── Streams ──────────────────────────────────────────────────────────────────────────────────
  {
    id: 'streaming.first-event',
    group: 'streaming',
    title: 'A stream starts with a Task, or is a single Message',
    level: 'MUST',
    spec: '§11.7 / §3.1.2 stream contents',
    sends: 'SendStreamingMessage with the card\'s first skill example (or "hello").',
    expects: 'The first event is a Task; or it is a Message and the stream then closes with no other event.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'streaming', declared: true } },
  },
  {
    id: 'streaming.event-order',
    group: 'streaming',
    title: 'Stream events are in order and belong to the task',
    level: 'MUST',
    spec: '§11.7 (Task first, then status and artifact updates); §4.1 TaskArtifactUpdateEvent.append',
    sends: 'The same streamed message.',
    expects:
      'After the Task, only status and artifact updates (or a final Task snapshot) for the same taskId and contextId; no append to an artifact never sent; status timestamps do not go back.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'streaming', declared: true } },
  },
  {
    id: 'streaming.closes-at-terminal',
    group: 'streaming',
    title: 'The stream closes at a terminal or interrupted state',
    level: 'MUST',
    spec: '§3.1.2 and §11.7 (stream closure is the end signal in 1.0); 0.3: TaskStatusUpdateEvent.final',
    sends: 'The same streamed message, waiting a short grace period after the terminal state.',
    expects: 'The server closes the stream once the task is completed, failed, canceled, rejected, input-required or auth-required, and not before.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'streaming', declared: true } },
  },
  {
    id: 'streaming.nothing-after-terminal',
    group: 'streaming',
    title: 'No event follows the terminal state',
    level: 'MUST',
    spec: '§3.1.2; §11.7 (a final Task snapshot MAY be re-sent before closing)',
    sends: 'The same streamed message.',
    expects: 'After the event carrying the terminal state, nothing but at most one Task snapshot in that same state.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'streaming', declared: true } },
  },
  // ── ListTasks (1.0) ──────────────────────────────────────────────────────────────────────────
  {
    id: 'list-tasks.last-page-token',
    group: 'list-tasks',
    title: 'ListTasks ends paging with an empty nextPageToken',
    level: 'MUST',
    spec: 'a2a.proto ListTasksResponse.next_page_token ("empty if there are no more results"); TCK CORE-LIST',
    sends: 'ListTasks with pageSize 1, following nextPageToken (at most 20 pages).',
    expects: 'Each token leads to a non-empty page; the page that completes totalSize carries an empty (or omitted) nextPageToken.',
    appliesTo: { versions: v1, bindings: all },
  },
  {
    id: 'list-tasks.page-size-range',
    group: 'list-tasks',
    title: 'ListTasks refuses an out-of-range pageSize',
    level: 'MUST',
    spec: 'a2a.proto ListTasksRequest.page_size (1 to 100); TCK CORE-LIST',
    sends: 'ListTasks with pageSize 0 and with pageSize 101.',
    expects: 'Both refused with a validation error (-32602 / HTTP 400 / INVALID_ARGUMENT).',
    appliesTo: { versions: v1, bindings: all },
  },
  {
    id: 'list-tasks.artifacts-omitted',
    group: 'list-tasks',
    title: 'ListTasks omits artifacts unless asked',
    level: 'MUST',
    spec: '§3.4; a2a.proto ListTasksRequest.include_artifacts (defaults to false)',
    sends: 'ListTasks without includeArtifacts (after a task with an artifact was created when the agent makes one).',
    expects: 'No task in the answer carries artifacts.',
    appliesTo: { versions: v1, bindings: all },
  },
  // ── Capability honesty ───────────────────────────────────────────────────────────────────────
  {
    id: 'capabilities.push-unsupported',
    group: 'capabilities',
    title: 'Push config calls fail when the card has no push notifications',
    level: 'MUST',
    spec: '§3.3.4 / §9.2 (all push config operations MUST return PushNotificationNotSupportedError)',
    sends: 'CreateTaskPushNotificationConfig (tasks/pushNotificationConfig/set in 0.3) for a task of the agent.',
    expects: 'PushNotificationNotSupportedError: JSON-RPC -32003, HTTP 400, gRPC FAILED_PRECONDITION, reason PUSH_NOTIFICATION_NOT_SUPPORTED.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'pushNotifications', declared: false } },
  },
  {
    id: 'capabilities.extended-card-unsupported',
    group: 'capabilities',
    title: 'The extended card call fails when the card does not offer one',
    level: 'MUST',
    spec: '§3.1.11 / §9.1 (flag absent: UnsupportedOperationError); 0.3: AuthenticatedExtendedCardNotConfiguredError',
    sends: 'GetExtendedAgentCard (agent/getAuthenticatedExtendedCard in 0.3).',
    expects: 'UnsupportedOperationError (-32004 / 400 / FAILED_PRECONDITION, reason UNSUPPORTED_OPERATION); 0.3 also accepts -32007.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'extendedAgentCard', declared: false } },
  },
  {
    id: 'capabilities.streaming-unsupported',
    group: 'capabilities',
    title: 'Streaming calls fail when the card does not declare streaming',
    level: 'MUST',
    spec: '§3.3.4 (a method the agent does not support: UnsupportedOperationError)',
    sends: 'SendStreamingMessage (message/stream in 0.3) with a plain text message.',
    expects: 'UnsupportedOperationError (-32004 / 400 / FAILED_PRECONDITION, reason UNSUPPORTED_OPERATION), not a stream of events.',
    appliesTo: { versions: both, bindings: all, capability: { name: 'streaming', declared: false } },
  },
];

export function findCheck(id: string): CheckDefinition | undefined {
  return checkCatalog.find((check) => check.id === id);
}

export function checksInGroups(groups: readonly CheckGroup[] | undefined): readonly CheckDefinition[] {
  if (!groups || groups.length === 0) return checkCatalog;
  return checkCatalog.filter((check) => groups.includes(check.group));
}
