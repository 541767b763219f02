/**
 * A strict, small XML 1.0 reader for tests: it throws on anything not well-formed (unbalanced
 * tags, raw `<` or `&` in text, unquoted or duplicate attributes, characters XML forbids,
 * content after the root) and returns the element tree with entities decoded.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const nameRe = /^[A-Za-z_:][-A-Za-z0-9_.:]*/;

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`raw '<' in ${where}`);
  return raw.replace(/&([^;]*);|&/g, (match, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`bare '&' in ${where}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (ref in named) return named[ref] as string;
    const num = /^#(\d+)$/.exec(ref) ?? /^#x([0-9a-fA-F]+)$/.exec(ref);
    if (num) {
      const code = ref.startsWith('#x') ? parseInt(num[1] as string, 16) : parseInt(num[1] as string, 10);
      if (!isXmlChar(code)) throw new Error(`reference to a forbidden character &${ref}; in ${where}`);
      return String.fromCodePoint(code);
    }
    throw new Error(`unknown entity ${match} in ${where}`);
  });
}

export function parseXml(source: string): XmlElement {
  for (const char of source) {
    if (!isXmlChar(char.codePointAt(0) as number)) throw new Error(`forbidden character U+${(char.codePointAt(0) as number).toString(16)}`);
  }
  let pos = 0;
  const skipSpace = (): void => {
    while (pos < source.length && /\s/.test(source[pos] as string)) pos++;
  };
  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end === -1) throw new Error('unterminated XML declaration');
    pos = end + 2;
  }
  skipSpace();

  function parseElement(): XmlElement {
    if (source[pos] !== '<') throw new Error(`expected '<' at ${pos}`);
    pos++;
    const name = nameRe.exec(source.slice(pos))?.[0];
    if (!name) throw new Error(`bad element name at ${pos}`);
    pos += name.length;
    const element: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const before = pos;
      skipSpace();
      if (source.startsWith('/>', pos)) {
        pos += 2;
        return element;
      }
      if (source[pos] === '>') {
        pos++;
        break;
      }
      if (pos === before) throw new Error(`expected whitespace before attribute at ${pos}`);
      const attr = nameRe.exec(source.slice(pos))?.[0];
      if (!attr) throw new Error(`bad attribute name at ${pos}`);
      pos += attr.length;
      skipSpace();
      if (source[pos] !== '=') throw new Error(`expected '=' after ${attr}`);
      pos++;
      skipSpace();
      const quote = source[pos];
      if (quote !== '"' && quote !== "'") throw new Error(`unquoted value for ${attr}`);
      const end = source.indexOf(quote, pos + 1);
      if (end === -1) throw new Error(`unterminated value for ${attr}`);
      if (attr in element.attrs) throw new Error(`duplicate attribute ${attr}`);
      element.attrs[attr] = decode(source.slice(pos + 1, end), `attribute ${attr}`);
      pos = end + 1;
    }
    for (;;) {
      const next = source.indexOf('<', pos);
      if (next === -1) throw new Error(`unclosed <${name}>`);
      element.text += decode(source.slice(pos, next), `text of <${name}>`);
      pos = next;
      if (source.startsWith('</', pos)) {
        const end = source.indexOf('>', pos);
        const closing = source.slice(pos + 2, end).trim();
        if (closing !== name) throw new Error(`</${closing}> closes <${name}>`);
        pos = end + 1;
        return element;
      }
      if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos);
        if (end === -1) throw new Error('unterminated comment');
        pos = end + 3;
        continue;
      }
      element.children.push(parseElement());
    }
  }

  const root = parseElement();
  skipSpace();
  if (pos !== source.length) throw new Error(`content after the root element at ${pos}`);
  return root;
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
