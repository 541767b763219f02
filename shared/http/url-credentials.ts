/**
 * Where a URL can carry a credential, found the way the WHATWG URL parser (Node's and every browser's
 * `new URL`) reads it, so a spelling the transport accepts cannot slip past the checks that keep
 * secrets off disk. Refusing a spec save, redacting history and cleaning the session all ask this one
 * function; marking or removing what it finds is one edit too (urlCredentialEdits), to which each
 * reader brings its own rule of what counts as a credential.
 *
 * Read like WHATWG: leading and trailing C0 controls and spaces are ignored and tabs and newlines
 * anywhere are dropped; after a special scheme (`http:`, `HTTPS:`, `ws:`…) any run of `/` and `\`
 * leads to the authority (`http:bob:pw@h` and `http:\\bob:pw@h` both carry user bob, password pw); the
 * userinfo runs to the LAST `@` of the authority. Parameters are read from the query and the fragment
 * (OAuth's implicit flow puts `access_token` there), split on `&` and also at `;` and `?`, since some
 * servers and client-side routers split there: a wider reading only ever hides more.
 */

/** A range of the URL as given (indices into the original string, end exclusive). */
export interface UrlSpan {
  start: number;
  end: number;
}

export interface UrlParam {
  in: 'query' | 'fragment';
  /** The name percent-decoded (`+` as a space) and trimmed. */
  name: string;
  /** The value as written; empty (start = end) when the parameter has no `=` or nothing after it. */
  value: UrlSpan;
}

export interface UrlCredentialParts {
  /** The userinfo (user, `:`, password) when it names a user or a password; `atSign` is where its final `@` is. */
  userinfo?: UrlSpan & { atSign: number };
  /** Every parameter of the query and the fragment, credential-named or not. */
  params: UrlParam[];
}

/** WHATWG's special schemes but `file`, whose URLs never have a userinfo (`file:///a@b` is a path). */
const specialSchemes: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/**
 * A query component decoded all or nothing (`+` as a space): the text as written, `+` included, when
 * any escape in it is invalid (redaction's decoded userinfo and values, a raw parameter name). The
 * names urlCredentialParts returns are read with percentDecode instead, which decodes what it can.
 */
export function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `%41` → `A` wherever a run of escapes decodes, left as written where it does not (as URLSearchParams does). */
function percentDecode(raw: string): string {
  const plus = raw.replace(/\+/g, ' ');
  if (plus.indexOf('%') === -1) return plus;
  return plus.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Invalid UTF-8 in the run: still decode the ASCII escapes, which is all a credential name is made of.
      return run.replace(/%([0-7][0-9A-Fa-f])/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/**
 * The URL as WHATWG reads it, and the way back to the original string: `at[i]` is where character `i`
 * was, or, when no tab or newline was dropped (nearly every URL), simply `first + i`.
 */
interface Cleaned {
  text: string;
  first: number;
  end: number;
  at?: number[];
}

function cleaned(url: string): Cleaned {
  let first = 0;
  let last = url.length;
  while (first < last && url.charCodeAt(first) <= 0x20) first++;
  while (last > first && url.charCodeAt(last - 1) <= 0x20) last--;
  const trimmed = url.slice(first, last);
  if (!/[\t\n\r]/.test(trimmed)) return { text: trimmed, first, end: last };
  let text = '';
  const at: number[] = [];
  for (let i = first; i < last; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    text += url[i];
    at.push(i);
  }
  return { text, first, end: last, at };
}

/** The original index of cleaned character `i` (`end` for the position after the last). */
function originalIndex(c: Cleaned, i: number): number {
  return c.at ? (c.at[i] ?? c.end) : c.first + i;
}

/** A span of the cleaned text as a span of the original string. */
function originalSpan(c: Cleaned, start: number, stop: number): UrlSpan {
  const from = originalIndex(c, start);
  return start < stop ? { start: from, end: originalIndex(c, stop - 1) + 1 } : { start: from, end: from };
}

/**
 * Parameters of one query or fragment (`c.text` from `from` to `to`), with spans in the original URL.
 * Each `&`-separated pair is read, and read again from each `;` or `?` inside it; every value runs to
 * the `&`. One pass over the text: a hostile URL of a million `&` costs a million steps, not their square.
 */
function paramsOf(c: Cleaned, from: number, to: number, where: UrlParam['in'], out: UrlParam[]): void {
  const text = c.text;
  let segment = from;
  while (segment <= to) {
    let stop = text.indexOf('&', segment);
    if (stop === -1 || stop > to) stop = to;
    for (let start = segment; start < stop;) {
      let i = start;
      while (i < stop && text[i] !== '=' && text[i] !== ';' && text[i] !== '?') i++;
      const hasValue = i < stop && text[i] === '=';
      if (i > start)
        out.push({ in: where, name: percentDecode(text.slice(start, i)).trim(), value: hasValue ? originalSpan(c, i + 1, stop) : originalSpan(c, i, i) });
      while (i < stop && text[i] !== ';' && text[i] !== '?') i++;
      start = i + 1;
    }
    segment = stop + 1;
  }
}

/** Where `url` carries, or may carry, a credential (see the module comment for how it is read). */
export function urlCredentialParts(url: string): UrlCredentialParts {
  const c = cleaned(url);
  const text = c.text;
  const parts: UrlCredentialParts = { params: [] };

  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  let authority = -1;
  let special = true;
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase();
    special = specialSchemes.has(name);
    let i = scheme[0].length;
    if (name === 'file') {
      // No authority to read a user from: the host of a file URL is a host or nothing.
    } else if (special) {
      while (text[i] === '/' || text[i] === '\\') i++;
      authority = i;
    } else if (text.startsWith('//', i)) authority = i + 2;
  } else if (/^[/\\]{2}/.test(text)) {
    // Scheme-relative (`//bob:pw@host`): no URL on its own, but one against any http base.
    authority = 2;
  }
  if (authority !== -1) {
    let stop = authority;
    while (stop < text.length) {
      const c = text[stop];
      if (c === '/' || c === '?' || c === '#' || (special && c === '\\')) break;
      stop++;
    }
    const lastAt = text.lastIndexOf('@', stop - 1);
    if (lastAt >= authority) {
      const userinfo = text.slice(authority, lastAt);
      // `http://@h` and `http://:@h` name no user and no password.
      if (userinfo !== '' && userinfo !== ':') parts.userinfo = { ...originalSpan(c, authority, lastAt), atSign: originalIndex(c, lastAt) };
    }
  }

  const hash = text.indexOf('#');
  const query = text.indexOf('?');
  if (query !== -1 && (hash === -1 || query < hash)) paramsOf(c, query + 1, hash === -1 ? text.length : hash, 'query', parts.params);
  if (hash !== -1) paramsOf(c, hash + 1, text.length, 'fragment', parts.params);
  return parts;
}

/** One change to a URL: the span replaced by `text`. */
export interface UrlEdit extends UrlSpan {
  text: string;
}

/**
 * `url` with the edits applied. Overlapping edits (a pair and the same pair read again from a `;`
 * inside it) are merged into one covering both, taking the text of the first.
 */
export function editUrl(url: string, edits: readonly UrlEdit[]): string {
  if (edits.length === 0) return url;
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: UrlEdit[] = [];
  for (const edit of sorted) {
    const prev = merged[merged.length - 1];
    if (prev && edit.start < prev.end) prev.end = Math.max(prev.end, edit.end);
    else merged.push({ ...edit });
  }
  let out = '';
  let from = 0;
  for (const edit of merged) {
    out += url.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + url.slice(from);
}

/**
 * What one consumer counts as a credential in a URL. The readers differ on purpose in what they
 * name a credential (history hides look-alikes such as `db_password`; a spec save refuses a fixed
 * list), so each brings its own rule to the one edit below.
 */
export interface UrlCredentialRule {
  /** Whether a query or fragment parameter, by its decoded and trimmed name, carries a credential. */
  isCredentialName: (name: string) => boolean;
  /** A userinfo, as written, that names a credential rather than being one (`{{user}}:{{password}}`): left in place. */
  keepsUserinfo?: (userinfo: string) => boolean;
  /** A credential parameter's value, as written, that is left in place for the same reason. */
  keepsValue?: (value: string) => boolean;
}

/**
 * The edits that take the credentials out of `url`: the userinfo (user, password or both) and the
 * value of each credential-named parameter. With a `marker` each is replaced by it, so the record
 * says something was there; without one the userinfo goes with its `@` and values are emptied, for
 * copies that may be sent again, where a marker would be sent as if it were the value. An empty value
 * is never touched: there is nothing to hide and a marker would invent one.
 */
export function urlCredentialEdits(url: string, rule: UrlCredentialRule, marker?: string): UrlEdit[] {
  // Most URLs have no userinfo, query or fragment: skip the read.
  if (url.indexOf('@') === -1 && url.indexOf('?') === -1 && url.indexOf('#') === -1) return [];
  const parts = urlCredentialParts(url);
  const edits: UrlEdit[] = [];
  const userinfo = parts.userinfo;
  if (userinfo && !rule.keepsUserinfo?.(url.slice(userinfo.start, userinfo.end)))
    edits.push(
      marker === undefined ? { start: userinfo.start, end: userinfo.atSign + 1, text: '' } : { start: userinfo.start, end: userinfo.end, text: marker },
    );
  for (const param of parts.params) {
    const { start, end } = param.value;
    if (end > start && rule.isCredentialName(param.name) && !rule.keepsValue?.(url.slice(start, end))) edits.push({ start, end, text: marker ?? '' });
  }
  return edits;
}

/** `url` with its credentials taken out (see urlCredentialEdits), everything else as written. */
export function stripUrlCredentials(url: string, rule: UrlCredentialRule): string {
  return editUrl(url, urlCredentialEdits(url, rule));
}
