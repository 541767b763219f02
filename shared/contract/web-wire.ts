/**
 * The browser host's wire, written once for both ends (electron/web serves it, renderer/src/host
 * speaks it): every contract call is a POST with the session token in a header; a stream answers
 * NDJSON, one contract `StreamEvent` per line, the last one terminal (`end` or `error`).
 */
import type { StreamEvent } from './stream';

/** Header carrying the per-start session token (never a cookie: no ambient authority). */
export const webTokenHeader = 'x-powerduck-token';

/** Every contract route starts here; anything else is a static file. */
export const webApiPrefix = '/api/';

/** `POST {op, request}` → `Result` as JSON. */
export const webInvokePath = '/api/invoke';

/** `POST {op, requestId, request}` → NDJSON of `StreamEvent`s. */
export const webStreamPath = '/api/stream';

export const webStreamContentType = 'application/x-ndjson';

export interface WebInvokeBody {
  op: string;
  request: unknown;
}

export interface WebStreamBody {
  op: string;
  requestId: string;
  request: unknown;
}

/** One line of a stream's NDJSON answer. */
export type WebStreamLine = StreamEvent<unknown, unknown>;
