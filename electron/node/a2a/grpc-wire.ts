/**
 * gRPC over HTTP/2 on node:http2 (the wire format of grpc/PROTOCOL-HTTP2.md): one HTTP/2 session
 * per target, each call one stream of POST headers, length-prefixed messages and a status in the
 * trailers (or in a trailers-only answer).
 *
 * Why not @grpc/grpc-js: a debugger owns its wire (the headers and trailers recorded are the ones
 * on the socket, nothing is added or hidden by a channel stack), and grpc-js's per-call machinery
 * (resolver, load balancer, filters, call credentials) cost more than the official SDK's whole
 * unary call: `npm run bench -- core` (b) put our gRPC app path at 1.34–1.44× the SDK client with
 * grpc-js underneath; a bare node:http2 call to the same agent took 60% of a grpc-js call. The
 * test agents still use grpc-js servers, so interop is checked against the field's library.
 */
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import { isIP } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { HeaderList } from '../../../shared/a2a/exchange';
import type { CallAbort } from './call-abort';
import { TransportError } from './transport-error';
import { classifySocketError } from '../socket-errors';

/** Largest message accepted (grpc-js's default too): a hostile agent gets RESOURCE_EXHAUSTED, not our memory. */
export const MAX_RECEIVE_MESSAGE_BYTES = 4 * 1024 * 1024;

/** gRPC status codes used here by name (the full table is in shared/a2a/a2a-errors). */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

export interface WireTarget {
  /** host:port as dialled (IPv6 hosts in brackets). */
  target: string;
  secure: boolean;
  /** Host name without brackets (TLS server name). */
  host: string;
}

export interface GrpcResponseHead {
  /** Response headers without HTTP/2 pseudo-headers (`:status` is `httpStatus`). */
  headers: HeaderList;
  httpStatus: number;
  contentType?: string;
}

export interface GrpcStatus {
  code: number;
  /** grpc-message, percent-decoded. */
  message: string;
  /** Every trailer as received (grpc-status and grpc-message included: a debugger shows the wire). */
  trailers: HeaderList;
  /** grpc-status-details-bin, decoded from base64 (a google.rpc.Status). */
  details?: Buffer;
}

export type GrpcCallEnd =
  /** The call reached a status (from trailers, a trailers-only answer, or derived from HTTP/2 as the gRPC spec says). */
  | { kind: 'status'; status: GrpcStatus; answered: boolean }
  /** The stream broke before a status: cancelled by us, or the connection dropped. */
  | { kind: 'failed'; error: TransportError; answered: boolean };

export interface GrpcCallHooks {
  signal: CallAbort;
  onHead(head: GrpcResponseHead): void;
  /**
   * One complete, decompressed message. A returned promise pauses reading until it settles
   * (backpressure); a throw cancels the call, which then ends `failed` with the thrown message.
   */
  onMessage(message: Buffer): void | Promise<void>;
}

interface Pooled {
  session: ClientHttp2Session;
  active: number;
}

// Per-session bookkeeping (calls in flight, for ref/unref), attached to the session object itself.
const pooledBySession = new WeakMap<ClientHttp2Session, Pooled>();

const keyOf = (target: WireTarget): string => `${target.secure ? 's' : 'p'}|${target.target}`;

/** A connected session to `target` that can take a new stream, if there is one. */
function readySession(pool: Map<string, Pooled>, target: WireTarget): ClientHttp2Session | undefined {
  const pooled = pool.get(keyOf(target));
  if (!pooled) return undefined;
  const { session } = pooled;
  if (session.closed || session.destroyed || session.connecting) return undefined;
  return session;
}

export interface ConnectOptions {
  connectMs: number;
  signal: CallAbort;
  /** PEM roots for TLS targets. */
  trust: () => string[];
}

/** See GrpcSessionPool.connect. */
async function openSession(pool: Map<string, Pooled>, target: WireTarget, options: ConnectOptions): Promise<ClientHttp2Session> {
  const key = keyOf(target);
  pool.get(key)?.session.destroy();
  pool.delete(key);
  const channel = `gRPC${target.secure ? ' (TLS)' : ''} channel to ${target.target}`;
  const tlsHint = target.secure ? ' With TLS (https://), the server certificate must chain to a CA in the operating system store.' : '';
  if (options.signal.aborted) throw options.signal.reason;
  const session = connect(
    `${target.secure ? 'https' : 'http'}://${target.target}`,
    // No SNI for an IP literal (RFC 6066 forbids it; Node warns).
    target.secure ? { ca: options.trust(), ALPNProtocols: ['h2'], servername: isIP(target.host) ? '' : target.host } : {},
  );
  const pooled: Pooled = { session, active: 0 };
  pooledBySession.set(session, pooled);
  // A session error after connecting must never become an unhandled 'error' event; its streams see it.
  const forget = (): void => {
    if (pool.get(key) === pooled) pool.delete(key);
  };
  session.on('error', forget);
  session.on('goaway', forget);
  session.on('close', forget);
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: TransportError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      offAbort();
      session.off('connect', onConnect);
      session.off('error', onError);
      session.off('close', onClose);
      if (!error) return resolve();
      session.destroy();
      reject(error);
    };
    const onConnect = (): void => finish();
    const onError = (error: Error): void => {
      const info = classifySocketError(error);
      if (info.kind === 'dns')
        return finish(new TransportError('dns', `Cannot resolve ${target.host}${info.code ? ` (${info.code})` : ''}: check the host name in the endpoint.`));
      if (info.kind === 'tls') return finish(new TransportError('tls', `Could not open a ${channel}: the TLS handshake failed (${info.message}).${tlsHint}`));
      const reason =
        info.code === 'ECONNREFUSED'
          ? 'nothing is listening there (connection refused)'
          : info.code
            ? `the connection failed (${info.code}: ${info.message})`
            : `the connection failed (${info.message})`;
      finish(new TransportError('connect', `Could not open a ${channel}: ${reason}.${tlsHint}`));
    };
    const onClose = (): void =>
      finish(
        new TransportError(
          'connect',
          `Could not open a ${channel}: the server closed the connection during the HTTP/2 handshake (is it a gRPC endpoint?).${tlsHint}`,
        ),
      );
    const timer = setTimeout(
      () => finish(new TransportError('timeout', `Could not open a ${channel} within ${options.connectMs} ms.${tlsHint}`)),
      options.connectMs,
    );
    const offAbort = options.signal.onAbort(() => finish(options.signal.reason));
    session.once('connect', onConnect);
    session.once('error', onError);
    session.once('close', onClose);
  });
  // Idle sessions never keep a process (the CLI) alive; calls in flight do (see grpcCall).
  session.unref();
  pool.set(key, pooled);
  return session;
}

/**
 * One HTTP/2 session per target, reused by every call to it (as a gRPC channel is). Each core owns
 * one pool (connections.ts), so cores never share connections and closing one closes only its own.
 */
export class GrpcSessionPool {
  readonly #pool = new Map<string, Pooled>();

  /**
   * Opens a new session to `target` in place of any pooled one (callers take `ready(target)` first).
   * Failures are TransportErrors named after their layer: `dns`, `tls`, `connect` (nothing
   * listening, not HTTP/2), `timeout`, or the abort reason.
   */
  connect(target: WireTarget, options: ConnectOptions): Promise<ClientHttp2Session> {
    return openSession(this.#pool, target, options);
  }

  /** The pooled session to `target` when it can take a call now (no promise: the path of every call after the first). */
  ready(target: WireTarget): ClientHttp2Session | undefined {
    return readySession(this.#pool, target);
  }

  /** Closes every pooled session. Calls in flight end as connection failures. */
  close(): void {
    for (const { session } of this.#pool.values()) session.destroy();
    this.#pool.clear();
  }
}

/** gRPC spec: an HTTP status other than 200 without a grpc-status maps to a gRPC code. */
function codeForHttpStatus(status: number): number {
  if (status === 400) return GrpcCode.INTERNAL;
  if (status === 401) return GrpcCode.UNAUTHENTICATED;
  if (status === 403) return GrpcCode.PERMISSION_DENIED;
  if (status === 404) return GrpcCode.UNIMPLEMENTED;
  if (status === 429 || status === 502 || status === 503 || status === 504) return GrpcCode.UNAVAILABLE;
  return GrpcCode.UNKNOWN;
}

/** How grpc-js and the spec read an RST_STREAM that came before any status. */
function codeForReset(rstCode: number): number {
  if (rstCode === constants.NGHTTP2_REFUSED_STREAM) return GrpcCode.UNAVAILABLE;
  if (rstCode === constants.NGHTTP2_CANCEL) return GrpcCode.CANCELLED;
  if (rstCode === constants.NGHTTP2_ENHANCE_YOUR_CALM) return GrpcCode.RESOURCE_EXHAUSTED;
  if (rstCode === constants.NGHTTP2_INADEQUATE_SECURITY) return GrpcCode.PERMISSION_DENIED;
  return GrpcCode.INTERNAL;
}

function headerList(headers: IncomingHttpHeaders): HeaderList {
  const out: HeaderList = [];
  for (const name of Object.keys(headers)) {
    if (name.startsWith(':')) continue;
    const value = headers[name];
    if (Array.isArray(value)) for (const v of value) out.push([name, v]);
    else if (value !== undefined) out.push([name, String(value)]);
  }
  return out;
}

function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function statusFrom(headers: IncomingHttpHeaders): GrpcStatus | undefined {
  const raw = first(headers['grpc-status']);
  if (raw === undefined) return undefined;
  const code = /^\d+$/.test(raw) ? Number(raw) : GrpcCode.UNKNOWN;
  const details = first(headers['grpc-status-details-bin']);
  return {
    code,
    message: percentDecode(first(headers['grpc-message']) ?? ''),
    trailers: headerList(headers),
    ...(details ? { details: Buffer.from(details, 'base64') } : {}),
  };
}

/**
 * Splits the response body into gRPC messages (1 byte compressed flag, 4 bytes big-endian length,
 * the message). Whole messages inside one chunk are sliced without copying.
 */
class MessageReader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(private readonly encoding: string | undefined) {}

  get midMessage(): boolean {
    return this.#pendingBytes > 0;
  }

  /** The complete messages `chunk` finishes; throws a status-shaped error on a bad frame. */
  push(chunk: Buffer): Buffer[] {
    let data = chunk;
    if (this.#pendingBytes > 0) {
      this.#pending.push(chunk);
      data = Buffer.concat(this.#pending, this.#pendingBytes + chunk.length);
      this.#pending = [];
      this.#pendingBytes = 0;
    }
    const out: Buffer[] = [];
    let at = 0;
    while (data.length - at >= 5) {
      const length = data.readUInt32BE(at + 1);
      if (length > MAX_RECEIVE_MESSAGE_BYTES)
        throw new FrameError(GrpcCode.RESOURCE_EXHAUSTED, `Received message larger than max (${length} vs ${MAX_RECEIVE_MESSAGE_BYTES} bytes).`);
      if (data.length - at - 5 < length) break;
      const flag = data[at] as number;
      const body = data.subarray(at + 5, at + 5 + length);
      out.push(flag === 0 ? body : this.#decompress(flag, body));
      at += 5 + length;
    }
    if (at < data.length) {
      const rest = data.subarray(at);
      this.#pending.push(rest);
      this.#pendingBytes = rest.length;
    }
    return out;
  }

  #decompress(flag: number, body: Buffer): Buffer {
    if (flag !== 1) throw new FrameError(GrpcCode.INTERNAL, `A message frame has the invalid compressed flag ${flag}.`);
    const options = { maxOutputLength: MAX_RECEIVE_MESSAGE_BYTES };
    try {
      if (this.encoding === 'gzip') return gunzipSync(body, options);
      if (this.encoding === 'deflate') return inflateSync(body, options);
    } catch (error) {
      throw new FrameError(GrpcCode.INTERNAL, `A ${this.encoding} message could not be decompressed: ${(error as Error).message}`);
    }
    throw new FrameError(
      GrpcCode.INTERNAL,
      this.encoding && this.encoding !== 'identity'
        ? `A message is compressed with "${this.encoding}", which Powerduck did not offer.`
        : 'A message is marked compressed but the response has no grpc-encoding.',
    );
  }
}

class FrameError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const USER_AGENT = 'powerduck-grpc';
/** The headers grpcCall sets itself; metadata never replaces them. */
const CALL_DEFINITION = new Set([':method', ':path', 'content-type', 'te', 'user-agent', 'grpc-accept-encoding']);

/**
 * One call on `session`: sends the headers (`metadata` already validated and lower-cased) and the
 * one request message, delivers the answer's head and messages through `hooks`, and resolves with
 * the call's status once the stream closed. Never rejects.
 */
export function grpcCall(session: ClientHttp2Session, path: string, metadata: HeaderList, message: Uint8Array, hooks: GrpcCallHooks): Promise<GrpcCallEnd> {
  return new Promise<GrpcCallEnd>((resolve) => {
    // The call definition first, then the custom metadata (the order of PROTOCOL-HTTP2.md's
    // Request-Headers; grpc-js sends its metadata first, and servers take either). One literal
    // rather than a store per header: the object has no prototype (a metadata key may be
    // `__proto__`), and storing every header into such an object one by one was the costliest line
    // of grpcCall itself in a profile of npm run bench -- core (b).
    const headers: OutgoingHttpHeaders = {
      __proto__: null,
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
      'user-agent': USER_AGENT,
      'grpc-accept-encoding': 'identity,deflate,gzip',
    } as unknown as OutgoingHttpHeaders;
    for (let i = 0; i < metadata.length; i++) {
      const [name, value] = metadata[i] as [string, string];
      if (CALL_DEFINITION.has(name)) continue; // the call's own headers win, as they always did
      const previous = headers[name];
      headers[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [String(previous), value];
    }
    const frame = Buffer.allocUnsafe(5 + message.length);
    frame[0] = 0;
    frame.writeUInt32BE(message.length, 1);
    frame.set(message, 5);

    const pooled = pooledBySession.get(session);
    if (pooled && pooled.active++ === 0) session.ref();
    let answered = false;
    let status: GrpcStatus | undefined;
    let httpStatus = 0;
    let contentTypeOk = true;
    let reader: MessageReader | undefined;
    let frameError: FrameError | undefined;
    let streamError: Error | undefined;
    let handlerError: Error | undefined;
    let cancelledByUs = false;
    let settled = false;

    let req: ReturnType<ClientHttp2Session['request']>;
    try {
      req = session.request(headers, { endStream: false });
    } catch (error) {
      release();
      const info = classifySocketError(error);
      resolve({ kind: 'failed', error: new TransportError('connect', `The gRPC channel could not start a call: ${info.message}`), answered: false });
      return;
    }
    const offAbort = hooks.signal.onAbort(() => {
      cancelledByUs = true;
      req.close(constants.NGHTTP2_CANCEL);
    });

    req.on('response', (head, flags) => {
      answered = true;
      httpStatus = Number(head[':status'] ?? 0);
      const contentType = first(head['content-type']);
      contentTypeOk = contentType !== undefined && /^application\/grpc(?:[+;]|$)/.test(contentType);
      // Only a 200 application/grpc answer carries gRPC messages; anything else is not read as frames.
      if (httpStatus === 200 && contentTypeOk) reader = new MessageReader(first(head['grpc-encoding']));
      hooks.onHead({ headers: headerList(head), httpStatus, ...(contentType ? { contentType } : {}) });
      // Trailers-only: the status travels in the only HEADERS frame.
      if (flags & constants.NGHTTP2_FLAG_END_STREAM || head['grpc-status'] !== undefined) status = statusFrom(head) ?? status;
    });
    req.on('data', (chunk: Buffer) => {
      if (frameError || handlerError || !reader) return;
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch (error) {
        frameError = error as FrameError;
        req.close(constants.NGHTTP2_CANCEL);
        return;
      }
      for (const m of messages) {
        let wait: void | Promise<void>;
        try {
          wait = hooks.onMessage(m);
        } catch (error) {
          // The caller refused a message (it does not decode): stop the call here.
          handlerError = error as Error;
          req.close(constants.NGHTTP2_CANCEL);
          return;
        }
        if (wait) {
          req.pause();
          void wait.then(
            () => req.resume(),
            () => req.resume(),
          );
        }
      }
    });
    req.on('trailers', (trailers) => {
      status = statusFrom(trailers) ?? {
        code: GrpcCode.INTERNAL,
        message: 'The server sent trailers without a grpc-status.',
        trailers: headerList(trailers),
      };
    });
    req.on('error', (error) => {
      streamError = error;
    });
    // Once the answer's body has ended after a status, the call's outcome is known: it resolves here
    // rather than on 'close', which Node emits some ticks later (about 20 µs of every unary call on
    // loopback, npm run bench -- core (b)). 'close' still gives the stream back to the pool.
    req.on('end', () => {
      if (settled || !status || cancelledByUs || handlerError || frameError) return;
      if (status.code === GrpcCode.OK && reader?.midMessage) return; // 'close' reports the cut message
      settled = true;
      offAbort();
      resolve({ kind: 'status', status, answered });
    });
    req.on('close', () => {
      offAbort();
      release();
      if (settled) return;
      settled = true;
      if (cancelledByUs) return resolve({ kind: 'failed', error: hooks.signal.reason, answered });
      if (handlerError) return resolve({ kind: 'failed', error: new TransportError('protocol', handlerError.message), answered });
      if (frameError)
        return resolve({ kind: 'status', status: { code: frameError.code, message: frameError.message, trailers: status?.trailers ?? [] }, answered });
      if (status) {
        if (status.code === GrpcCode.OK && reader?.midMessage)
          return resolve({ kind: 'status', status: { ...status, code: GrpcCode.INTERNAL, message: 'The stream ended in the middle of a message.' }, answered });
        return resolve({ kind: 'status', status, answered });
      }
      if (answered && httpStatus !== 200)
        return resolve({
          kind: 'status',
          status: { code: codeForHttpStatus(httpStatus), message: `The server answered HTTP ${httpStatus} without a gRPC status.`, trailers: [] },
          answered,
        });
      if (answered && !contentTypeOk)
        return resolve({
          kind: 'status',
          status: { code: GrpcCode.UNKNOWN, message: 'The answer is not application/grpc (is this a gRPC endpoint?).', trailers: [] },
          answered,
        });
      if (req.rstCode !== undefined && req.rstCode !== constants.NGHTTP2_NO_ERROR) {
        const code = codeForReset(req.rstCode);
        if (!answered)
          return resolve({
            kind: 'failed',
            // REFUSED_STREAM promises the server did nothing with it (RFC 9113 §8.7): as if never sent. Any other reset came after the request.
            error: new TransportError(
              code === GrpcCode.UNAVAILABLE ? 'connect' : 'reset',
              code === GrpcCode.UNAVAILABLE
                ? 'The server refused the stream (REFUSED_STREAM) before answering.'
                : `The gRPC call got no answer: the stream was reset (HTTP/2 error code ${req.rstCode}) before any response. Is this a gRPC (HTTP/2) endpoint?`,
            ),
            answered,
          });
        return resolve({
          kind: 'status',
          status: { code, message: `The server reset the stream (HTTP/2 error code ${req.rstCode}).`, trailers: [] },
          answered,
        });
      }
      if (!answered) {
        const reason = streamError ? classifySocketError(streamError).message : 'the connection closed';
        return resolve({ kind: 'failed', error: new TransportError('reset', `The gRPC call got no answer: ${reason}.`), answered });
      }
      const cut = reader?.midMessage ? ' in the middle of a message' : '';
      resolve({
        kind: 'status',
        status: { code: GrpcCode.INTERNAL, message: `The server ended the call${cut} without a grpc-status.`, trailers: [] },
        answered,
      });
    });
    req.end(frame);

    function release(): void {
      if (pooled && --pooled.active === 0 && !session.destroyed) session.unref();
    }
  });
}
