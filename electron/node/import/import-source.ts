/**
 * Reads what the user wants to import: pasted text, a curl command, a local file or an http(s)
 * URL (one GET under the card-fetch rules: no redirects, no cookies or credentials, size capped
 * while streaming). Then decides what it is. Hostile input ends in a clear error, never a write.
 */
import { isAbsolute, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import type { ImportKind } from '../../../shared/contract/ops-import';
import { isCurlCommand } from '../../../shared/import/source-kind';
import { safeGet } from '../card/safe-fetch';
import { CoreError } from '../core-error';
import type { SpecFs } from '../openapi/spec-fs';
import { errnoCode } from '../openapi/spec-fs';

/** Bigger than any real API description; anything larger is refused before parsing. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Deeper than any real document; a deeper one is a parser bomb. */
export const MAX_IMPORT_DEPTH = 200;

export interface ImportSource {
  text: string;
  /** Absolute path when the source is a local file. */
  localFile?: string;
  /** The URL when fetched. */
  url?: string;
  /** File name to suggest for a copy. */
  baseName: string;
}

export interface DetectedSource {
  kind: ImportKind;
  /** Parsed document (OpenAPI / Postman); undefined for curl. */
  model?: Record<string, unknown>;
  format: 'json' | 'yaml';
}

export async function readImportSource(fs: SpecFs, request: { source?: string; text?: string }, baseDir: string, signal?: AbortSignal): Promise<ImportSource> {
  if (typeof request.text === 'string') {
    if (request.text.length > MAX_IMPORT_BYTES)
      throw new CoreError('too-large', `The pasted text is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB; nothing was imported.`);
    return { text: request.text, baseName: 'imported' };
  }
  const source = typeof request.source === 'string' ? request.source.trim() : '';
  if (source === '') throw new CoreError('bad-request', 'Give a file path, an http(s) URL or a curl command to import.');
  if (isCurlCommand(source)) return { text: source, baseName: 'curl' };
  if (/^https?:\/\//i.test(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new CoreError('bad-request', `${source} is not a valid URL.`);
    }
    if (url.username || url.password)
      throw new CoreError('bad-request', 'The URL carries a user name or password; Powerduck never sends credentials when fetching a document to import.');
    let response;
    try {
      response = await safeGet({
        url,
        headers: { Accept: 'application/json, application/yaml, text/yaml, text/plain;q=0.5, */*;q=0.1', 'User-Agent': 'Powerduck import' },
        maxBytes: MAX_IMPORT_BYTES,
        connectTimeoutMs: 10_000,
        totalTimeoutMs: 60_000,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      // safeGet words its refusals for cards; say what they mean for an import.
      if (error instanceof CoreError && error.code === 'http-status' && error.details && typeof error.details === 'object') {
        const d = error.details as { kind?: string; status?: number; statusText?: string; location?: string };
        if (d.kind === 'redirect')
          throw new CoreError(
            'http-status',
            `${url.href} answered ${d.status ?? ''} (a redirect${d.location ? ` to ${d.location}` : ''}). Powerduck does not follow redirects when fetching a document; import the final URL directly. Nothing was imported.`,
            error.details,
          );
        throw new CoreError('http-status', `${url.href} answered HTTP ${d.status ?? ''} ${d.statusText ?? ''}; nothing was imported.`, error.details);
      }
      if (error instanceof CoreError && error.code === 'too-large')
        throw new CoreError('too-large', `${url.href} sent more than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB; nothing was imported.`);
      throw importFetchError(error, url);
    }
    if (response.status !== 200)
      throw new CoreError('http-status', `${url.href} answered HTTP ${response.status} ${response.statusText}; nothing was imported.`, {
        status: response.status,
      });
    const last = url.pathname.split('/').filter(Boolean).pop() ?? 'imported';
    return { text: response.body.toString('utf8').replace(/^\ufeff/, ''), url: url.href, baseName: last };
  }
  const file = isAbsolute(source) ? resolve(source) : resolve(baseDir, source);
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new CoreError('bad-request', `${file} is not a file.`);
    if (stat.size > MAX_IMPORT_BYTES) throw new CoreError('too-large', `${file} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB; nothing was imported.`);
    const bytes = await fs.readFile(file);
    return { text: bytes.toString('utf8').replace(/^\ufeff/, ''), localFile: file, baseName: file.split(/[\\/]/).pop() ?? 'imported' };
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (errnoCode(error) === 'ENOENT') throw new CoreError('not-found', `${file} does not exist.`);
    throw new CoreError('io', `Cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * safeGet's network failures, worded for the card fetch (an agent, the card), said for an import: the URL
 * names a server holding a document, which may be no agent at all. The code and details stay as they were.
 */
function importFetchError(error: unknown, url: URL): unknown {
  if (!(error instanceof CoreError)) return error;
  const details = error.details && typeof error.details === 'object' ? (error.details as { code?: unknown; phase?: unknown; timeoutMs?: unknown }) : {};
  const code = typeof details.code === 'string' && details.code ? ` (${details.code})` : '';
  const seconds = typeof details.timeoutMs === 'number' ? `${Math.round(details.timeoutMs / 1000)} s` : 'the time allowed';
  const say = (message: string): CoreError => new CoreError(error.code, `${message} Nothing was imported.`, error.details);
  switch (error.code) {
    case 'connect':
      return say(`Could not reach ${url.host}${code}. Check that the server at ${url.origin} is running and that the URL's host and port are right.`);
    case 'timeout':
      return details.phase === 'connect'
        ? say(`Could not connect to ${url.host} within ${seconds}. Check that the server at ${url.origin} is running and reachable.`)
        : say(
            `${url.href} did not finish sending the document within ${seconds}; the server is slow or stalled. Retry, or save the file and import it from disk.`,
          );
    case 'tls':
      return say(`TLS with ${url.host} failed${code}: the server's certificate is not trusted, has expired or is for another name.`);
    case 'dns':
      return say(`Could not resolve ${url.hostname}${code}. Check the URL's host name, your network or VPN.`);
    case 'protocol':
      return say(`${url.host} did not answer with valid HTTP${code}. Check that the URL points at an HTTP server.`);
    case 'cancelled':
      return say('The download was stopped.');
    default:
      return error;
  }
}

/** Depth of a parsed value, walked without recursion (a hostile document cannot blow the stack here). */
export function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let seen = 0;
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    // Aliases can make a YAML graph share nodes; a bounded walk is enough to judge depth.
    if (++seen > 5_000_000) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

export function parseDocumentText(text: string): { model: unknown; format: 'json' | 'yaml' } {
  if (/^\s*[{[]/.test(text)) {
    try {
      return { model: JSON.parse(text) as unknown, format: 'json' };
    } catch (error) {
      if (error instanceof RangeError) throw new CoreError('too-large', `The document is nested too deeply to read; nothing was imported.`);
      if (/^\s*\[/.test(text)) throw new CoreError('parse', `Not JSON: ${(error as Error).message}. Nothing was imported.`);
      // "{ a: 1 }" is YAML flow style: fall through.
    }
  }
  let doc;
  try {
    // maxAliasCount bounds "billion laughs" expansion.
    doc = parseDocument(text, { prettyErrors: true });
  } catch (error) {
    throw new CoreError(error instanceof RangeError ? 'too-large' : 'parse', `The document cannot be read: ${(error as Error).message}. Nothing was imported.`);
  }
  const first = doc.errors[0];
  if (first) throw new CoreError('parse', `The document is neither JSON nor YAML: ${first.message.split('\n')[0] ?? first.message}. Nothing was imported.`);
  try {
    return { model: doc.toJS({ maxAliasCount: 1000 }) as unknown, format: 'yaml' };
  } catch (error) {
    throw new CoreError(error instanceof RangeError ? 'too-large' : 'parse', `The document cannot be read: ${(error as Error).message}. Nothing was imported.`);
  }
}

const notSupported = 'It is not an OpenAPI 3.0/3.1/3.2 document, a Postman collection (v2.0/v2.1) or environment, or a curl command; nothing was imported.';

/** What Powerduck does import, said after naming a format it does not. */
const whatImports = 'Powerduck imports OpenAPI, Postman collections/environments and curl';

/**
 * Formats people bring from other tools, recognised so the refusal names them (an Insomnia export, a
 * Bruno collection or request, a HAR capture) rather than saying only what the text is not.
 */
function otherToolFormat(doc: Record<string, unknown>): string | undefined {
  const type = doc['type'];
  if (doc['_type'] === 'export' || doc['__export_format'] !== undefined || (typeof type === 'string' && /insomnia/i.test(type))) return 'an Insomnia export';
  const log = doc['log'];
  if (log && typeof log === 'object' && Array.isArray((log as Record<string, unknown>)['entries'])) return 'a HAR file (a recorded browser session)';
  if (doc['brunoConfig'] !== undefined || (type === 'collection' && typeof doc['name'] === 'string' && doc['version'] !== undefined && !('item' in doc)))
    return 'a Bruno collection';
  if (doc['_postman_variable_scope'] === 'globals') return 'Postman globals';
  return undefined;
}

function notImported(what: string): CoreError {
  return new CoreError('unsupported', `This looks like ${what}; ${whatImports}. Nothing was imported.`);
}

/** A Bruno request file (`.bru`): blocks such as `meta {` that are neither JSON nor YAML. */
const bruText = /^\s*meta\s*\{/;

export function detectSource(text: string): DetectedSource {
  if (isCurlCommand(text)) return { kind: 'curl', format: 'json' };
  if (text.trim() === '') throw new CoreError('bad-request', `The source is empty. ${notSupported}`);
  if (bruText.test(text)) throw notImported('a Bruno request file (.bru)');
  const { model, format } = parseDocumentText(text);
  if (!model || typeof model !== 'object' || Array.isArray(model)) throw new CoreError('invalid', notSupported);
  if (depthExceeds(model, MAX_IMPORT_DEPTH))
    throw new CoreError('too-large', `The document is nested more than ${MAX_IMPORT_DEPTH} levels deep; nothing was imported.`);
  const doc = model as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(doc, 'openapi')) {
    const version = doc['openapi'];
    if (typeof version !== 'string' || !/^3\.[0-2]\.\d+/.test(version)) {
      throw new CoreError('unsupported', `This is OpenAPI ${String(version)}; Powerduck imports OpenAPI 3.0, 3.1 and 3.2. Nothing was imported.`);
    }
    if (!doc['paths'] && !doc['webhooks'] && !doc['components']) throw new CoreError('invalid', 'The OpenAPI document has no paths; nothing was imported.');
    return { kind: 'openapi', model: doc, format };
  }
  if (Object.prototype.hasOwnProperty.call(doc, 'swagger'))
    throw new CoreError(
      'unsupported',
      'This is a Swagger 2.0 document; convert it to OpenAPI 3 first (Powerduck imports 3.0, 3.1 and 3.2). Nothing was imported.',
    );
  const info = doc['info'];
  const schema = info && typeof info === 'object' ? (info as Record<string, unknown>)['schema'] : undefined;
  if (Array.isArray(doc['item']) && (typeof schema === 'string' ? /collection\/v2\.[01]/.test(schema) : info && typeof info === 'object')) {
    return { kind: 'postman', model: doc, format };
  }
  if (doc['_postman_variable_scope'] === 'environment' && Array.isArray(doc['values'])) return { kind: 'postman-environment', model: doc, format };
  if (typeof schema === 'string' && /getpostman/.test(schema))
    throw new CoreError('unsupported', 'This Postman collection format is not v2.0/v2.1; export it again as Collection v2.1. Nothing was imported.');
  const other = otherToolFormat(doc);
  if (other) throw notImported(other);
  throw new CoreError('invalid', notSupported);
}
