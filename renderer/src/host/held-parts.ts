/**
 * Large answers, as explicit data. The browser host parses big answers in workers and hands some
 * parts to the page as JSON text rather than objects, because rebuilding hundreds of thousands of
 * objects on the page's main thread freezes it:
 * - the outcome payload of a unary agent answer over 1 MB (a 20 MB message, say), with the few
 *   facts the UI needs at once, read in the worker;
 * - the `events` of a stream's end record that carries more than 2,000 of them.
 * A value with such parts says so in `held`. The IPC and fake hosts never set it, so the
 * functions below behave the same over every host; features read held parts only through them.
 */
import { isObject, isTaskShaped, payloadIds, unwrapSendResponse } from '../../../shared/a2a/payload';

export interface PayloadFacts {
  taskId?: string;
  contextId?: string;
  /** Task state as sent (TASK_STATE_* or 0.3 lowercase). */
  state?: string;
}

/** Which outcome member holds the agent's payload. */
export type PayloadKey = 'message' | 'task' | 'value' | 'data' | 'body';

export interface HeldParts {
  /** The record's `outcome[key]` as JSON text, and the facts read from it before it became text. */
  payload?: { key: PayloadKey; json: string; facts: PayloadFacts };
  /** The record's `events` as JSON text. */
  events?: string;
}

/** A value as a host delivers it: contract data, plus `held` when the browser host kept parts of it as text. */
export type Delivered<T> = T extends object ? T & { held?: HeldParts } : T;

/** The facts of a payload still held as text, or undefined when there is none (read the outcome itself). */
export function heldPayloadFacts(value: { held?: HeldParts }): PayloadFacts | undefined {
  return value.held?.payload?.facts;
}

/**
 * The value with its held parts parsed back in. Parsing happens once and in place, so every holder
 * of the value (a store, a view) sees the full data afterwards; a value with nothing held is
 * returned as it is.
 */
export function withHeldParts<T extends object>(value: T & { held?: HeldParts }): T {
  const held = value.held;
  if (!held) return value;
  const target = value as Record<string, unknown>;
  if (held.events !== undefined) target['events'] = JSON.parse(held.events) as unknown;
  const outcome = target['outcome'];
  if (held.payload && isObject(outcome)) outcome[held.payload.key] = JSON.parse(held.payload.json) as unknown;
  delete value.held;
  return value;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Reads ids and state from a message/task/result payload of either dialect (1.0 wraps, 0.3 does not). */
export function payloadFacts(key: PayloadKey, payload: unknown): PayloadFacts {
  const value = key === 'message' || key === 'task' ? unwrapSendResponse(payload, key) : payload;
  if (!isObject(value)) return {};
  const isTask = key === 'task' || value['kind'] === 'task' || isTaskShaped(value);
  const status = isObject(value['status']) ? value['status'] : {};
  const facts: PayloadFacts = {};
  const ids = payloadIds(isTask ? 'task' : 'message', value);
  const taskId = str(ids.taskId);
  const contextId = str(ids.contextId);
  const state = str(status['state']);
  if (taskId) facts.taskId = taskId;
  if (contextId) facts.contextId = contextId;
  if (state) facts.state = state;
  return facts;
}

/** Which outcome member holds the agent's payload. */
export function payloadKey(outcome: Record<string, unknown>): PayloadKey | undefined {
  switch (outcome['kind']) {
    case 'message':
      return 'message';
    case 'task':
      return 'task';
    case 'result':
      return 'value';
    case 'rpc-error':
      return 'data';
    case 'http-error':
      return 'body';
    default:
      return undefined;
  }
}
