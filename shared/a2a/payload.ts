/**
 * The one reader of A2A payloads, for both versions: A2A 1.0 ProtoJSON (oneof member names,
 * `TASK_STATE_*` enums, parts with `text`/`data`/`url`/`raw`) and A2A 0.3 JSON-RPC (`kind`
 * discriminators, lowercase states, parts with `kind` and `file`). The checks, the response view,
 * the stream timeline and the core's outcome all read states, event kinds and parts through here,
 * so a new state or event kind is added once. Everything is total: malformed input reads as
 * undefined or `unknown`, never throws (a debugger must show whatever arrived).
 */

export type JsonObject = Record<string, unknown>;

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownValue(value: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

function ownString(value: JsonObject, key: string): string | undefined {
  const v = ownValue(value, key);
  return typeof v === 'string' ? v : undefined;
}

// ---- task states --------------------------------------------------------------------------------

/** Task states in one spelling for both versions (A2A 1.0 §4.1 TaskState, 0.3 TaskState). */
export type TaskStateName = 'submitted' | 'working' | 'input-required' | 'auth-required' | 'completed' | 'canceled' | 'failed' | 'rejected' | 'unspecified';

const stateNames = new Map<string, TaskStateName>([
  ['TASK_STATE_SUBMITTED', 'submitted'],
  ['TASK_STATE_WORKING', 'working'],
  ['TASK_STATE_INPUT_REQUIRED', 'input-required'],
  ['TASK_STATE_AUTH_REQUIRED', 'auth-required'],
  ['TASK_STATE_COMPLETED', 'completed'],
  ['TASK_STATE_CANCELED', 'canceled'],
  // v0.3 ProtoJSON spells it with two Ls.
  ['TASK_STATE_CANCELLED', 'canceled'],
  ['TASK_STATE_FAILED', 'failed'],
  ['TASK_STATE_REJECTED', 'rejected'],
  ['TASK_STATE_UNSPECIFIED', 'unspecified'],
  ['submitted', 'submitted'],
  ['working', 'working'],
  ['input-required', 'input-required'],
  ['auth-required', 'auth-required'],
  ['completed', 'completed'],
  ['canceled', 'canceled'],
  ['cancelled', 'canceled'],
  ['failed', 'failed'],
  ['rejected', 'rejected'],
  // 0.3's catch-all state is 1.0's UNSPECIFIED.
  ['unknown', 'unspecified'],
  ['unspecified', 'unspecified'],
]);

/** The state in one spelling, or undefined for anything that is not a state of either version. */
export function taskStateName(state: unknown): TaskStateName | undefined {
  return typeof state === 'string' ? stateNames.get(state) : undefined;
}

/** For display: the state in one spelling, or the text as it arrived when it is no known state. */
export function taskStateLabel(state: unknown): string | undefined {
  return taskStateName(state) ?? (typeof state === 'string' && state !== '' ? state : undefined);
}

/** A2A §4.1: completed, failed, canceled and rejected are terminal (either spelling). */
export function isTerminalState(state: unknown): boolean {
  return isTerminalName(taskStateName(state));
}

function isTerminalName(name: TaskStateName | undefined): boolean {
  return name === 'completed' || name === 'failed' || name === 'canceled' || name === 'rejected';
}

function isInterruptedName(name: TaskStateName | undefined): boolean {
  return name === 'input-required' || name === 'auth-required';
}

/** input-required and auth-required interrupt a task: the stream may close there too (§11.7). */
export function isInterruptedState(state: unknown): boolean {
  return isInterruptedName(taskStateName(state));
}

/** Either of the two above, with one lookup (a stream asks this of every event). */
export function isTerminalOrInterruptedState(state: unknown): boolean {
  const name = taskStateName(state);
  return isTerminalName(name) || isInterruptedName(name);
}

// ---- what a response or stream event holds ------------------------------------------------------

export type StreamObjectKind = 'task' | 'message' | 'statusUpdate' | 'artifactUpdate' | 'unknown';

const kinds03: Readonly<Record<string, Exclude<StreamObjectKind, 'unknown'>>> = {
  task: 'task',
  message: 'message',
  'status-update': 'statusUpdate',
  'artifact-update': 'artifactUpdate',
};

/** A bare Task of either version: a string `id` and a `status` object. */
export function isTaskShaped(value: unknown): value is JsonObject {
  return isObject(value) && typeof value['id'] === 'string' && isObject(value['status']);
}

/** A bare Message of either version: its parts as a list (`content` before 0.3), or a `messageId`. */
export function isMessageShaped(value: unknown): value is JsonObject {
  return isObject(value) && (Array.isArray(value['parts']) || Array.isArray(value['content']) || typeof value['messageId'] === 'string');
}

type OneofMember = 'task' | 'message' | 'statusUpdate' | 'artifactUpdate';

/**
 * The key of the A2A 1.0 StreamResponse / SendMessageResponse member a value carries (`task`,
 * `statusUpdate`, …), if any. Allocates nothing: the stream path asks this of every event.
 */
export function oneofMemberKey(value: JsonObject): OneofMember | undefined {
  // Plain reads: no member name is an Object.prototype property, so a read finds own properties only.
  if (isObject(value['task'])) return 'task';
  if (isObject(value['message'])) return 'message';
  if (isObject(value['statusUpdate'])) return 'statusUpdate';
  if (isObject(value['artifactUpdate'])) return 'artifactUpdate';
  return undefined;
}

/** The 0.3 `kind` of an object in the reader's spelling (`status-update` → `statusUpdate`), if it is one. */
export function kind03Of(value: JsonObject): Exclude<StreamObjectKind, 'unknown'> | undefined {
  // A plain read of `kind` (not an Object.prototype name); the table is asked for own keys only, so a
  // `kind` such as "constructor" finds nothing.
  const kind = value['kind'];
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(kinds03, kind) ? kinds03[kind] : undefined;
}

/**
 * A 1.0 SendMessageResponse wraps its result as `{message}` or `{task}`; 0.3 answers with the object
 * itself. Returns the object either way (a Message or Task, which has parts or a status, is never unwrapped).
 */
export function unwrapSendResponse(value: unknown, key: 'message' | 'task'): unknown {
  if (isObject(value) && isObject(value[key]) && !('parts' in value) && !('status' in value)) return value[key];
  return value;
}

/**
 * The task and context an A2A object names: a Task's own `id`, every other object's `taskId`
 * (messages, status and artifact updates). `kind` in either spelling (`task` is the same in both).
 * Strings are returned as sent, empty ones included.
 */
export function payloadIds(kind: string, object: unknown): { taskId?: string; contextId?: string } {
  const ids: { taskId?: string; contextId?: string } = {};
  if (isObject(object)) assignPayloadIds(ids, kind, object);
  return ids;
}

/** payloadIds written straight onto `into` (the per-event path: no object in between). */
export function assignPayloadIds(into: { taskId?: string; contextId?: string }, kind: string, object: JsonObject): void {
  // Plain reads (none of these names is an Object.prototype property): this runs once per stream event.
  const taskId = kind === 'task' ? object['id'] : object['taskId'];
  if (typeof taskId === 'string') into.taskId = taskId;
  const contextId = object['contextId'];
  if (typeof contextId === 'string') into.contextId = contextId;
}

/**
 * The A2A object a result or stream event carries: a 0.3 object with `kind`, or a 1.0
 * StreamResponse/SendMessageResponse oneof member. `lenient` (for views) also unwraps a JSON-RPC
 * envelope's `result` and takes a bare task (`isTaskShaped`) or a bare message (`isMessageShaped`)
 * as such; the checks read strictly, since those shapes break the spec.
 */
export function streamObject(value: unknown, options: { lenient?: boolean } = {}): { kind: StreamObjectKind; object: unknown } {
  const lenient = options.lenient ?? true;
  let v = value;
  if (lenient && isObject(v) && v['jsonrpc'] === '2.0' && 'result' in v) v = v['result'];
  if (!isObject(v)) return { kind: 'unknown', object: v };
  const kind03 = kind03Of(v);
  if (kind03) return { kind: kind03, object: v };
  const member = oneofMemberKey(v);
  if (member) return { kind: member, object: v[member] };
  if (lenient && isTaskShaped(v)) return { kind: 'task', object: v };
  if (lenient && isMessageShaped(v)) return { kind: 'message', object: v };
  return { kind: 'unknown', object: v };
}

/** The kind the core names an event with (`objectKind` in records; either version's spelling). */
export function kindFromObjectKind(objectKind: string | undefined): StreamObjectKind | undefined {
  if (objectKind === undefined) return undefined;
  if (objectKind === 'task' || objectKind === 'message' || objectKind === 'statusUpdate' || objectKind === 'artifactUpdate') return objectKind;
  return Object.prototype.hasOwnProperty.call(kinds03, objectKind) ? kinds03[objectKind] : undefined;
}

// ---- parts --------------------------------------------------------------------------------------

const noParts: readonly unknown[] = Object.freeze([]);

/**
 * The parts a Message or Artifact carries, as sent: the first of `parts` and (before 0.3) `content`
 * that is a list, own properties only; an empty list when neither is (the same test isMessageShaped
 * makes, so a value is a message exactly when it has parts to read here or a messageId).
 */
export function messageParts(value: unknown): readonly unknown[] {
  if (!isObject(value)) return noParts;
  const parts = ownValue(value, 'parts');
  if (Array.isArray(parts)) return parts;
  const content = ownValue(value, 'content');
  return Array.isArray(content) ? content : noParts;
}

export type PartView =
  | { kind: 'text'; text: string; mediaType?: string }
  | { kind: 'data'; data: unknown; mediaType?: string }
  | { kind: 'file'; url?: string; bytes?: string; mediaType?: string; filename?: string }
  | { kind: 'unknown'; raw: unknown };

export interface ReadPartOptions {
  /**
   * A2A 0.3 ProtoJSON (gRPC) nests a DataPart's object one level deeper, `{"data": {"data": {…}}}`
   * with no `kind`; 1.0 may send exactly that shape as its own data. The shape cannot tell them
   * apart, so readers that show what arrived keep it as sent, and the history summary (which counts
   * the payload's bytes) asks for the inner object.
   */
  unwrapNestedData?: boolean;
}

/** The object inside a 0.3 ProtoJSON DataPart (`{data: {data: {…}}}`, no `kind`), or undefined for any other part. */
function nestedData03(part: JsonObject, data: unknown): JsonObject | undefined {
  if (part['kind'] !== undefined || !isObject(data) || Object.keys(data).length !== 1) return undefined;
  const inner = ownValue(data, 'data');
  return isObject(inner) ? inner : undefined;
}

/**
 * One part of either version: 0.3 `{kind, file: {uri|bytes, mimeType, name}}`, 1.0
 * `{text|data|url|raw, mediaType, filename}`. Not a `map` callback: pass `(part) => readPart(part)`.
 */
export function readPart(part: unknown, options: ReadPartOptions = {}): PartView {
  if (!isObject(part)) return { kind: 'unknown', raw: part };
  const mediaType = ownString(part, 'mediaType');
  const withMedia = mediaType ? { mediaType } : {};
  if (part['kind'] === 'file' || isObject(part['file'])) {
    const file = isObject(part['file']) ? part['file'] : {};
    const url = ownString(file, 'uri') ?? ownString(file, 'fileWithUri');
    const bytes = ownString(file, 'bytes') ?? ownString(file, 'fileWithBytes');
    const mime = ownString(file, 'mimeType') ?? ownString(file, 'mediaType');
    const name = ownString(file, 'name');
    return {
      kind: 'file',
      ...(url ? { url } : {}),
      ...(bytes !== undefined ? { bytes } : {}),
      ...(mime ? { mediaType: mime } : {}),
      ...(name ? { filename: name } : {}),
    };
  }
  const text = ownString(part, 'text');
  if (text !== undefined) return { kind: 'text', text, ...withMedia };
  if ('url' in part || 'raw' in part) {
    const url = ownString(part, 'url');
    const raw = ownString(part, 'raw');
    const filename = ownString(part, 'filename');
    return { kind: 'file', ...(url ? { url } : {}), ...(raw !== undefined ? { bytes: raw } : {}), ...withMedia, ...(filename ? { filename } : {}) };
  }
  if ('data' in part) {
    const data = part['data'];
    const inner = options.unwrapNestedData ? nestedData03(part, data) : undefined;
    return { kind: 'data', data: inner ?? data, ...withMedia };
  }
  return { kind: 'unknown', raw: part };
}
