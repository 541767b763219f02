import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord, HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { findErrorInfo } from '../../../shared/a2a/outcome';
import { callRedaction, type RedactionRules } from '../../../shared/a2a/redaction';
import { CallAbort } from '../a2a/call-abort';
import { openHttp, readBody, TransportError } from '../a2a/http-transport';
import { ExchangeRecorder } from '../a2a/recorder';
import type { Connections } from '../connections';
import type { A2aVersion, Binding } from '../../../shared/a2a/versions';
import { rememberRedaction } from '../a2a/record-redaction';

/**
 * The few probes that need bytes performCall will not produce (malformed JSON, a broken JSON-RPC
 * envelope) and the card GET. They go out through the same HTTP stack and recorder as every send
 * (http-transport.ts, recorder.ts), redacted the same way, so they show up as evidence like any other call.
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
  /** The core's connections (the probes reuse them like sends do). */
  connections: Connections;
}

const bodyLimit = 1024 * 1024;

function classify(request: RawRequest, status: number, text: string): Outcome {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  const obj = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
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
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const headers: HeaderList = [['Host', url.host], ...Object.entries(request.headers)];
  if (body) headers.push(['Content-Length', String(body.length)]);
  const call: A2aCall = { version: request.version, binding: request.binding, endpoint: request.endpoint, method: request.label, body: undefined };
  const recorder = new ExchangeRecorder(call, Date.now);
  const rules = callRedaction({ endpoint: request.url, headers: headers.map(([name, value]) => ({ name, value })) }, request.redaction ?? {});
  recorder.setRedaction(rules);
  recorder.setRequest({
    url: url.href,
    httpMethod: request.httpMethod,
    headers,
    ...(request.body !== undefined ? { bodyText: request.body } : {}),
    bodyBytes: body?.length ?? 0,
  });
  const abort = new CallAbort();
  const timer = setTimeout(() => abort.abort(new TransportError('timeout', `No answer within ${request.timeoutMs} ms.`)), request.timeoutMs);
  const onStop = (): void => abort.abort(new TransportError('cancelled', 'Stopped by the user.'));
  if (request.signal?.aborted) onStop();
  else request.signal?.addEventListener('abort', onStop, { once: true });
  let outcome: Outcome;
  try {
    const open = await openHttp({
      pool: request.connections.http,
      url,
      method: request.httpMethod,
      headers,
      ...(body ? { body } : {}),
      signal: abort,
      connectTimeoutMs: request.timeoutMs,
    });
    recorder.timings.firstByteMs = Math.round(open.headAt - recorder.origin);
    recorder.setResponseHead({
      status: open.status,
      statusText: open.statusText,
      headers: open.headers,
      ...(open.contentType ? { contentType: open.contentType } : {}),
    });
    const read = await readBody(open.body, bodyLimit);
    const { text } = recorder.setResponseBody(read.bytes, read.total, read.truncated);
    outcome = classify(request, open.status, text);
  } catch (e) {
    const error = e instanceof TransportError ? e : new TransportError('connect', (e as Error).message);
    outcome = { kind: 'transport-error', code: error.code, message: error.message };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onStop);
  }
  const record = recorder.finish(outcome);
  rememberRedaction(record, rules);
  return record;
}
