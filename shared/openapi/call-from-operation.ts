/**
 * A saved operation back to the call the network core sends. The call keeps auth as a
 * reference; the core resolves it from the secret store or the environment at send time.
 */
import type { A2aCall } from '../a2a/call';
import type { XA2a } from './x-a2a-model';
import { authConfigFromXA2a } from './x-a2a-model';
import { isObject } from '../a2a/payload';

export function callFromXA2a(x: XA2a): A2aCall {
  let method = x.method;
  let body: unknown = x.example;
  if (x.binding === 'JSONRPC' && isObject(x.example)) {
    // The saved example is the whole envelope; the core wants `params` and mints its own id.
    if (typeof x.example['method'] === 'string' && x.example['method'] !== '') method = x.example['method'];
    body = x.example['params'];
  }
  const call: A2aCall = { version: x.version, binding: x.binding, endpoint: x.endpoint, method, body };
  // A body with unquoted {{variables}} is kept as text: the core fills it in and parses it at send time.
  if (x.bodyText !== undefined) call.bodyText = x.bodyText;
  if (x.headers?.length) call.headers = x.headers.map((h) => ({ ...h }));
  if (x.auth) call.auth = authConfigFromXA2a(x.auth);
  if (x.tenant) call.tenant = x.tenant;
  if (x.timeouts) call.timeouts = { ...x.timeouts };
  return call;
}
