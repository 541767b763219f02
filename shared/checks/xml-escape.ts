/**
 * XML 1.0 §2.2 allows only #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF.
 * Agent answers are arbitrary bytes, so anything else is replaced rather than emitted: a single
 * control character would make the whole JUnit file unreadable for CI.
 */
function dropInvalidChars(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const valid =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    out += valid ? char : '\uFFFD';
  }
  return out;
}

export function escapeXmlText(text: string): string {
  return dropInvalidChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values: quotes escaped, and whitespace kept as references so normalisation cannot eat it. */
export function escapeXmlAttr(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
