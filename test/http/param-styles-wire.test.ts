/**
 * OpenAPI parameter styles on the wire: `powerduck run` drafts each operation from the document,
 * builds and sends it through the core, and a loopback server records the request line and the
 * raw headers it received. The expected texts are written out by hand from OAS 3.2 "Style
 * Examples" (§4.8.12.4 in 3.1/3.2, the same table as 3.0.4), RFC 6570 §3.2 (each value UTF-8
 * percent-encoded, only unreserved characters left as they are) and OAS Appendix E (`[`, `]`, `|`
 * and space used as delimiters MUST be percent-encoded) — never from the encoder's own output.
 * Header and cookie values follow the same table's delimiters but are not percent-encoded, which
 * Appendix D leaves to the implementation; what a header cannot carry as typed is refused.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../fixtures/recording-server';
import type { HttpExchangeRecord } from '../../shared/http/http-types';

type Location = 'path' | 'query' | 'header' | 'cookie';
type Shape = 'string' | 'array' | 'object';

interface WireCase {
  location: Location;
  style: string;
  explode: boolean;
  shape: Shape;
  /** What the person types after `--param v=` (arrays and objects as JSON). */
  typed: string;
  /** Path: the request target; query: what follows `?`; header: the X-V value; cookie: the Cookie header. */
  wire: string;
  allowReserved?: boolean;
}

// The values typed: a string with a space, é, 😀 and the reserved characters / ? # & = + , ; %,
// an array whose items hold a space, é and the list delimiter, and an object whose key and value
// hold the same.
const text = 'a b/é?😀#&=+,;%';
const list = '["x y","é","a,b"]';
const object = '{"k 1":"v/1","é":"😀;"}';

// The same, percent-encoded by hand: space %20, é %C3%A9, 😀 %F0%9F%98%80, / %2F, ? %3F, # %23,
// & %26, = %3D, + %2B, , %2C, ; %3B, % %25.
const textEnc = 'a%20b%2F%C3%A9%3F%F0%9F%98%80%23%26%3D%2B%2C%3B%25';
const items = ['x%20y', '%C3%A9', 'a%2Cb'];
const entries: Array<[string, string]> = [
  ['k%201', 'v%2F1'],
  ['%C3%A9', '%F0%9F%98%80%3B'],
];
const flat = entries.flat();

function pathCase(style: string, explode: boolean, shape: Shape, wire: string, typed?: string): WireCase {
  return { location: 'path', style, explode, shape, typed: typed ?? (shape === 'string' ? text : shape === 'array' ? list : object), wire };
}

function queryCase(style: string, explode: boolean, shape: Shape, wire: string, typed?: string): WireCase {
  return { location: 'query', style, explode, shape, typed: typed ?? (shape === 'string' ? text : shape === 'array' ? list : object), wire };
}

const cases: WireCase[] = [
  // Path, simple: `{v}` / `{v*}`.
  pathCase('simple', false, 'string', textEnc),
  pathCase('simple', false, 'array', items.join(',')),
  pathCase('simple', false, 'object', flat.join(',')),
  pathCase('simple', true, 'array', items.join(',')),
  pathCase('simple', true, 'object', entries.map(([k, v]) => `${k}=${v}`).join(',')),
  // Path, label: `{.v}` / `{.v*}` (an empty string, a lone dot, is refused below).
  pathCase('label', false, 'string', `.${textEnc}`),
  pathCase('label', false, 'array', `.${items.join(',')}`),
  pathCase('label', false, 'object', `.${flat.join(',')}`),
  pathCase('label', true, 'string', `.${textEnc}`),
  pathCase('label', true, 'array', `.${items.join('.')}`),
  pathCase('label', true, 'object', `.${entries.map(([k, v]) => `${k}=${v}`).join('.')}`),
  // Path, matrix: `{;v}` / `{;v*}`; an empty string is the bare name.
  pathCase('matrix', false, 'string', `;v=${textEnc}`),
  pathCase('matrix', false, 'string', ';v', ''),
  pathCase('matrix', false, 'array', `;v=${items.join(',')}`),
  pathCase('matrix', false, 'object', `;v=${flat.join(',')}`),
  pathCase('matrix', true, 'string', `;v=${textEnc}`),
  pathCase('matrix', true, 'array', items.map((i) => `;v=${i}`).join('')),
  pathCase('matrix', true, 'object', entries.map(([k, v]) => `;${k}=${v}`).join('')),
  // Query, form: `{?v}` / `{?v*}`.
  queryCase('form', true, 'string', `v=${textEnc}`),
  queryCase('form', true, 'string', 'v=', ''),
  queryCase('form', true, 'array', items.map((i) => `v=${i}`).join('&')),
  queryCase('form', true, 'object', entries.map(([k, v]) => `${k}=${v}`).join('&')),
  queryCase('form', false, 'string', `v=${textEnc}`),
  queryCase('form', false, 'array', `v=${items.join(',')}`),
  queryCase('form', false, 'object', `v=${flat.join(',')}`),
  // Query, the non-RFC 6570 styles: the delimiters themselves are percent-encoded (Appendix E).
  queryCase('spaceDelimited', false, 'array', `v=${items.join('%20')}`),
  queryCase('spaceDelimited', false, 'object', `v=${flat.join('%20')}`),
  queryCase('pipeDelimited', false, 'array', `v=${items.join('%7C')}`),
  queryCase('pipeDelimited', false, 'object', `v=${flat.join('%7C')}`),
  queryCase('deepObject', true, 'object', entries.map(([k, v]) => `v%5B${k}%5D=${v}`).join('&')),
  // allowReserved is RFC 6570 reserved expansion (`{+v}`): reserved characters and %XX triples pass
  // as they are, a stray % and anything else is encoded; # [ ] are not allowed in a query at all
  // (RFC 3986 §3.4), so they stay encoded or the URL would end at the #. The one reserved
  // character that does not reach the server as typed is ', which `new URL` encodes in the query
  // of an http(s) URL (WHATWG special-query percent-encode set).
  {
    location: 'query',
    style: 'form',
    explode: true,
    shape: 'string',
    allowReserved: true,
    typed: "http://h/p?a=1&b=x+y%2By!$'()*,;:@ é#[]%",
    wire: 'v=http://h/p?a=1&b=x+y%2By!$%27()*,;:@%20%C3%A9%23%5B%5D%25',
  },
  // Header, simple, and cookie, form: sent as typed, not percent-encoded (see param-style.ts:
  // Appendix D leaves RFC 6570's encoding aside there, and saved requests keep raw header values).
  { location: 'header', style: 'simple', explode: false, shape: 'string', typed: 'a b/?#&=+,;%', wire: 'a b/?#&=+,;%' },
  { location: 'header', style: 'simple', explode: false, shape: 'array', typed: '["x y","z"]', wire: 'x y,z' },
  { location: 'header', style: 'simple', explode: false, shape: 'object', typed: '{"k":"v w","l":"m"}', wire: 'k,v w,l,m' },
  { location: 'header', style: 'simple', explode: true, shape: 'object', typed: '{"k":"v w","l":"m"}', wire: 'k=v w,l=m' },
  { location: 'cookie', style: 'form', explode: true, shape: 'string', typed: 'a/b+c=d%', wire: 'v=a/b+c=d%' },
  { location: 'cookie', style: 'form', explode: false, shape: 'array', typed: '["x","y"]', wire: 'v=x,y' },
  { location: 'cookie', style: 'form', explode: false, shape: 'object', typed: '{"k":"v","l":"m"}', wire: 'v=k,v,l,m' },
  // Several cookie values: `&` would be wrong in a Cookie header (Appendix D), so the pairs are
  // separated with "; " as RFC 6265 (and OAS 3.2's `style: cookie`) has them.
  { location: 'cookie', style: 'form', explode: true, shape: 'object', typed: '{"k":"v","l":"m"}', wire: 'k=v; l=m' },
  // OAS 3.2's `style: cookie`: form's shape in RFC 6265 syntax ("n1=v1; n2=v2"), nothing escaped
  // (values that need escaping come escaped); explode defaults to true, as for form.
  { location: 'cookie', style: 'cookie', explode: true, shape: 'string', typed: 'a/b+c=d%', wire: 'v=a/b+c=d%' },
  { location: 'cookie', style: 'cookie', explode: true, shape: 'array', typed: '["x","y","z"]', wire: 'v=x; v=y; v=z' },
  { location: 'cookie', style: 'cookie', explode: false, shape: 'array', typed: '["x","y"]', wire: 'v=x,y' },
  { location: 'cookie', style: 'cookie', explode: true, shape: 'object', typed: '{"R":"100","G":"200"}', wire: 'R=100; G=200' },
  { location: 'cookie', style: 'cookie', explode: false, shape: 'object', typed: '{"R":"100","G":"200"}', wire: 'v=R,100,G,200' },
];

function caseId(c: WireCase, index: number): string {
  return `c${index}-${c.location}-${c.style}-${c.explode ? 'x' : 'n'}-${c.shape}${c.allowReserved ? '-r' : ''}`;
}

function schemaOf(shape: Shape): Record<string, unknown> {
  if (shape === 'array') return { type: 'array', items: { type: 'string' } };
  if (shape === 'object') return { type: 'object', additionalProperties: { type: 'string' } };
  return { type: 'string' };
}

function operationPath(c: WireCase, index: number): string {
  return c.location === 'path' ? `/${caseId(c, index)}/{v}` : `/${caseId(c, index)}`;
}

/** One GET operation per case, plus the combinations the spec leaves undefined ("n/a"). */
function document(base: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const get = (parameters: unknown[]): Record<string, unknown> => ({ get: { parameters, responses: { '200': { description: 'ok' } } } });
  cases.forEach((c, index) => {
    paths[operationPath(c, index)] = get([
      {
        name: c.location === 'header' ? 'X-V' : 'v',
        in: c.location,
        required: true,
        style: c.style,
        explode: c.explode,
        ...(c.allowReserved ? { allowReserved: true } : {}),
        schema: schemaOf(c.shape),
      },
    ]);
  });
  for (const style of ['spaceDelimited', 'pipeDelimited', 'deepObject'])
    paths[`/na-${style}`] = get([{ name: 'v', in: 'query', required: true, style, explode: style === 'deepObject', schema: { type: 'string' } }]);
  paths['/dot/{v}/end'] = get([{ name: 'v', in: 'path', required: true, schema: { type: 'string' } }]);
  paths['/dot-label/{v}'] = get([{ name: 'v', in: 'path', required: true, style: 'label', schema: { type: 'string' } }]);
  paths['/na-form-in-path/{v}'] = get([{ name: 'v', in: 'path', required: true, style: 'form', schema: { type: 'string' } }]);
  paths['/two-cookies'] = get([
    { name: 'a', in: 'cookie', required: true, schema: { type: 'string' } },
    { name: 'b', in: 'cookie', required: true, schema: { type: 'string' } },
  ]);
  return { openapi: '3.2.0', info: { title: 'Styles', version: '1' }, servers: [{ url: base }], paths };
}

interface Seen {
  target: string;
  headers: Array<[string, string]>;
}

let server: RecordingServer;
let home: string;

/** The last request the server received: its target and its headers as sent, in pairs. */
function lastSeen(): Seen {
  const request = server.requests.at(-1) as RecordedRequest;
  const headers: Array<[string, string]> = [];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) headers.push([request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string]);
  return { target: request.url, headers };
}

beforeAll(async () => {
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  const base = server.base;
  home = await mkdtemp(join(tmpdir(), 'powerduck-param-wire-'));
  await writeFile(join(home, 'styles.json'), JSON.stringify(document(base), null, 2));
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

function run(target: string, params: string[]): Promise<CliRun> {
  return runCliCaptured(['run', 'styles.json', `GET ${target}`, ...params.flatMap((p) => ['--param', p]), '--json'], { home });
}

function header(s: Seen, name: string): string[] {
  return s.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
}

describe('OpenAPI parameter styles as the server receives them', () => {
  it.each(cases.map((c, index) => [caseId(c, index), c, index] as const))('%s', async (_id, c, index) => {
    const before = server.requests.length;
    const name = c.location === 'header' ? 'X-V' : 'v';
    const r = await run(operationPath(c, index), [`${name}=${c.typed}`]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(before + 1);
    const got = lastSeen();
    const record = JSON.parse(r.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    const prefix = `/${caseId(c, index)}`;
    if (c.location === 'path') expect(got.target).toBe(`${prefix}/${c.wire}`);
    else if (c.location === 'query') expect(got.target).toBe(`${prefix}?${c.wire}`);
    else expect(got.target).toBe(prefix);
    if (c.location === 'header') expect(header(got, 'X-V')).toEqual([c.wire]);
    if (c.location === 'cookie') expect(header(got, 'Cookie')).toEqual([c.wire]);
    // What the record shows is what went out: `new URL` kept the text as it was built.
    expect(new URL(record.url).pathname + new URL(record.url).search).toBe(got.target);
  });

  it('decodes back to the typed value (no double encoding, nothing lost)', async () => {
    const index = cases.findIndex((c) => c.location === 'path' && c.style === 'simple' && c.shape === 'string');
    await run(operationPath(cases[index] as WireCase, index), [`v=${text}`]);
    const target = lastSeen().target;
    expect(decodeURIComponent(target.slice(target.lastIndexOf('/') + 1))).toBe(text);
    const query = cases.findIndex((c) => c.location === 'query' && c.style === 'form' && c.shape === 'string' && !c.allowReserved);
    await run(operationPath(cases[query] as WireCase, query), [`v=${text}`]);
    expect(new URL(`http://h${lastSeen().target}`).searchParams.get('v')).toBe(text);
  });

  it('joins several cookie parameters into one Cookie header', async () => {
    await run('/two-cookies', ['a=1', 'b=x/y']);
    expect(header(lastSeen(), 'Cookie')).toEqual(['a=1; b=x/y']);
  });

  it('sends é in a header as the one Latin-1 byte HTTP field values allow', async () => {
    const index = cases.findIndex((c) => c.location === 'header');
    expect((await run(operationPath(cases[index] as WireCase, index), ['X-V=é'])).code).toBe(0);
    // Node's server reads header bytes as Latin-1: "é" here is the single byte 0xE9.
    expect(header(lastSeen(), 'X-V')).toEqual(['é']);
  });
});

describe('combinations the spec leaves undefined are refused before anything is sent', () => {
  it.each([
    ['/na-spaceDelimited', 'Style "spaceDelimited" needs an array or object value for "v".'],
    ['/na-pipeDelimited', 'Style "pipeDelimited" needs an array or object value for "v".'],
    ['/na-deepObject', 'Style "deepObject" needs an object value for "v".'],
    ['/na-form-in-path/{v}', 'Style "form" is not allowed for path parameter "v".'],
  ])('%s', async (target, message) => {
    const before = server.requests.length;
    const r = await run(target, ['v=blue']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(server.requests.length).toBe(before);
  });
});

describe('header and cookie values that cannot be sent as typed are refused', () => {
  it.each([
    ['header', 'X-V=a😀', 'The header parameter "X-V" holds "😀", which a header cannot carry as typed'],
    ['header', 'X-V=a\nInjected: 1', 'The header parameter "X-V" holds U+000A, which a header cannot carry as typed'],
    ['cookie', 'v=a; admin=1', 'The cookie parameter "v" holds ";", which would start another cookie.'],
  ])('%s %s', async (location, param, message) => {
    const index = cases.findIndex((c) => c.location === location && c.shape === 'string');
    const before = server.requests.length;
    const r = await run(operationPath(cases[index] as WireCase, index), [param]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(server.requests.length).toBe(before);
  });
});

describe('values that URL parsing would change are refused', () => {
  // `new URL` drops "." and ".." segments (RFC 3986 §5.2.4): sent, /dot/../end would be /end.
  it.each([
    ['/dot/{v}/end', '..'],
    ['/dot/{v}/end', '.'],
    ['/dot-label/{v}', ''],
  ])('%s with "%s" makes a dot segment', async (target, value) => {
    const before = server.requests.length;
    const r = await run(target, [`v=${value}`]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('The value of "v" makes a "." or ".." path segment');
    expect(server.requests.length).toBe(before);
  });

  it('sends dots that are only part of a segment, and an encoded dot as data', async () => {
    expect((await run('/dot/{v}/end', ['v=...'])).code).toBe(0);
    expect(lastSeen().target).toBe('/dot/.../end');
    expect((await run('/dot/{v}/end', ['v=%2e'])).code).toBe(0);
    expect(lastSeen().target).toBe('/dot/%252e/end');
  });
});
