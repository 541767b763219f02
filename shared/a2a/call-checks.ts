/**
 * Checks a drafted call before anything goes on the wire. Refusals are the cases where sending
 * would be meaningless (0.3 over REST/gRPC, a JSON-RPC envelope where a request object belongs,
 * an operation the binding does not have); everything else is sent as written, with warnings.
 */
import type { A2aCall } from './call';
import { findMethod, versionOfMethod } from './catalogue';
import { isA2aVersion, isBinding } from './versions';
import { isObject } from './payload';

export interface CallRefusal {
  code: 'bad-request' | 'unsupported';
  message: string;
}

export interface CallCheck {
  refusal?: CallRefusal;
  warnings: string[];
}

/** True when a body looks like a whole JSON-RPC request (`jsonrpc`, or `params` next to `method`/`id`). */
export function isJsonRpcEnvelope(body: unknown): body is Record<string, unknown> {
  if (!isObject(body)) return false;
  return 'jsonrpc' in body || ('params' in body && ('method' in body || 'id' in body));
}

function envelopeRefusal(call: A2aCall, body: Record<string, unknown>): CallRefusal {
  const inner = isObject(body['params']) ? ` The object inside "params" (keys: ${Object.keys(body['params']).join(', ') || 'none'}) is what belongs here.` : '';
  if (call.binding === 'JSONRPC') {
    return {
      code: 'bad-request',
      message: `The body is a whole JSON-RPC request (jsonrpc/id/method/params). For JSON-RPC the body is only "params": Powerduck builds the envelope with a fresh id and the method you picked.${inner}`,
    };
  }
  const what = call.binding === 'GRPC' ? 'the request message as ProtoJSON' : 'the request object itself';
  return {
    code: 'bad-request',
    message: `The body is a JSON-RPC envelope (jsonrpc/id/method/params), but ${call.binding} takes ${what}, e.g. {"message": {…}} for SendMessage or {"id": "…"} for GetTask.${inner}`,
  };
}

export function checkCall(call: A2aCall): CallCheck {
  const warnings: string[] = [];
  if (!isA2aVersion(call.version))
    return { refusal: { code: 'bad-request', message: `Unknown A2A version ${JSON.stringify(call.version)}; use "1.0" or "0.3".` }, warnings };
  if (!isBinding(call.binding))
    return { refusal: { code: 'bad-request', message: `Unknown binding ${JSON.stringify(call.binding)}; use JSONRPC, HTTP+JSON or GRPC.` }, warnings };
  if (typeof call.method !== 'string' || call.method.trim() === '') return { refusal: { code: 'bad-request', message: 'The call has no method.' }, warnings };
  if (typeof call.endpoint !== 'string' || call.endpoint.trim() === '')
    return { refusal: { code: 'bad-request', message: 'The call has no endpoint URL.' }, warnings };
  if (call.version === '0.3' && call.binding !== 'JSONRPC') {
    return {
      refusal: {
        code: 'unsupported',
        message: `A2A 0.3 is supported over JSON-RPC only. 0.3 over HTTP+JSON and gRPC used a different dialect (v0.3 ProtoJSON, /v1/… routes, gRPC package a2a.v1) that Powerduck does not speak; use the JSONRPC binding for 0.3, or A2A 1.0 for ${call.binding}.`,
      },
      warnings,
    };
  }
  if (isJsonRpcEnvelope(call.body)) return { refusal: envelopeRefusal(call, call.body), warnings };

  const info = findMethod(call.version, call.method);
  if (!info) {
    const other = versionOfMethod(call.method);
    const hint =
      other && other !== call.version
        ? ` "${call.method}" is an A2A ${other} method; the ${call.version} name is "${findMethod(other, call.method)?.counterpart ?? '(none)'}".`
        : '';
    if (call.binding !== 'JSONRPC') {
      return { refusal: { code: 'bad-request', message: `${call.method} is not an A2A ${call.version} operation on ${call.binding}.${hint}` }, warnings };
    }
    warnings.push(`${call.method} is not an A2A ${call.version} method; it was sent as written.${hint}`);
  }
  if (call.binding !== 'JSONRPC' && call.body !== undefined && call.body !== null && !isObject(call.body)) {
    return { refusal: { code: 'bad-request', message: `The ${call.binding} body must be the request object (a JSON object).` }, warnings };
  }
  return { warnings };
}
