import type { HeldParts } from './held-parts';

/** Page → reader (a worker, or the same reader on the page's thread): one unary call to the browser host. */
export interface InvokeRequest {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** An agent-sized answer (a2a.send): a large outcome payload comes back as text (`held`). */
  holdPayload: boolean;
  /** Sent with fetch's `keepalive`, so it still reaches the host when the page is leaving (see web-host.ts). */
  keepalive?: boolean;
}

/**
 * Worker → page. `result` is the Result as parsed; for a large exchange record the outcome's
 * payload is left out of it and sent as text in `held`, which the page puts on the record as its
 * `held.payload` (see held-parts.ts).
 */
export type InvokeReply =
  | { id: number; kind: 'result'; result: unknown; held?: NonNullable<HeldParts['payload']> }
  | { id: number; kind: 'http'; status: number; body: unknown }
  | { id: number; kind: 'failed'; message: string; code: 'connect' | 'not-json' };

/** Replies bigger than this (characters of JSON) have their outcome payload held as text. */
export const deferPayloadChars = 1024 * 1024;
