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
