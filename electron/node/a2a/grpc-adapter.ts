import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import * as grpc from '@grpc/grpc-js';
import { grpcStatusName } from '../../../shared/a2a/a2a-errors';
import type { HeaderList, Outcome } from '../../../shared/a2a/exchange';
import { classifyResult, describePayload, findErrorInfo, type PayloadInfo } from '../../../shared/a2a/outcome';
import { ProtoJsonError } from '../../../shared/a2a/proto-json';
import { normaliseGrpcEndpoint } from '../../../shared/a2a/grpc-endpoint';
import { CoreError } from '../core-error';
import type { AdapterRun, BindingAdapter } from './adapter';
import { buildHeaders } from './call-headers';
import { decodeStatusDetails, decodeToProtoJson, encodeProtoJson, grpcMethod, type DecodedStatus } from './grpc-codec';
import { TransportError } from './http-transport';
import { RAW_HEAD_BYTES, RAW_TAIL_BYTES } from './sse-consumer';
import { systemRootCertificates } from './tls-trust';
import { classifySocketError } from '../socket-errors';

interface GrpcTarget {
  target: string;
  secure: boolean;
  host: string;
  /** How a bare `host:port` (as cards publish it) was read: said in the record. */
  assumed?: string;
}

const targets = new Map<string, GrpcTarget>();

/**
 * `https://host:port` = TLS with the OS trust store, `http://host:port` = plaintext; a bare
 * `host:port` (the form agent cards publish) is plaintext for a loopback host and TLS otherwise.
 */
export function parseGrpcEndpoint(endpoint: string): GrpcTarget {
  let target = targets.get(endpoint);
  if (!target) {
    target = parseGrpcEndpointUncached(endpoint);
    if (targets.size > 256) targets.clear();
    targets.set(endpoint, target);
  }
  return target;
}

function parseGrpcEndpointUncached(endpoint: string): GrpcTarget {
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
  return { target: `${url.hostname}:${port}`, secure, host: url.hostname.replace(/^\[|\]$/g, ''), ...(form?.assumed ? { assumed: form.assumed } : {}) };
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

const clients = new Map<string, grpc.Client>();

/**
 * One client (channel) per target. Default channel options on purpose: grpc-js already caps a
 * received message at 4 MiB (a hostile agent gets RESOURCE_EXHAUSTED, not our memory), and
 * default options let the channel share grpc-js' subchannel pool.
 */
function clientFor(target: GrpcTarget): grpc.Client {
  const key = `${target.secure ? 's' : 'p'}|${target.target}`;
  let client = clients.get(key);
  if (!client) {
    const credentials = target.secure ? grpc.credentials.createSsl(Buffer.from(systemRootCertificates().join('\n'))) : grpc.credentials.createInsecure();
    client = new grpc.Client(target.target, credentials);
    clients.set(key, client);
  }
  return client;
}

/** Closes cached gRPC channels (tests, shutdown). */
export function closeGrpcClients(): void {
  for (const client of clients.values()) client.close();
  clients.clear();
}

// Headers that belong to HTTP/2 or gRPC framing, not to application metadata.
const RESERVED_METADATA = new Set([
  'content-type',
  'content-length',
  'host',
  'te',
  'connection',
  'transfer-encoding',
  'accept',
  'user-agent',
  'grpc-timeout',
  'grpc-encoding',
]);

function toMetadata(headers: HeaderList, warnings: string[]): { metadata: grpc.Metadata; recorded: HeaderList } {
  const metadata = new grpc.Metadata();
  const recorded: HeaderList = [];
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (RESERVED_METADATA.has(key) || key.startsWith(':')) {
      warnings.push(`Header "${name}" is managed by HTTP/2 / gRPC and was not sent as metadata.`);
      continue;
    }
    if (key.endsWith('-bin')) metadata.add(key, Buffer.from(value, 'base64'));
    else metadata.add(key, value);
    recorded.push([key, value]);
  }
  return { metadata, recorded };
}

function metadataList(metadata: grpc.Metadata | undefined): HeaderList {
  const out: HeaderList = [];
  if (!metadata) return out;
  const all = metadata.toJSON();
  for (const key in all) for (const v of all[key] ?? []) out.push([key, Buffer.isBuffer(v) ? v.toString('base64') : String(v)]);
  return out;
}

function statusDetails(metadata: grpc.Metadata | undefined): DecodedStatus | undefined {
  const bin = metadata?.get('grpc-status-details-bin')[0];
  if (!bin || !Buffer.isBuffer(bin)) return undefined;
  try {
    return decodeStatusDetails(bin);
  } catch {
    return undefined;
  }
}

const identity = (b: Buffer): Buffer => b;

/** True when the channel is already connected (the call then reuses it: no connect time). */
function channelReady(client: grpc.Client): boolean {
  return client.getChannel().getConnectivityState(true) === grpc.connectivityState.READY;
}

/** grpc-js reports an unknown host as a generic UNAVAILABLE; resolve it first so the user sees a DNS error. */
async function checkResolvable(target: GrpcTarget): Promise<void> {
  if (isIP(target.host) !== 0) return;
  try {
    await lookup(target.host);
  } catch (error) {
    const info = classifySocketError(error);
    if (info.kind === 'dns')
      throw new TransportError('dns', `Cannot resolve ${target.host}${info.code ? ` (${info.code})` : ''}: check the host name in the endpoint.`);
  }
}

async function waitForChannel(client: grpc.Client, run: AdapterRun, target: GrpcTarget): Promise<void> {
  const channel = client.getChannel();
  if (channel.getConnectivityState(false) !== grpc.connectivityState.READY) await checkResolvable(target);
  const deadline = Date.now() + run.timeouts.connectMs;
  const initial = channel.getConnectivityState(true);
  await new Promise<void>((resolve, reject) => {
    if (run.signal.aborted) return reject(run.signal.reason);
    const offAbort = run.signal.onAbort(() => reject(run.signal.reason));
    const fail = (): void => {
      offAbort();
      const state = grpc.connectivityState[channel.getConnectivityState(false)];
      const tlsHint = target.secure ? ' With TLS (https://), the server certificate must chain to a CA in the operating system store.' : '';
      reject(
        new TransportError(
          state === 'TRANSIENT_FAILURE' ? 'connect' : 'timeout',
          state === 'TRANSIENT_FAILURE' && Date.now() < deadline
            ? `Could not open a gRPC${target.secure ? ' (TLS)' : ''} channel to ${target.target}: the connection failed (nothing listening, unknown host or a failed handshake).${tlsHint}`
            : `Could not open a gRPC${target.secure ? ' (TLS)' : ''} channel to ${target.target} within ${run.timeouts.connectMs} ms (channel ${state}).${tlsHint}`,
        ),
      );
    };
    const watch = (current: grpc.connectivityState): void => {
      if (current === grpc.connectivityState.READY) {
        offAbort();
        return resolve();
      }
      // gRPC's default fail-fast rule: a connection attempt that failed during this call is the answer, so a
      // closed port costs milliseconds, not the whole connect timeout. A channel already failing when the call
      // began is still in backoff from an earlier attempt: give it until the deadline to reconnect.
      if (current === grpc.connectivityState.TRANSIENT_FAILURE && initial !== grpc.connectivityState.TRANSIENT_FAILURE) return fail();
      channel.watchConnectivityState(current, deadline, (error) => {
        if (run.signal.aborted) return;
        if (error) return fail();
        watch(channel.getConnectivityState(true));
      });
    };
    watch(initial);
  });
  run.recorder.timings.connectMs = Math.round((performance.now() - run.recorder.origin) * 1000) / 1000;
}

/** Outcome of a failed gRPC call: local stop/timeout/connect failures vs the agent's status. */
function failureOutcome(run: AdapterRun, error: grpc.ServiceError, answered: boolean): Outcome {
  if (run.signal.aborted) {
    const reason = run.signal.reason;
    return { kind: 'transport-error', code: reason.code, message: reason.message };
  }
  if (!answered && error.code === grpc.status.UNAVAILABLE) {
    return { kind: 'transport-error', code: 'connect', message: `gRPC channel unavailable: ${error.details}` };
  }
  const decoded = statusDetails(error.metadata);
  if (decoded) run.recorder.setResponseText(JSON.stringify(decoded), 0);
  const reason = findErrorInfo(decoded?.details)?.reason;
  return { kind: 'grpc-error', code: error.code, codeName: grpcStatusName(error.code), message: error.details, ...(reason ? { reason } : {}) };
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
    const target = parseGrpcEndpoint(call.endpoint);
    if (target.assumed) recorder.warn(target.assumed);
    if (!target.secure && !isLoopback(target.host))
      recorder.warn(`Plaintext gRPC (http://) to ${target.host}, which is not a loopback address: traffic and credentials are not encrypted.`);
    if (call.tenant) recorder.warn('The call tenant is an HTTP+JSON path prefix; for gRPC set "tenant" in the request body.');
    const method = grpcMethod(call.method);
    if (!method) throw new CoreError('bad-request', `${call.method} is not an rpc of lf.a2a.v1.A2AService.`);

    let request: Uint8Array;
    try {
      request = encodeProtoJson(method.requestType, call.body);
    } catch (e) {
      if (e instanceof ProtoJsonError)
        throw new CoreError('bad-request', `The body is not a valid ${method.requestType} in ProtoJSON: ${e.message}`, { path: e.path });
      throw e;
    }
    const warnings: string[] = [];
    const headers = buildHeaders(call, [], run.auth.headers, warnings);
    const { metadata, recorded } = toMetadata(headers, warnings);
    for (const w of warnings) recorder.warn(w);
    recorder.setRequest({
      url: `${target.secure ? 'grpcs' : 'grpc'}://${target.target}${method.path}`,
      headers: [],
      metadata: recorded,
      bodyText: JSON.stringify(call.body ?? {}),
      bodyBytes: request.length,
    });

    const client = clientFor(target);
    try {
      if (channelReady(client)) recorder.timings.reusedConnection = true;
      else await waitForChannel(client, run, target);
    } catch (e) {
      const error = e instanceof TransportError ? e : new TransportError('connect', (e as Error).message);
      if (run.streaming && error.code === 'cancelled') return { kind: 'stream', ended: 'stopped', eventCount: 0 };
      return { kind: 'transport-error', code: error.code, message: error.message };
    }
    const bytes = Buffer.from(request.buffer, request.byteOffset, request.length);
    return method.serverStreaming
      ? runStream(run, client, method.path, method.responseType, bytes, metadata)
      : runUnary(run, client, method.path, method.responseType, bytes, metadata);
  },
};

function onHead(run: AdapterRun, headers: grpc.Metadata): void {
  run.answered();
  run.recorder.timings.firstByteMs = Math.round((performance.now() - run.recorder.origin) * 1000) / 1000;
  const list = metadataList(headers);
  const contentType = list.find(([k]) => k === 'content-type')?.[1];
  run.recorder.setResponseHead({ headers: list, ...(contentType ? { contentType } : {}) });
}

async function runUnary(run: AdapterRun, client: grpc.Client, path: string, responseType: string, request: Buffer, metadata: grpc.Metadata): Promise<Outcome> {
  const { call, recorder } = run;
  let answered = false;
  const result = await new Promise<{ ok: true; value: Buffer } | { ok: false; error: grpc.ServiceError }>((resolve) => {
    const unary = client.makeUnaryRequest(path, identity, identity, request, metadata, {}, (error, value) => {
      offAbort();
      if (error) resolve({ ok: false, error });
      else resolve({ ok: true, value: value ?? Buffer.alloc(0) });
    });
    const offAbort = run.signal.onAbort(() => unary.cancel());
    unary.on('metadata', (headers: grpc.Metadata) => {
      answered = true;
      onHead(run, headers);
    });
    unary.on('status', (status: grpc.StatusObject) => recorder.setGrpcStatus(status.code, grpcStatusName(status.code), metadataList(status.metadata)));
  });
  if (!result.ok) return failureOutcome(run, result.error, answered);
  let json: unknown;
  try {
    json = decodeToProtoJson(responseType, result.value);
  } catch (e) {
    recorder.setResponseText(result.value.toString('base64'), result.value.length);
    return { kind: 'transport-error', code: 'protocol', message: `The response is not a valid ${responseType}: ${(e as Error).message}` };
  }
  recorder.setResponseText(JSON.stringify(json), result.value.length);
  const classified = classifyResult(call.version, call.method, json);
  for (const w of classified.warnings) recorder.warn(w);
  return classified.outcome;
}

async function runStream(run: AdapterRun, client: grpc.Client, path: string, responseType: string, request: Buffer, metadata: grpc.Metadata): Promise<Outcome> {
  const { call, recorder } = run;
  recorder.expectEvents();
  const stream = client.makeServerStreamRequest(path, identity, identity, request, metadata, {});
  const offAbort = run.signal.onAbort(() => stream.cancel());
  let answered = false;
  let last: PayloadInfo | undefined;
  let lastState: string | undefined;
  let wireBytes = 0;
  // Raw view: the first and last messages as ProtoJSON lines; every message is kept once, as an event.
  const head: string[] = [];
  let headBytes = 0;
  const tail: string[] = [];
  let tailBytes = 0;
  let omitted = false;
  stream.on('metadata', (headers: grpc.Metadata) => {
    answered = true;
    onHead(run, headers);
  });
  stream.on('status', (status: grpc.StatusObject) => recorder.setGrpcStatus(status.code, grpcStatusName(status.code), metadataList(status.metadata)));
  let failure: grpc.ServiceError | undefined;
  let decodeError: string | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      wireBytes += chunk.length;
      let json: unknown;
      try {
        json = decodeToProtoJson(responseType, chunk);
      } catch (e) {
        decodeError = `Stream message ${recorder.eventCount} is not a valid ${responseType}: ${(e as Error).message}`;
        recorder.addEvent({ event: 'grpc', data: chunk.toString('base64'), raw: chunk.toString('base64'), error: { code: 'protocol', message: decodeError } });
        stream.cancel();
        break;
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
      // Backpressure: while the consumer is full, stop pulling messages (grpc-js pauses the call).
      const full = recorder.sinkReady();
      if (full) {
        let off: () => void = () => undefined;
        await Promise.race([full, new Promise<void>((resolve) => (off = run.stop.onAbort(resolve)))]);
        off();
        if (run.stop.aborted) break;
      }
    }
  } catch (e) {
    failure = e as grpc.ServiceError;
  } finally {
    offAbort();
  }
  if (omitted) recorder.setStreamText(head.join('\n'), tail.join('\n'), wireBytes);
  else recorder.setResponseText(head.concat(tail).join('\n'), wireBytes);

  const base = { kind: 'stream' as const, eventCount: recorder.eventCount, ...(lastState ? { lastState } : {}) };
  if (run.stop.aborted) return { ...base, ended: 'stopped' };
  if (decodeError) return { ...base, ended: 'error', error: { code: 'protocol', message: decodeError } };
  if (failure) {
    // Nothing streamed yet: the agent refused the call (e.g. subscribing to a terminal task) — a plain gRPC error.
    if (recorder.eventCount === 0) return failureOutcome(run, failure, answered);
    if (run.signal.aborted) {
      const reason = run.signal.reason;
      return { ...base, ended: 'error', error: { code: reason.code, message: reason.message } };
    }
    const reason = findErrorInfo(statusDetails(failure.metadata)?.details)?.reason;
    return { ...base, ended: 'error', error: { code: grpcStatusName(failure.code), message: failure.details, ...(reason ? { reason } : {}) } };
  }
  if (last?.endsStream) return { ...base, ended: 'completed' };
  recorder.warn(
    recorder.eventCount === 0
      ? 'The server ended the stream without sending any message.'
      : `The server ended the stream before a terminal or interrupted state${lastState ? ` (last state ${lastState})` : ''}.`,
  );
  return { ...base, ended: 'closed' };
}
