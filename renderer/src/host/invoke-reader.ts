/**
 * Every unary browser-host call, read one way. An answer can be agent-sized: a 20 MB agent answer
 * arrives as ~40 MB of JSON (the record keeps the raw body and the parsed outcome), and parsing that
 * on the page would freeze it, so the page runs agent-sized calls in a worker (invoke-worker.ts) and
 * their outcome payload travels back as text; other calls (and tests) run this same reader on the
 * page's thread (worker-port.ts).
 */
import { payloadFacts, payloadKey } from './held-parts';
import type { InvokeReply, InvokeRequest } from './invoke-worker-protocol';
import { deferPayloadChars } from './invoke-worker-protocol';
import { isObject } from '../../../shared/a2a/payload';
import type { ReaderIo } from './stream-reader';

/** Answers each request with one reply. */
export function createInvokeReader(io: ReaderIo<InvokeReply>): (request: InvokeRequest) => void {
  return (request) => void handle(io, request);
}

async function handle(io: ReaderIo<InvokeReply>, request: InvokeRequest): Promise<void> {
  let response: Response;
  const init: RequestInit = { method: 'POST', headers: request.headers, body: request.body };
  try {
    // The browser refuses a keepalive request beyond its in-flight budget (64 KiB in all): then it goes as a plain one.
    response = request.keepalive
      ? await io.fetch(request.url, { ...init, keepalive: true }).catch(() => io.fetch(request.url, init))
      : await io.fetch(request.url, init);
  } catch (error) {
    io.post({ id: request.id, kind: 'failed', code: 'connect', message: `Cannot reach the Powerduck host: ${(error as Error).message}` });
    return;
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    io.post({ id: request.id, kind: 'failed', code: 'connect', message: `The connection to the Powerduck host broke: ${(error as Error).message}` });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // A refusal need not be our JSON (a proxy's error page): its status is what counts.
    if (!response.ok) io.post({ id: request.id, kind: 'http', status: response.status, body: undefined });
    else io.post({ id: request.id, kind: 'failed', code: 'not-json', message: `The host sent a reply that is not JSON: ${(error as Error).message}` });
    return;
  }
  if (!response.ok) {
    io.post({ id: request.id, kind: 'http', status: response.status, body: parsed });
    return;
  }
  if (!request.holdPayload) {
    io.post({ id: request.id, kind: 'result', result: parsed });
    return;
  }
  const outcome = isObject(parsed) && parsed['ok'] === true && isObject(parsed['value']) ? parsed['value']['outcome'] : undefined;
  const key = isObject(outcome) ? payloadKey(outcome) : undefined;
  if (text.length > deferPayloadChars && isObject(outcome) && key && key in outcome) {
    const payload = outcome[key];
    delete outcome[key];
    io.post({ id: request.id, kind: 'result', result: parsed, held: { key, json: JSON.stringify(payload), facts: payloadFacts(key, payload) } });
    return;
  }
  io.post({ id: request.id, kind: 'result', result: parsed });
}
