/**
 * The Settings-level proxy (per-user state in the data folder, beside the active environment
 * choice: never part of the workspace) and the one decision of which proxy a send goes through:
 * the request's own proxy, else the Settings default when the request asks for it, else direct.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProxySettingsState } from '../../../shared/contract/ops-http';
import {
  parseBypassList,
  proxyEnvironmentOf,
  proxySettingsOf,
  settingsProxyFor,
  withScheme,
  type ProxyChoiceSource,
  type ProxyEnvironment,
  type ProxySettings,
  type RecordedProxy,
} from '../../../shared/http/proxy-rules';
import { CoreError } from '../core-error';
import { updateFile } from '../store/file-store';

const settingsFile = (root: string): string => join(root, 'proxy-settings.json');

export async function readProxySettings(root: string): Promise<ProxySettings> {
  try {
    return proxySettingsOf(JSON.parse(await readFile(settingsFile(root), 'utf8')));
  } catch {
    // Missing or unreadable: the default (off), as on a first start.
    return proxySettingsOf(undefined);
  }
}

/** A proxy address as shown: credentials in an environment variable are never handed to the page. */
function shown(proxy: string | undefined): string | undefined {
  if (!proxy) return undefined;
  try {
    const url = new URL(withScheme(proxy));
    if (!url.username && !url.password) return proxy;
    url.username = '';
    url.password = '';
    return `${url.href} (with a user name or password, which Powerduck does not send)`;
  } catch {
    return proxy;
  }
}

function shownEnvironment(env: ProxyEnvironment): ProxyEnvironment {
  const httpsProxy = shown(env.httpsProxy);
  const httpProxy = shown(env.httpProxy);
  return { ...(httpsProxy ? { httpsProxy } : {}), ...(httpProxy ? { httpProxy } : {}), ...(env.noProxy ? { noProxy: env.noProxy } : {}) };
}

export function proxySettingsState(settings: ProxySettings, environment: Record<string, string | undefined>): ProxySettingsState {
  const skipped = parseBypassList(settings.noProxy).skipped;
  return { settings, environment: shownEnvironment(proxyEnvironmentOf(environment)), ...(skipped.length ? { skipped } : {}) };
}

/**
 * Changes the given fields. A `url` mode proxy is checked when saved (http:// only, no credentials:
 * the same rule a send applies), so a bad one is refused here rather than at every send.
 */
export async function writeProxySettings(root: string, patch: unknown): Promise<ProxySettings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw new CoreError('bad-request', 'The proxy settings are an object: {mode?, url?, noProxy?}.');
  const given = patch as Record<string, unknown>;
  if (given['mode'] !== undefined && !['off', 'environment', 'url'].includes(given['mode'] as string))
    throw new CoreError('bad-request', 'The proxy mode is off, environment or url.');
  for (const key of ['url', 'noProxy'] as const)
    if (given[key] !== undefined && typeof given[key] !== 'string') throw new CoreError('bad-request', `The proxy ${key} must be text.`);
  return await updateFile(settingsFile(root), async (current) => {
    let before: unknown;
    try {
      before = current ? JSON.parse(Buffer.from(current.bytes).toString('utf8')) : undefined;
    } catch {
      before = undefined;
    }
    const next = proxySettingsOf({ ...proxySettingsOf(before), ...given });
    if (next.mode === 'url') {
      if (next.url === '') throw new CoreError('bad-request', 'Give the proxy address (http://host:port), or choose another mode.');
      proxyUrl(next.url);
    }
    return { write: { data: `${JSON.stringify(next, null, 2)}\n`, mode: 0o600 }, result: next };
  });
}

/**
 * The proxy an A2A call or a plain HTTP request goes through, one reading for both. A user name or
 * password in it is refused: Powerduck sends no Proxy-Authorization, so they would be dropped
 * silently (and a proxy that needs them would refuse in words that blame the request); the message
 * names the proxy without them, and where it came from.
 */
export function proxyUrl(proxy: string | undefined, from = 'The proxy'): URL | undefined {
  if (!proxy) return undefined;
  let url: URL;
  try {
    url = new URL(withScheme(proxy));
  } catch {
    throw new CoreError('bad-request', `${from} "${proxy}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:') throw new CoreError('unsupported', `${from} ${url.protocol}//${url.host}: only http:// proxies are supported.`);
  if (url.username || url.password)
    throw new CoreError(
      'bad-request',
      `${from} http://${url.host}/ was given with a user name or password; Powerduck sends no proxy credentials, so give a proxy that needs none.`,
    );
  return url;
}

/** What a send asks for: its own proxy, or the Settings default (absent both: direct). */
export interface ProxyAsk {
  proxy?: string;
  proxyFromSettings?: boolean;
}

export interface ProxyChoice {
  /** The proxy to go through; absent: direct. */
  url?: URL;
  source: ProxyChoiceSource;
  /** Direct because a bypass list named the address. */
  bypassed?: boolean;
}

export interface ProxyContext {
  environment: Record<string, string | undefined>;
  /** The data folder holding the Settings default; without it the default is off. */
  dataRoot?: string | undefined;
}

/** Which proxy this send goes through to `target` (a redirect's next address is decided again). */
export async function chooseProxy(ask: ProxyAsk, target: URL, ctx: ProxyContext): Promise<ProxyChoice> {
  if (ask.proxy) return { url: proxyUrl(ask.proxy) as URL, source: 'request' };
  if (ask.proxyFromSettings !== true || ctx.dataRoot === undefined) return { source: 'request' };
  const settings = await readProxySettings(ctx.dataRoot);
  const picked = settingsProxyFor(settings, proxyEnvironmentOf(ctx.environment), target);
  const source: ProxyChoiceSource = picked.source === 'environment' ? 'environment' : 'settings';
  const from = picked.variable ? `The proxy in ${picked.variable}` : 'The proxy in Settings';
  const url = proxyUrl(picked.proxy, from);
  return { ...(url ? { url } : {}), source, ...(picked.bypassed ? { bypassed: true } : {}) };
}

/** What the record keeps of a choice: the proxy's origin, or nothing when the send went direct as asked. */
export function recordedProxyOf(choice: ProxyChoice): RecordedProxy | undefined {
  if (choice.url) return { url: `${choice.url.protocol}//${choice.url.host}`, source: choice.source };
  return choice.bypassed ? { source: choice.source, bypassed: true } : undefined;
}
