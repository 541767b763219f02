/**
 * Runs unary browser-host calls off the main thread. A 20 MB agent answer arrives as ~40 MB of
 * JSON (the record keeps the raw body and the parsed outcome): parsing that on the page would
 * freeze it, so it is parsed here and its outcome payload travels back as text.
 */
import { payloadFacts, payloadKey } from './held-parts';
import type { InvokeReply, InvokeRequest } from './invoke-worker-protocol';
import { deferPayloadChars } from './invoke-worker-protocol';
import { isObject } from '../../../shared/a2a/payload';

const scope = globalThis as unknown as {
  postMessage(message: InvokeReply): void;
  onmessage: ((message: MessageEvent<InvokeRequest>) => void) | null;
};

async function handle(request: InvokeRequest): Promise<void> {
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  } catch (error) {
    scope.postMessage({ id: request.id, kind: 'failed', code: 'connect', message: `Cannot reach the Powerduck host: ${(error as Error).message}` });
    return;
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    scope.postMessage({ id: request.id, kind: 'failed', code: 'not-json', message: `The host sent a reply that is not JSON: ${(error as Error).message}` });
    return;
  }
  if (!response.ok) {
    scope.postMessage({ id: request.id, kind: 'http', status: response.status, body: parsed });
    return;
  }
  const outcome = isObject(parsed) && parsed['ok'] === true && isObject(parsed['value']) ? parsed['value']['outcome'] : undefined;
  const key = isObject(outcome) ? payloadKey(outcome) : undefined;
  if (text.length > deferPayloadChars && isObject(outcome) && key && key in outcome) {
    const payload = outcome[key];
    delete outcome[key];
    scope.postMessage({ id: request.id, kind: 'result', result: parsed, held: { key, json: JSON.stringify(payload), facts: payloadFacts(key, payload) } });
    return;
  }
  scope.postMessage({ id: request.id, kind: 'result', result: parsed });
}

scope.onmessage = (message) => void handle(message.data);
