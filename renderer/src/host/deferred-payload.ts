/**
 * Large A2A payloads that the page has not parsed yet. The invoke worker parses a big exchange
 * record off the main thread and sends its outcome payload (a 20 MB message, say) as text; the
 * page attaches it as a lazy property and keeps the few facts the UI needs at once.
 */
import { isObject } from '../../../shared/a2a/payload';
export interface PayloadFacts {
  taskId?: string;
  contextId?: string;
  /** Task state as sent (TASK_STATE_* or 0.3 lowercase). */
  state?: string;
}

const deferred = new WeakMap<object, PayloadFacts>();

/** Facts of an outcome whose payload is still text, or undefined when it was parsed normally. */
export function deferredFacts(outcome: object): PayloadFacts | undefined {
  return deferred.get(outcome);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Reads ids and state from a message/task/result payload of either dialect (1.0 wraps, 0.3 does not). */
export function payloadFacts(key: string, payload: unknown): PayloadFacts {
  let value = payload;
  if (isObject(value) && (key === 'message' || key === 'task') && isObject(value[key]) && !('parts' in value) && !('status' in value)) value = value[key];
  if (!isObject(value)) return {};
  const isTask = key === 'task' || value['kind'] === 'task' || ('status' in value && 'id' in value);
  const status = isObject(value['status']) ? value['status'] : {};
  const facts: PayloadFacts = {};
  const taskId = isTask ? str(value['id']) : str(value['taskId']);
  const contextId = str(value['contextId']);
  const state = str(status['state']);
  if (taskId) facts.taskId = taskId;
  if (contextId) facts.contextId = contextId;
  if (state) facts.state = state;
  return facts;
}

/** Which outcome member holds the agent's payload. */
export function payloadKey(outcome: Record<string, unknown>): string | undefined {
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

/** Puts the payload back as a property parsed on first read, and remembers the facts. */
export function attachDeferredPayload(outcome: Record<string, unknown>, key: string, json: string, facts: PayloadFacts): void {
  Object.defineProperty(outcome, key, {
    configurable: true,
    enumerable: true,
    get(this: Record<string, unknown>) {
      const value: unknown = JSON.parse(json);
      Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      deferred.delete(this);
      return value;
    },
  });
  deferred.set(outcome, facts);
}
