import type { StreamEvent, WireError } from '../../../shared/contract/index';

/** Page → worker: open one stream (the worker does the fetch) or drop it. */
export type ToStreamWorker = { type: 'open'; url: string; headers: Record<string, string>; body: string } | { type: 'abort' };

/**
 * Worker → page. Data events come in batches (one message per ~frame). A terminal `end` whose
 * value carries a large `events` array (the exchange record of a long stream) sends that array as
 * JSON text instead: a string crosses threads as one copy, while tens of thousands of cloned
 * objects would be rebuilt on the page's main thread in one long task.
 */
export type FromStreamWorker =
  /**
   * Data events as their NDJSON lines joined into one string (`ends[i]` = end offset of line i):
   * one large string crosses threads as one copy and lives outside the young generation, so a
   * long stream does not make the page's garbage collector copy every payload.
   */
  | { type: 'lines'; text: string; ends: Uint32Array; seqs: Uint32Array }
  | { type: 'end'; event: StreamEvent<unknown, unknown>; eventsJson?: string }
  | { type: 'failed'; error: WireError; status?: number };

/** Above this many recorded events the end record's `events` travel as text. */
export const lazyEventsThreshold = 2000;
