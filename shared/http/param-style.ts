import { isObject } from '../a2a/payload';
/**
 * OpenAPI parameter serialisation (OAS 3.2 §4.12.2 "Style Values" / "Style Examples"; the same
 * rules as 3.0 and 3.1): path `simple`/`label`/`matrix`, query `form`/`spaceDelimited`/
 * `pipeDelimited`/`deepObject`, header `simple`, cookie `form`, each with `explode`. Values are
 * percent-encoded as RFC 3986 requires (UTF-8, only unreserved characters left as they are),
 * delimiters the style adds are not; `allowReserved` keeps RFC 3986 reserved characters.
 */

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';
export type ParamStyle = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

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
const reserved = /[:/?#[\]@!$&'()*+,;=]/;

/** Percent-encodes UTF-8, leaving unreserved characters (and reserved ones when asked). */
export function percentEncode(text: string, keepReserved = false): string {
  let out = '';
  for (const ch of text) {
    if (unreserved.test(ch) || (keepReserved && reserved.test(ch))) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

export function defaultStyle(location: ParamLocation): ParamStyle {
  return location === 'query' || location === 'cookie' ? 'form' : 'simple';
}

/** OAS: `explode` defaults to true for `form`, false for every other style. */
export function defaultExplode(style: ParamStyle): boolean {
  return style === 'form';
}

const allowedStyles: Record<ParamLocation, readonly ParamStyle[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
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
    case 'form': {
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
      const sep = style === 'spaceDelimited' ? '%20' : '|';
      if (items) return { ok: true, pairs: explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(sep)}`] };
      if (entries)
        return { ok: true, pairs: explode ? entries.map(([k, v]) => `${k}=${v}`) : [`${name}=${entries.map(([k, v]) => `${k}${sep}${v}`).join(sep)}`] };
      return { ok: false, message: `Style "${style}" needs an array or object value for "${spec.name}".` };
    }
    case 'deepObject': {
      if (!entries) return { ok: false, message: `Style "deepObject" needs an object value for "${spec.name}".` };
      // The brackets stay literal, as in the OAS examples (`color[R]=100`).
      return { ok: true, pairs: entries.map(([k, v]) => `${name}[${k}]=${v}`) };
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
