import type { Outcome } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import { classifyHttpError, classifyJsonRpcResponse } from '../../../shared/a2a/outcome';
import { bindingShapeMismatch, notJsonAnswer } from '../../../shared/a2a/binding-shape';
import type { AdapterRun, BindingAdapter } from './adapter';
import { buildHeaders } from './call-headers';
import { httpEndpoint, isEventStream, isJsonContentType, parseJson, readAndRecord, sendAndRecord } from './http-call';
import { consumeSse } from './sse-consumer';
import { isObject } from '../../../shared/a2a/payload';

function isJsonRpcEnvelope(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value['jsonrpc'] === '2.0' && ('result' in value || 'error' in value)) return true;
  const error = value['error'];
  return isObject(error) && typeof error['code'] === 'number';
}

/**
 * JSON-RPC binding (A2A §9): POST {jsonrpc, id, method, params} to the endpoint. The id is fresh
 * per call and never the messageId. HTTP 200 carrying `error` is an RPC error.
 */
export const jsonRpcAdapter: BindingAdapter = {
  async perform(run: AdapterRun): Promise<Outcome> {
    const { call, recorder } = run;
    const url = httpEndpoint(call);
    for (const [name, value] of run.auth.query) url.searchParams.append(name, value);
    const rpcId = newUuid();
    const envelope: Record<string, unknown> = { jsonrpc: '2.0', id: rpcId, method: call.method };
    // No body = no params member (JSON-RPC 2.0 §4.2: params MAY be omitted).
    if (call.body !== undefined) envelope['params'] = call.body;
    const headers = buildHeaders(
      call,
      [
        ['Content-Type', 'application/json'],
        ['Accept', run.streaming ? 'text/event-stream' : 'application/json'],
      ],
      run.auth.headers,
      recorder.warnings,
    );
    const opened = await sendAndRecord(run, { url, method: 'POST', headers, bodyText: JSON.stringify(envelope), rpcId });
    if ('failed' in opened) {
      if (run.streaming && opened.error.code === 'cancelled') return { kind: 'stream', ended: 'stopped', eventCount: 0 };
      return opened.failed;
    }

    if (isEventStream(opened.contentType)) {
      if (!run.streaming) recorder.warn(`${call.method} is not a streaming method, but the server answered with an event stream.`);
      if (opened.status !== 200) recorder.warn(`The event stream came with HTTP ${opened.status}.`);
      recorder.expectEvents();
      run.answered(true);
      return consumeSse({
        res: opened.body,
        recorder,
        version: call.version,
        framing: 'jsonrpc',
        sentId: rpcId,
        stop: run.stop,
        ...(call.maxEventBytes ? { maxEventBytes: call.maxEventBytes } : {}),
      });
    }

    const body = await readAndRecord(run, opened);
    if ('failed' in body) return body.failed;
    if (run.streaming)
      recorder.warn(`${call.method} is a streaming method, but the server answered with a single ${opened.contentType ?? 'untyped'} response.`);
    if (body.truncated) {
      return {
        kind: 'transport-error',
        code: 'too-large',
        message: `The response is larger than ${recorder.bodyLimit} bytes; the record keeps the first ${recorder.bodyLimit}.`,
      };
    }
    const parsed = parseJson(body.text);
    const mismatch = bindingShapeMismatch('JSONRPC', {
      status: opened.status,
      ...(opened.contentType ? { contentType: opened.contentType } : {}),
      text: body.text,
      ...(parsed.ok ? { parsed: parsed.value } : {}),
    });
    if (mismatch) {
      recorder.bindingMismatch = mismatch;
      return { kind: 'transport-error', code: 'protocol', message: mismatch.message };
    }
    if (!parsed.ok) {
      if (opened.status < 200 || opened.status >= 300) return classifyHttpError(opened.status, opened.statusText, body.text || undefined);
      return notJsonAnswer('JSONRPC', opened.status, opened.contentType, parsed.message, body.text);
    }
    // A JSON-RPC response: `jsonrpc: "2.0"` with result/error, or at least an error object with a
    // numeric code. `{"error":"no such path"}` on a 404 is a web server's answer, not JSON-RPC.
    const looksRpc = isJsonRpcEnvelope(parsed.value);
    if (opened.status < 200 || opened.status >= 300) {
      if (!looksRpc) return classifyHttpError(opened.status, opened.statusText, parsed.value);
      recorder.warn(`The JSON-RPC response came with HTTP ${opened.status} ${opened.statusText}.`);
    }
    if (!isJsonContentType(opened.contentType)) recorder.warn(`Content-Type is "${opened.contentType ?? '(none)'}", expected application/json.`);
    const classified = classifyJsonRpcResponse(call.version, call.method, parsed.value, rpcId);
    for (const w of classified.warnings) recorder.warn(w);
    return classified.outcome;
  },
};
