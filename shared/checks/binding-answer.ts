import type { ExchangeRecord } from '../a2a/exchange';
import type { Binding } from '../a2a/versions';
import { isObject, parseJson } from './json-read';

/**
 * Is this answer from the binding at all? A checker that judges a web server's 404 page as an agent
 * breaking fifteen MUST rules helps nobody: when the URL is not an A2A endpoint, say so once.
 * Returns why the answer is not the binding, or undefined when it is (or when another gate decides:
 * no connection, refused credentials).
 */
export function notBindingAnswer(record: ExchangeRecord, binding: Binding): string | undefined {
  const outcome = record.outcome;
  const response = record.response;
  // A body the binding cannot read at all is judged below; no connection is the reachability gate's.
  if (outcome.kind === 'transport-error' && outcome.code !== 'not-json' && outcome.code !== 'protocol') return undefined;
  if (binding === 'GRPC') {
    // UNIMPLEMENTED for GetTask: a gRPC server, but not the A2A service.
    if (outcome.kind === 'grpc-error' && outcome.code === 12)
      return `not an A2A GRPC endpoint: ${outcome.codeName} (${oneLine(outcome.message)}); the server does not offer the A2A service.`;
    return undefined;
  }
  if (!response) return undefined;
  const status = response.status ?? 0;
  // Credentials are judged by their own gate (a wrong token is not a wrong URL).
  if (status === 401 || status === 403 || status === 407) return undefined;
  const where = `not an A2A ${binding} endpoint: HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const contentType = (response.contentType ?? '').toLowerCase();
  const body = parseJson(response.body);
  if (contentType.includes('text/html') || /^\s*<(!doctype|html)/i.test(response.body ?? '')) return `${where}, an HTML page.`;
  if (binding === 'JSONRPC') {
    // An SSE answer is judged by the stream checks; anything else must be a JSON-RPC response object.
    if (contentType.includes('text/event-stream')) return undefined;
    if (isJsonRpcResponse(body)) return undefined;
    return `${where}, ${body === undefined ? 'a body that is not JSON' : 'JSON that is not a JSON-RPC response'}${excerpt(response.body)}.`;
  }
  // HTTP+JSON: success is JSON; an error is a JSON body with an `error` object (google.rpc.Status, A2A §11.6).
  if (status === 405) return `${where}: the route does not take this method.${excerpt(response.body)}`;
  if (status >= 200 && status < 300)
    return body === undefined && (response.body ?? '') !== '' ? `${where}, a body that is not JSON${excerpt(response.body)}.` : undefined;
  if (isObject(body) && isObject(body['error'])) return undefined;
  return `${where}, ${body === undefined ? 'a body that is not JSON' : 'JSON without an A2A error object'}${excerpt(response.body)}.`;
}

export function isJsonRpcResponse(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value['jsonrpc'] === '2.0' && ('result' in value || 'error' in value)) return true;
  // Lenient on a missing `jsonrpc` member, but only for a real error object (code + message).
  const error = value['error'];
  return isObject(error) && typeof error['code'] === 'number';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 120);
}

function excerpt(body: string | undefined): string {
  const text = oneLine(body ?? '');
  return text === '' ? '' : ` (${JSON.stringify(text.length >= 120 ? `${text}…` : text)})`;
}
