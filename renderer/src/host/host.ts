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

export type HostStreamEvent<K extends StreamName> = StreamEvent<StreamDataOf<K>, StreamEndOf<K>>;

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
  invoke<K extends OperationName>(op: K, request: RequestOf<K>): Promise<Result<ResponseOf<K>>>;
  stream<K extends StreamName>(op: K, request: StreamRequestOf<K>, onEvent: (event: HostStreamEvent<K>) => void): StreamHandle;
}

export function mintRequestId(): string {
  return globalThis.crypto.randomUUID();
}
