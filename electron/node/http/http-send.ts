/**
 * Sends one plain HTTP request and returns its one record. Built on the same transport, recorder
 * and redaction as A2A calls, so timings, the record limit, TLS trust, proxies and Stop behave the
 * same. Nothing is followed unless the request says so: a 3xx is the answer, shown as it came.
 */
import { wireMethod } from '../../../shared/http/http-method';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { durationWords, type A2aCall } from '../../../shared/a2a/call';
import type { HeaderList, RecordedRequest, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { createSseParser, DEFAULT_MAX_SSE_EVENT_BYTES } from '../../../shared/a2a/sse-parser';
import { callRedaction, redactUrl } from '../../../shared/a2a/redaction';
import { chooseBoundary, encodeMultipart, encodeUrlencoded, type MultipartPart } from '../../../shared/http/body-encode';
import {
  DEFAULT_HTTP_CONNECT_MS,
  DEFAULT_HTTP_TOTAL_MS,
  type ExchangeCookies,
  type FileSource,
  type HttpExchangeRecord,
  type HttpOutcome,
  type HttpRequest,
  type RedirectHop,
  MAX_BINARY_RECORD_BYTES,
} from '../../../shared/http/http-types';
import type { HttpCookieJar } from './cookie-jar';
import { percentEncode } from '../../../shared/http/param-style';
import { charsetOf, isTextualMediaType } from '../../../shared/http/media-kind';
import { newCachedBody, pruneBodyCache, readBodyToFile, streamFileWriter } from './response-body-file';
import { applyAuth, type SecretDeps } from '../a2a/auth-apply';
import { callControls, type CallAbort } from '../a2a/call-abort';
import { resolveClientTls } from '../a2a/client-tls';
import { openHttp, type HttpOpen } from '../a2a/http-transport';
import { ExchangeRecorder, type DecodedBody } from '../a2a/recorder';
import { recordBodyRead } from '../a2a/http-call';
import { chooseProxy, recordedProxyOf } from './proxy-settings';
import { TransportError } from '../a2a/transport-error';
import { CoreError } from '../core-error';
import { withDefaultScheme } from '../../../shared/http/default-scheme';
import type { Connections } from '../connections';

export interface HttpSendDeps extends SecretDeps {
  now: () => number;
  /** The core's keep-alive connections. */
  connections: Connections;
  /** Version for the default User-Agent. */
  version?: string;
  /**
   * The data folder: a body bigger than its record is written whole to its cache as it arrives, for
   * Save to file (response-body-file.ts). Without it such a body is cut at the record's limit.
   */
  dataRoot?: string;
}

export interface HttpSendHooks {
  signal?: AbortSignal;
  /** Each `text/event-stream` event as it arrives. */
  onEvent?: (event: RecordedStreamEvent) => void;
  /** Values of secret-backed variables filled into this request: the record must not show them. */
  redactValues?: readonly string[];
}

/** Files sent from disk are capped: a debugger request is not a bulk upload tool. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
const DEFAULT_CONNECT_MS = DEFAULT_HTTP_CONNECT_MS;
const DEFAULT_MAX_REDIRECTS = 10;

// RFC 9110 §5.6.2 token: what a method may be.
const methodToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new CoreError('bad-request', `timeouts.${name} must be a positive number of milliseconds.`);
  return value;
}

/** The request's URL; one without a scheme is sent as http:// (withDefaultScheme), and the record shows it so. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(withDefaultScheme(text));
  } catch {
    throw new CoreError('bad-request', `"${text}" is not a valid URL (expected http://… or https://…).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CoreError('bad-request', `An HTTP request needs an http:// or https:// URL; ${url.protocol.slice(0, -1)}:// is not a scheme Powerduck sends.`);
  return url;
}

async function fileBytes(file: FileSource): Promise<{ bytes: Buffer; filename: string; contentType: string }> {
  if ('base64' in file) {
    return { bytes: Buffer.from(file.base64, 'base64'), filename: file.name, contentType: file.contentType || 'application/octet-stream' };
  }
  let size: number;
  try {
    size = (await stat(file.path)).size;
  } catch (e) {
    throw new CoreError('not-found', `Cannot read file ${file.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  if (size > MAX_FILE_BYTES) throw new CoreError('too-large', `File ${file.path} is ${size} bytes; the limit for a request file is ${MAX_FILE_BYTES}.`);
  return { bytes: await readFile(file.path), filename: basename(file.path), contentType: file.contentType || 'application/octet-stream' };
}

interface BuiltBody {
  bytes: Buffer;
  contentType?: string;
  /** What the record shows as the request body. */
  text: string;
}

async function buildBody(request: HttpRequest): Promise<BuiltBody | undefined> {
  const body = request.body;
  if (!body || body.kind === 'none') return undefined;
  switch (body.kind) {
    case 'json':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: 'application/json', text: body.text };
    case 'text':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: body.contentType || 'text/plain; charset=utf-8', text: body.text };
    case 'urlencoded': {
      const text = encodeUrlencoded(body.fields);
      return { bytes: Buffer.from(text, 'utf8'), contentType: 'application/x-www-form-urlencoded', text };
    }
    case 'multipart': {
      const parts: MultipartPart[] = [];
      for (const field of body.fields) {
        if (field.enabled === false || !field.name) continue;
        if (field.file) {
          const file = await fileBytes(field.file);
          parts.push({ name: field.name, file: { filename: file.filename, contentType: file.contentType, bytes: file.bytes } });
        } else parts.push({ name: field.name, value: field.value ?? '', ...(field.contentType ? { contentType: field.contentType } : {}) });
      }
      const boundary = chooseBoundary(parts, () => randomBytes(12).toString('hex'));
      const bytes = Buffer.from(encodeMultipart(parts, boundary));
      return { bytes, contentType: `multipart/form-data; boundary=${boundary}`, text: new TextDecoder('utf-8').decode(bytes) };
    }
    case 'file': {
      const file = await fileBytes(body.file);
      return {
        bytes: file.bytes,
        contentType: file.contentType,
        text: isTextualMediaType(file.contentType)
          ? new TextDecoder('utf-8').decode(file.bytes)
          : `‹${file.bytes.length} bytes of ${file.contentType} from ${file.filename}›`,
      };
    }
  }
}

/** The core's cookie jar, loaded with its library when first needed (most sends never see a cookie). */
async function cookieJar(connections: Connections): Promise<HttpCookieJar> {
  if (connections.cookies) return connections.cookies;
  const { createCookieJar } = await import('./cookie-jar');
  connections.cookies ??= createCookieJar();
  return connections.cookies;
}

function headerValue(list: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return list.find(([n]) => n.toLowerCase() === lower)?.[1];
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Refusals (bad method, URL, missing secret or file) throw before anything is sent. */
export async function performHttp(request: HttpRequest, deps: HttpSendDeps, hooks: HttpSendHooks = {}): Promise<HttpExchangeRecord> {
  const method = wireMethod(request.method);
  if (!methodToken.test(method))
    throw new CoreError('bad-request', `"${request.method}" is not a valid HTTP method (letters, digits and !#$%&'*+-.^_\`|~ only).`);
  let url = parseHttpUrl(request.url);
  const connectMs = positive(request.timeouts?.connectMs, DEFAULT_CONNECT_MS, 'connectMs');
  const totalMs = positive(request.timeouts?.totalMs, DEFAULT_HTTP_TOTAL_MS, 'totalMs');
  const maxRedirects = request.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  // The one recorder of A2A calls: it only reads the body limit from the call, and the fields it
  // stamps on the finished record (version, binding) are dropped when it becomes an HTTP record.
  const recorderCall = {
    version: '1.0',
    binding: 'HTTP+JSON',
    endpoint: url.href,
    method,
    body: undefined,
    ...(request.recordBodyLimit ? { recordBodyLimit: request.recordBodyLimit } : {}),
  } satisfies A2aCall;
  const recorder = new ExchangeRecorder(recorderCall, deps.now, hooks.onEvent);
  const auth = await applyAuth(request.auth, deps);
  // A query key also travels percent-encoded (and servers echo URLs): scrub that spelling too.
  // A variable's secret value may sit anywhere in URL or body, so its encoded spelling goes too.
  const secretValues = [...auth.query.map(([, value]) => value), ...(hooks.redactValues ?? [])];
  const known = auth.redaction.values ?? [];
  const extra = [...new Set([...(hooks.redactValues ?? []), ...secretValues.map((v) => percentEncode(v))])].filter((v) => v !== '' && !known.includes(v));
  // As for A2A calls: a credential typed into a header row or the URL (userinfo, access_token=…) is
  // hidden wherever it comes back too (a server that echoes the request), not only in its own header.
  const redaction = callRedaction(
    { endpoint: url.href, headers: request.headers },
    extra.length ? { ...auth.redaction, values: [...known, ...extra] } : auth.redaction,
  );
  recorder.setRedaction(redaction);
  for (const [name, value] of auth.query) {
    // Appended as typed: rewriting url.searchParams would re-encode the user's whole query.
    url = new URL(`${url.href.split('#')[0] ?? ''}${url.search ? '&' : '?'}${percentEncode(name)}=${percentEncode(value)}`);
  }
  const body = await buildBody(request);
  const tls = await resolveClientTls(request.tls, deps);

  const headers: HeaderList = [];
  for (const h of request.headers ?? []) {
    if (h.enabled === false || !h.name.trim()) continue;
    headers.push([h.name.trim(), h.value]);
  }
  const authNames = new Set(auth.headers.map(([n]) => n.toLowerCase()));
  const sent: HeaderList = headers.filter(([n]) => !authNames.has(n.toLowerCase()));
  sent.push(...auth.headers);
  if (body?.contentType) {
    const own = headerValue(sent, 'content-type');
    // A multipart body only parses with its own boundary, so ours replaces a typed one.
    if (request.body?.kind === 'multipart' && own !== undefined) {
      recorder.warn('Content-Type was replaced: a multipart body needs the boundary Powerduck generated.');
      for (let i = sent.length - 1; i >= 0; i--) if (sent[i]?.[0].toLowerCase() === 'content-type') sent.splice(i, 1);
      sent.push(['Content-Type', body.contentType]);
    } else if (own === undefined) sent.push(['Content-Type', body.contentType]);
  }
  if (headerValue(sent, 'accept') === undefined) sent.push(['Accept', '*/*']);
  if (headerValue(sent, 'user-agent') === undefined) sent.push(['User-Agent', `Powerduck/${deps.version ?? 'dev'}`]);
  if (tls && !tls.rejectUnauthorized) recorder.warn('TLS certificate checks were switched off for this request ("allow invalid certificate").');

  // Which limit it was, in words; where to change it is each surface's to say (the tab's Options, the CLI's --timeout).
  const controls = callControls(hooks.signal, totalMs, `No complete answer within ${durationWords(totalMs)}, the request's timeout.`);
  const { abort, stop } = controls;

  // The jar takes part unless the request opts out; a Cookie header typed on the request is sent as
  // typed instead of the jar's (what the user wrote is what a debugger sends).
  const useJar = request.cookies !== false;
  const jarCookies: ExchangeCookies = { sent: [], stored: [] };

  const redirects: RedirectHop[] = [];
  let firstRequest: RecordedRequest | undefined;
  let unfinished: HttpExchangeRecord['unfinished'];
  let currentMethod = method;
  let currentBody = body;
  let currentHeaders = sent;
  const finish = (outcome: HttpOutcome): HttpExchangeRecord => {
    const done = recorder.finish(
      outcome.kind === 'transport-error' ? { kind: 'transport-error', code: outcome.code, message: outcome.message } : { kind: 'result', value: null },
    );
    const record: HttpExchangeRecord = {
      protocol: 'http',
      id: done.id,
      startedAt: done.startedAt,
      method,
      // The request as written, not the last hop: history lists and finds it by the URL the user typed.
      url: redirects[0]?.url ?? (done.request.url || done.endpoint),
      request: done.request,
      timings: done.timings,
      outcome,
      warnings: done.warnings,
    };
    if (done.response) record.response = done.response;
    if (done.events) record.events = done.events;
    if (redirects.length) record.redirects = redirects;
    if (firstRequest) record.firstRequest = firstRequest;
    if (unfinished) record.unfinished = unfinished;
    if (jarCookies.sent.length || jarCookies.stored.length) record.cookies = jarCookies;
    return record;
  };

  try {
    for (;;) {
      const wire: HeaderList = [['Host', url.host], ...currentHeaders];
      if (useJar && deps.connections.cookies && headerValue(currentHeaders, 'cookie') === undefined) {
        const fromJar = await deps.connections.cookies.headerFor(url);
        if (fromJar) {
          wire.push(['Cookie', fromJar.header]);
          for (const name of fromJar.names) if (!jarCookies.sent.includes(name)) jarCookies.sent.push(name);
          // The Cookie header (and every Set-Cookie) is hidden by name in the record. The jar's values
          // are not scrubbed from bodies and URLs: they are whatever the server chose (consent=true,
          // theme=dark), and replacing every "true" or "dark" in the answer and in the user's own URL
          // corrupted what was shown and stored instead of protecting anything.
        }
      }
      if (currentBody) wire.push(['Content-Length', String(currentBody.bytes.length)]);
      // Decided for each address: a redirect may lead to one the bypass list names.
      const choice = await chooseProxy(request, url, { environment: deps.environment, dataRoot: deps.dataRoot });
      const proxy = choice.url;
      const recordedProxy = recordedProxyOf(choice);
      recorder.setRequest({
        url: url.href,
        httpMethod: currentMethod,
        headers: wire,
        ...(currentBody ? { bodyText: currentBody.text } : {}),
        bodyBytes: currentBody?.bytes.length ?? 0,
        ...(recordedProxy ? { proxy: recordedProxy } : {}),
      });
      let open: HttpOpen;
      try {
        open = await openHttp({
          pool: deps.connections.http,
          url,
          method: currentMethod,
          headers: wire,
          ...(currentBody ? { body: currentBody.bytes } : {}),
          signal: abort,
          connectTimeoutMs: connectMs,
          ...(tls ? { tls } : {}),
          ...(proxy ? { proxy } : {}),
        });
      } catch (e) {
        if (e instanceof CoreError) throw e;
        const error = e instanceof TransportError ? e : new TransportError('connect', (e as Error).message);
        return finish({ kind: 'transport-error', code: error.code, message: error.message });
      }
      if (open.reused) recorder.timings.reusedConnection = true;
      if (open.connectedAt !== undefined) recorder.timings.connectMs = round(open.connectedAt - recorder.origin);
      recorder.timings.firstByteMs = round(open.headAt - recorder.origin);
      if (open.decodedEncoding)
        recorder.warn(
          `The server sent a ${open.decodedEncoding}-encoded body (Content-Encoding); the record shows it decoded, and body sizes are decoded sizes.`,
        );
      recorder.setResponseHead({
        status: open.status,
        statusText: open.statusText,
        headers: open.headers,
        ...(open.contentType ? { contentType: open.contentType } : {}),
      });

      const setCookies = open.headers.filter(([n]) => n.toLowerCase() === 'set-cookie').map(([, v]) => v);
      if (useJar && setCookies.length) {
        const jar = await cookieJar(deps.connections);
        const { stored, refused } = await jar.store(url, setCookies);
        for (const name of stored) if (!jarCookies.stored.includes(name)) jarCookies.stored.push(name);
        for (const line of refused) recorder.warn(line);
      }

      const location = headerValue(open.headers, 'location');
      if (open.status >= 300 && open.status < 400 && location !== undefined) {
        let next: URL | undefined;
        try {
          next = new URL(location, url);
        } catch {
          next = undefined;
        }
        if (!request.followRedirects)
          recorder.warn(`The server redirects (${open.status}) to ${location}; not followed (switch on "Follow redirects" to follow it).`);
        else if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
          const message = `The redirect to ${redactUrl(location, redaction)} cannot be followed (not an http(s) URL).`;
          recorder.warn(message);
          unfinished = { reason: 'redirect-not-followable', message };
        } else if (redirects.length >= maxRedirects) {
          // A loop (or a chain this long) never reaches a final answer: said as such, not only warned.
          const message = `Stopped after ${maxRedirects} redirects without a final response (the last answer, ${open.status}, redirects to ${redactUrl(location, redaction)}).`;
          recorder.warn(message);
          unfinished = { reason: 'redirect-limit', message };
        } else {
          open.body.destroy();
          firstRequest ??= recorder.request;
          // The hop's URL carries an Auth query key and any userinfo as sent: redacted like the request's.
          redirects.push({ method: currentMethod, url: redactUrl(url.href, redaction), status: open.status, location: redactUrl(location, redaction) });
          // RFC 9110 §15.4: 303 (and, as every browser does, 301/302 after POST) continue as GET without a body.
          if (open.status === 303 || ((open.status === 301 || open.status === 302) && currentMethod.toUpperCase() === 'POST')) {
            if (currentMethod.toUpperCase() !== 'HEAD') currentMethod = 'GET';
            currentBody = undefined;
            currentHeaders = currentHeaders.filter(([n]) => !['content-type', 'content-length'].includes(n.toLowerCase()));
          }
          // Credentials stay with the origin they were meant for.
          if (next.origin !== url.origin) currentHeaders = currentHeaders.filter(([n]) => !['authorization', 'cookie', ...authNames].includes(n.toLowerCase()));
          url = next;
          continue;
        }
      }

      if (/^\s*text\/event-stream\b/i.test(open.contentType ?? '')) {
        controls.answered();
        const file = request.responseFile !== undefined ? streamFileWriter(request.responseFile) : undefined;
        const outcome = await consumeEvents(open, recorder, stop, request.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES, file);
        const record = finish(outcome);
        const written = await file?.close(outcome.kind === 'stream' && outcome.ended === 'completed');
        if (written && record.response) record.response.bodyFile = written;
        return record;
      }
      const textual = isTextualMediaType(open.contentType);
      // A binary body is kept whole only up to MAX_BINARY_RECORD_BYTES (as base64); a bigger one, or text
      // past the record limit, goes whole to a file as it arrives: -o's, else the cache, for Save to file.
      const keep = textual ? recorder.bodyLimit : Math.min(recorder.bodyLimit, MAX_BINARY_RECORD_BYTES);
      const cached = request.responseFile === undefined && deps.dataRoot !== undefined ? newCachedBody(deps.dataRoot) : undefined;
      const target = request.responseFile !== undefined ? { path: request.responseFile, onlyOverflow: false } : cached?.target;
      const read = await readBodyToFile(open.body, keep, target);
      // A body cut short (timeout, Stop, the connection closed) keeps its status, headers and the bytes that came.
      const { decoded, failure } = recordBodyRead(recorder, read, url, textual ? { charset: charsetOf(open.contentType) } : { binary: true });
      const record = finish(failure ? { kind: 'transport-error', code: failure.code, message: failure.message } : { kind: 'response', status: open.status });
      if (record.response && read.file) {
        record.response.bodyFile = { ...(cached ? { cacheId: cached.id } : {}), ...read.file };
        if (read.file.error)
          record.warnings.push(`The body could not be written to ${cached ? "Powerduck's cache" : request.responseFile}: ${read.file.error}.`);
      }
      if (cached && read.file && deps.dataRoot !== undefined) await pruneBodyCache(deps.dataRoot, Date.now(), cached.id);
      if (record.response && !textual) {
        if (!read.truncated) record.response.bodyBase64 = read.bytes.toString('base64');
        // No text copy of binary bytes was made (it would be noise, U+FFFD everywhere): the base64 is the body.
      } else record.warnings.push(...decodeNotes(decoded));
      return record;
    }
  } finally {
    controls.release();
  }
}

/** What the record says about how a text body was decoded: its declared charset, or why not. */
function decodeNotes(decoded: DecodedBody): string[] {
  const notes: string[] = [];
  if (decoded.unknownCharset !== undefined)
    notes.push(`The response declares charset=${decoded.unknownCharset}, which Powerduck cannot decode; the body is shown as UTF-8.`);
  if (decoded.invalidUtf8) notes.push('The response body is not valid UTF-8; invalid bytes show as U+FFFD.');
  if (decoded.invalidInEncoding) notes.push(`The response body is not valid ${decoded.encoding ?? ''}; invalid bytes show as U+FFFD.`);
  return notes;
}

/** Reads an event stream to its end, recording each event (JSON data parsed when it is JSON); `file` gets its raw bytes (-o). */
async function consumeEvents(
  open: HttpOpen,
  recorder: ExchangeRecorder,
  stop: CallAbort,
  maxEventBytes: number,
  file?: { write(chunk: Uint8Array): Promise<void> },
): Promise<HttpOutcome> {
  const parser = createSseParser({ maxEventBytes });
  const limit = recorder.bodyLimit;
  const raw: Buffer[] = [];
  let kept = 0;
  let total = 0;
  let error: string | undefined;
  const handle = (event: string, data: string): void => {
    let parsed: unknown = data;
    let isJson = false;
    try {
      parsed = JSON.parse(data);
      isJson = true;
    } catch {
      parsed = data;
    }
    recorder.addEvent({ event, data: parsed, ...(isJson ? {} : { raw: data }) });
  };
  try {
    outer: for await (const chunk of open.body as AsyncIterable<Buffer>) {
      total += chunk.length;
      await file?.write(chunk);
      if (kept < limit) {
        const take = Math.min(chunk.length, limit - kept);
        raw.push(take === chunk.length ? chunk : chunk.subarray(0, take));
        kept += take;
      }
      const fed = parser.feed(chunk);
      for (const ev of fed.events) handle(ev.event, ev.data);
      if (fed.error) {
        error = fed.error.message;
        break outer;
      }
    }
  } catch (e) {
    if (!stop.aborted) error = e instanceof TransportError ? e.message : `The connection broke during the stream: ${(e as Error).message}`;
  } finally {
    if (!open.body.destroyed) open.body.destroy();
  }
  const done = parser.finish();
  if (!error && !stop.aborted && done.truncated) error = `The stream ended in the middle of an event; ${done.pendingBytes} bytes were discarded.`;
  recorder.setResponseBody(Buffer.concat(raw, kept), total, total > kept);
  const base = { kind: 'stream' as const, status: open.status, eventCount: recorder.eventCount };
  if (stop.aborted) return { ...base, ended: 'stopped' };
  if (error) return { ...base, ended: 'error', error };
  return { ...base, ended: 'completed' };
}
