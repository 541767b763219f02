import { isObject } from '../a2a/payload';
/**
 * OpenAPI parameter serialisation (OAS 3.2 §4.12.2 "Style Values" / "Style Examples"; the same
 * rules as 3.0 and 3.1): path `simple`/`label`/`matrix`, query `form`/`spaceDelimited`/
 * `pipeDelimited`/`deepObject`, header `simple`, cookie `form` and (3.2) `cookie`, each with `explode`. Values are
 * percent-encoded as RFC 6570 expansion does (UTF-8, only unreserved characters left as they
 * are); delimiters the style adds are not, except the ones RFC 3986 does not allow in a query
 * (`|`, `[`, `]`: OAS Appendix E). `allowReserved` is RFC 6570 reserved expansion.
 *
 * Header and cookie values are sent as typed, not percent-encoded: OAS Appendix D notes that
 * RFC 6570's encoding "is not always appropriate" there, and Powerduck saves a request's headers
 * as header parameters whose examples are the raw values (`Bearer …`, `a/b; q=1`), which must
 * come back unchanged.
 */

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';
export type ParamStyle = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'cookie';

export interface ParamSpec {
  name: string;
  in: ParamLocation;
  style?: ParamStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

/** A parameter value: a primitive, an array of primitives, or a flat object of primitives. */
export type ParamValue =
  string | number | boolean | null | ReadonlyArray<string | number | boolean | null> | Readonly<Record<string, string | number | boolean | null>>;

const unreserved = /[A-Za-z0-9\-._~]/;
// RFC 3986 reserved characters but `#`, `[` and `]`: a query may not hold those (§3.4), and a
// `#` left as it is would end the URL there.
const reservedInQuery = /[:/?@!$&'()*+,;=]/;

/**
 * Percent-encodes UTF-8, leaving unreserved characters. With `keepReserved` (RFC 6570 `{+var}`,
 * OAS `allowReserved`) reserved characters and `%XX` triples the person already encoded pass as
 * they are; a `%` that starts no triple is still encoded.
 */
export function percentEncode(text: string, keepReserved = false): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i) as number);
    if (keepReserved && ch === '%' && /^%[0-9A-Fa-f]{2}/.test(text.slice(i, i + 3))) {
      out += text.slice(i, i + 3);
      i += 3;
      continue;
    }
    if (unreserved.test(ch) || (keepReserved && reservedInQuery.test(ch))) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    i += ch.length;
  }
  return out;
}

export function defaultStyle(location: ParamLocation): ParamStyle {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

/** OAS: `explode` defaults to true for `form` (and 3.2's `cookie`), false for every other style. */
export function defaultExplode(style: ParamStyle): boolean {
  return style === 'form' || style === 'cookie';
}

const allowedStyles: Record<ParamLocation, readonly ParamStyle[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  // OAS 3.2 adds `cookie`: form's shape in RFC 6265 syntax (`n1=v1; n2=v2`), nothing percent-encoded,
  // which is how `form` cookies are sent here already (Appendix D leaves cookies to the implementation).
  cookie: ['form', 'cookie'],
};

export type StyleResult =
  /** path: the text that replaces `{name}`; header: the header value; cookie: `name=value` pairs. */
  | { ok: true; text: string }
  /** query: `name=value` pieces, already encoded, to join with `&`. */
  | { ok: true; pairs: string[] }
  | { ok: false; message: string };

function prim(value: string | number | boolean | null): string {
  return value === null ? '' : String(value);
}

// What an HTTP field value may hold (RFC 9110 §5.5: tab, visible ASCII, and obs-text bytes,
// which Node sends as Latin-1); Node refuses anything else, long after the person typed it.
const notInHeader = /[^\t\x20-\x7e\x80-\xff]/u;

/** Why a header or cookie text, sent as typed, would be refused or mean something else. */
function rawProblem(spec: ParamSpec, texts: readonly string[]): string | undefined {
  for (const text of texts) {
    const bad = notInHeader.exec(text)?.[0];
    if (bad !== undefined) {
      const shown = /^\p{Cc}$/u.test(bad) ? `U+${(bad.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}` : `"${bad}"`;
      return `The ${spec.in} parameter "${spec.name}" holds ${shown}, which a header cannot carry as typed (Latin-1 text only, no line breaks).`;
    }
    if (spec.in === 'cookie' && text.includes(';')) return `The cookie parameter "${spec.name}" holds ";", which would start another cookie.`;
  }
  return undefined;
}

/**
 * Serialises one parameter value. Query parameters come back as encoded `name=value` pieces; the
 * others as text (path text is encoded; header and cookie text are not, as HTTP carries them raw).
 */
export function serializeParam(spec: ParamSpec, value: ParamValue): StyleResult {
  const style = spec.style ?? defaultStyle(spec.in);
  if (!allowedStyles[spec.in].includes(style)) return { ok: false, message: `Style "${style}" is not allowed for ${spec.in} parameter "${spec.name}".` };
  const explode = spec.explode ?? defaultExplode(style);
  // Header and cookie values travel as they are (no URL), so they are not percent-encoded.
  const enc =
    spec.in === 'header' || spec.in === 'cookie' ? (s: string) => s : (s: string) => percentEncode(s, spec.in === 'query' && spec.allowReserved === true);
  const name = spec.in === 'header' || spec.in === 'cookie' ? spec.name : percentEncode(spec.name);
  const items: string[] | undefined = Array.isArray(value) ? (value as ReadonlyArray<string | number | boolean | null>).map((v) => enc(prim(v))) : undefined;
  const entries: Array<[string, string]> | undefined = isObject(value) ? Object.entries(value).map(([k, v]) => [enc(k), enc(prim(v))]) : undefined;
  const single = items === undefined && entries === undefined ? enc(prim(value as string | number | boolean | null)) : undefined;
  if (spec.in === 'header' || spec.in === 'cookie') {
    const problem = rawProblem(spec, single !== undefined ? [single] : (items ?? (entries ?? []).flat()));
    if (problem) return { ok: false, message: problem };
  }

  switch (style) {
    case 'simple': {
      if (single !== undefined) return { ok: true, text: single };
      if (items) return { ok: true, text: items.join(',') };
      return { ok: true, text: (entries ?? []).map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(',') };
    }
    case 'label': {
      if (single !== undefined) return { ok: true, text: `.${single}` };
      if (items) return { ok: true, text: `.${items.join(explode ? '.' : ',')}` };
      const list = entries ?? [];
      return { ok: true, text: `.${list.map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(explode ? '.' : ',')}` };
    }
    case 'matrix': {
      if (single !== undefined) return { ok: true, text: single === '' ? `;${name}` : `;${name}=${single}` };
      if (items) return { ok: true, text: explode ? items.map((v) => `;${name}=${v}`).join('') : `;${name}=${items.join(',')}` };
      const list = entries ?? [];
      return { ok: true, text: explode ? list.map(([k, v]) => `;${k}=${v}`).join('') : `;${name}=${list.map(([k, v]) => `${k},${v}`).join(',')}` };
    }
    case 'form':
    case 'cookie': {
      if (spec.in === 'cookie') {
        if (single !== undefined) return { ok: true, text: `${name}=${single}` };
        if (items) return { ok: true, text: explode ? items.map((v) => `${name}=${v}`).join('; ') : `${name}=${items.join(',')}` };
        const list = entries ?? [];
        return { ok: true, text: explode ? list.map(([k, v]) => `${k}=${v}`).join('; ') : `${name}=${list.map(([k, v]) => `${k},${v}`).join(',')}` };
      }
      if (single !== undefined) return { ok: true, pairs: [`${name}=${single}`] };
      if (items) return { ok: true, pairs: explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(',')}`] };
      const list = entries ?? [];
      return { ok: true, pairs: explode ? list.map(([k, v]) => `${k}=${v}`) : [`${name}=${list.map(([k, v]) => `${k},${v}`).join(',')}`] };
    }
    case 'spaceDelimited':
    case 'pipeDelimited': {
      const sep = style === 'spaceDelimited' ? '%20' : '%7C';
      if (items) return { ok: true, pairs: explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(sep)}`] };
      if (entries)
        return { ok: true, pairs: explode ? entries.map(([k, v]) => `${k}=${v}`) : [`${name}=${entries.map(([k, v]) => `${k}${sep}${v}`).join(sep)}`] };
      return { ok: false, message: `Style "${style}" needs an array or object value for "${spec.name}".` };
    }
    case 'deepObject': {
      if (!entries) return { ok: false, message: `Style "deepObject" needs an object value for "${spec.name}".` };
      // Encoded brackets, as in the 3.0.4+ examples (`color%5BR%5D=100`): RFC 3986 allows none in a query.
      return { ok: true, pairs: entries.map(([k, v]) => `${name}%5B${k}%5D=${v}`) };
    }
  }
}

/** Replaces `{name}` templates in a path; a value missing from `values` is an error. */
export function fillPathTemplate(template: string, values: Readonly<Record<string, string>>): { ok: true; path: string } | { ok: false; missing: string[] } {
  const missing: string[] = [];
  const path = template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    if (value === undefined) {
      missing.push(name);
      return whole;
    }
    return value;
  });
  return missing.length ? { ok: false, missing } : { ok: true, path };
}

/**
 * The path parameters whose (encoded) value makes a whole segment `.` or `..`: URL parsing removes
 * such segments (RFC 3986 §5.2.4, WHATWG URL), so `/files/{name}/raw` with `..` would reach
 * `/raw` instead. Such a request cannot be sent as written. (`.` is unreserved, so encoding keeps
 * it, and `%2E` would be removed just the same.)
 */
export function dotSegmentParams(template: string, values: Readonly<Record<string, string>>): string[] {
  const names: string[] = [];
  for (const segment of template.split('/')) {
    if (!segment.includes('{')) continue;
    const inSegment: string[] = [];
    const filled = segment.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      inSegment.push(name);
      return Object.prototype.hasOwnProperty.call(values, name) ? (values[name] as string) : whole;
    });
    if (filled === '.' || filled === '..') names.push(...inSegment);
  }
  return names;
}
