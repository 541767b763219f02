/**
 * What the text given to Import is read as, decided the same way by the dialog (its field's label,
 * and whether it sends the text or a path) and the core.
 */

export type ImportSourceKind = 'empty' | 'curl' | 'text' | 'url' | 'path';

export function isCurlCommand(text: string): boolean {
  return /^\s*curl(\s|$)/.test(text);
}

/**
 * A curl command, pasted document text (several lines, or JSON on one line: `{…}` or `[…]`, which
 * no file path starts with), an http(s) URL, or else a file path.
 */
export function importSourceKind(source: string): ImportSourceKind {
  const trimmed = source.trim();
  if (trimmed === '') return 'empty';
  if (isCurlCommand(trimmed)) return 'curl';
  if (trimmed.includes('\n') || /^[{[]/.test(trimmed)) return 'text';
  return /^https?:\/\//i.test(trimmed) ? 'url' : 'path';
}
