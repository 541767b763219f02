import { describe, expect, it } from 'vitest';
import { dotSegmentParams, fillPathTemplate, percentEncode, serializeParam, type ParamSpec, type ParamValue } from './param-style';

// The OAS "Style Examples" table: id = 5, [3,4,5], {"role":"admin","firstName":"Alex"}.
const prim = 5;
const arr = [3, 4, 5];
const obj = { role: 'admin', firstName: 'Alex' };

function text(spec: ParamSpec, value: ParamValue): string {
  const r = serializeParam(spec, value);
  if (!r.ok) throw new Error(r.message);
  return 'text' in r ? r.text : r.pairs.join('&');
}

describe('OpenAPI style/explode', () => {
  const rows: Array<[ParamSpec['style'], boolean, string, string, string]> = [
    ['matrix', false, ';id=5', ';id=3,4,5', ';id=role,admin,firstName,Alex'],
    ['matrix', true, ';id=5', ';id=3;id=4;id=5', ';role=admin;firstName=Alex'],
    ['label', false, '.5', '.3,4,5', '.role,admin,firstName,Alex'],
    ['label', true, '.5', '.3.4.5', '.role=admin.firstName=Alex'],
    ['simple', false, '5', '3,4,5', 'role,admin,firstName,Alex'],
    ['simple', true, '5', '3,4,5', 'role=admin,firstName=Alex'],
  ];
  for (const [style, explode, p, a, o] of rows) {
    it(`path ${style} explode=${explode}`, () => {
      const spec: ParamSpec = { name: 'id', in: 'path', ...(style ? { style } : {}), explode };
      expect(text(spec, prim)).toBe(p);
      expect(text(spec, arr)).toBe(a);
      expect(text(spec, obj)).toBe(o);
    });
  }

  it('query form, both explodes', () => {
    expect(text({ name: 'id', in: 'query' }, prim)).toBe('id=5');
    expect(text({ name: 'id', in: 'query' }, arr)).toBe('id=3&id=4&id=5');
    expect(text({ name: 'id', in: 'query' }, obj)).toBe('role=admin&firstName=Alex');
    expect(text({ name: 'id', in: 'query', explode: false }, arr)).toBe('id=3,4,5');
    expect(text({ name: 'id', in: 'query', explode: false }, obj)).toBe('id=role,admin,firstName,Alex');
    expect(text({ name: 'id', in: 'query' }, '')).toBe('id=');
  });

  it('query spaceDelimited, pipeDelimited, deepObject', () => {
    expect(text({ name: 'id', in: 'query', style: 'spaceDelimited', explode: false }, arr)).toBe('id=3%204%205');
    // OAS 3.0.4+/3.1.1+/3.2 examples and Appendix E: `|`, `[` and `]` MUST be percent-encoded.
    expect(text({ name: 'id', in: 'query', style: 'pipeDelimited', explode: false }, arr)).toBe('id=3%7C4%7C5');
    expect(text({ name: 'id', in: 'query', style: 'deepObject', explode: true }, obj)).toBe('id%5Brole%5D=admin&id%5BfirstName%5D=Alex');
    expect(serializeParam({ name: 'id', in: 'query', style: 'deepObject' }, 5).ok).toBe(false);
    expect(serializeParam({ name: 'id', in: 'query', style: 'pipeDelimited' }, 'x').ok).toBe(false);
  });

  it('refuses a style the location does not allow', () => {
    const r = serializeParam({ name: 'id', in: 'path', style: 'form' }, 5);
    expect(r).toEqual({ ok: false, message: 'Style "form" is not allowed for path parameter "id".' });
  });

  it('encodes values, not the delimiters the style adds', () => {
    expect(text({ name: 'q', in: 'query' }, 'a b&c=d/é')).toBe('q=a%20b%26c%3Dd%2F%C3%A9');
    expect(text({ name: 'q', in: 'query', allowReserved: true }, 'a/b?c&d')).toBe('q=a/b?c&d');
    // Reserved expansion keeps %XX triples, encodes a stray %, and never lets # [ ] into a query.
    expect(text({ name: 'q', in: 'query', allowReserved: true }, 'x%2By%zz%4#[]')).toBe('q=x%2By%25zz%254%23%5B%5D');
    expect(text({ name: 'q', in: 'query' }, 'x%2By')).toBe('q=x%252By');
    expect(text({ name: 'id', in: 'path' }, ['a,b', 'c d'])).toBe('a%2Cb,c%20d');
    expect(text({ name: 'id', in: 'path' }, 'x/../y')).toBe('x%2F..%2Fy');
    expect(text({ name: 'X-Ids', in: 'header' }, arr)).toBe('3,4,5');
    expect(text({ name: 'sid', in: 'cookie' }, 'abc')).toBe('sid=abc');
    // OAS 3.2 `style: cookie` (explode defaults to true, as for form); not allowed outside cookies.
    expect(text({ name: 'c', in: 'cookie', style: 'cookie' }, ['x', 'y'])).toBe('c=x; c=y');
    expect(text({ name: 'c', in: 'cookie', style: 'cookie', explode: false }, { R: '1', G: '2' })).toBe('c=R,1,G,2');
    expect(serializeParam({ name: 'c', in: 'query', style: 'cookie' }, 'x')).toEqual({
      ok: false,
      message: 'Style "cookie" is not allowed for query parameter "c".',
    });
  });

  it('refuses header and cookie text that cannot be sent as typed', () => {
    expect(text({ name: 'X-A', in: 'header' }, 'Bearer a/b; q=1, é')).toBe('Bearer a/b; q=1, é');
    expect(serializeParam({ name: 'X-A', in: 'header' }, ['ok', 'a😀'])).toEqual({
      ok: false,
      message: 'The header parameter "X-A" holds "😀", which a header cannot carry as typed (Latin-1 text only, no line breaks).',
    });
    expect(serializeParam({ name: 'X-A', in: 'header' }, 'a\r\nB: c')).toMatchObject({ ok: false, message: expect.stringContaining('holds U+000D') });
    expect(serializeParam({ name: 'sid', in: 'cookie' }, { k: 'a;b' })).toEqual({
      ok: false,
      message: 'The cookie parameter "sid" holds ";", which would start another cookie.',
    });
    expect(text({ name: 'sid', in: 'cookie' }, 'YWJj+/==')).toBe('sid=YWJj+/==');
  });

  it("percent-encodes as RFC 3986 does (unreserved kept, !*'() encoded)", () => {
    expect(percentEncode("A-z0._~!*'() ü😀")).toBe('A-z0._~%21%2A%27%28%29%20%C3%BC%F0%9F%98%80');
  });

  it('fills path templates and names every missing value', () => {
    expect(fillPathTemplate('/pets/{id}/toys/{toy}', { id: '1', toy: 'x%20y' })).toEqual({ ok: true, path: '/pets/1/toys/x%20y' });
    expect(fillPathTemplate('/pets/{id}/{constructor}', {})).toEqual({ ok: false, missing: ['id', 'constructor'] });
  });

  it('names the path parameters that would make a "." or ".." segment', () => {
    expect(dotSegmentParams('/a/{x}/b/{y}', { x: '..', y: '.' })).toEqual(['x', 'y']);
    expect(dotSegmentParams('/a/{x}{y}/b', { x: '.', y: '.' })).toEqual(['x', 'y']);
    expect(dotSegmentParams('/a/{x}/b/{y}.json', { x: '...', y: '.' })).toEqual([]);
  });
});
