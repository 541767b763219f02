/**
 * The core's cookie jar for plain HTTP requests (what Postman, Insomnia and Bruno keep per
 * workspace): RFC 6265 storage and matching by tough-cookie, the library those tools build on, in
 * memory only. Cookies are credentials, so they never go to disk here: they last until the jar is
 * cleared or the process ends, and nothing outside the core sees a value (see CookieSummary).
 * Loaded on first use: most sends never see a Set-Cookie and should not pay for the library.
 */
import { Cookie, CookieJar, MemoryCookieStore } from 'tough-cookie';
import type { CookieSummary } from '../../../shared/http/http-types';
import type { HttpCookiesRemoveRequest } from '../../../shared/contract/ops-http';

/** RFC 6265 §6.1 asks a jar to hold at least 3000 cookies, 50 per domain; more is a flood, not a session. */
export const MAX_COOKIES = 3000;
export const MAX_COOKIES_PER_DOMAIN = 50;

/** Which cookies to remove: the contract's request of http.cookies.remove. */
export type CookieFilter = HttpCookiesRemoveRequest;

export interface HttpCookieJar {
  /** The Cookie header for a request to `url` and the names it carries; undefined when none applies. */
  headerFor(url: URL): Promise<{ header: string; names: string[] } | undefined>;
  /** Stores each Set-Cookie of an answer from `url`: the names stored, and one line per refused cookie (never its value). */
  store(url: URL, setCookies: readonly string[]): Promise<{ stored: string[]; refused: string[] }>;
  list(): Promise<CookieSummary[]>;
  /** Removes the cookies matching every given field (none given: all); returns how many went. */
  remove(filter: CookieFilter): Promise<number>;
}

function nameOf(setCookie: string): string {
  const eq = setCookie.indexOf('=');
  const semi = setCookie.indexOf(';');
  const end = eq === -1 || (semi !== -1 && semi < eq) ? -1 : eq;
  return end === -1 ? '' : setCookie.slice(0, end).trim();
}

function summary(cookie: Cookie): CookieSummary {
  const expires = cookie.isPersistent() ? cookie.expiryDate() : undefined;
  return {
    name: cookie.key,
    domain: cookie.domain ?? '',
    path: cookie.path ?? '/',
    hostOnly: cookie.hostOnly === true,
    ...(expires && Number.isFinite(expires.getTime()) ? { expires: expires.toISOString() } : {}),
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    ...(cookie.sameSite && cookie.sameSite !== 'none' ? { sameSite: cookie.sameSite } : {}),
    valueBytes: Buffer.byteLength(cookie.value, 'utf8'),
  };
}

function creationTime(cookie: Cookie): number {
  return cookie.creation instanceof Date ? cookie.creation.getTime() : 0;
}

export function createCookieJar(): HttpCookieJar {
  const store = new MemoryCookieStore();
  // Loopback servers are where APIs are debugged: their Secure cookies are kept and sent as a
  // browser does for a potentially trustworthy origin; public suffixes (Domain=com) are refused.
  const jar = new CookieJar(store, { rejectPublicSuffixes: true, allowSecureOnLocal: true, prefixSecurity: 'strict' });

  // A stored cookie always has its domain and path (the jar fills them from the request URL).
  const drop = (cookie: Cookie): Promise<void> => store.removeCookie(cookie.domain ?? '', cookie.path ?? '', cookie.key);

  async function live(): Promise<Cookie[]> {
    const at = new Date();
    const all = await store.getAllCookies();
    const out: Cookie[] = [];
    for (const cookie of all) {
      const expiry = cookie.expiryTime(at);
      if (expiry !== undefined && expiry <= at.getTime()) await drop(cookie);
      else out.push(cookie);
    }
    return out;
  }

  /** One pass after a store: oldest first out of each touched domain over its share, then out of the jar over the total. */
  async function bound(domains: ReadonlySet<string>): Promise<void> {
    const kept = (await live()).sort((a, b) => creationTime(a) - creationTime(b));
    const dropped = new Set<Cookie>();
    for (const domain of domains) {
      const mine = kept.filter((c) => c.domain === domain);
      for (const cookie of mine.slice(0, Math.max(0, mine.length - MAX_COOKIES_PER_DOMAIN))) dropped.add(cookie);
    }
    const rest = kept.filter((c) => !dropped.has(c));
    for (const cookie of rest.slice(0, Math.max(0, rest.length - MAX_COOKIES))) dropped.add(cookie);
    for (const cookie of dropped) await drop(cookie);
  }

  return {
    async headerFor(url) {
      const cookies = await jar.getCookies(url);
      if (!cookies.length) return undefined;
      return { header: cookies.map((c) => c.cookieString()).join('; '), names: cookies.map((c) => c.key) };
    },

    async store(url, setCookies) {
      const stored: string[] = [];
      const refused: string[] = [];
      const domains = new Set<string>();
      for (const text of setCookies) {
        const name = nameOf(text);
        const label = name ? `Set-Cookie "${name}"` : 'A Set-Cookie header';
        let cookie: Cookie | undefined;
        try {
          cookie = await jar.setCookie(text, url);
        } catch (error) {
          // tough-cookie names domains and rules in its messages, never the value.
          refused.push(`${label} was not stored: ${(error as Error).message}`);
          continue;
        }
        if (!cookie) {
          refused.push(`${label} was not stored: it does not parse as a cookie (RFC 6265 §5.2).`);
          continue;
        }
        stored.push(cookie.key);
        if (cookie.domain) domains.add(cookie.domain);
      }
      if (domains.size) await bound(domains);
      return { stored, refused };
    },

    async list() {
      const cookies = await live();
      return cookies.map(summary).sort((a, b) => a.domain.localeCompare(b.domain) || a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
    },

    async remove(filter) {
      let removed = 0;
      for (const cookie of await live()) {
        if (filter.domain !== undefined && cookie.domain !== filter.domain) continue;
        if (filter.path !== undefined && cookie.path !== filter.path) continue;
        if (filter.name !== undefined && cookie.key !== filter.name) continue;
        await drop(cookie);
        removed += 1;
      }
      return removed;
    },
  };
}
