/**
 * urlCredentialParts against the WHATWG parser itself (`new URL`, as Node and the transports read an
 * endpoint): over thousands of generated spellings, it finds userinfo exactly when `new URL` gives a
 * user or password, and every credential-named parameter URLSearchParams reads from the query or the
 * fragment; and the three consumers (redactUrl, withoutUrlCredentials, safeUrl, all one urlCredentialEdits) leave no credential
 * behind and change nothing in a URL that has none.
 */
import { describe, expect, it } from 'vitest';
import { isSecretQuery, REDACTED, redactUrl, withoutUrlCredentials } from '../a2a/redaction';
import { endpointCredentials } from '../openapi/endpoint-credentials';
import { safeUrl } from '../session/session-state';
import { editUrl, stripUrlCredentials, urlCredentialEdits, urlCredentialParts } from './url-credentials';

const credentialNames = new Set(['token', 'access_token', 'key', 'api_key', 'apikey', 'sig', 'signature', 'password', 'secret', 'auth']);

/** Markers only ever written in a credential position, short on purpose (positional redaction has no minimum length). */
const USER = 'Us9';
const PASS = 'Pw7';
const TOKEN = 'Tk5';

const pick = {
  lead: ['', ' ', '  ', '\t', '\n', '\u0000', '\u001f ', '\r\n'],
  scheme: ['http:', 'HTTP:', 'https:', 'Https:', 'ws:', 'wss:', 'ftp:', 'foo:', 'x-a2a:', 'file:', 'FILE:'],
  slashes: ['//', '', '/', '///', '\\', '\\\\', '/\\', '\\/', '\\\\\\'],
  userinfo: [
    '',
    '',
    `${USER}:${PASS}@`,
    `${USER}@`,
    `:${PASS}@`,
    `${USER}:@`,
    `${USER}:${PASS}@x${PASS}@`,
    `${USER}%40${PASS}@`,
    `${USER}:${PASS}:${PASS}@`,
    '@',
    ':@',
    `${USER}\t:${PASS}@`,
  ],
  host: ['h', 'h.example:8080', '[::1]', '[::1]:9', '127.0.0.1', 'xn--bcher-kva.example'],
  path: ['', '/', '/rpc', '/a/b', '/users/@me', '/p@x', '/a:b@c/d'],
  query: [
    '',
    '?',
    '?a=1',
    `?token=${TOKEN}`,
    `?x=1&ACCESS_TOKEN=${TOKEN}`,
    `?%61pi_key=${TOKEN}&b=2`,
    `?Sig=${TOKEN}`,
    '?tokens=1&monkey=2',
    `?q=a@b&auth=${TOKEN}`,
    `?x=1;token=${TOKEN}`,
    `?token=${TOKEN}%26${TOKEN}`,
  ],
  fragment: ['', '#', '#f', `#access_token=${TOKEN}&state=1`, '#x@y', `#/cb?token=${TOKEN}`, '#a=1&b=2'],
  trail: ['', ' ', '\t', '\u0000', ' \n'],
} as const;

/** A small deterministic generator (mulberry32), so a failure names a reproducible URL. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function spellings(count: number): string[] {
  const next = random(13);
  const one = (list: readonly string[]): string => list[Math.floor(next() * list.length)] as string;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let url =
      one(pick.lead) +
      one(pick.scheme) +
      one(pick.slashes) +
      one(pick.userinfo) +
      one(pick.host) +
      one(pick.path) +
      one(pick.query) +
      one(pick.fragment) +
      one(pick.trail);
    // WHATWG drops tabs and newlines anywhere: put one somewhere now and then.
    if (next() < 0.15) {
      const at = Math.floor(next() * url.length);
      url = url.slice(0, at) + one(['\t', '\n', '\r']) + url.slice(at);
    }
    out.push(url);
  }
  return out;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The credential-named parameters `new URL` reads from the query and the fragment. */
function oracleParams(url: URL): string[] {
  const names: string[] = [];
  for (const part of [url.search.slice(1), url.hash.slice(1)]) {
    for (const [name] of new URLSearchParams(part)) if (credentialNames.has(name.trim().toLowerCase())) names.push(name.trim().toLowerCase());
  }
  return names;
}

const samples = spellings(4000);

describe('urlCredentialParts reads a URL as new URL does', () => {
  it('finds userinfo exactly when new URL has a user or password, and every credential parameter it reads', () => {
    // Mismatches are collected and asserted once (per-sample expect() calls cost seconds under load).
    const problems: string[] = [];
    let parsed = 0;
    let withUserinfo = 0;
    for (const url of samples) {
      const whatwg = parse(url);
      if (!whatwg) continue;
      parsed++;
      const parts = urlCredentialParts(url);
      const hasUserinfo = whatwg.username !== '' || whatwg.password !== '';
      if (hasUserinfo) withUserinfo++;
      if ((parts.userinfo !== undefined) !== hasUserinfo)
        problems.push(`${JSON.stringify(url)}: userinfo found ${parts.userinfo !== undefined}, new URL has ${hasUserinfo}`);
      const found = new Set(parts.params.map((p) => p.name.toLowerCase()));
      for (const name of oracleParams(whatwg)) if (!found.has(name)) problems.push(`${JSON.stringify(url)}: parameter ${name} not found`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // The generator really exercises both sides.
    expect(parsed).toBeGreaterThan(2000);
    expect(withUserinfo).toBeGreaterThan(500);
  });

  it('the audit spellings: no slashes, one slash, backslashes, padding, the last @, the fragment', () => {
    for (const url of ['http:bob:pw@h/rpc', 'http:/bob:pw@h/rpc', 'http:\\\\bob:pw@h/rpc', '  http://bob:pw@h/rpc \n', 'HTTP:\\/\\bob:pw@h', 'ws:bob@h']) {
      expect(new URL(url).username).toBe('bob');
      const parts = urlCredentialParts(url);
      expect(parts.userinfo && url.slice(parts.userinfo.start, parts.userinfo.end)).toBe(url.startsWith('ws') ? 'bob' : 'bob:pw');
    }
    const lastAt = 'http://erin:x@ATPW-5521@host/p@q?x=1';
    expect(new URL(lastAt).password).toBe('x%40ATPW-5521');
    const parts = urlCredentialParts(lastAt);
    expect(parts.userinfo && lastAt.slice(parts.userinfo.start, parts.userinfo.end)).toBe('erin:x@ATPW-5521');
    expect(parts.userinfo?.atSign).toBe(lastAt.indexOf('@host'));
    expect(urlCredentialParts('http://h/cb#access_token=abc&state=1').params.map((p) => [p.in, p.name])).toEqual([
      ['fragment', 'access_token'],
      ['fragment', 'state'],
    ]);
  });

  it('reports no credential in URLs that have none: @ in the path, query or fragment, mailto-like, IPv6, non-special schemes', () => {
    for (const url of [
      'http://host/path@x',
      'http://host\\path@x',
      'http://h/users/@me?page=2',
      'http://h/?q=a@b#x@y',
      'mailto:bob:pw@example.com',
      'foo:bob:pw@h',
      'foo:/bob:pw@h',
      'foo://h/bob:pw@x',
      'http://[::1]:8080/rpc',
      'http://[fe80::1%25eth0]/rpc',
      'http://@h/',
      'http://:@h/',
      'localhost:50051',
      'file:///home/me/a@b.yaml',
      'file:///a@b/x',
      'file:a@b',
      '',
    ]) {
      const parsed = parse(url);
      if (parsed) expect({ url, user: parsed.username, pass: parsed.password }).toEqual({ url, user: '', pass: '' });
      expect({ url, userinfo: urlCredentialParts(url).userinfo }).toEqual({ url, userinfo: undefined });
      expect(endpointCredentials(url)).toEqual([]);
      expect(redactUrl(url)).toBe(url);
      expect(withoutUrlCredentials(url)).toBe(url);
      expect(safeUrl(url)).toBe(url);
    }
  });
});

describe('what the consumers make of it', () => {
  it('redactUrl, withoutUrlCredentials and safeUrl leave no credential marker, keep host and path, and touch nothing else', () => {
    // Every sample is checked as before; a mismatch is collected (naming the URL) and the list asserted once at the
    // end, since 4000 samples times a dozen expect() calls each took seconds of matcher work on a loaded machine.
    const problems: string[] = [];
    const same = (url: string, what: string, actual: unknown, expected: unknown): void => {
      if (actual !== expected) problems.push(`${JSON.stringify(url)}: ${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    };
    for (const url of samples) {
      const whatwg = parse(url);
      const markers = [USER, PASS, TOKEN].filter((m) => url.replace(/[\t\n\r]/g, '').includes(m));
      const hasCredential = markers.length > 0 || (whatwg !== undefined && (whatwg.username !== '' || whatwg.password !== ''));
      const redacted = redactUrl(url);
      const removed = withoutUrlCredentials(url);
      const session = safeUrl(url);
      if (whatwg) {
        // What is left is still the same place: the host and path new URL reads are unchanged.
        for (const out of [redacted, removed, session]) {
          const again = parse(out);
          same(url, `host of ${out}`, again?.host, whatwg.host);
          same(url, `path of ${out}`, again?.pathname, whatwg.pathname);
          same(url, `user of ${out}`, again?.username, out === redacted && (whatwg.username || whatwg.password) ? encodeURIComponent(REDACTED) : '');
          same(url, `password of ${out}`, again?.password, '');
        }
      }
      for (const out of [redacted, removed, session]) {
        for (const marker of markers) {
          // A marker in a non-credential position (a look-alike name, an opaque path) may stay; none in a credential position does.
          const kept = parse(out);
          if (kept) {
            same(url, `${marker} in the userinfo of ${out}`, kept.username.includes(marker) || kept.password.includes(marker), false);
            for (const part of [kept.search.slice(1), kept.hash.slice(1)]) {
              for (const [name, value] of new URLSearchParams(part)) {
                if (credentialNames.has(name.trim().toLowerCase())) same(url, `${marker} in ${name} of ${out}`, value.includes(marker), false);
              }
            }
          }
        }
      }
      if (!hasCredential) {
        // History's redaction also hides names that merely look like a credential (`tokens`, `db_password`).
        // (Where new URL gives up, the generated look-alike is `tokens=`.)
        const lookAlike = whatwg
          ? [whatwg.search.slice(1), whatwg.hash.slice(1)].some((part) => [...new URLSearchParams(part)].some(([name]) => isSecretQuery(name.trim())))
          : url.includes('tokens=');
        if (!lookAlike) same(url, 'redacted', redacted, url);
        // The session file reads names as history does: a look-alike loses its value there too.
        same(url, 'session', session, lookAlike ? session : url);
        same(url, 'removed', removed, lookAlike ? removed : url);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('redactUrl marks the whole userinfo up to the last @, and fragment credentials', () => {
    expect(redactUrl('http://erin:x@ATPW-5521@host/p?x=1')).toBe(`http://${REDACTED}@host/p?x=1`);
    expect(redactUrl('http:bob:pw@h/rpc')).toBe(`http:${REDACTED}@h/rpc`);
    expect(redactUrl('http:\\\\bob:pw@h/rpc')).toBe(`http:\\\\${REDACTED}@h/rpc`);
    expect(redactUrl(' http://bob:pw@h/rpc ')).toBe(` http://${REDACTED}@h/rpc `);
    expect(redactUrl('http://h/cb#access_token=ab3&state=1')).toBe(`http://h/cb#access_token=${REDACTED}&state=1`);
    expect(redactUrl('http://h/rpc?x=1;token=ab3&y=2')).toBe(`http://h/rpc?x=1;token=${REDACTED}&y=2`);
    expect(redactUrl('http://h/rpc?token=a;b&y=2')).toBe(`http://h/rpc?token=${REDACTED}&y=2`);
    expect(withoutUrlCredentials('http://erin:x@ATPW-5521@host/p#token=zz')).toBe('http://host/p#token=');
    expect(safeUrl('http:\\\\bob:pw@h/rpc#access_token=zz')).toBe('http:\\\\h/rpc#access_token=');
  });

  it('all three take out a password-only or percent-encoded userinfo, and leave text that is no URL alone', () => {
    for (const [url, stripped] of [
      ['http://:pw@h/rpc', 'http://h/rpc'],
      ['http://bob@h/rpc', 'http://h/rpc'],
      ['http://b%40b:p%3Aw%40rd@h/rpc', 'http://h/rpc'],
      ['http://%7B%7Bu%7D%7D:x@h/', 'http://h/'],
    ] as const) {
      expect(redactUrl(url)).toBe(stripped.replace('//', `//${REDACTED}@`));
      expect(withoutUrlCredentials(url)).toBe(stripped);
      expect(safeUrl(url)).toBe(stripped);
    }
    for (const text of ['not a url at all', 'bob:pw@host', 'token=abc', 'http://h/?token=&key']) {
      expect(redactUrl(text)).toBe(text);
      expect(withoutUrlCredentials(text)).toBe(text);
      expect(safeUrl(text)).toBe(text);
    }
  });

  it("empties query and fragment secrets under percent-encoded or upper-case names, and keeps each reader's rule", () => {
    for (const strip of [withoutUrlCredentials, safeUrl]) {
      expect(strip('http://h/?%74oken=abc&api%5Fkey=q&x=1')).toBe('http://h/?%74oken=&api%5Fkey=&x=1');
      expect(strip('http://h/?Token=1#access_token=2')).toBe('http://h/?Token=#access_token=');
    }
    // Both lose every look-alike (client_secret, db_password…); the session keeps a {{variable}}, which names a secret rather than being one.
    const url = 'http://{{user}}:{{pass}}@h/rpc?token={{tok}}&key=k&db_password=z&client_secret=cs&id_token=it&page=2';
    expect(withoutUrlCredentials(url)).toBe('http://h/rpc?token=&key=&db_password=&client_secret=&id_token=&page=2');
    expect(safeUrl(url)).toBe('http://{{user}}:{{pass}}@h/rpc?token={{tok}}&key=&db_password=&client_secret=&id_token=&page=2');
  });

  it('stripUrlCredentials and urlCredentialEdits apply the rule they are given', () => {
    const rule = { isCredentialName: (name: string) => name === 'k', keepsUserinfo: (u: string) => u === 'keep', keepsValue: (v: string) => v === 'ref' };
    expect(stripUrlCredentials('http://keep@h/?k=1&k=ref&j=2', rule)).toBe('http://keep@h/?k=&k=ref&j=2');
    expect(stripUrlCredentials('http://a:b@h/?k=1', rule)).toBe('http://h/?k=');
    expect(editUrl('http://a:b@h/?k=1&k=', urlCredentialEdits('http://a:b@h/?k=1&k=', rule, '#'))).toBe('http://#@h/?k=#&k=');
    expect(urlCredentialEdits('http://h/rpc', rule)).toEqual([]);
  });

  it('reads a hostile URL of 100,000 parameters in one pass', () => {
    const url = `http://h/?${'a&'.repeat(50_000)}${'b;'.repeat(50_000)}token=T&x#${'c?'.repeat(50_000)}`;
    const parts = urlCredentialParts(url);
    expect(parts.params.filter((p) => p.name === 'token').map((p) => url.slice(p.value.start, p.value.end))).toEqual(['T']);
    expect(redactUrl(url).endsWith(`token=${REDACTED}&x#${'c?'.repeat(50_000)}`)).toBe(true);
  });

  it('editUrl merges overlapping edits and keeps the rest as written', () => {
    expect(editUrl('abcdef', [])).toBe('abcdef');
    expect(
      editUrl('abcdef', [
        { start: 1, end: 3, text: 'X' },
        { start: 2, end: 5, text: 'Y' },
      ]),
    ).toBe('aXf');
    expect(
      editUrl('abcdef', [
        { start: 4, end: 5, text: 'Z' },
        { start: 0, end: 1, text: '' },
      ]),
    ).toBe('bcdZf');
  });
});
