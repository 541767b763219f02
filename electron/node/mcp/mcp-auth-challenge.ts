/**
 * What an MCP server answering 401 asks for. MCP authorization (2025-06-18+) points at RFC 9728
 * protected-resource metadata through `WWW-Authenticate: Bearer resource_metadata="…"`, or at the
 * well-known URL; that document names the authorization servers and scopes. Powerduck reads and
 * shows it; the OAuth flow runs when the request's Auth is OAuth 2.0 (not started from the metadata alone).
 */
import type { McpAuthChallenge } from '../../../shared/mcp/mcp-types';
import { isObject } from '../../../shared/a2a/payload';

const MAX_METADATA_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5_000;

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** `key="value"` or `key=token` parameters of a WWW-Authenticate value (RFC 9110 §11.6.1). */
export function challengeParams(header: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    const key = (m[1] as string).toLowerCase();
    if (!(key in out)) out[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return out;
}

async function readMetadata(url: string, fetchFn: FetchLike): Promise<Record<string, unknown>> {
  const response = await fetchFn(url, { method: 'GET', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_METADATA_BYTES) throw new Error(`${url} is larger than ${MAX_METADATA_BYTES} bytes`);
  const doc: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!isObject(doc)) throw new Error(`${url} is not a JSON object`);
  return doc;
}

/** RFC 9728 §3.1: the well-known URL of a resource, path-aware first, then the origin's. */
function wellKnownUrls(endpoint: string): string[] {
  const url = new URL(endpoint);
  const path = url.pathname === '/' ? '' : url.pathname;
  const out = [`${url.origin}/.well-known/oauth-protected-resource${path}`];
  if (path) out.push(`${url.origin}/.well-known/oauth-protected-resource`);
  return out;
}

export async function describeChallenge(status: number, headers: Headers, endpoint: string, fetchFn: FetchLike): Promise<McpAuthChallenge> {
  const header = headers.get('www-authenticate') ?? undefined;
  const challenge: McpAuthChallenge = { status, ...(header ? { wwwAuthenticate: header } : {}) };
  const params = header ? challengeParams(header) : {};
  if (params['scope']) challenge.scopes = params['scope'].split(/\s+/).filter(Boolean);
  const candidates = params['resource_metadata'] ? [params['resource_metadata']] : wellKnownUrls(endpoint);
  const errors: string[] = [];
  for (const candidate of candidates) {
    let target: URL;
    try {
      target = new URL(candidate, endpoint);
    } catch {
      errors.push(`"${candidate}" is not a URL`);
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      errors.push(`${target.href} is not an http(s) URL`);
      continue;
    }
    try {
      const doc = await readMetadata(target.href, fetchFn);
      challenge.resourceMetadataUrl = target.href;
      challenge.resourceMetadata = doc;
      const servers = doc['authorization_servers'];
      if (Array.isArray(servers)) challenge.authorizationServers = servers.filter((s): s is string => typeof s === 'string');
      const scopes = doc['scopes_supported'];
      if (!challenge.scopes && Array.isArray(scopes)) challenge.scopes = scopes.filter((s): s is string => typeof s === 'string');
      return challenge;
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  if (params['resource_metadata'] || header) challenge.metadataError = errors.join('; ');
  return challenge;
}
