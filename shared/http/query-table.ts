/**
 * The Params table and the URL text kept in sync: editing the URL re-reads the table, editing the
 * table rewrites only the query part of the URL. Names and values in the table are decoded text;
 * in the URL they are percent-encoded as RFC 3986 requires (space → %20, UTF-8 for the rest).
 * `+` is kept literal: outside HTML forms it means plus, not space.
 */
import { percentEncode } from './param-style';

export interface QueryRow {
  name: string;
  value: string;
  /** Disabled rows stay in the table but leave the URL. */
  enabled?: boolean;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%` is sent as typed: show it as typed.
    return text;
  }
}

/** Splits a URL text into the part before `?`, the query, and the fragment. */
export function splitUrl(url: string): { base: string; query: string | undefined; fragment: string } {
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const rest = hash >= 0 ? url.slice(0, hash) : url;
  const q = rest.indexOf('?');
  return q >= 0 ? { base: rest.slice(0, q), query: rest.slice(q + 1), fragment } : { base: rest, query: undefined, fragment };
}

/** The query rows of a URL, in order (repeated names stay separate rows). */
export function queryRows(url: string): QueryRow[] {
  const { query } = splitUrl(url);
  if (!query) return [];
  return query
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const eq = piece.indexOf('=');
      return eq >= 0 ? { name: decode(piece.slice(0, eq)), value: decode(piece.slice(eq + 1)) } : { name: decode(piece), value: '' };
    });
}

const variableRef = /\{\{\s*[A-Za-z_][A-Za-z0-9_.-]{0,63}\s*\}\}/g;

/** Percent-encodes a row's text but keeps `{{name}}` variables as written, for the core to fill in at send time. */
function encodeKeepingVariables(text: string): string {
  if (!text.includes('{{')) return percentEncode(text);
  let out = '';
  let at = 0;
  for (const match of text.matchAll(variableRef)) {
    out += percentEncode(text.slice(at, match.index)) + match[0];
    at = match.index + match[0].length;
  }
  return out + percentEncode(text.slice(at));
}

/** Encodes rows as a query string (without `?`); disabled and nameless rows are left out. */
export function encodeQuery(rows: readonly QueryRow[]): string {
  return rows
    .filter((row) => row.enabled !== false && row.name !== '')
    .map((row) => `${encodeKeepingVariables(row.name)}=${encodeKeepingVariables(row.value)}`)
    .join('&');
}

/** The URL with its query replaced by the rows' (the rest of the text is kept as typed). */
export function withQuery(url: string, rows: readonly QueryRow[]): string {
  const { base, fragment } = splitUrl(url);
  const query = encodeQuery(rows);
  return `${base}${query ? `?${query}` : ''}${fragment}`;
}

/**
 * Merges re-read URL rows with the table's disabled rows, so disabling a row and then editing the
 * URL does not lose it.
 */
export function syncRowsFromUrl(url: string, previous: readonly QueryRow[]): QueryRow[] {
  const fromUrl = queryRows(url);
  const disabled = previous.filter((row) => row.enabled === false);
  return [...fromUrl, ...disabled];
}
