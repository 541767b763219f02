import type { ClientHttp2Session } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { grpcStatusName } from '../../../shared/a2a/a2a-errors';
import type { HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { classifyResult, describePayload, findErrorInfo, type PayloadInfo } from '../../../shared/a2a/outcome';
import { ProtoJsonError } from '../../../shared/a2a/proto-json';
import { normaliseGrpcEndpoint } from '../../../shared/a2a/grpc-endpoint';
import { bareHost, isLoopbackHost } from '../../../shared/http/host-names';
import { CoreError } from '../core-error';
import type { AdapterRun, BindingAdapter } from './adapter';
import { buildHeaders } from './call-headers';
import { GrpcCodec, type DecodedStatus } from './grpc-codec';
import { GrpcSessionPool, grpcCall, type GrpcCallEnd, type GrpcResponseHead, type GrpcStatus } from './grpc-wire';
import type { Connections, GrpcState } from '../connections';
import { TransportError } from './transport-error';
import { RAW_HEAD_BYTES, RAW_TAIL_BYTES } from './sse-consumer';
import { systemRootCertificates } from './tls-trust';

export interface GrpcTarget {
  target: string;
  secure: boolean;
  host: string;
  /** How a bare `host:port` (as cards publish it) was read: said in the record. */
  assumed?: string;
}

/** The core's gRPC sessions, protos and parsed endpoints, made on its first gRPC call. */
function grpcState(connections: Connections): GrpcState {
  connections.grpc ??= { sessions: new GrpcSessionPool(), codec: new GrpcCodec(connections.protoDir), targets: new Map() };
  return connections.grpc;
}

function targetFor(state: GrpcState, endpoint: string): GrpcTarget {
  let target = state.targets.get(endpoint);
  if (!target) {
    target = parseGrpcEndpoint(endpoint);
    if (state.targets.size > 256) state.targets.clear();
    state.targets.set(endpoint, target);
  }
  return target;
}

/**
 * `https://host:port` = TLS with the OS trust store, `http://host:port` = plaintext; a bare
 * `host:port` (the form agent cards publish) is plaintext for a loopback host and TLS otherwise.
 */
export function parseGrpcEndpoint(endpoint: string): GrpcTarget {
  const form = normaliseGrpcEndpoint(endpoint);
  let url: URL;
  try {
    url = new URL(form?.endpoint ?? endpoint.trim());
  } catch {
    throw new CoreError(
      'bad-request',
      `"${endpoint}" is not a gRPC endpoint: write host:port (as agent cards publish it), https://host:port (TLS) or http://host:port (plaintext).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CoreError('bad-request', `gRPC endpoints are https://host:port (TLS) or http://host:port (plaintext), not ${url.protocol}//.`);
  }
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    throw new CoreError(
      'bad-request',
      `A gRPC endpoint is only scheme, host and port: remove "${url.pathname}${url.search}${url.hash}". The method path (/lf.a2a.v1.A2AService/…) is added by Powerduck.`,
    );
  }
  if (url.username || url.password) throw new CoreError('bad-request', 'Credentials in a gRPC endpoint URL are not supported; use the auth settings.');
  const secure = url.protocol === 'https:';
  const port = url.port || (secure ? '443' : '80');
  return { target: `${url.hostname}:${port}`, secure, host: bareHost(url.hostname), ...(form?.assumed ? { assumed: form.assumed } : {}) };
}

// Headers that belong to HTTP/2 or gRPC framing, not to application metadata.
const RESERVED_METADATA = new Set([
  'content-type',
  'content-length',
  'host',
  'te',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'http2-settings',
  'transfer-encoding',
  'accept',
  'user-agent',
  'grpc-timeout',
  'grpc-encoding',
  'grpc-accept-encoding',
  'grpc-status',
  'grpc-message',
]);

/** gRPC metadata keys: lower-case letters, digits, `_ . -` (PROTOCOL-HTTP2.md). */
const METADATA_KEY = /^[0-9a-z_.-]+$/;
/** ASCII-value metadata: printable ASCII only. */
const ASCII_VALUE = /^[\x20-\x7e]*$/;
const BASE64_VALUE = /^[A-Za-z0-9+/]*={0,2}$/;

/** The call's headers as gRPC metadata; what cannot travel as metadata is named in a warning and left out. */
function toMetadata(headers: HeaderList, warnings: string[]): HeaderList {
  const metadata: HeaderList = [];
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (RESERVED_METADATA.has(key) || key.startsWith(':')) {
      warnings.push(`Header "${name}" is managed by HTTP/2 / gRPC and was not sent as metadata.`);
      continue;
    }
    if (!METADATA_KEY.test(key)) {
      warnings.push(`Header "${name}" is not a valid gRPC metadata key (lower-case letters, digits, "_", "." and "-") and was not sent.`);
      continue;
    }
    if (key.endsWith('-bin') ? !BASE64_VALUE.test(value) : !ASCII_VALUE.test(value)) {
      warnings.push(
        key.endsWith('-bin')
          ? `Metadata "${name}" ends in -bin, so its value must be base64; it was not sent.`
          : `The value of metadata "${name}" is not printable ASCII (use a "-bin" key for binary values); it was not sent.`,
      );
      continue;
    }
    metadata.push([key, value]);
  }
  return metadata;
}

function statusDetails(codec: GrpcCodec, status: GrpcStatus): DecodedStatus | undefined {
  if (!status.details) return undefined;
  try {
    return codec.statusDetails(status.details);
  } catch {
    return undefined;
  }
}

/** A new connection (the pooled one, when ready, is taken without this: see perform). */
async function connectSession(run: AdapterRun, target: GrpcTarget): Promise<ClientHttp2Session> {
  const session = await grpcState(run.connections).sessions.connect(target, {
    connectMs: run.timeouts.connectMs,
    signal: run.signal,
    trust: systemRootCertificates,
  });
  run.recorder.timings.connectMs = Math.round((performance.now() - run.recorder.origin) * 1000) / 1000;
  return session;
}

/** Outcome of a call that did not end OK: local stop/timeout/connect failures vs the agent's status. */
function failureOutcome(run: AdapterRun, end: GrpcCallEnd): Outcome {
  if (run.signal.aborted) {
    const reason = run.signal.reason;
    return { kind: 'transport-error', code: reason.code, message: reason.message };
  }
  if (end.kind === 'failed') return { kind: 'transport-error', code: end.error.code, message: end.error.message };
  const decoded = statusDetails(grpcState(run.connections).codec, end.status);
  if (decoded) run.recorder.setResponseText(JSON.stringify(decoded), 0);
  const reason = findErrorInfo(decoded?.details)?.reason;
  const { code, message } = end.status;
  return { kind: 'grpc-error', code, codeName: grpcStatusName(code), message, ...(reason ? { reason } : {}) };
}

/**
 * gRPC binding (A2A §10): the drafted ProtoJSON request becomes a protobuf message of our own
 * proto/; answers are shown as ProtoJSON. Headers travel as metadata (`a2a-version`).
 */
export const grpcAdapter: BindingAdapter = {
  async perform(run: AdapterRun): Promise<Outcome> {
    const { call, recorder } = run;
    if (call.tls)
      throw new CoreError(
        'unsupported',
        'Custom TLS (extra CAs, client certificates, skip-verify) is HTTP-only; gRPC over https:// trusts the operating system certificate store.',
      );
    if (call.proxy) throw new CoreError('unsupported', 'Proxies are HTTP-only; gRPC calls connect directly.');
    if (run.auth.query.length) throw new CoreError('unsupported', 'An API key in the query string is HTTP-only; for gRPC put it in a header (metadata).');
    const state = grpcState(run.connections);
    const target = targetFor(state, call.endpoint);
    if (target.assumed) recorder.warn(target.assumed);
    if (!target.secure && !isLoopbackHost(target.host))
      recorder.warn(`Plaintext gRPC (http://) to ${target.host}, which is not a loopback address: traffic and credentials are not encrypted.`);
    if (call.tenant) recorder.warn('The call tenant is an HTTP+JSON path prefix; for gRPC set "tenant" in the request body.');
    const method = state.codec.method(call.method);
    if (!method) throw new CoreError('bad-request', `${call.method} is not an rpc of lf.a2a.v1.A2AService.`);

    let request: Uint8Array;
    try {
      request = state.codec.encode(method.requestType, call.body);
    } catch (e) {
      if (e instanceof ProtoJsonError)
        throw new CoreError('bad-request', `The body is not a valid ${method.requestType} in ProtoJSON: ${e.message}`, { path: e.path });
      throw e;
    }
    const warnings: string[] = [];
    const headers = buildHeaders(call, [], run.auth.headers, warnings);
    const metadata = toMetadata(headers, warnings);
    for (const w of warnings) recorder.warn(w);
    recorder.setRequest({
      url: `${target.secure ? 'grpcs' : 'grpc'}://${target.target}${method.path}`,
      headers: [],
      metadata,
      bodyText: JSON.stringify(call.body ?? {}),
      bodyBytes: request.length,
    });

    // A pooled session that can take the call is used at once (every call after the first); only
    // a new connection is waited for.
    let session = state.sessions.ready(target);
    if (session) {
      recorder.timings.reusedConnection = true;
    } else {
      try {
        session = await connectSession(run, target);
      } catch (e) {
        const error = e instanceof TransportError ? e : new TransportError('connect', (e as Error).message);
        if (run.streaming && error.code === 'cancelled') return { kind: 'stream', ended: 'stopped', eventCount: 0 };
        return { kind: 'transport-error', code: error.code, message: error.message };
      }
    }
    return method.serverStreaming
      ? runStream(run, session, method.path, method.responseType, request, metadata)
      : runUnary(run, session, method.path, method.responseType, request, metadata);
  },
};

function onHead(run: AdapterRun, head: GrpcResponseHead): void {
  run.answered();
  run.recorder.timings.firstByteMs = Math.round((performance.now() - run.recorder.origin) * 1000) / 1000;
  run.recorder.setResponseHead({ headers: head.headers, ...(head.contentType ? { contentType: head.contentType } : {}) });
}

function recordStatus(run: AdapterRun, end: GrpcCallEnd): void {
  if (end.kind === 'status') run.recorder.setGrpcStatus(end.status.code, grpcStatusName(end.status.code), end.status.trailers);
}

async function runUnary(
  run: AdapterRun,
  session: ClientHttp2Session,
  path: string,
  responseType: string,
  request: Uint8Array,
  metadata: HeaderList,
): Promise<Outcome> {
  const { call, recorder } = run;
  const messages: Buffer[] = [];
  const end = await grpcCall(session, path, metadata, request, {
    signal: run.signal,
    onHead: (head) => onHead(run, head),
    onMessage: (message) => void messages.push(message),
  });
  recordStatus(run, end);
  if (end.kind === 'failed' || end.status.code !== 0) return failureOutcome(run, end);
  if (messages.length !== 1) {
    const wire = Buffer.concat(messages);
    recorder.setResponseText(wire.toString('base64'), wire.length);
    return {
      kind: 'transport-error',
      code: 'protocol',
      message: `A unary ${path.slice(path.lastIndexOf('/') + 1)} must answer exactly one message; the server sent ${messages.length}.`,
    };
  }
  const value = messages[0] as Buffer;
  let json: unknown;
  try {
    json = grpcState(run.connections).codec.decode(responseType, value);
  } catch (e) {
    recorder.setResponseText(value.toString('base64'), value.length);
    return { kind: 'transport-error', code: 'protocol', message: `The response is not a valid ${responseType}: ${(e as Error).message}` };
  }
  recorder.setResponseText(JSON.stringify(json), value.length);
  const classified = classifyResult(call.version, call.method, json);
  for (const w of classified.warnings) recorder.warn(w);
  return classified.outcome;
}

async function runStream(
  run: AdapterRun,
  session: ClientHttp2Session,
  path: string,
  responseType: string,
  request: Uint8Array,
  metadata: HeaderList,
): Promise<Outcome> {
  const { call, recorder } = run;
  const { codec } = grpcState(run.connections);
  recorder.expectEvents();
  let last: PayloadInfo | undefined;
  let lastState: string | undefined;
  let wireBytes = 0;
  // Raw view: the first and last messages as ProtoJSON lines; every message is kept once, as an event.
  const head: string[] = [];
  let headBytes = 0;
  const tail: string[] = [];
  let tailBytes = 0;
  let omitted = false;
  let decodeError: string | undefined;
  const end = await grpcCall(session, path, metadata, request, {
    signal: run.signal,
    onHead: (h) => onHead(run, h),
    onMessage: (chunk) => {
      wireBytes += chunk.length;
      let json: unknown;
      try {
        json = codec.decode(responseType, chunk);
      } catch (e) {
        decodeError = `Stream message #${recorder.eventCount} is not a valid ${responseType} (${(e as Error).message}), so not an A2A gRPC stream message. It began: ${chunk.subarray(0, 32).toString('hex')} (hex, ${chunk.length} bytes).`;
        recorder.addEvent({ event: 'grpc', data: chunk.toString('base64'), raw: chunk.toString('base64'), error: { code: 'protocol', message: decodeError } });
        throw new Error(decodeError);
      }
      const text = JSON.stringify(json);
      if (headBytes < Math.min(recorder.bodyLimit, RAW_HEAD_BYTES)) {
        head.push(text);
        headBytes += text.length + 1;
      } else {
        tail.push(text);
        tailBytes += text.length + 1;
        while (tail.length > 1 && tailBytes - (tail[0] as string).length - 1 >= RAW_TAIL_BYTES) {
          tailBytes -= (tail.shift() as string).length + 1;
          omitted = true;
        }
      }
      const info = describePayload(call.version, json);
      last = info;
      if (info.state) lastState = info.state;
      const event = recorder.eventShell('grpc', json);
      if (info.objectKind) event.objectKind = info.objectKind;
      if (info.state) event.state = info.state;
      if (info.taskId) event.taskId = info.taskId;
      if (info.contextId) event.contextId = info.contextId;
      recorder.pushEvent(event);
      // Backpressure: while the consumer is full, stop reading the HTTP/2 stream (its flow control then holds the agent).
      const full = recorder.sinkReady();
      if (!full) return undefined;
      let off: () => void = () => undefined;
      return Promise.race([full, new Promise<void>((resolve) => (off = run.stop.onAbort(resolve)))]).then(off);
    },
  });
  recordStatus(run, end);
  if (omitted) recorder.setStreamText(head.join('\n'), tail.join('\n'), wireBytes);
  else recorder.setResponseText(head.concat(tail).join('\n'), wireBytes);

  const base = { kind: 'stream' as const, eventCount: recorder.eventCount, ...(lastState ? { lastState } : {}) };
  if (run.stop.aborted) return { ...base, ended: 'stopped' };
  // The agent was reached and sent a message that is not the binding: it answered wrongly.
  if (decodeError) return { ...base, ended: 'error', error: { code: 'protocol', message: decodeError }, wrongEvents: { count: 1, first: decodeError } };
  if (end.kind === 'failed' || end.status.code !== 0) {
    // Nothing streamed yet: the agent refused the call (e.g. subscribing to a terminal task) — a plain gRPC error.
    if (recorder.eventCount === 0) return failureOutcome(run, end);
    if (run.signal.aborted) {
      const reason = run.signal.reason;
      return { ...base, ended: 'error', error: { code: reason.code, message: reason.message } };
    }
    if (end.kind === 'failed') return { ...base, ended: 'error', error: { code: end.error.code, message: end.error.message } };
    const reason = findErrorInfo(statusDetails(codec, end.status)?.details)?.reason;
    return { ...base, ended: 'error', error: { code: grpcStatusName(end.status.code), message: end.status.message, ...(reason ? { reason } : {}) } };
  }
  if (last?.endsStream) return { ...base, ended: 'completed' };
  recorder.warn(
    recorder.eventCount === 0
      ? 'The server ended the stream without sending any message.'
      : `The server ended the stream before a terminal or interrupted state${lastState ? ` (last state ${lastState})` : ''}.`,
  );
  return { ...base, ended: 'closed' };
}
