import type { A2aCall } from '../../../shared/a2a/call';
import type { A2aMethodInfo } from '../../../shared/a2a/catalogue';
import type { Outcome } from '../../../shared/a2a/exchange';
import type { AppliedAuth, SecretDeps } from './auth-apply';
import type { CallAbort } from './call-abort';
import type { ExchangeRecorder } from './recorder';
import type { Connections } from '../connections';

export interface ResolvedTimeouts {
  connectMs: number;
  /** Unary: the whole call. Streams: until the response head / first gRPC metadata. */
  totalMs: number;
}

/** Everything one binding adapter needs to put a call on the wire and classify the answer. */
export interface AdapterRun {
  call: A2aCall;
  /** Catalogue entry (undefined for a custom JSON-RPC method sent as written). */
  info: A2aMethodInfo | undefined;
  /** The method answers with a stream. */
  streaming: boolean;
  recorder: ExchangeRecorder;
  auth: AppliedAuth;
  /** Aborted by Stop or by the timeout; adapters drop the connection when it fires. */
  signal: CallAbort;
  /** Aborted by Stop only: tells "stopped" from "timed out" / "connection lost". */
  stop: CallAbort;
  timeouts: ResolvedTimeouts;
  /**
   * Call when the answer starts (response head / gRPC metadata): a stream's first-byte timeout ends
   * there. `isStream` = the answer turned out to be a stream (e.g. SSE for a method not known to stream).
   */
  answered(isStream?: boolean): void;
  secretDeps: SecretDeps;
  /** The core's connection pools and protos. */
  connections: Connections;
  /** The data folder, where the Settings-level proxy is kept (a call with `proxyFromSettings` reads it). */
  dataRoot?: string | undefined;
}

/** One per binding (JSON-RPC, HTTP+JSON, gRPC); version is data the adapter reads. */
export interface BindingAdapter {
  perform(run: AdapterRun): Promise<Outcome>;
}
