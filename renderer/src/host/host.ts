import type {
  OperationName,
  RequestOf,
  ResponseOf,
  Result,
  StreamDataOf,
  StreamEndOf,
  StreamEvent,
  StreamName,
  StreamRequestOf,
} from '../../../shared/contract/index';
import type { Delivered } from './held-parts';

/**
 * A stream event as a host delivers it. A data event also offers `readAgain`: whoever keeps a way
 * back to the payload (the timeline's detail pane) keeps that function, never the event. Over the
 * browser host it re-parses the event's NDJSON line on each call, so a long stream stays text on
 * the page; elsewhere it returns the same object.
 */
export type HostStreamEvent<K extends StreamName> =
  | (Extract<StreamEvent<StreamDataOf<K>, never>, { kind: 'data' }> & { readAgain: () => StreamDataOf<K> })
  | Exclude<StreamEvent<never, Delivered<StreamEndOf<K>>>, { kind: 'data' }>;

/** The untyped form the transports work with. */
export type AnyHostStreamEvent =
  { requestId: string; seq: number; kind: 'data'; data: unknown; readAgain: () => unknown } | Exclude<StreamEvent<unknown, unknown>, { kind: 'data' }>;

export interface StreamHandle {
  requestId: string;
  /** Settles (never rejects) once the terminal `end`/`error` event has been delivered. */
  done: Promise<void>;
  /** Local stop: asks the core to abort the stream; the core still sends the terminal event. */
  cancel(): Promise<void>;
}

/**
 * The only door from the page to the core. Everything else in the renderer talks to a Host,
 * so the same UI runs over Electron IPC, the loopback browser host, or a fake in tests.
 */
export interface Host {
  readonly kind: 'ipc' | 'web' | 'fake';
  /** Answers are contract data; a large one may hold parts as text (`held`, see held-parts.ts). */
  invoke<K extends OperationName>(op: K, request: RequestOf<K>): Promise<Result<Delivered<ResponseOf<K>>>>;
  stream<K extends StreamName>(op: K, request: StreamRequestOf<K>, onEvent: (event: HostStreamEvent<K>) => void): StreamHandle;
}

export function mintRequestId(): string {
  return globalThis.crypto.randomUUID();
}
