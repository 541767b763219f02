import { DEFAULT_CALL_TOTAL_MS, durationWords, timeoutProblem, type A2aCall } from '../../../shared/a2a/call';
import { checkCall } from '../../../shared/a2a/call-checks';
import { findMethod } from '../../../shared/a2a/catalogue';
import type { Binding } from '../../../shared/a2a/versions';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { callRedaction } from '../../../shared/a2a/redaction';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import type { BindingAdapter, ResolvedTimeouts } from './adapter';
import { applyAuth, type AppliedAuth } from './auth-apply';
import { callControls } from './call-abort';
import type { Connections } from '../connections';
import { jsonRpcAdapter } from './jsonrpc-adapter';
import { rememberRedaction } from './record-redaction';
import { ExchangeRecorder } from './recorder';
import { restAdapter } from './rest-adapter';

export interface CallDeps {
  secrets: SecretStore;
  environment: Record<string, string | undefined>;
  /** Whose connection pools and protos the call uses (the core's; a test's own). */
  connections: Connections;
  now: () => number;
  /** The data folder (the core's), where the Settings-level proxy is kept. */
  dataDir?: { root: string };
}

export interface CallHooks {
  signal?: AbortSignal;
  /** Called per stream event as it arrives (streaming methods only). */
  onEvent?: (event: RecordedStreamEvent) => void;
  /** Values filled in from secret-backed variables: scrubbed from the record like auth secrets. */
  redactValues?: readonly string[];
  /** Streams: the consumer's backpressure (see HandlerContext.sinkReady). */
  sinkReady?: () => Promise<void> | undefined;
  /**
   * Streams with `onEvent`: false when the receiver keeps the events itself, so the record holds
   * none (`outcome.eventCount` still counts them) and a long stream is not held twice. Default true.
   */
  keepEvents?: boolean;
}

/** Defaults when the call sets none: 10 s to connect; 60 s for a unary call or until a stream answers. */
export const DEFAULT_TIMEOUTS: ResolvedTimeouts = { connectMs: 10_000, totalMs: DEFAULT_CALL_TOTAL_MS };

const NO_AUTH: AppliedAuth = Object.freeze({ headers: [], query: [], redaction: {}, summary: 'none' }) as AppliedAuth;

// gRPC (node:http2 framing, protobufjs and the A2A protos) loads on the first gRPC call: a JSON-RPC or REST call never
// pays for it. The loaded module is kept (a failed load is tried again on the next call).
let grpcAdapterModule: typeof import('./grpc-adapter') | undefined;

const adapters: Record<Binding, BindingAdapter> = {
  JSONRPC: jsonRpcAdapter,
  'HTTP+JSON': restAdapter,
  GRPC: { perform: async (run) => (grpcAdapterModule ??= await import('./grpc-adapter')).grpcAdapter.perform(run) },
};

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const problem = timeoutProblem(`timeouts.${name}`, value);
  if (problem) throw new CoreError('bad-request', problem);
  return value;
}

/**
 * Puts exactly the drafted call on the wire and returns the one exchange record.
 *
 * Refusals (a call that cannot be sent meaningfully: 0.3 over REST/gRPC, a JSON-RPC envelope as a
 * REST/gRPC body, an unusable endpoint, a missing secret) throw a CoreError before anything is
 * sent. Everything the agent or the network answers — errors included — comes back as a record.
 * `hooks.signal` stops the call locally (no remote cancel): a stream then ends as `stopped`.
 */
export async function performCall(call: A2aCall, deps: CallDeps, hooks: CallHooks = {}): Promise<ExchangeRecord> {
  const check = checkCall(call);
  if (check.refusal) throw new CoreError(check.refusal.code, check.refusal.message);
  const info = findMethod(call.version, call.method);
  const streaming = info?.streaming ?? false;
  const timeouts: ResolvedTimeouts = {
    connectMs: positive(call.timeouts?.connectMs, DEFAULT_TIMEOUTS.connectMs, 'connectMs'),
    totalMs: positive(call.timeouts?.totalMs, DEFAULT_TIMEOUTS.totalMs, 'totalMs'),
  };

  const recorder = new ExchangeRecorder(call, deps.now, hooks.onEvent, hooks.sinkReady, hooks.keepEvents ?? true);
  for (const warning of check.warnings) recorder.warn(warning);
  const auth = call.auth && call.auth.type !== 'none' ? await applyAuth(call.auth, deps) : NO_AUTH;
  // The auth's secrets, secret-backed environment values, and any credential typed into a header row or the endpoint itself.
  const authRules = hooks.redactValues?.length ? { ...auth.redaction, values: [...(auth.redaction.values ?? []), ...hooks.redactValues] } : auth.redaction;
  const redaction = callRedaction(call, authRules);
  recorder.setRedaction(redaction);
  if (auth.note) recorder.authNote = auth.note;

  const controls = callControls(
    hooks.signal,
    timeouts.totalMs,
    streaming
      ? `No answer within ${durationWords(timeouts.totalMs)}, the call's timeout.`
      : `The call did not finish within ${durationWords(timeouts.totalMs)}, the call's timeout.`,
  );

  try {
    const outcome = await adapters[call.binding].perform({
      call,
      info,
      streaming,
      recorder,
      auth,
      signal: controls.abort,
      stop: controls.stop,
      timeouts,
      // A stream may run as long as the user wants: the total timeout only covers the wait for an answer.
      answered: (isStream) => {
        if (streaming || isStream) controls.answered();
      },
      secretDeps: deps,
      connections: deps.connections,
      dataRoot: deps.dataDir?.root,
    });
    const record = recorder.finish(outcome);
    rememberRedaction(record, redaction);
    return record;
  } finally {
    controls.release();
  }
}
