/**
 * An answer in another binding's shape means the request went to the wrong address for its
 * binding (the JSON-RPC URL called as HTTP+JSON, a web page instead of the agent): a 200 with such a
 * body is not a result, whatever its status says.
 */
import { answerHead, answerStart } from '../http/answer-quote';
import type { Outcome } from './exchange';
import type { Binding } from './versions';
import { isObject } from './payload';

export interface BindingMismatch {
  /** What the answer looks like instead. */
  looksLike: 'jsonrpc-envelope' | 'html';
  message: string;
}

function label(binding: Binding): string {
  return binding === 'JSONRPC' ? 'JSON-RPC' : binding === 'GRPC' ? 'gRPC' : binding;
}

/** A JSON-RPC 2.0 response envelope (`{"jsonrpc":"2.0", "result"|"error", "id"}`). */
export function isJsonRpcEnvelope(value: unknown): boolean {
  return isObject(value) && value['jsonrpc'] === '2.0' && ('result' in value || 'error' in value);
}

export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text.slice(0, 512));
}

/**
 * Checks one HTTP answer against the binding that was called. `parsed` is the JSON body when it
 * parsed. HTML is flagged only on success statuses (an HTML 404 page is an ordinary HTTP error).
 */
export function bindingShapeMismatch(
  binding: Binding,
  answer: { status: number; contentType?: string; text: string; parsed?: unknown },
): BindingMismatch | undefined {
  if (binding === 'HTTP+JSON' && isJsonRpcEnvelope(answer.parsed)) {
    const error = isObject(answer.parsed) && isObject(answer.parsed['error']) ? answer.parsed['error'] : undefined;
    const detail = error ? ` carrying error ${String(error['code'])}${typeof error['message'] === 'string' ? ` "${error['message']}"` : ''}` : '';
    return {
      looksLike: 'jsonrpc-envelope',
      message: `Wrong binding: the answer is a JSON-RPC envelope${detail}, not an HTTP+JSON response. This address speaks JSON-RPC: switch the binding to JSON-RPC, or use the agent's HTTP+JSON address.`,
    };
  }
  const success = answer.status >= 200 && answer.status < 300;
  if (binding !== 'GRPC' && success && answer.parsed === undefined && looksLikeHtml(answer.contentType, answer.text)) {
    return {
      looksLike: 'html',
      message: `Wrong binding: the answer is an HTML page (${answerHead(answer.status, answer.contentType)}), not a ${label(binding)} response. The endpoint is probably a web page or the agent's base URL, not its ${label(binding)} address; the Agent Card lists the right one. It began: ${answerStart(answer.text)}.`,
    };
  }
  return undefined;
}

/**
 * Why one stream event is not the binding, named with its number and first bytes (`why` says what it
 * is instead: "is not JSON (…)", "is JSON but not a JSON-RPC response object"), in the words a body
 * that is not the binding gets, so a stream that goes wrong half-way reads like a unary answer.
 */
export function wrongStreamEvent(binding: Binding, seq: number, why: string, text: string): string {
  return `Stream event #${seq} ${why}, so not an A2A ${label(binding)} stream event. It began: ${answerStart(text)}.`;
}

/**
 * A success status whose body is not JSON: the server was reached and answered, but not in the
 * binding (exit 1 on the CLI, as MCP's not-JSON answer), named with its status, type and first bytes.
 */
export function notJsonAnswer(
  binding: Binding,
  status: number,
  contentType: string | undefined,
  parseError: string,
  text: string,
): Extract<Outcome, { kind: 'transport-error' }> {
  return {
    kind: 'transport-error',
    code: 'not-json',
    message: `The server answered ${answerHead(status, contentType)} with a body that is not JSON (${parseError}), so not an A2A ${label(binding)} response. It began: ${answerStart(text)}. The raw exchange shows all of it.`,
  };
}
