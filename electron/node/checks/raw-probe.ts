import { performance } from 'node:perf_hooks';
import type { ExchangeRecord, HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import { findErrorInfo } from '../../../shared/a2a/outcome';
import { callRedaction, redactHeaders, redactUrl, scrubValues, type RedactionRules } from '../../../shared/a2a/redaction';
import type { A2aVersion, Binding } from '../../../shared/a2a/versions';
import { rememberRedaction } from '../a2a/record-redaction';

/**
 * The few probes that need bytes performCall will not produce (malformed JSON, a broken JSON-RPC
 * envelope) and the card GET. They go out with fetch, and are recorded into the same
 * ExchangeRecord shape, redacted the same way, so they show up as evidence like any other call.
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
}

const bodyLimit = 1024 * 1024;

async function readCapped(response: Response): Promise<{ text: string; bytes: number; truncated: boolean }> {
  if (!response.body) return { text: '', bytes: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > bodyLimit) {
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), bytes, truncated };
}

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

function transportCode(error: unknown): 'timeout' | 'cancelled' | 'connect' {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'AbortError') return 'cancelled';
  return 'connect';
}

export async function rawProbe(request: RawRequest): Promise<ExchangeRecord> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const sentHeaders: HeaderList = Object.entries(request.headers);
  const rules = callRedaction({ endpoint: request.url, headers: sentHeaders.map(([name, value]) => ({ name, value })) }, request.redaction ?? {});
  const record: ExchangeRecord = {
    id: newUuid(),
    startedAt,
    version: request.version,
    binding: request.binding,
    endpoint: request.endpoint,
    method: request.label,
    request: {
      url: redactUrl(request.url, rules),
      httpMethod: request.httpMethod,
      headers: redactHeaders(sentHeaders, rules),
      ...(request.body !== undefined ? { body: scrubValues(request.body, rules) } : {}),
      bodyBytes: request.body === undefined ? 0 : Buffer.byteLength(request.body),
    },
    timings: { totalMs: 0 },
    outcome: { kind: 'transport-error', code: 'connect', message: 'not sent' },
    warnings: [],
  };
  const signals = [AbortSignal.timeout(request.timeoutMs), ...(request.signal ? [request.signal] : [])];
  try {
    const response = await fetch(request.url, {
      method: request.httpMethod,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    });
    const firstByteMs = Math.round(performance.now() - started);
    const { text, bytes, truncated } = await readCapped(response);
    const headers: HeaderList = [...response.headers.entries()];
    const contentType = response.headers.get('content-type') ?? undefined;
    record.response = {
      status: response.status,
      statusText: response.statusText,
      headers: redactHeaders(headers, rules),
      ...(contentType ? { contentType } : {}),
      body: scrubValues(text, rules),
      bodyBytes: bytes,
      ...(truncated ? { truncated: true } : {}),
    };
    record.timings = { firstByteMs, totalMs: Math.round(performance.now() - started) };
    record.outcome = classify(request, response.status, text);
  } catch (error) {
    record.timings = { totalMs: Math.round(performance.now() - started) };
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    record.outcome = { kind: 'transport-error', code: transportCode(error), message: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
  rememberRedaction(record, rules);
  return record;
}
