import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Duplex, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { HeaderList } from '../../../shared/a2a/exchange';
import { CoreError } from '../core-error';
import { classifySocketError } from '../socket-errors';

export interface SafeGetOptions {
  url: URL;
  /** Sent as given; the caller decides, and never passes credentials here. */
  headers: Record<string, string>;
  /** Cap on decoded body bytes; the transfer is aborted as soon as it is passed. */
  maxBytes: number;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  signal?: AbortSignal;
}

export interface SafeGetResponse {
  status: number;
  statusText: string;
  headers: HeaderList;
  requestHeaders: HeaderList;
  body: Buffer;
  bytes: number;
  wireBytes: number;
  contentType?: string;
  contentEncoding?: string;
  timings: { connectMs?: number; firstByteMs?: number; totalMs: number };
}

const errorBodyLimit = 8 * 1024;

/**
 * One GET with the guarantees card discovery needs: no redirects followed (a 3xx is an error that
 * carries `Location`), no connection reuse, no cookies or client certificates, a decoded-size cap
 * enforced while streaming (gzip/deflate/br included), and separate connect and total deadlines.
 */
export async function safeGet(options: SafeGetOptions): Promise<SafeGetResponse> {
  const { url } = options;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const transport = url.protocol === 'https:' ? https : http;
  const requestHeaders: HeaderList = Object.entries(options.headers);

  return new Promise<SafeGetResponse>((resolve, reject) => {
    let settled = false;
    let connectMs: number | undefined;
    let firstByteMs: number | undefined;
    const streams: Array<Readable | Duplex> = [];
    const timers: NodeJS.Timeout[] = [];

    const finish = (error: unknown, value?: SafeGetResponse): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      for (const stream of streams) stream.destroy();
      request.destroy();
      if (error) reject(toCoreError(error, url));
      else resolve(value as SafeGetResponse);
    };
    const onAbort = (): void => finish(new CoreError('cancelled', 'The card fetch was stopped.'));

    // agent:false = a fresh connection that is closed afterwards; nothing is shared with other calls.
    const request = transport.request(url, { method: 'GET', headers: options.headers, agent: false });
    timers.push(
      setTimeout(() => {
        if (connectMs === undefined) {
          finish(
            new CoreError(
              'timeout',
              `Could not connect to ${url.host} within ${options.connectTimeoutMs} ms. Check that the agent is running and reachable, or raise the connect timeout.`,
              { phase: 'connect', timeoutMs: options.connectTimeoutMs },
            ),
          );
        }
      }, options.connectTimeoutMs),
      setTimeout(() => {
        finish(
          new CoreError(
            'timeout',
            `The card did not arrive within ${options.totalTimeoutMs} ms. The server is slow or stalled; retry or raise the total timeout.`,
            { phase: 'total', timeoutMs: options.totalTimeoutMs },
          ),
        );
      }, options.totalTimeoutMs),
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    request.on('socket', (socket) => {
      const event = url.protocol === 'https:' ? 'secureConnect' : 'connect';
      socket.once(event, () => {
        connectMs = elapsed();
      });
    });
    request.on('error', (error) => finish(error));
    request.on('response', (response) => {
      firstByteMs = elapsed();
      connectMs ??= firstByteMs;
      streams.push(response);
      const status = response.statusCode ?? 0;
      const statusText = response.statusMessage ?? '';
      const headers: HeaderList = [];
      for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) headers.push([response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string]);
      const contentType = headerValue(response.headers['content-type']);
      const contentEncoding = headerValue(response.headers['content-encoding']);

      if (status >= 300 && status < 400) {
        const location = headerValue(response.headers.location);
        return finish(
          new CoreError(
            'http-status',
            location
              ? `${url.href} answered ${status} ${statusText} and points to ${location}. Powerduck does not follow redirects when fetching a card; if you trust that address, fetch it directly.`
              : `${url.href} answered ${status} ${statusText} without a Location. Powerduck does not follow redirects when fetching a card; fetch the card's final URL directly.`,
            { kind: 'redirect', status, statusText, url: url.href, ...(location ? { location } : {}), headers },
          ),
        );
      }
      const ok = status >= 200 && status < 300;
      const limit = ok ? options.maxBytes : errorBodyLimit;
      const declared = Number(response.headers['content-length']);
      if (ok && Number.isFinite(declared) && declared > options.maxBytes) {
        return finish(tooLarge(url, options.maxBytes, declared, 'declared'));
      }

      let decoded: Readable = response;
      const codings = (contentEncoding ?? '')
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter((c) => c !== '' && c !== 'identity');
      try {
        // Codings are listed in the order they were applied; undo them last-first (RFC 9110 §8.4).
        for (const coding of codings.reverse()) {
          const decoder = decoderFor(coding);
          streams.push(decoder);
          decoded = decoded.pipe(decoder);
        }
      } catch (error) {
        return finish(error);
      }
      let wireBytes = 0;
      response.on('data', (chunk: Buffer) => {
        wireBytes += chunk.length;
        // Compressed bytes beyond the cap can only decode to more; identity bodies are counted below.
        if (ok && codings.length > 0 && wireBytes > options.maxBytes) finish(tooLarge(url, options.maxBytes, wireBytes, 'wire'));
      });
      const chunks: Buffer[] = [];
      let bytes = 0;
      let truncated = false;
      decoded.on('data', (chunk: Buffer) => {
        if (settled || truncated) return;
        bytes += chunk.length;
        if (bytes > limit) {
          if (ok) return finish(tooLarge(url, limit, bytes, 'decoded'));
          chunks.push(chunk.subarray(0, chunk.length - (bytes - limit)));
          truncated = true;
          return complete();
        }
        chunks.push(chunk);
      });
      decoded.on('error', (error) => {
        finish(
          new CoreError(
            'protocol',
            `The card body could not be decoded (${contentEncoding ?? 'identity'}): ${error.message}. The server sent a corrupt compressed body; retry, or ask the agent's owner to fix it.`,
            { kind: 'encoding' },
          ),
        );
      });
      response.on('error', (error) => finish(error));
      const complete = (): void => {
        const body = Buffer.concat(chunks);
        const result: SafeGetResponse = {
          status,
          statusText,
          headers,
          requestHeaders,
          body,
          bytes: body.length,
          wireBytes,
          timings: { connectMs, firstByteMs, totalMs: elapsed() },
        };
        if (contentType) result.contentType = contentType;
        if (contentEncoding) result.contentEncoding = contentEncoding;
        if (!ok) {
          const snippet = body.toString('utf8').slice(0, 2000);
          return finish(
            new CoreError(
              'http-status',
              `${url.href} answered ${status} ${statusText}. ${status === 404 ? 'No card at this address: check the URL, or paste the direct card URL.' : status === 401 || status === 403 ? 'The public card should not need credentials; the agent may not publish one here.' : 'Check the URL or try again later.'}`,
              {
                kind: 'http-status',
                status,
                statusText,
                url: url.href,
                headers,
                body: snippet,
              },
            ),
          );
        }
        finish(undefined, result);
      };
      decoded.on('end', complete);
    });
    request.end();
  });
}

function decoderFor(coding: string): Duplex {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new CoreError(
        'unsupported',
        `The server sent the body with content-encoding "${coding}", which Powerduck does not decode (it accepts gzip, deflate and br). Ask the agent to serve the card uncompressed.`,
        { kind: 'encoding' },
      );
  }
}

function tooLarge(url: URL, limit: number, seen: number, measure: 'declared' | 'wire' | 'decoded'): CoreError {
  const what = measure === 'declared' ? `declares ${seen} bytes` : measure === 'wire' ? `sent more than ${limit} bytes` : `decodes to more than ${limit} bytes`;
  return new CoreError(
    'too-large',
    `The card at ${url.href} ${what}; Powerduck stops at ${limit} bytes (1 MiB) so a hostile agent cannot flood it. Agent cards are normally a few KB: check the URL.`,
    {
      kind: 'too-large',
      limit,
      measure,
      seen,
    },
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function toCoreError(error: unknown, url: URL): CoreError {
  if (error instanceof CoreError) return error;
  const { kind, code, message } = classifySocketError(error);
  switch (kind) {
    case 'dns':
      return new CoreError('dns', `Could not resolve ${url.hostname} (${code}). Check the host name, your network or VPN.`, { kind, code });
    case 'tls':
      return new CoreError(
        'tls',
        `TLS with ${url.host} failed (${code || message}). The agent's certificate is not trusted, expired or for another name; Powerduck does not skip certificate checks, so fix the certificate or use the right host.`,
        { kind, code },
      );
    case 'protocol':
      return new CoreError('protocol', `${url.host} did not answer with valid HTTP (${code}). Check that the URL points at an HTTP server.`, { kind, code });
    case 'connect':
      return code || message === 'socket hang up'
        ? new CoreError('connect', `Could not talk to ${url.host} (${code || message}). Check that the agent is running and the port is right.`, { kind, code })
        : new CoreError('connect', `Fetching ${url.href} failed: ${message}. Check the URL and the network.`, { kind, code });
  }
}
