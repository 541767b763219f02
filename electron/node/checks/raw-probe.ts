import { isObject } from '../../../shared/a2a/payload';
import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord, HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { findErrorInfo } from '../../../shared/a2a/outcome';
import { callRedaction, type RedactionRules } from '../../../shared/a2a/redaction';
import { CallAbort } from '../a2a/call-abort';
import type { AdapterRun } from '../a2a/adapter';
import { readAndRecord, sendAndRecord } from '../a2a/http-call';
import { TransportError } from '../a2a/http-transport';
import type { CallDeps } from '../a2a/perform-call';
import { ExchangeRecorder } from '../a2a/recorder';
import type { A2aVersion, Binding } from '../../../shared/a2a/versions';
import { rememberRedaction } from '../a2a/record-redaction';

/**
 * The few probes that need bytes performCall will not produce (malformed JSON, a broken JSON-RPC
 * envelope) and the card GET. They go out through the send path's own steps (http-call.ts) and
 * recorder, redacted the same way, so they show up as evidence like any other call.
 */
export interface RawRequest {
  version: A2aVersion;
  binding: Binding;
  /** The interface URL the probe belongs to. */
  endpoint: string;
  url: string;
  httpMethod: 'GET' | 'POST';
  /** A label for the record's method column, e.g. "(malformed JSON)". */
  label: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Literal secrets (the resolved token) to scrub from the record. */
  redaction?: RedactionRules;
  signal?: AbortSignal;
  /** The core's call dependencies: its connections (the probes reuse them like sends do). */
  deps: CallDeps;
}

const bodyLimit = 1024 * 1024;

function classify(request: RawRequest, status: number, text: string): Outcome {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  const obj = isObject(body) ? body : undefined;
  if (request.binding === 'JSONRPC' && obj && typeof obj['error'] === 'object' && obj['error'] !== null) {
    const error = obj['error'] as Record<string, unknown>;
    const reason = findErrorInfo(error['data'])?.reason;
    return {
      kind: 'rpc-error',
      code: typeof error['code'] === 'number' ? error['code'] : Number.NaN,
      message: typeof error['message'] === 'string' ? error['message'] : '',
      ...(error['data'] !== undefined ? { data: error['data'] } : {}),
      ...(reason ? { reason } : {}),
    };
  }
  if (status >= 400) {
    const error = obj && typeof obj['error'] === 'object' && obj['error'] !== null ? (obj['error'] as Record<string, unknown>) : undefined;
    const reason = findErrorInfo(error?.['details'])?.reason;
    return {
      kind: 'http-error',
      status,
      message: typeof error?.['message'] === 'string' ? error['message'] : text.slice(0, 200),
      ...(reason ? { reason } : {}),
      ...(body !== undefined ? { body } : {}),
    };
  }
  if (request.binding === 'JSONRPC' && obj && 'result' in obj) return { kind: 'result', value: obj['result'] };
  return { kind: 'result', value: body ?? text };
}

export async function rawProbe(request: RawRequest): Promise<ExchangeRecord> {
  const url = new URL(request.url);
  // A call with the probe's label as its method; its record keeps at most what a probe reads.
  const call: A2aCall = {
    version: request.version,
    binding: request.binding,
    endpoint: request.endpoint,
    method: request.label,
    body: undefined,
    recordBodyLimit: bodyLimit,
  };
  const recorder = new ExchangeRecorder(call, Date.now);
  const headers: HeaderList = Object.entries(request.headers);
  const rules = callRedaction({ endpoint: request.url, headers: headers.map(([name, value]) => ({ name, value })) }, request.redaction ?? {});
  recorder.setRedaction(rules);
  const abort = new CallAbort();
  const stop = new CallAbort();
  const timer = setTimeout(() => abort.abort(new TransportError('timeout', `No answer within ${request.timeoutMs} ms.`)), request.timeoutMs);
  const onStop = (): void => {
    const reason = new TransportError('cancelled', 'Stopped by the user.');
    stop.abort(reason);
    abort.abort(reason);
  };
  if (request.signal?.aborted) onStop();
  else request.signal?.addEventListener('abort', onStop, { once: true });
  // The send path's own steps (http-call.ts): the same request record, timings, head and body reading.
  const run: AdapterRun = {
    call,
    info: undefined,
    streaming: false,
    recorder,
    auth: { headers: [], query: [], redaction: {}, summary: 'none' },
    signal: abort,
    stop,
    timeouts: { connectMs: request.timeoutMs, totalMs: request.timeoutMs },
    answered: () => undefined,
    secretDeps: request.deps,
    connections: request.deps.connections,
  };
  let outcome: Outcome;
  try {
    const open = await sendAndRecord(run, { url, method: request.httpMethod, headers, ...(request.body !== undefined ? { bodyText: request.body } : {}) });
    if ('failed' in open) outcome = open.failed;
    else {
      const body = await readAndRecord(run, open);
      outcome = 'failed' in body ? body.failed : classify(request, open.status, body.text);
    }
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onStop);
  }
  const record = recorder.finish(outcome);
  rememberRedaction(record, rules);
  return record;
}
