import type { A2aCall } from '../../../shared/a2a/call';
import type { HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { CoreError } from '../core-error';
import { schemeHint } from '../../../shared/http/default-scheme';
import type { AdapterRun } from './adapter';
import { resolveClientTls } from './client-tls';
import { incompleteBodyError, openHttp, readBody, TransportError, type BodyRead, type HttpOpen } from './http-transport';
import type { DecodedBody, ExchangeRecorder } from './recorder';
import { chooseProxy, recordedProxyOf } from '../http/proxy-settings';

/** Parses and checks an HTTP(S) endpoint; the call is refused (not sent) when it is unusable. */
export function httpEndpoint(call: A2aCall): URL {
  let url: URL;
  try {
    url = new URL(call.endpoint.trim());
  } catch {
    throw new CoreError('bad-request', `"${call.endpoint}" is not a valid URL (expected http://… or https://…).${schemeHint(call.endpoint)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CoreError('bad-request', `${call.binding} needs an http:// or https:// endpoint, not ${url.protocol}//.${schemeHint(call.endpoint)}`);
  }
  return url;
}

export interface HttpSendInput {
  url: URL;
  method: string;
  headers: HeaderList;
  /** Exact body text (JSON); bytes on the wire are its UTF-8 encoding. */
  bodyText?: string;
  rpcId?: string | number;
}

/**
 * Records the request, sends it, records the response head and timings. Returns the open response,
 * or the transport-error Outcome when nothing came back.
 */
export async function sendAndRecord(run: AdapterRun, input: HttpSendInput): Promise<HttpOpen | { failed: Outcome; error: TransportError }> {
  const body = input.bodyText === undefined ? undefined : Buffer.from(input.bodyText, 'utf8');
  const headers: HeaderList = [['Host', input.url.host], ...input.headers];
  if (body) headers.push(['Content-Length', String(body.length)]);
  // Decided before anything is recorded: a proxy that cannot be used refuses the send.
  const choice = await chooseProxy(run.call, input.url, { environment: run.secretDeps.environment, dataRoot: run.dataRoot });
  const recordedProxy = recordedProxyOf(choice);
  run.recorder.setRequest({
    url: input.url.href,
    httpMethod: input.method,
    headers,
    ...(input.bodyText !== undefined ? { bodyText: input.bodyText } : {}),
    bodyBytes: body?.length ?? 0,
    ...(input.rpcId !== undefined ? { rpcId: input.rpcId } : {}),
    ...(recordedProxy ? { proxy: recordedProxy } : {}),
  });
  const t0 = run.recorder.origin;
  try {
    const tls = await resolveClientTls(run.call.tls, run.secretDeps);
    if (tls && !tls.rejectUnauthorized) run.recorder.warn('TLS certificate checks were switched off for this call (insecureSkipVerify).');
    const proxy = choice.url;
    const open = await openHttp({
      pool: run.connections.http,
      url: input.url,
      method: input.method,
      headers,
      ...(body ? { body } : {}),
      signal: run.signal,
      connectTimeoutMs: run.timeouts.connectMs,
      ...(tls ? { tls } : {}),
      ...(proxy ? { proxy } : {}),
    });
    run.answered();
    if (open.reused) run.recorder.timings.reusedConnection = true;
    if (open.connectedAt !== undefined) run.recorder.timings.connectMs = round(open.connectedAt - t0);
    if (open.lookupAt !== undefined) run.recorder.timings.dnsMs = round(open.lookupAt - t0);
    if (open.tcpAt !== undefined) run.recorder.timings.tcpMs = round(open.tcpAt - t0);
    run.recorder.timings.firstByteMs = round(open.headAt - t0);
    if (open.decodedEncoding)
      run.recorder.warn(
        `The server sent a ${open.decodedEncoding}-encoded body (Content-Encoding); the record shows it decoded, and body sizes are decoded sizes.`,
      );
    run.recorder.setResponseHead({
      status: open.status,
      statusText: open.statusText,
      headers: open.headers,
      ...(open.contentType ? { contentType: open.contentType } : {}),
    });
    return open;
  } catch (e) {
    if (e instanceof CoreError) throw e;
    const error = e instanceof TransportError ? e : new TransportError('connect', (e as Error).message);
    return { failed: { kind: 'transport-error', code: error.code, message: error.message }, error };
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export interface UnaryBody {
  text: string;
  bytes: number;
  truncated: boolean;
}

/**
 * Records what a body read got. A body cut short (the timeout, Stop, the connection closed) is kept
 * as far as it arrived and marked incomplete; `failure` then says why and after how many bytes.
 */
export function recordBodyRead(
  recorder: ExchangeRecorder,
  read: BodyRead,
  url: URL,
  as: { charset?: string | undefined; binary?: boolean } = {},
): { decoded: DecodedBody; failure?: TransportError } {
  const broken = read.broken !== undefined;
  const decoded = recorder.setResponseBody(read.bytes, read.total, read.truncated, broken, as);
  return broken ? { decoded, failure: incompleteBodyError(read.broken, url, read.total) } : { decoded };
}

/** Reads and records a whole (non-stream) response body; a failure mid-body becomes a transport error, the bytes so far kept. */
export async function readAndRecord(run: AdapterRun, open: HttpOpen): Promise<UnaryBody | { failed: Outcome }> {
  const read = await readBody(open.body, run.recorder.bodyLimit);
  const { decoded, failure } = recordBodyRead(run.recorder, read, open.url);
  if (decoded.invalidUtf8) run.recorder.warn('The response body is not valid UTF-8; invalid bytes show as U+FFFD.');
  if (failure) return { failed: { kind: 'transport-error', code: failure.code, message: failure.message } };
  return { text: decoded.text, bytes: read.total, truncated: read.truncated };
}

export function isEventStream(contentType: string | undefined): boolean {
  return /^\s*text\/event-stream\b/i.test(contentType ?? '');
}

export function isJsonContentType(contentType: string | undefined): boolean {
  return /^\s*application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType ?? '');
}

/** Parses JSON text; returns undefined + a reason instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}
