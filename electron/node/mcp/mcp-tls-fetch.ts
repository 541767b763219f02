import { Readable } from 'node:stream';
import { CallAbort } from '../a2a/call-abort';
import { openHttp, type HttpOpen, type HttpPool, type ResolvedTls } from '../a2a/http-transport';
import { TransportError } from '../a2a/transport-error';
import type { FetchLike } from './mcp-recorder';

/** Statuses whose Response may not carry a body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for the MCP SDK over the core's one HTTP stack (openHttp), used when an MCP server is
 * reached with TLS settings (extra CA, client certificate, allow invalid certificate): Node's fetch
 * cannot take them, and HTTP and A2A requests already send through this stack with the same
 * ResolvedTls, so a certificate that works for one works for all. openHttp decodes gzip/br itself,
 * so the answer goes on without its Content-Encoding and Content-Length.
 */
export function tlsFetch(pool: HttpPool, tls: ResolvedTls, connectTimeoutMs = 30_000): FetchLike {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.href);
    const abort = new CallAbort();
    const signal = init?.signal;
    const onAbort = (): void => abort.abort(new TransportError('cancelled', 'Stopped.'));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Array<[string, string]> = [...new Headers(init?.headers ?? {}).entries()];
    const body = typeof init?.body === 'string' ? new TextEncoder().encode(init.body) : undefined;
    if (body) headers.push(['content-length', String(body.length)]);
    let open: HttpOpen;
    try {
      open = await openHttp({
        pool,
        url,
        method: (init?.method ?? 'GET').toUpperCase(),
        headers,
        ...(body ? { body } : {}),
        signal: abort,
        connectTimeoutMs,
        tls,
      });
    } catch (error) {
      signal?.removeEventListener('abort', onAbort);
      throw error;
    }
    // The listener stays while the body streams: an abort then drops the connection (openHttp).
    const out = new Headers();
    for (const [name, value] of open.headers) {
      if (open.decodedEncoding && /^content-(encoding|length)$/i.test(name)) continue;
      out.append(name, value);
    }
    const stream = NULL_BODY.has(open.status) ? null : (Readable.toWeb(open.body) as ReadableStream<Uint8Array>);
    if (!stream) open.body.resume();
    return new Response(stream, { status: open.status, statusText: open.statusText, headers: out });
  };
}
