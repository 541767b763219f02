import type { WireError } from './result';

/**
 * Every stream is identified by a caller-minted requestId, numbered from 0, and ends with
 * exactly one terminal event (`end` or `error`). Subscribing happens before dispatch, so the
 * first event can never be lost.
 */
export type StreamEvent<TData, TEnd> =
  | { requestId: string; seq: number; kind: 'data'; data: TData }
  | { requestId: string; seq: number; kind: 'end'; value: TEnd }
  | { requestId: string; seq: number; kind: 'error'; error: WireError };

export function isTerminal(event: { kind: string }): boolean {
  return event.kind === 'end' || event.kind === 'error';
}
