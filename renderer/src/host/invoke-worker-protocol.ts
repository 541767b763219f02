/** Page → worker: one unary call to the browser host. */
export interface InvokeRequest {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Worker → page. `result` is the Result as parsed; for a large exchange record the outcome's
 * payload is left out of it and sent as `payloadJson` (see deferred-payload.ts).
 */
export type InvokeReply =
  | { id: number; kind: 'result'; result: unknown; deferred?: { key: string; json: string; facts: import('./deferred-payload').PayloadFacts } }
  | { id: number; kind: 'http'; status: number; body: unknown }
  | { id: number; kind: 'failed'; message: string; code: 'connect' | 'not-json' };

/** Replies bigger than this (characters of JSON) have their outcome payload deferred. */
export const deferPayloadChars = 1024 * 1024;
