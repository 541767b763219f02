/**
 * Classifies what came back into an Outcome: a Task, a Message, another result, or the error the
 * agent answered (JSON-RPC error, HTTP error with google.rpc.Status, ...). Pure: the adapters
 * hand parsed bodies in, the record holds what comes out.
 */
import { findMethod } from './catalogue';
import { setOwn } from './safe-object';
import type { Outcome } from './exchange';
import { assignPayloadIds, isObject, isTaskShaped, isTerminalOrInterruptedState, oneofMemberKey } from './payload';
import type { A2aVersion } from './versions';

export interface ErrorInfoDetail {
  reason?: string;
  domain?: string;
  metadata?: Record<string, string>;
}

/**
 * Finds google.rpc.ErrorInfo among error details: a JSON-RPC `error.data` array (A2A §9.5), a
 * google.rpc.Status `details` array (§11.6), or a single detail object.
 */
export function findErrorInfo(details: unknown): ErrorInfoDetail | undefined {
  const list = Array.isArray(details) ? details : isObject(details) ? [details] : [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const type = item['@type'];
    if (typeof type === 'string' && !type.endsWith('google.rpc.ErrorInfo')) continue;
    if (typeof item['reason'] !== 'string') continue;
    const info: ErrorInfoDetail = { reason: item['reason'] };
    if (typeof item['domain'] === 'string') info.domain = item['domain'];
    if (isObject(item['metadata'])) {
      const md: Record<string, string> = {};
      for (const [k, v] of Object.entries(item['metadata'])) if (typeof v === 'string') setOwn(md, k, v);
      info.metadata = md;
    }
    return info;
  }
  return undefined;
}

export interface PayloadInfo {
  /** task | message | statusUpdate | artifactUpdate (1.0) or the 0.3 `kind`. */
  objectKind?: string;
  state?: string;
  taskId?: string;
  contextId?: string;
  /** 0.3 status-update `final`. */
  final?: boolean;
  /** The task is in a terminal or interrupted state, or the payload is a Message: a stream may end here. */
  endsStream: boolean;
}

/** Describes one A2A object: a 1.0 StreamResponse/SendMessageResponse wrapper, a bare 1.0 Task, or a 0.3 `kind` object. */
export function describePayload(version: A2aVersion, payload: unknown): PayloadInfo {
  if (!isObject(payload)) return { endsStream: false };
  if (version === '1.0') {
    const member = oneofMemberKey(payload);
    if (member) return describeV1Object(member, payload[member] as Record<string, unknown>);
    if (isTaskShaped(payload)) return describeV1Object('task', payload);
    return { endsStream: false };
  }
  const kind = payload['kind'];
  if (typeof kind !== 'string') return { endsStream: false };
  const info: PayloadInfo = { objectKind: kind, endsStream: false };
  const status = isObject(payload['status']) ? payload['status'] : undefined;
  if (status && typeof status['state'] === 'string') info.state = status['state'];
  assignPayloadIds(info, kind, payload);
  if (typeof payload['final'] === 'boolean') info.final = payload['final'];
  info.endsStream = kind === 'message' || info.final === true || isTerminalOrInterruptedState(info.state);
  return info;
}

function describeV1Object(kind: string, inner: Record<string, unknown>): PayloadInfo {
  const info: PayloadInfo = { objectKind: kind, endsStream: false };
  const status = isObject(inner['status']) ? inner['status'] : undefined;
  if (status && typeof status['state'] === 'string') info.state = status['state'];
  assignPayloadIds(info, kind, inner);
  info.endsStream = kind === 'message' || isTerminalOrInterruptedState(info.state);
  return info;
}

export interface Classified {
  outcome: Outcome;
  warnings: string[];
}

/** Outcome of a successful result (JSON-RPC `result`, REST body, gRPC message as ProtoJSON). */
export function classifyResult(version: A2aVersion, method: string, result: unknown): Classified {
  const warnings: string[] = [];
  const info = findMethod(version, method);
  const responseType = info?.responseType;
  if (version === '1.0') {
    if (responseType === 'SendMessageResponse' || (!info && isObject(result) && (isObject(result['task']) || isObject(result['message'])))) {
      if (isObject(result) && isObject(result['task'])) {
        if (isObject(result['message'])) warnings.push('The result sets both "task" and "message"; SendMessageResponse allows exactly one.');
        return withState({ kind: 'task', task: result['task'] }, result['task'], warnings);
      }
      if (isObject(result) && isObject(result['message'])) return { outcome: { kind: 'message', message: result['message'] }, warnings };
      warnings.push('A SendMessage result must be {"task": …} or {"message": …} (A2A 1.0 wraps it); this one is neither.');
      return { outcome: { kind: 'result', value: result }, warnings };
    }
    if (responseType === 'Task') {
      if (!isObject(result) || typeof result['id'] !== 'string') warnings.push('Expected a Task (with an id) as the result.');
      return isObject(result) ? withState({ kind: 'task', task: result }, result, warnings) : { outcome: { kind: 'result', value: result }, warnings };
    }
    return { outcome: { kind: 'result', value: result }, warnings };
  }
  // 0.3: results are bare objects told apart by `kind`.
  if (isObject(result) && result['kind'] === 'task') return withState({ kind: 'task', task: result }, result, warnings);
  if (isObject(result) && result['kind'] === 'message') return { outcome: { kind: 'message', message: result }, warnings };
  if (responseType === 'TaskOrMessage' || responseType === 'Task') {
    warnings.push(`A 0.3 ${method} result should carry "kind": "task"${responseType === 'TaskOrMessage' ? ' or "message"' : ''}.`);
  }
  return { outcome: { kind: 'result', value: result }, warnings };
}

function withState(outcome: { kind: 'task'; task: unknown }, task: unknown, warnings: string[]): Classified {
  const status = isObject(task) && isObject(task['status']) ? task['status'] : undefined;
  const state = status && typeof status['state'] === 'string' ? status['state'] : undefined;
  return { outcome: state ? { ...outcome, state } : outcome, warnings };
}

export interface JsonRpcErrorParts {
  code: number;
  message: string;
  data?: unknown;
  reason?: string;
}

/** Reads a JSON-RPC `error` member; malformed members are reported, never thrown. */
export function readJsonRpcError(error: unknown, warnings: string[]): JsonRpcErrorParts {
  if (!isObject(error)) {
    warnings.push('The "error" member is not an object.');
    return { code: 0, message: String(error) };
  }
  const code = typeof error['code'] === 'number' && Number.isInteger(error['code']) ? error['code'] : 0;
  if (code === 0) warnings.push('The error has no integer "code".');
  const message = typeof error['message'] === 'string' ? error['message'] : '';
  if (typeof error['message'] !== 'string') warnings.push('The error has no "message" string.');
  const parts: JsonRpcErrorParts = { code, message };
  if ('data' in error) parts.data = error['data'];
  const info = findErrorInfo(error['data']);
  if (info?.reason) parts.reason = info.reason;
  return parts;
}

/**
 * Classifies a parsed JSON-RPC response object. HTTP 200 with `error` is an RPC error, never a
 * success (A2A §9.5); a response whose `id` is not the one sent is flagged.
 */
export function classifyJsonRpcResponse(version: A2aVersion, method: string, response: unknown, sentId: string | number): Classified & { result?: unknown } {
  const warnings: string[] = [];
  if (!isObject(response)) {
    return {
      outcome: {
        kind: 'transport-error',
        code: 'protocol',
        message: `The response is not a JSON-RPC response object (got ${Array.isArray(response) ? 'an array' : typeof response}).`,
      },
      warnings,
    };
  }
  if (response['jsonrpc'] !== '2.0') warnings.push(`"jsonrpc" is ${JSON.stringify(response['jsonrpc'])}, expected "2.0".`);
  checkId(response['id'], sentId, 'error' in response, warnings);
  if ('error' in response && response['error'] !== undefined && response['error'] !== null) {
    if ('result' in response) warnings.push('The response has both "result" and "error" (JSON-RPC 2.0 allows one).');
    const err = readJsonRpcError(response['error'], warnings);
    return { outcome: { kind: 'rpc-error', ...err }, warnings };
  }
  if (!('result' in response)) {
    return { outcome: { kind: 'transport-error', code: 'protocol', message: 'The JSON-RPC response has neither "result" nor "error".' }, warnings };
  }
  const classified = classifyResult(version, method, response['result']);
  return { outcome: classified.outcome, warnings: [...warnings, ...classified.warnings], result: response['result'] };
}

/** Adds a warning when a JSON-RPC response id differs from the id the core sent. */
export function checkId(received: unknown, sentId: string | number, isError: boolean, warnings: string[]): void {
  if (received === sentId) return;
  // JSON-RPC 2.0 §5: `id` is null when the server could not read the request's id (parse error).
  if (received === null && isError) {
    warnings.push(`The error response has "id": null (the server could not read the request id ${JSON.stringify(sentId)}).`);
    return;
  }
  warnings.push(`Response id ${JSON.stringify(received)} does not match the request id ${JSON.stringify(sentId)}.`);
}

/**
 * Outcome of a non-2xx HTTP answer. Reads google.rpc.Status JSON (`{"error": {code, status, message,
 * details}}`, A2A §11.6), a bare Status, or the 0.3-style `{code, message, data}`.
 */
export function classifyHttpError(status: number, statusText: string, body: unknown): Outcome {
  let message = statusText || `HTTP ${status}`;
  let reason: string | undefined;
  const wrapper = isObject(body) && isObject(body['error']) ? body['error'] : isObject(body) ? body : undefined;
  if (wrapper) {
    if (typeof wrapper['message'] === 'string' && wrapper['message']) message = wrapper['message'];
    reason = findErrorInfo(wrapper['details'])?.reason ?? findErrorInfo(wrapper['data'])?.reason;
  } else if (typeof body === 'string' && body.trim()) {
    message = body.trim().slice(0, 200);
  }
  return { kind: 'http-error', status, message, ...(reason ? { reason } : {}), ...(body !== undefined ? { body } : {}) };
}
