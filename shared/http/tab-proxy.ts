/**
 * A request tab's proxy (A2A over HTTP and plain HTTP tabs alike): follow the Settings default (a
 * new tab), go direct, or this proxy. One reading for the tab's model, its saved session, what Send
 * asks the core for, and what "Open as new request" restores from a history entry.
 */
import type { RecordedProxy } from './proxy-rules';

export type TabProxyMode = 'settings' | 'direct' | 'url';

/** What a history entry recorded about the proxy, kept on a reopened tab so it can say what it restored. */
export interface TabProxyRecorded {
  /** The proxy it went through; absent: direct. */
  url?: string;
  /** It followed Settings then. */
  fromSettings?: true;
}

export interface TabProxyFields {
  /** Absent: follow Settings. */
  proxyMode?: TabProxyMode;
  /** `url` mode: the http:// proxy. */
  proxyUrl?: string;
  /** Opened from history: what the entry recorded (the tab pins it; the Options say so). */
  proxyRecorded?: TabProxyRecorded;
}

const modes: readonly TabProxyMode[] = ['settings', 'direct', 'url'];

/** The fields as a tab keeps them, from a seed or a saved session (anything else is dropped). */
export function tabProxyFields(seed: Readonly<Record<string, unknown>>): TabProxyFields {
  const mode = modes.find((m) => m === seed['proxyMode']);
  const url = typeof seed['proxyUrl'] === 'string' ? seed['proxyUrl'] : undefined;
  const recorded = seed['proxyRecorded'];
  const rec = typeof recorded === 'object' && recorded !== null ? (recorded as Record<string, unknown>) : undefined;
  return {
    ...(mode && mode !== 'settings' ? { proxyMode: mode } : {}),
    ...(url ? { proxyUrl: url } : {}),
    ...(rec
      ? {
          proxyRecorded: {
            ...(typeof rec['url'] === 'string' && rec['url'] ? { url: rec['url'] } : {}),
            ...(rec['fromSettings'] === true ? { fromSettings: true as const } : {}),
          },
        }
      : {}),
  };
}

/** What Send asks the core for: this proxy, the Settings default, or (neither) direct. A `url` tab with no address follows Settings. */
export function proxyAskOf(tab: TabProxyFields): { proxy?: string; proxyFromSettings?: true } {
  const mode = tab.proxyMode ?? 'settings';
  if (mode === 'direct') return {};
  if (mode === 'url' && tab.proxyUrl?.trim()) return { proxy: tab.proxyUrl.trim() };
  return { proxyFromSettings: true };
}

/**
 * The tab "Open as new request" opens keeps the way the entry went: through its proxy, or direct.
 * Never the Settings of today, which may differ from the Settings it followed then (the Options say
 * what was recorded, and that Settings now give something else when they do).
 */
export function tabProxyFromHistory(replay: { proxy?: string; proxyFromSettings?: true }): TabProxyFields {
  const recorded: TabProxyRecorded = { ...(replay.proxy ? { url: replay.proxy } : {}), ...(replay.proxyFromSettings ? { fromSettings: true as const } : {}) };
  return {
    ...(replay.proxy ? { proxyMode: 'url' as const, proxyUrl: replay.proxy } : { proxyMode: 'direct' as const }),
    proxyRecorded: recorded,
  };
}

/** A record's proxy in words, for the response views and history. */
export function recordedProxyWords(
  proxy: RecordedProxy | undefined,
): { kind: 'direct' } | { kind: 'bypassed'; source: RecordedProxy['source'] } | { kind: 'through'; url: string; source: RecordedProxy['source'] } {
  if (!proxy) return { kind: 'direct' };
  if (proxy.url) return { kind: 'through', url: proxy.url, source: proxy.source };
  return { kind: 'bypassed', source: proxy.source };
}
