/**
 * The one reader of what a history entry gives back to send again, for every protocol: "Open as new
 * request" in the app (renderer/src/features/history/replay-draft.ts, http/http-history-seed.ts,
 * mcp/mcp-history-seed.ts turn it into a tab) and `powerduck history replay` (which sends it) read
 * an entry the same way. An entry that kept the request as written (`replay`, replay-template.ts)
 * gives back its address with `{{variables}}`, header rows and auth by name; an older one, what was
 * sent. Nothing is made up: a body kept only as a hash comes back as "not kept", with its size.
 */
import type { AuthConfig } from '../a2a/auth';
import type { CallTimeouts, HeaderEntry } from '../a2a/call';
import { REDACTED } from '../a2a/redaction';
import { isA2aVersion, isBinding, type A2aVersion, type Binding } from '../a2a/versions';
import { encodeBase64 } from '../encoding/base64';
import { encodeUtf8, utf8ByteLength } from '../a2a/utf8';
import { formDecode } from '../http/url-credentials';
import type { FormField, HttpBody, MultipartField } from '../http/http-types';
import { isTextualMediaType } from '../http/media-kind';
import { readMultipart } from '../http/multipart-read';
import { mcpSubjectMaxLength, stdioTargetPrefix } from '../mcp/mcp-history';
import type { McpEnvEntry, McpTransport } from '../mcp/mcp-types';
import type { HistoryEntry, HistorySummary, HistoryTls, HttpSendSettings } from './history-types';

export type EntryProtocol = 'a2a' | 'http' | 'mcp';

/** Which protocol's terms an entry is shown in and sent again in. */
export function entryProtocol(entry: Pick<HistorySummary, 'interface'>): EntryProtocol {
  if (entry.interface.binding === 'MCP') return 'mcp';
  if (entry.interface.binding === 'HTTP' || entry.interface.version === '-') return 'http';
  return 'a2a';
}

/**
 * A request body the entry cannot give back whole: kept only as its size and SHA-256 (hashed bodies),
 * or, under full bodies, cut at the record's size limit (`keptBytes`: the first bytes kept, not the body).
 */
export interface BodyNotKept {
  bytes: number;
  sha256?: string;
  keptBytes?: number;
}

/** A body the record cut at its size limit: sending the part would send another request. */
function cutBody(entry: HistoryEntry, recorded: { body?: string; truncated?: boolean } | undefined): BodyNotKept | undefined {
  if (entry.bodies !== 'full' || !recorded?.truncated) return undefined;
  const { bytes, sha256 } = entry.request;
  return { bytes, ...(sha256 ? { sha256 } : {}), keptBytes: utf8ByteLength(recorded.body ?? '') };
}

// ---- A2A ----

export interface A2aReplay {
  /** Absent when the entry's interface is not an A2A version or binding (a damaged entry). */
  version?: A2aVersion;
  binding?: Binding;
  /** As written (`{{base}}/a2a`) when the entry kept it, else as sent. */
  endpoint: string;
  method: string;
  headers: HeaderEntry[];
  auth: AuthConfig;
  tenant: string;
  /** The http:// proxy it went through (absent: direct). */
  proxy?: string;
  /** It followed the Settings-level proxy, which gave `proxy` (or direct) then. */
  proxyFromSettings?: true;
  /** The call's own timeouts (absent: the defaults, or an entry recorded before they were kept). */
  timeouts?: CallTimeouts;
  body: { kept: true; value: unknown } | { kept: false; notKept: BodyNotKept };
}

/** The body a full-bodies entry kept: the replay copy, else the recorded exchange (JSON-RPC: its params). */
function keptA2aBody(entry: HistoryEntry): { found: true; value: unknown } | { found: false } {
  if (entry.replay && 'body' in entry.replay) return { found: true, value: entry.replay.body };
  const request = entry.exchange?.request;
  if (entry.bodies !== 'full' || !request?.body || request.truncated) return { found: false };
  try {
    const parsed: unknown = JSON.parse(request.body);
    if (entry.interface.binding !== 'JSONRPC') return { found: true, value: parsed };
    return typeof parsed === 'object' && parsed !== null && 'params' in parsed
      ? { found: true, value: (parsed as { params: unknown }).params }
      : { found: false };
  } catch {
    return { found: false };
  }
}

export function a2aReplayOf(entry: HistoryEntry): A2aReplay {
  const { binding, version, endpoint } = entry.interface;
  const replay = entry.replay ?? {};
  const kept = keptA2aBody(entry);
  const cut = kept.found ? undefined : cutBody(entry, entry.exchange?.request);
  return {
    ...(isA2aVersion(version) ? { version } : {}),
    ...(isBinding(binding) ? { binding } : {}),
    endpoint: replay.endpoint ?? endpoint,
    method: entry.method,
    headers: replay.headers ?? [],
    auth: replay.auth ?? { type: 'none' },
    tenant: replay.tenant ?? '',
    ...(replay.proxy ? { proxy: replay.proxy } : {}),
    ...(replay.proxyFromSettings ? { proxyFromSettings: true as const } : {}),
    ...(replay.timeouts ? { timeouts: { ...replay.timeouts } } : {}),
    body: kept.found
      ? { kept: true, value: kept.value }
      : { kept: false, notKept: cut ?? { bytes: entry.request.bytes, ...(entry.request.sha256 ? { sha256: entry.request.sha256 } : {}) } },
  };
}

// ---- plain HTTP ----

/**
 * A plain HTTP request as the entry gives it back. Hashed bodies keep only the method and the URL
 * (and the template's header rows and auth). With full bodies the record also holds the headers and
 * a text body as sent, except what the core redacted (a redacted header comes back empty and off,
 * to be set again) and what the client adds itself (Host, Content-Length, Connection). Multipart
 * bodies come back part by part; a text file as the file it was, a binary file (whose bytes the
 * record holds only as lossy text) as a file with no bytes, named in `filesNotKept`.
 */
export interface HttpReplay {
  method: string;
  url: string;
  headers?: HeaderEntry[];
  auth?: AuthConfig;
  body?: Exclude<HttpBody, { kind: 'none' }>;
  filesNotKept?: string[];
  bodyNotKept?: BodyNotKept;
  /** How it was sent (redirects, cookie jar, TLS paths, timeouts); absent for entries recorded before they were kept: send with the defaults. */
  send?: HttpSendSettings;
  /** The http:// proxy it went through (absent: direct). */
  proxy?: string;
  /** It followed the Settings-level proxy, which gave `proxy` (or direct) then. */
  proxyFromSettings?: true;
}

/** Headers the sender sets on every request; copying them would pin stale values. */
const automaticHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'cookie']);

function headerValue(name: string, value: string): HeaderEntry {
  // A redacted value is not the secret: leave it empty (and off) so nothing sends the placeholder.
  return value.includes(REDACTED) ? { name, value: '', enabled: false } : { name, value };
}

/** An urlencoded body's fields, as URLSearchParams reads them (shared/ has no URLSearchParams). */
function formFields(text: string): FormField[] {
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? { name: formDecode(pair), value: '' } : { name: formDecode(pair.slice(0, eq)), value: formDecode(pair.slice(eq + 1)) };
    });
}

/** A recorded file's bytes are the record's text only when it was text and decoded cleanly. */
function textKept(text: string, contentType: string | undefined): boolean {
  return isTextualMediaType(contentType) && !text.includes('\uFFFD');
}

function multipartReplay(body: string, type: string): Pick<HttpReplay, 'body' | 'filesNotKept'> | undefined {
  const parts = readMultipart(body, type);
  if (!parts) return undefined;
  const notKept: string[] = [];
  const fields = parts.map((part): MultipartField => {
    if (part.filename === undefined) return { name: part.name, value: part.text, ...(part.contentType ? { contentType: part.contentType } : {}) };
    const contentType = part.contentType ? { contentType: part.contentType } : {};
    if (textKept(part.text, part.contentType))
      return { name: part.name, file: { name: part.filename, base64: encodeBase64(encodeUtf8(part.text)), ...contentType } };
    notKept.push(part.filename);
    return { name: part.name, file: { name: part.filename, base64: '', ...contentType } };
  });
  return { body: { kind: 'multipart', fields }, ...(notKept.length ? { filesNotKept: notKept } : {}) };
}

/** What the core records for a binary raw-file body instead of its bytes (http-send.ts). */
const binaryFilePlaceholder = /^‹\d+ bytes of (.+) from (.*)›$/;

/** The URL, header rows (not the ones the client added: Accept, User-Agent…) and auth as written, when the entry kept them. */
function httpTemplate(entry: HistoryEntry): Pick<HttpReplay, 'url' | 'headers' | 'auth'> | undefined {
  const replay = entry.replay;
  if (replay?.endpoint === undefined) return undefined;
  return { url: replay.endpoint, headers: (replay.headers ?? []).map((h) => ({ ...h })), ...(replay.auth ? { auth: replay.auth } : {}) };
}

export function httpReplayOf(entry: HistoryEntry): HttpReplay {
  const record = entry.httpExchange;
  const template = {
    ...httpTemplate(entry),
    ...(entry.replay?.send ? { send: entry.replay.send } : {}),
    ...(entry.replay?.proxy ? { proxy: entry.replay.proxy } : {}),
    ...(entry.replay?.proxyFromSettings ? { proxyFromSettings: true as const } : {}),
  };
  if (!record) {
    const { bytes, sha256 } = entry.request;
    return {
      method: entry.method,
      url: entry.interface.endpoint,
      ...template,
      ...(bytes > 0 ? { bodyNotKept: { bytes, ...(sha256 ? { sha256 } : {}) } } : {}),
    };
  }
  const out: HttpReplay = { method: record.method, url: record.url };
  // After followed redirects the first request is the one to send again (the last hop may have lost its body).
  const sent = record.firstRequest ?? record.request;
  const headers = sent.headers.filter(([name]) => !automaticHeaders.has(name.toLowerCase())).map(([name, value]) => headerValue(name, value));
  if (headers.length) out.headers = headers;
  Object.assign(out, template);
  const body = sent.body;
  const cut = cutBody(entry, sent);
  if (cut) return { ...out, bodyNotKept: cut };
  if (body === undefined || body === '') return out;
  const type = sent.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (/multipart\/form-data/i.test(type)) {
    // A body that does not read as multipart keeps only method, URL and headers: never a guess.
    const multipart = multipartReplay(body, type);
    return multipart ? { ...out, ...multipart } : out;
  }
  const placeholder = isTextualMediaType(type) ? null : binaryFilePlaceholder.exec(body);
  if (placeholder) {
    const name = placeholder[2] ?? '';
    return { ...out, body: { kind: 'file', file: { name, base64: '', contentType: placeholder[1] ?? type } }, filesNotKept: [name] };
  }
  if (/json/i.test(type)) return { ...out, body: { kind: 'json', text: body } };
  if (/application\/x-www-form-urlencoded/i.test(type)) return { ...out, body: { kind: 'urlencoded', fields: formFields(body) } };
  return { ...out, body: { kind: 'text', text: body, ...(type ? { contentType: type } : {}) } };
}

// ---- MCP ----

/**
 * An MCP call as the entry gives it back. With full bodies the record holds the target and the params
 * (auth, headers and a stdio server's environment are not in the record). An entry that kept the
 * target as written (`replay`) gives back the endpoint with its `{{variables}}`, header rows and auth
 * by name and TLS by path, with a passphrase by reference only (stdio: the command, its arguments and
 * its environment by reference), under either policy.
 * With hashed bodies the method, where it went and the tool, prompt or resource it named are known:
 * the params hold that name, the arguments stay empty, and `paramsNotKept` says why.
 */
export interface McpReplay {
  transport: McpTransport;
  endpoint?: string;
  headers?: HeaderEntry[];
  auth?: AuthConfig;
  /** HTTPS: certificate checks off, the extra CA and client certificate by path, a passphrase by reference (or `passphraseNotKept`). */
  tls?: HistoryTls;
  command?: string;
  args?: string[];
  env?: McpEnvEntry[];
  /** stdio: the working directory (as written when the entry kept it, else where it started) and what a relative one is read against. */
  cwd?: string;
  cwdBase?: string;
  /** Names of the stdio server's environment variables the call set (full records), values not kept. */
  envNames?: string[];
  method: string;
  params: unknown;
  paramsNotKept?: { bytes: number };
}

/** The record method of an mcp.watch (not a JSON-RPC method: its entry opens on the server, listing its tools). */
const watchMethod = 'watch';

function mcpTemplate(entry: HistoryEntry, transport: McpTransport): Partial<McpReplay> | undefined {
  const replay = entry.replay;
  if (!replay) return undefined;
  if (transport === 'stdio')
    return replay.command !== undefined
      ? {
          command: replay.command,
          args: [...(replay.args ?? [])],
          ...(replay.env ? { env: replay.env.map((e) => ({ ...e })) } : {}),
          ...(replay.cwd ? { cwd: replay.cwd } : {}),
          ...(replay.cwd && replay.cwdBase ? { cwdBase: replay.cwdBase } : {}),
        }
      : undefined;
  if (replay.endpoint === undefined) return undefined;
  return {
    endpoint: replay.endpoint,
    headers: (replay.headers ?? []).map((h) => ({ ...h })),
    ...(replay.auth ? { auth: replay.auth } : {}),
    ...(replay.tls ? { tls: { ...replay.tls } } : {}),
  };
}

/** A name cut at the record's length limit is not given back: calling a truncated name would be wrong. */
function subjectParams(entry: HistoryEntry): Record<string, unknown> | undefined {
  const subject = entry.mcp?.subject;
  if (!subject || subject.name.length >= mcpSubjectMaxLength) return undefined;
  if (subject.kind === 'resource') return /^resources\/(read|subscribe|unsubscribe)$/.test(entry.method) ? { uri: subject.name } : undefined;
  if (subject.kind === 'tool' && entry.method === 'tools/call') return { name: subject.name, arguments: {} };
  if (subject.kind === 'prompt' && entry.method === 'prompts/get') return { name: subject.name, arguments: {} };
  return undefined;
}

export function mcpReplayOf(entry: HistoryEntry): McpReplay {
  if (entry.method === watchMethod) {
    const { paramsNotKept: _kept, ...where } = mcpReplayOf({ ...entry, method: 'tools/list', request: { ...entry.request, bytes: 0 } });
    return { ...where, method: 'tools/list', params: {} };
  }
  const record = entry.mcpExchange;
  if (record) {
    const target = record.target;
    const where: Partial<McpReplay> & { transport: McpTransport } =
      target.transport === 'stdio'
        ? {
            transport: 'stdio',
            command: target.command ?? '',
            args: [...(target.args ?? [])],
            ...(target.envNames?.length ? { envNames: target.envNames } : {}),
            ...(target.cwd ? { cwd: target.cwd } : {}),
          }
        : { transport: target.transport, endpoint: target.endpoint ?? '' };
    return { ...where, ...mcpTemplate(entry, target.transport), method: entry.method, params: record.params ?? {} };
  }
  const line = entry.interface.endpoint;
  // Hashed bodies keep the command line as one text: split where it has spaces.
  const where: Partial<McpReplay> & { transport: McpTransport } = line.startsWith(stdioTargetPrefix)
    ? (() => {
        const [command = '', ...args] = line.slice(stdioTargetPrefix.length).split(/\s+/).filter(Boolean);
        return { transport: 'stdio' as const, command, args };
      })()
    : { transport: 'auto', endpoint: line };
  return {
    ...where,
    ...mcpTemplate(entry, where.transport),
    method: entry.method,
    params: subjectParams(entry) ?? {},
    ...(entry.request.bytes > 0 ? { paramsNotKept: { bytes: entry.request.bytes } } : {}),
  };
}
