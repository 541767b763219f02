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
 * noted). `level` is the keyword the spec gives the party being checked (the agent): where the spec
 * puts a rule on the message and only asks receivers to validate (§5.7), the check is a SHOULD.
 * `strict` marks the seed's Message contract rules, which `--profile strict` grades as MUST.
 * docs/checks.md is generated from this list (scripts/checks-doc.mjs; a test keeps it current).
 */
export const checkCatalog: readonly CheckDefinition[] = [
  // Runs first on every interface, whatever the selection: the other verdicts only mean something
  // when the URL speaks the binding at all. Not reported when it passes.
  {
    id: 'protocol.binding-answers',
    group: 'protocol',
    title: 'The interface answers in its binding',
    level: 'MUST',
    spec: '§5.8 / §9 / §10 / §11: an interface declared with a binding speaks that binding at its URL',
    source: {
      document: 'A2A 1.0',
      section: '§5.8; §9, §10, §11',
      keyword: 'MUST',
      sentence:
        'An AgentInterface names the binding its URL speaks; requests sent there are answered in that binding (a JSON-RPC response, an A2A HTTP+JSON answer, a gRPC status).',
    },
    sends: 'SendMessage without a message (it changes nothing; an A2A agent refuses it as invalid).',
    expects:
      'An answer in the binding (any JSON-RPC response, an HTTP+JSON status with an A2A error body, a gRPC status of the A2A service). HTTP 404/405, HTML or JSON that is not a JSON-RPC response mean the URL is not an A2A endpoint: the interface gets this one verdict and nothing else is judged.',
    appliesTo: everywhere,
  },
  // ── Message rules ────────────────────────────────────────────────────────────────────────────
  {
    id: 'message.empty-parts',
    group: 'message',
    title: 'A message with no parts is refused',
    level: 'SHOULD',
    spec: 'a2a.proto Message.parts (REQUIRED; AIP-203: a missing required field is an error); §3.3.2 validation errors',
    source: {
      document: 'A2A 1.0',
      section: '\u00a75.7 (receivers); a2a.proto Message.parts REQUIRED',
      keyword: 'SHOULD',
      sentence: 'Parts are required on the message; a receiver should validate required fields and reject a message that lacks them with a validation error.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a message with no parts is refused.' },
    sends: 'SendMessage with a user message whose `parts` is an empty list.',
    expects: 'A validation error: JSON-RPC -32602, HTTP 400 (INVALID_ARGUMENT) or gRPC INVALID_ARGUMENT; never a Task or Message.',
    appliesTo: everywhere,
  },
  {
    id: 'message.multiple-modalities',
    group: 'message',
    title: 'Text, data and a file by URL in one message are understood',
    level: 'SHOULD',
    spec: '§4.1 Part (text | raw | url | data); a2a.proto Message.parts',
    source: {
      document: 'A2A 1.0',
      section: '\u00a74.1 Part; \u00a78 ContentTypeNotSupportedError',
      keyword: 'SHOULD',
      sentence:
        'Every Part kind (text, raw, url, data) is valid in a message; an agent that does not take a media type should say so with ContentTypeNotSupportedError rather than fail.',
    },
    strict: {
      level: 'MUST',
      rule: 'Seed Message contract: text, data and a file by URL in one message are accepted or refused as an unsupported content type, never with a parse or internal error.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a74.1 Message.messageId',
      keyword: 'none',
      sentence: 'messageId identifies the message; the spec sets no rule for a resend of the same messageId (idempotence is not required).',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a resend of the same messageId (a client retry) does not start a second task.' },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a75.7 (receivers); a2a.proto Role',
      keyword: 'SHOULD',
      sentence: 'ROLE_AGENT marks server-to-client messages; a receiver should validate a client message and reject one sent with the agent role.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a client message with the agent role is refused.' },
    sends: 'SendMessage whose message has role ROLE_AGENT ("agent" in 0.3).',
    expects: 'A validation error (-32602 / HTTP 400 / INVALID_ARGUMENT).',
    appliesTo: everywhere,
  },
  {
    id: 'message.role-unspecified',
    group: 'message',
    title: 'A message without a role is refused',
    level: 'SHOULD',
    spec: 'a2a.proto Message.role (REQUIRED, AIP-203; ROLE_UNSPECIFIED means unset); §3.3.2',
    source: {
      document: 'A2A 1.0',
      section: '\u00a75.7 (receivers); a2a.proto Message.role REQUIRED',
      keyword: 'SHOULD',
      sentence: 'The role is required on the message (ROLE_UNSPECIFIED means unset); a receiver should validate and reject a message without one.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a message without a role is refused.' },
    sends: 'SendMessage whose message has role ROLE_UNSPECIFIED (no role in 0.3).',
    expects: 'A validation error (-32602 / HTTP 400 / INVALID_ARGUMENT).',
    appliesTo: everywhere,
  },
  {
    id: 'message.role-unknown',
    group: 'message',
    title: 'A message with an unknown role value is refused',
    level: 'SHOULD',
    levelOn: { GRPC: 'MAY' },
    spec: 'a2a.proto Role; ProtoJSON enum parsing (ADR-001); §3.3.2',
    source: {
      document: 'A2A 1.0',
      section: '\u00a75.7 (receivers); a2a.proto Role; ProtoJSON enum parsing',
      keyword: 'SHOULD',
      sentence:
        'A role name outside the Role enum is not a valid Role, and a receiver should reject it; on gRPC an unknown enum number is legal on the wire (proto3 open enums), so refusing it there is optional.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a message with an unknown role value is refused, on every binding.' },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.4; \u00a78 TaskNotFoundError',
      keyword: 'MUST',
      sentence: 'A taskId sent by the client must name a task the server issued; otherwise the server answers TaskNotFoundError.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a message naming a task that does not exist is refused with TaskNotFound.' },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.4',
      keyword: 'MUST',
      sentence: 'When a message carries both a taskId and a contextId that do not belong together, the server rejects it.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a taskId with a contextId that does not match it is refused.' },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.4; \u00a78 UnsupportedOperationError',
      keyword: 'MUST',
      sentence: 'A task in a terminal state accepts no more messages; the server answers UnsupportedOperationError.',
    },
    strict: { level: 'MUST', rule: 'Seed Message contract: a follow-up message to a finished task is refused.' },
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
    source: {
      document: 'JSON-RPC 2.0',
      section: '\u00a75.1; A2A 1.0 \u00a79.5, \u00a711',
      keyword: 'MUST',
      sentence: 'A request body that is not valid JSON is answered with error -32700 (Parse error) and id null; HTTP+JSON answers 400.',
    },
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
    source: {
      document: 'JSON-RPC 2.0',
      section: '\u00a75.1; A2A 1.0 \u00a79.5',
      keyword: 'MUST',
      sentence: 'JSON that is not a valid Request object is answered with error -32600 (Invalid Request).',
    },
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
    source: {
      document: 'JSON-RPC 2.0',
      section: '\u00a75.1; A2A 1.0 \u00a79.5',
      keyword: 'MUST',
      sentence: 'A method the server does not have is answered with error -32601 (Method not found).',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.3.2; JSON-RPC 2.0 \u00a75.1',
      keyword: 'MUST',
      sentence: 'A request missing a required parameter is a validation error: -32602, HTTP 400 or INVALID_ARGUMENT.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.6.2',
      keyword: 'SHOULD',
      sentence:
        'A request with an empty or missing A2A-Version is interpreted as 0.3; an agent that does not serve 0.3 at that URL refuses it with VersionNotSupportedError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.6.2; \u00a78 VersionNotSupportedError',
      keyword: 'MUST',
      sentence: 'A request for a version the agent does not support is refused with VersionNotSupportedError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a78 TaskNotFoundError; \u00a79.5, \u00a710.6, \u00a711 error mapping',
      keyword: 'MUST',
      sentence: 'An operation on a task id the server does not know answers TaskNotFoundError, mapped per binding.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.5; \u00a78 TaskNotFoundError',
      keyword: 'MUST',
      sentence: 'CancelTask on an unknown task id answers TaskNotFoundError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.6; \u00a78 TaskNotFoundError',
      keyword: 'MUST',
      sentence: 'SubscribeToTask on an unknown task id answers TaskNotFoundError (UnsupportedOperationError when streaming is not offered).',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.5; \u00a78 TaskNotCancelableError',
      keyword: 'MUST',
      sentence: 'Cancelling a task that can no longer be canceled (a terminal one) answers TaskNotCancelableError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.2; \u00a711.7',
      keyword: 'MUST',
      sentence: 'A streamed answer starts with the Task, or consists of a single Message.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.2; \u00a711.7; \u00a74.1 TaskArtifactUpdateEvent',
      keyword: 'MUST',
      sentence: 'After the Task come only status and artifact updates for that task and context, in order.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.2; \u00a711.7',
      keyword: 'MUST',
      sentence: 'The server closes the stream when the task reaches a terminal or interrupted state.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.2; \u00a711.7',
      keyword: 'MUST NOT',
      sentence: 'No event follows the terminal state, except one final Task snapshot.',
    },
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
    source: {
      document: 'a2a.proto',
      section: 'ListTasksResponse.next_page_token',
      keyword: 'MUST',
      sentence: 'The page that ends the list carries an empty nextPageToken.',
    },
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
    source: {
      document: 'a2a.proto',
      section: 'ListTasksRequest.page_size',
      keyword: 'MUST',
      sentence: 'pageSize is 1 to 100; a value outside the range is a validation error.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.4; a2a.proto ListTasksRequest.include_artifacts',
      keyword: 'MUST',
      sentence: 'Artifacts are left out of listed tasks unless includeArtifacts is true.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.3.4; \u00a79.2',
      keyword: 'MUST',
      sentence: 'Without capabilities.pushNotifications, every push config operation answers PushNotificationNotSupportedError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.1.11; \u00a79.1',
      keyword: 'MUST',
      sentence: 'Without capabilities.extendedAgentCard, GetExtendedAgentCard answers UnsupportedOperationError.',
    },
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
    source: {
      document: 'A2A 1.0',
      section: '\u00a73.3.4',
      keyword: 'MUST',
      sentence: 'A streaming call to an agent that does not declare streaming answers UnsupportedOperationError.',
    },
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
