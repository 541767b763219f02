import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pipeline, type Readable } from 'node:stream';
import * as tls from 'node:tls';
import * as zlib from 'node:zlib';
import type { HeaderList } from '../../../shared/a2a/exchange';
import { bareHost } from '../../../shared/http/host-names';
import type { CallAbort } from './call-abort';
import { systemRootCertificates } from './tls-trust';
import { TransportError } from './transport-error';
import { classifySocketError } from '../socket-errors';

export { TransportError } from './transport-error';

export interface ResolvedTls {
  ca?: string;
  cert?: string;
  key?: string;
  /** PKCS#12 bytes (client certificate and key in one file). */
  pfx?: Buffer;
  passphrase?: string;
  rejectUnauthorized: boolean;
  /** Digest of all of the above, naming the keep-alive pool (see client-tls.ts). */
  poolKey?: string;
}

/** The socket options for these settings (pooled agent and proxy tunnel alike). */
function tlsOptions(settings: ResolvedTls | undefined): tls.ConnectionOptions {
  return {
    ca: [...systemRootCertificates(), ...(settings?.ca ? [settings.ca] : [])],
    ...(settings?.cert ? { cert: settings.cert } : {}),
    ...(settings?.key ? { key: settings.key } : {}),
    ...(settings?.pfx ? { pfx: settings.pfx } : {}),
    ...(settings?.passphrase !== undefined ? { passphrase: settings.passphrase } : {}),
    rejectUnauthorized: settings?.rejectUnauthorized ?? true,
  };
}

export interface HttpSend {
  /** Whose keep-alive connections to use. */
  pool: HttpPool;
  url: URL;
  method: string;
  headers: HeaderList;
  body?: Uint8Array;
  signal: CallAbort;
  connectTimeoutMs: number;
  tls?: ResolvedTls;
  proxy?: URL;
}

export interface HttpOpen {
  /** Where the request went (messages about the answer name its host). */
  url: URL;
  status: number;
  statusText: string;
  headers: HeaderList;
  contentType?: string;
  /** The response body, already decoded when the server used Content-Encoding gzip/deflate/br. */
  body: Readable;
  /** The Content-Encoding that was decoded, if any. */
  decodedEncoding?: string;
  reused: boolean;
  /** performance.now() when the connection was ready (undefined when reused). */
  connectedAt?: number;
  /** performance.now() when the host name was resolved (absent for an IP address or a reused socket). */
  lookupAt?: number;
  /** performance.now() when TCP connected (before any TLS handshake). */
  tcpAt?: number;
  /** performance.now() when the response head arrived. */
  headAt: number;
}

/**
 * One keep-alive pool per TLS configuration: reusing connections is what a client normally does,
 * and the record says when a call reused one (no connect time). Each core owns one (connections.ts).
 */
export class HttpPool {
  readonly #agents = new Map<string, http.Agent>();

  agentFor(url: URL, settings: ResolvedTls | undefined): http.Agent {
    const secure = url.protocol === 'https:';
    const key = secure
      ? `https|${settings?.poolKey ?? `${settings?.ca ?? ''}|${settings?.cert ?? ''}|${settings?.key ? 'k' : ''}|${settings?.rejectUnauthorized ?? true}`}`
      : 'http';
    let agent = this.#agents.get(key);
    if (!agent) {
      agent = secure ? new https.Agent({ keepAlive: true, ...tlsOptions(settings) }) : new http.Agent({ keepAlive: true });
      this.#agents.set(key, agent);
    }
    return agent;
  }

  /** Closes pooled connections (core close, tests). */
  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}

/**
 * Maps a Node socket/TLS/parser error to a stable wire code and a one-line message. `sent`: the
 * connection was up and the request on its way, so a reset is the server closing it before answering
 * (`reset`), not a failure to reach it (`connect`, which means nothing got there).
 */
export function toTransportError(error: unknown, url: URL, sent?: { reused: boolean }): TransportError {
  if (error instanceof TransportError) return error;
  const { kind, code, message } = classifySocketError(error);
  const host = url.host;
  const suffix = code ? ` (${code})` : '';
  switch (kind) {
    case 'dns':
      return new TransportError('dns', `Cannot resolve ${url.hostname}${suffix}.`);
    case 'tls':
      return new TransportError('tls', `TLS with ${host} failed: ${tlsReason(code, message)}${suffix}.`);
    case 'protocol':
      return new TransportError('protocol', `${host} sent a malformed HTTP response: ${message}${suffix}.`);
    case 'connect':
      if (code === 'ECONNREFUSED') return new TransportError('connect', `Connection refused by ${host}: nothing is listening there.`);
      if (sent) {
        // A kept-alive connection the server had already dropped as idle fails the same way; saying so tells a retry from a crash.
        const idle = sent.reused
          ? ' It was a kept-alive connection from an earlier request, which a server may close when idle: sending again opens a new one.'
          : '';
        return new TransportError('reset', `${host} closed the connection after the request was sent, before answering${suffix || ` (${message})`}.${idle}`);
      }
      if (code === 'ECONNRESET' || code === 'EPIPE')
        return new TransportError('connect', `${host} closed the connection before the request could be sent (${code}).`);
      return new TransportError('connect', `Cannot reach ${host}: ${message}${suffix}.`);
  }
}

/**
 * In TLS 1.3 the client finishes its handshake before the server has checked the client
 * certificate, so a server that refuses it often just resets the connection, and the alert saying
 * why is lost. A reset on a fresh connection right after the handshake, when a certificate was
 * presented (or when none was), is named as what it almost always is.
 */
function resetAfterHandshake(error: unknown, url: URL, freshHandshake: boolean, presented: boolean): TransportError | undefined {
  if (!freshHandshake || error instanceof TransportError) return undefined;
  const { code } = classifySocketError(error);
  if (code !== 'ECONNRESET' && code !== 'EPIPE') return undefined;
  const why = presented
    ? 'the server most likely refused the client certificate (it does not trust its issuer)'
    : 'the server most likely requires a client certificate (mutual TLS) and none was given';
  return new TransportError('tls', `TLS with ${url.host} failed: ${why}: it closed the connection right after the TLS handshake, before answering (${code}).`);
}

/** OpenSSL's alert names say what went wrong in mutual TLS; say it in words. */
function tlsReason(code: string, message: string): string {
  if (/CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE/.test(code))
    return `the server requires a client certificate and did not accept the connection without one (${message})`;
  if (/UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED/.test(code)) {
    return `the server refused the client certificate (it does not trust its issuer, or the certificate is not for client use) (${message})`;
  }
  if (/SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code))
    return `the server's certificate is not trusted: its CA is not in the system store (add it as the extra CA) (${message})`;
  return message;
}

function toOutgoingHeaders(list: HeaderList): http.OutgoingHttpHeaders {
  // No prototype: a header row named "constructor" or "__proto__" is a header like any other, not an inherited member.
  const out: http.OutgoingHttpHeaders = Object.create(null) as http.OutgoingHttpHeaders;
  const names = new Map<string, string>(); // lower → first spelling
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    const key = names.get(lower) ?? name;
    names.set(lower, key);
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [String(prev), value];
  }
  return out;
}

export function rawHeaderList(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
}

/** `http://host:port`: how messages name a proxy (it never carries credentials: proxy-settings.ts refuses them). */
function proxyName(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/** A proxy that could not be reached: named as the proxy's failure, not the server's. */
function proxyUnreachable(error: unknown, proxy: URL, target: URL): TransportError {
  const { code, message } = classifySocketError(error);
  const why = code === 'ECONNREFUSED' ? 'nothing is listening there' : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'its name does not resolve' : message;
  return new TransportError('proxy', `Cannot reach the proxy ${proxyName(proxy)}: ${why}${code ? ` (${code})` : ''}. Nothing was sent to ${target.host}.`);
}

/**
 * A proxy's refusal by status: 407 is its own request for credentials (`proxy-auth`: the same every
 * time, as none are sent), anything else a refusal to pass the request on (`proxy`).
 */
export function proxyRefused(proxy: URL, target: URL, status: number, statusText: string | undefined, tunnel: boolean): TransportError {
  const line = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 407)
    return new TransportError(
      'proxy-auth',
      `The proxy ${proxyName(proxy)} asked for authentication (${line}); Powerduck sends no proxy credentials. Nothing was sent to ${target.host}.`,
    );
  return new TransportError(
    'proxy',
    `The proxy ${proxyName(proxy)} refused to ${tunnel ? 'open a tunnel (CONNECT)' : 'forward the request'} to ${target.host}: ${line}. Nothing was sent to ${target.host}.`,
  );
}

async function connectThroughProxy(proxy: URL, target: URL, signal: CallAbort, connectTimeoutMs: number): Promise<Socket> {
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const host = target.hostname.startsWith('[') ? target.hostname : target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
  const req = http.request({ host: bareHost(proxy.hostname), port: proxy.port || 80, method: 'CONNECT', path: `${host}:${port}`, agent: false });
  return await new Promise<Socket>((resolve, reject) => {
    let offAbort: () => void = () => {};
    // The connect timeout covers the tunnel too: a proxy that never answers CONNECT is not reached.
    const timer = setTimeout(() => {
      done();
      req.destroy();
      reject(
        new TransportError(
          'proxy',
          `The proxy ${proxyName(proxy)} did not open a tunnel to ${target.host} within ${connectTimeoutMs} ms. Nothing was sent to ${target.host}.`,
        ),
      );
    }, connectTimeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      offAbort();
    };
    offAbort = signal.onAbort(() => {
      done();
      req.destroy();
      reject(signal.reason);
    });
    req.once('connect', (res, socket) => {
      done();
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve(socket);
      else {
        socket.destroy();
        reject(proxyRefused(proxy, target, status, res.statusMessage, true));
      }
    });
    // A proxy that answers CONNECT with a plain response (no tunnel) ends here too.
    req.once('response', (res) => {
      done();
      res.destroy();
      reject(proxyRefused(proxy, target, res.statusCode ?? 0, res.statusMessage, true));
    });
    req.once('error', (e) => {
      done();
      reject(proxyUnreachable(e, proxy, target));
    });
    req.end();
  });
}

/**
 * What a spent connect budget says: the forward proxy never answered; or (`tcpUp`) the peer took the
 * connection but never finished TLS (a stalled server, or not a TLS port), still a connect timeout;
 * or nothing answered at all.
 */
function connectTimeoutError(send: HttpSend, tcpUp: boolean, tunnelled: boolean): TransportError {
  const { url, connectTimeoutMs } = send;
  const secure = url.protocol === 'https:';
  if (send.proxy && !secure)
    return new TransportError(
      'proxy',
      `Could not connect to the proxy ${proxyName(send.proxy)} within ${connectTimeoutMs} ms. Nothing was sent to ${url.host}.`,
    );
  if (secure && tcpUp)
    return new TransportError(
      'timeout',
      `Connected to ${url.host}${tunnelled ? ' through the proxy' : ''}, but the TLS handshake did not finish within the connect timeout (${connectTimeoutMs} ms).`,
    );
  return new TransportError('timeout', `Could not connect to ${url.host} within ${connectTimeoutMs} ms.`);
}

/**
 * Sends one HTTP request and resolves when the response head arrives. The body is left to the
 * caller (unary read or SSE). Aborting `signal` destroys the connection, whatever the phase.
 */
export async function openHttp(send: HttpSend): Promise<HttpOpen> {
  const { url } = send;
  if (send.signal.aborted) throw send.signal.reason;
  // One connect budget for everything before the request can go out: the proxy's tunnel, TCP, and the TLS handshake.
  const connectDeadline = performance.now() + send.connectTimeoutMs;
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    method: send.method,
    headers: toOutgoingHeaders(send.headers),
    hostname: bareHost(url.hostname),
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
  };
  let tunnel: Socket | undefined;
  /** performance.now() when the proxy's tunnel was open (the TCP phase of a tunnelled connection). */
  let tunnelAt: number | undefined;
  if (send.proxy && !secure) {
    // Plain HTTP through a proxy: absolute-form request line to the proxy (RFC 9112 §3.2.2).
    options.hostname = send.proxy.hostname;
    options.port = send.proxy.port || 80;
    options.path = url.href;
    options.agent = false;
  } else if (send.proxy && secure) {
    tunnel = await connectThroughProxy(send.proxy, url, send.signal, send.connectTimeoutMs);
    tunnelAt = performance.now();
    const socket = tunnel;
    const targetHost = options.hostname as string;
    // No agent at all: Node then uses createConnection (agent:false would make a fresh Agent and ignore it).
    delete options.agent;
    options.createConnection = () =>
      tls.connect({
        socket,
        // The certificate is checked against `host` (else Node would take the tunnel socket's host: the proxy's);
        // SNI names a host, never an address (RFC 6066 §3), as the pooled agent does.
        host: targetHost,
        ...(isIP(targetHost) ? {} : { servername: targetHost }),
        ...tlsOptions(send.tls),
      });
  } else {
    options.agent = send.pool.agentFor(url, send.tls);
  }

  const req = (secure ? https : http).request(options);
  return await new Promise<HttpOpen>((resolve, reject) => {
    let connectedAt: number | undefined;
    let lookupAt: number | undefined;
    let tcpAt: number | undefined;
    let reused = false;
    let settled = false;
    let offAbort: () => void = () => {};
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      offAbort();
      req.destroy();
      tunnel?.destroy();
      const forwardProxy = send.proxy && !secure ? send.proxy : undefined;
      reject(
        send.signal.aborted
          ? send.signal.reason
          : forwardProxy && connectedAt === undefined && !reused && !(error instanceof TransportError)
            ? proxyUnreachable(error, forwardProxy, url)
            : (resetAfterHandshake(error, url, secure && !reused && connectedAt !== undefined, !!(send.tls?.cert || send.tls?.pfx)) ??
              toTransportError(error, url, connectedAt !== undefined || reused ? { reused } : undefined)),
      );
    };
    const connectTimer = setTimeout(
      () => fail(connectTimeoutError(send, tcpAt !== undefined, tunnel !== undefined)),
      // What the tunnel left of the budget (at least a tick: a timer of 0 would still let the socket event run first).
      Math.max(1, connectDeadline - performance.now()),
    );
    offAbort = send.signal.onAbort(() => fail(send.signal.reason));

    req.on('socket', (socket: Socket) => {
      if (req.reusedSocket) {
        reused = true;
        clearTimeout(connectTimer);
        return;
      }
      const ready = (): void => {
        connectedAt = performance.now();
        clearTimeout(connectTimer);
      };
      if (tunnel) {
        // The tunnel is the TCP phase; the TLS handshake inside it is still under the connect timeout.
        tcpAt = tunnelAt;
        socket.once('secureConnect', ready);
        return;
      }
      // Phase marks for the timing view: DNS, then TCP, then (https) the TLS handshake.
      socket.once('lookup', () => {
        lookupAt = performance.now();
      });
      socket.once('connect', () => {
        tcpAt = performance.now();
      });
      if (secure) socket.once('secureConnect', ready);
      else if ((socket as Socket & { connecting?: boolean }).connecting) socket.once('connect', ready);
      else ready();
    });
    req.on('error', fail);
    req.on('response', (res) => {
      if (settled) {
        res.destroy();
        return;
      }
      // Forwarding (plain http://): a 407 is the proxy's own answer (RFC 9110 §15.5.8), never the server's.
      if (send.proxy && !secure && res.statusCode === 407) {
        res.destroy();
        fail(proxyRefused(send.proxy, url, 407, res.statusMessage, false));
        return;
      }
      settled = true;
      clearTimeout(connectTimer);
      const headAt = performance.now();
      const headers = rawHeaderList(res.rawHeaders);
      const contentType = res.headers['content-type'];
      // We never ask for compression, but a server may compress anyway: show what it meant.
      const encoding = String(res.headers['content-encoding'] ?? '')
        .trim()
        .toLowerCase();
      const decoder =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? zlib.createGunzip()
          : encoding === 'deflate'
            ? zlib.createInflate()
            : encoding === 'br'
              ? zlib.createBrotliDecompress()
              : undefined;
      const body: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
      // Later aborts (Stop, total timeout) end the body read.
      offAbort();
      const offBodyAbort = send.signal.onAbort(() => body.destroy(send.signal.reason));
      body.once('close', offBodyAbort);
      resolve({
        url,
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headers,
        ...(contentType ? { contentType } : {}),
        body,
        ...(decoder ? { decodedEncoding: encoding } : {}),
        reused,
        ...(connectedAt !== undefined ? { connectedAt } : {}),
        ...(lookupAt !== undefined ? { lookupAt } : {}),
        ...(tcpAt !== undefined ? { tcpAt } : {}),
        headAt,
      });
    });
    if (send.body && send.body.length) req.end(send.body);
    else req.end();
  });
}

export interface BodyRead {
  /** At most `limit` bytes. */
  bytes: Buffer;
  total: number;
  truncated: boolean;
  /**
   * Why the body ended before its end (the total timeout, Stop, the connection broke): `bytes` is
   * then what arrived until that moment, and the caller records it as an incomplete answer.
   */
  broken?: unknown;
}

/**
 * Reads a whole body, keeping at most `limit` bytes; stops reading (and drops the connection) past it.
 * A failure mid-body does not throw: the bytes that arrived are the answer so far, and a debugger
 * shows them (a stalled server's first bytes are often what explains it).
 */
export async function readBody(res: Readable, limit: number): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (kept < limit) {
        const take = Math.min(chunk.length, limit - kept);
        chunks.push(take === chunk.length ? chunk : chunk.subarray(0, take));
        kept += take;
      }
      if (total > limit) {
        res.destroy();
        return { bytes: Buffer.concat(chunks, kept), total, truncated: true };
      }
    }
  } catch (broken) {
    return { bytes: Buffer.concat(chunks, kept), total, truncated: false, broken };
  }
  return { bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, kept), total, truncated: false };
}

/**
 * What ended a body before its end, said with how much of it arrived: the timeout and Stop keep their
 * own code; anything else is the server (or the network) closing the connection mid-answer (`reset`).
 */
export function incompleteBodyError(broken: unknown, url: URL, received: number): TransportError {
  const got = received === 1 ? '1 byte' : `${received} bytes`;
  const kept = received ? 'what arrived is shown, marked incomplete' : 'the status and headers are shown';
  if (broken instanceof TransportError) {
    if (broken.code === 'cancelled') return new TransportError('cancelled', `Stopped by the user after ${got} of the body had arrived; ${kept}.`);
    if (broken.code === 'timeout') return new TransportError('timeout', `${broken.message} The answer had stopped after ${got} of its body; ${kept}.`);
    return new TransportError(broken.code, `${broken.message} (after ${got} of the body; ${kept})`);
  }
  const { code } = classifySocketError(broken);
  const why = code && code !== 'ECONNRESET' ? ` (${code})` : '';
  return new TransportError('reset', `${url.host} closed the connection after ${got} of the body, before the answer was complete${why}; ${kept}.`);
}
