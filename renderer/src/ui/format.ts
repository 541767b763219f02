/** One wording of sizes for the CLI and the UI. */
export { formatBytes } from '../../../shared/http/http-summary';

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** JSON text for display; undefined (e.g. an empty DELETE) reads as nothing rather than "undefined". */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
}

/** Re-indents a JSON body when it parses; otherwise returns it as it came. */
export function prettyBody(text: string | undefined): string {
  if (!text) return '';
  if (text.length > 2 * 1024 * 1024) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The host (and, with `withPath`, the path) of a URL for a tab's title, as the user typed it when it holds
 * `{{variables}}`: a URL parser lowercases `{{baseUrl}}` into a host that names no variable. Empty when
 * the text is no URL, so the caller picks its own fallback.
 */
export function urlTitle(text: string, withPath = false): string {
  const url = text.trim();
  if (url.includes('{{')) return url;
  try {
    const u = new URL(url.includes('://') ? url : `http://${url}`);
    return withPath && u.pathname !== '/' ? `${u.host}${u.pathname}` : u.host;
  } catch {
    return '';
  }
}
