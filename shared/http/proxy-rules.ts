/**
 * Which proxy a request goes through, decided the same way in the core (at send time) and in the
 * page (to show what a tab's "Settings" choice means for its address, and whether a request
 * reopened from history still matches). Pure: the process environment comes in as data.
 *
 * The Settings default is one of:
 * - `off`: every request goes direct;
 * - `environment`: HTTPS_PROXY for https:// addresses, HTTP_PROXY for http:// ones (no fallback
 *   from one to the other, as curl), NO_PROXY the bypass list; the upper-case spelling first, then
 *   the lower-case one, as the process sees them when it starts;
 * - `url`: one http:// proxy for both, with its own bypass list.
 *
 * Bypass lists use NO_PROXY's syntax, comma- or space-separated: `*` bypasses everything; `host`
 * matches that host and every name under it; `.suffix` or `*.suffix` only names under it; an entry
 * with `:port` matches that port only (the address's default port when it names none). IP addresses
 * match exactly (no CIDR ranges: such an entry matches nothing). Loopback is not special: a proxy
 * gets localhost too unless the list names it (`localhost, 127.0.0.1, [::1]`), because a debugging
 * proxy on this machine is a common reason to set one and a silent exception would hide requests from it.
 */
import { bareHost } from './host-names';

export type ProxyMode = 'off' | 'environment' | 'url';

export interface ProxySettings {
  mode: ProxyMode;
  /** `url` mode: the http:// proxy. */
  url: string;
  /** `url` mode: the bypass list (NO_PROXY syntax). */
  noProxy: string;
}

export const defaultProxySettings: ProxySettings = { mode: 'off', url: '', noProxy: '' };

/** The bounds of what is read from a settings file or the environment: anything longer is cut. */
export const maxProxyUrlLength = 2048;
export const maxNoProxyLength = 8192;
const maxNoProxyEntries = 512;

const modes: readonly ProxyMode[] = ['off', 'environment', 'url'];

/** A settings file's content, read leniently: unknown or ill-typed fields fall back to the defaults. */
export function proxySettingsOf(raw: unknown): ProxySettings {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const mode = modes.find((m) => m === o['mode']) ?? 'off';
  const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  return { mode, url: text(o['url'], maxProxyUrlLength), noProxy: text(o['noProxy'], maxNoProxyLength) };
}

/** The proxy variables as the process sees them. */
export interface ProxyEnvironment {
  httpsProxy?: string;
  httpProxy?: string;
  noProxy?: string;
}

export function proxyEnvironmentOf(env: Readonly<Record<string, string | undefined>>): ProxyEnvironment {
  const read = (name: string, max: number): string | undefined => {
    const value = (env[name] ?? env[name.toLowerCase()])?.trim();
    return value ? value.slice(0, max) : undefined;
  };
  const httpsProxy = read('HTTPS_PROXY', maxProxyUrlLength);
  const httpProxy = read('HTTP_PROXY', maxProxyUrlLength);
  const noProxy = read('NO_PROXY', maxNoProxyLength);
  return { ...(httpsProxy ? { httpsProxy } : {}), ...(httpProxy ? { httpProxy } : {}), ...(noProxy ? { noProxy } : {}) };
}

interface BypassEntry {
  host: string;
  /** Names under `host` only (`.suffix`, `*.suffix`). */
  underOnly: boolean;
  ip: boolean;
  port?: number;
}

export interface BypassList {
  all: boolean;
  entries: BypassEntry[];
}

function normalHost(host: string): string {
  return bareHost(host.toLowerCase()).replace(/\.$/, '');
}

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** One entry, or undefined when it is not one (empty, a bad port, characters no host name has). */
function bypassEntry(raw: string): BypassEntry | undefined {
  let text = raw.trim().toLowerCase();
  if (text === '') return undefined;
  let port: number | undefined;
  // [v6]:port, host:port; a bare IPv6 address (two colons or more) has no port.
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    text = bracketed[1] ?? '';
    // Brackets hold an IPv6 address and nothing else.
    if (!text.includes(':')) return undefined;
    if (bracketed[2] !== undefined) port = Number(bracketed[2]);
  } else if ((text.match(/:/g) ?? []).length === 1) {
    const [host = '', given = ''] = text.split(':');
    if (!/^\d+$/.test(given)) return undefined;
    text = host;
    port = Number(given);
  }
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port <= 65535)) return undefined;
  const isV6 = text.includes(':');
  if (isV6) return /^[0-9a-f:.]+$/.test(text) ? { host: text, underOnly: false, ip: true, ...(port !== undefined ? { port } : {}) } : undefined;
  let underOnly = false;
  if (text.startsWith('*.')) {
    underOnly = true;
    text = text.slice(2);
  } else if (text.startsWith('.')) {
    underOnly = true;
    text = text.slice(1);
  }
  text = text.replace(/\.$/, '');
  // Host names as URL parsing leaves them (punycode, digits, hyphens, dots); anything else matches nothing.
  if (text === '' || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(text)) return undefined;
  const ip = ipv4.test(text);
  if (ip && underOnly) return undefined;
  return { host: text, underOnly, ip, ...(port !== undefined ? { port } : {}) };
}

/** Reads a bypass list; entries it cannot read are skipped (and counted, for the settings dialog to say so). */
export function parseBypassList(text: string): BypassList & { skipped: string[] } {
  const parts = text
    .slice(0, maxNoProxyLength)
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, maxNoProxyEntries);
  const out: BypassList & { skipped: string[] } = { all: false, entries: [], skipped: [] };
  for (const part of parts) {
    if (part === '*') {
      out.all = true;
      continue;
    }
    const entry = bypassEntry(part);
    if (entry) out.entries.push(entry);
    else out.skipped.push(part);
  }
  return out;
}

/** The parts of an address bypass lists are matched against. */
export interface ProxyTarget {
  protocol: string;
  hostname: string;
  port: string;
}

function effectivePort(target: ProxyTarget): number {
  if (target.port) return Number(target.port);
  return target.protocol === 'https:' ? 443 : 80;
}

export function bypasses(list: BypassList, target: ProxyTarget): boolean {
  if (list.all) return true;
  const host = normalHost(target.hostname);
  const port = effectivePort(target);
  // An address is matched whole: `0.0.1` is no suffix of 127.0.0.1.
  const hostIsIp = ipv4.test(host) || host.includes(':');
  return list.entries.some((entry) => {
    if (entry.port !== undefined && entry.port !== port) return false;
    if (entry.ip || hostIsIp) return host === entry.host;
    if (host === entry.host) return !entry.underOnly;
    return host.endsWith(`.${entry.host}`);
  });
}

/** Where the proxy a send used came from: the request's own, the Settings URL, or the environment variables. */
export type ProxyChoiceSource = 'request' | 'settings' | 'environment';

/** What the record says about the way a request went: through which proxy, or direct and why. */
export interface RecordedProxy {
  /** The proxy's origin (`http://host:port`); absent: direct. */
  url?: string;
  source: ProxyChoiceSource;
  /** Direct because a bypass list named the address. */
  bypassed?: true;
}

/** Where a Settings-level choice came from, for the page and the record to say. */
export type ProxySource = 'off' | 'environment' | 'settings';

export interface SettingsProxy {
  /** The proxy to use; absent: direct. */
  proxy?: string;
  source: ProxySource;
  /** Direct because the bypass list named the address. */
  bypassed?: boolean;
  /** The environment variable the proxy came from. */
  variable?: 'HTTPS_PROXY' | 'HTTP_PROXY';
}

/** A proxy written without a scheme (`proxy:3128`, common in HTTP_PROXY) is an http:// one, as curl reads it. */
export function withScheme(proxy: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

/** The proxy the Settings default gives this address. */
export function settingsProxyFor(settings: ProxySettings, environment: ProxyEnvironment, target: ProxyTarget): SettingsProxy {
  if (settings.mode === 'off') return { source: 'off' };
  if (settings.mode === 'url') {
    if (settings.url.trim() === '') return { source: 'settings' };
    if (bypasses(parseBypassList(settings.noProxy), target)) return { source: 'settings', bypassed: true };
    return { source: 'settings', proxy: withScheme(settings.url.trim()) };
  }
  const secure = target.protocol === 'https:';
  const proxy = secure ? environment.httpsProxy : environment.httpProxy;
  if (!proxy) return { source: 'environment' };
  if (bypasses(parseBypassList(environment.noProxy ?? ''), target)) return { source: 'environment', bypassed: true };
  return { source: 'environment', proxy: withScheme(proxy), variable: secure ? 'HTTPS_PROXY' : 'HTTP_PROXY' };
}

/**
 * Two proxy addresses name the same proxy: scheme, host and port (80 when none is written), nothing
 * else (a trailing slash is no difference). Read by hand: `shared/` has no URL parser.
 */
export function sameProxy(a: string | undefined, b: string | undefined): boolean {
  const origin = (text: string | undefined): string => {
    if (!text?.trim()) return '';
    const full = withScheme(text.trim()).toLowerCase();
    const scheme = full.slice(0, full.indexOf('://'));
    const authority = (full.slice(scheme.length + 3).split(/[/?#]/)[0] ?? '').replace(/^.*@/, '');
    const hasPort = /:\d+$/.test(authority) && !/^\[[^\]]*$/.test(authority.replace(/:\d+$/, ''));
    return `${scheme}://${hasPort ? authority : `${authority}:${scheme === 'https' ? 443 : 80}`}`;
  };
  return origin(a) === origin(b);
}
