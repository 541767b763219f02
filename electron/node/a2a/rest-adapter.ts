import type { Outcome } from '../../../shared/a2a/exchange';
import { classifyHttpError, classifyResult } from '../../../shared/a2a/outcome';
import { bindingShapeMismatch, notJsonAnswer } from '../../../shared/a2a/binding-shape';
import { buildRestRequest, joinRestUrl } from '../../../shared/a2a/rest-routes';
import { CoreError } from '../core-error';
import type { AdapterRun, BindingAdapter } from './adapter';
import { buildHeaders } from './call-headers';
import { httpEndpoint, isEventStream, isJsonContentType, parseJson, readAndRecord, sendAndRecord } from './http-call';
import type { HttpOpen } from './http-transport';
import { consumeSse } from './sse-consumer';

/**
 * HTTP+JSON binding (A2A §11): the route table decides verb, path and query; POST bodies are the
 * request object minus path-bound fields. Error bodies are read as google.rpc.Status.
 */
export const restAdapter: BindingAdapter = {
  async perform(run: AdapterRun): Promise<Outcome> {
    const { call, recorder } = run;
    const built = buildRestRequest(call.method, call.body, call.tenant ? { tenant: call.tenant } : {});
    if (!built.ok) throw new CoreError('bad-request', built.message);
    const req = built.request;
    for (const w of req.warnings) recorder.warn(w);
    const endpoint = httpEndpoint(call);
    const url = new URL(joinRestUrl(endpoint.href, req.path, [...req.query, ...run.auth.query]));
    const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers = buildHeaders(
      call,
      [
        ...(bodyText !== undefined ? ([['Content-Type', 'application/a2a+json']] as Array<[string, string]>) : []),
        ['Accept', run.streaming ? 'text/event-stream' : 'application/a2a+json, application/json'],
      ],
      run.auth.headers,
      recorder.warnings,
    );

    let opened = await sendAndRecord(run, { url, method: req.httpMethod, headers, ...(bodyText !== undefined ? { bodyText } : {}) });
    // SubscribeToTask: spec says POST, the proto says GET (A2A issue #1574). Retry once with the other verb.
    if (!('failed' in opened) && opened.status === 405 && req.route.fallbackOn405) {
      await drain(opened);
      recorder.warn(
        `${req.httpMethod} ${req.path} answered 405 Method Not Allowed; retried with ${req.route.fallbackOn405} (the spec text and the proto disagree on this verb).`,
      );
      opened = await sendAndRecord(run, { url, method: req.route.fallbackOn405, headers });
    }
    if ('failed' in opened) {
      if (run.streaming && opened.error.code === 'cancelled') return { kind: 'stream', ended: 'stopped', eventCount: 0 };
      return opened.failed;
    }

    if (isEventStream(opened.contentType) && opened.status >= 200 && opened.status < 300) {
      if (!run.streaming) recorder.warn(`${call.method} is not a streaming method, but the server answered with an event stream.`);
      recorder.expectEvents();
      run.answered(true);
      return consumeSse({
        res: opened.body,
        recorder,
        version: call.version,
        framing: 'rest',
        stop: run.stop,
        ...(call.maxEventBytes ? { maxEventBytes: call.maxEventBytes } : {}),
      });
    }

    const body = await readAndRecord(run, opened);
    if ('failed' in body) return body.failed;
    if (run.streaming && opened.status >= 200 && opened.status < 300) {
      recorder.warn(`${call.method} is a streaming method, but the server answered with a single ${opened.contentType ?? 'untyped'} response.`);
    }
    if (body.truncated) {
      return {
        kind: 'transport-error',
        code: 'too-large',
        message: `The response is larger than ${recorder.bodyLimit} bytes; the record keeps the first ${recorder.bodyLimit}.`,
      };
    }
    const empty = body.text.trim() === '';
    const parsed = empty ? undefined : parseJson(body.text);
    const mismatch = bindingShapeMismatch('HTTP+JSON', {
      status: opened.status,
      ...(opened.contentType ? { contentType: opened.contentType } : {}),
      text: body.text,
      ...(parsed?.ok ? { parsed: parsed.value } : {}),
    });
    if (mismatch) {
      recorder.bindingMismatch = mismatch;
      return { kind: 'transport-error', code: 'protocol', message: mismatch.message };
    }
    if (opened.status < 200 || opened.status >= 300) {
      return classifyHttpError(opened.status, opened.statusText, parsed?.ok ? parsed.value : empty ? undefined : body.text);
    }
    if (empty) {
      // DeleteTaskPushNotificationConfig answers 204 with no body (google.protobuf.Empty).
      return classifyResult(call.version, call.method, {}).outcome;
    }
    if (!parsed?.ok) return notJsonAnswer('HTTP+JSON', opened.status, opened.contentType, parsed?.message ?? '', body.text);
    if (!isJsonContentType(opened.contentType))
      recorder.warn(`Content-Type is "${opened.contentType ?? '(none)'}", expected application/a2a+json or application/json.`);
    const classified = classifyResult(call.version, call.method, parsed.value);
    for (const w of classified.warnings) recorder.warn(w);
    return classified.outcome;
  },
};

async function drain(open: HttpOpen): Promise<void> {
  try {
    for await (const _chunk of open.body) {
      // discard
    }
  } catch {
    // the retry does not depend on this body
  }
}
