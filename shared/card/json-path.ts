/**
 * JSON paths as the UI shows them and the user types them: `$.skills[0].tags[1]`, with bracket-quoted
 * keys for anything that is not a plain identifier (`$.securitySchemes["bearer-1"]`).
 */
export type PathSegment = string | number;

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (identifier.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Parses what formatPath writes (and `$.a.b`, `a.b[0]`, `$['x']`); returns undefined for anything else. */
export function parsePath(text: string): PathSegment[] | undefined {
  let rest = text.trim();
  if (rest.startsWith('$')) rest = rest.slice(1);
  else if (rest !== '' && !rest.startsWith('.') && !rest.startsWith('[')) rest = `.${rest}`;
  const segments: PathSegment[] = [];
  while (rest.length > 0) {
    if (rest.startsWith('.')) {
      const match = /^\.([^.[\]]+)/.exec(rest);
      if (!match?.[1]) return undefined;
      segments.push(match[1]);
      rest = rest.slice(match[0].length);
    } else if (rest.startsWith('[')) {
      const index = /^\[(\d+)\]/.exec(rest);
      if (index?.[1] !== undefined) {
        segments.push(Number(index[1]));
        rest = rest.slice(index[0].length);
        continue;
      }
      const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest) ?? /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest);
      if (!quoted?.[1]) return undefined;
      const raw = quoted[1];
      try {
        segments.push(raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.replace(/\\(.)/g, '$1'));
      } catch {
        return undefined;
      }
      rest = rest.slice(quoted[0].length);
    } else {
      return undefined;
    }
  }
  return segments;
}
