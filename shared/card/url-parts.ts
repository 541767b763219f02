/**
 * Just enough URL parsing for origins and lint, without the platform URL class (shared/ runs
 * anywhere). Handles `scheme://[userinfo@]host[:port]/path` and gRPC's bare `host:port`.
 */
export interface UrlParts {
  scheme: string;
  host: string;
  port: number | undefined;
  hasUserinfo: boolean;
  path: string;
}

const defaultPorts: Record<string, number> = { http: 80, https: 443, grpc: 80, grpcs: 443 };

export function parseUrlParts(text: string): UrlParts | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)/.exec(text.trim());
  if (!match) return undefined;
  const scheme = (match[1] ?? '').toLowerCase();
  let authority = match[2] ?? '';
  const at = authority.lastIndexOf('@');
  const hasUserinfo = at !== -1;
  if (hasUserinfo) authority = authority.slice(at + 1);
  const hostPort = splitHostPort(authority);
  if (!hostPort) return undefined;
  return { scheme, host: hostPort.host, port: hostPort.port, hasUserinfo, path: match[3] ?? '' };
}

/** gRPC interfaces are `host:port` (a2a.proto AgentInterface.url comment). */
export function parseHostPort(text: string): { host: string; port: number } | undefined {
  const parts = splitHostPort(text.trim());
  return parts && parts.port !== undefined ? { host: parts.host, port: parts.port } : undefined;
}

function splitHostPort(authority: string): { host: string; port: number | undefined } | undefined {
  let host: string;
  let portText: string | undefined;
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end === -1) return undefined;
    host = authority.slice(0, end + 1);
    const rest = authority.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return undefined;
    portText = rest ? rest.slice(1) : undefined;
  } else {
    const colon = authority.lastIndexOf(':');
    host = colon === -1 ? authority : authority.slice(0, colon);
    portText = colon === -1 ? undefined : authority.slice(colon + 1);
  }
  if (host === '' || /[\s/?#]/.test(host)) return undefined;
  let port: number | undefined;
  if (portText !== undefined && portText !== '') {
    if (!/^\d{1,5}$/.test(portText)) return undefined;
    port = Number(portText);
    if (port > 65535) return undefined;
  }
  return { host: host.toLowerCase(), port };
}

/** `scheme://host:port` with the default port filled in, so equal origins compare equal. */
export function originOf(text: string): string | undefined {
  const parts = parseUrlParts(text);
  if (parts) return `${parts.scheme}://${parts.host}:${parts.port ?? defaultPorts[parts.scheme] ?? 0}`;
  const bare = parseHostPort(text);
  return bare ? `grpc://${bare.host}:${bare.port}` : undefined;
}

export function isHttpUrl(text: string): boolean {
  const parts = parseUrlParts(text);
  return parts !== undefined && (parts.scheme === 'http' || parts.scheme === 'https');
}
