/**
 * Code examples for a plain HTTP request: curl, JavaScript fetch and Python requests. Credentials
 * never appear: each reads an environment variable named after the secret it refers to, in auth
 * and wherever a secret-backed `{{variable}}` stands in the URL, a header or the body (`$DEMO_TOKEN`,
 * `process.env.DEMO_TOKEN`, `os.environ["DEMO_TOKEN"]`), so the README's promise holds in every language.
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import { referenceSource } from '../env/variable-syntax';
import { wholeVariable } from '../env/variables';
import type { HttpRequest } from './http-types';
import { encodeUrlencoded } from './body-encode';

export interface HttpCodeOptions {
  /** Secret-backed variables of the active environment: variable name → the secret's name. */
  secretVariables?: ReadonlyMap<string, string>;
}

export interface HttpCodeExamples {
  curl: string;
  fetch: string;
  python: string;
}

/** `MY_TOKEN` for secret "my-token"; environment sources keep their own name. */
export function envVarFor(source: SecretSource): string {
  // An environment name that is not a shell/JS identifier would break the examples: it is cleaned like a secret's.
  if ('env' in source && /^[A-Za-z_][A-Za-z0-9_]*$/.test(source.env)) return source.env;
  const name = 'env' in source ? source.env : 'secretRef' in source ? source.secretRef : 'SECRET';
  return (
    name
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'SECRET'
  ).replace(/^(\d)/, '_$1');
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A text cut where a secret-backed `{{variable}}` stands: literal pieces and the environment variables that replace them. */
type Piece = { text: string } | { env: string };

function piecesOf(text: string, secrets: ReadonlyMap<string, string>): Piece[] {
  if (!secrets.size || !text.includes('{{')) return [{ text }];
  const pieces: Piece[] = [];
  let from = 0;
  for (const match of text.matchAll(new RegExp(referenceSource, 'g'))) {
    const secret = secrets.get(match[1] as string);
    if (secret === undefined) continue;
    pieces.push({ text: text.slice(from, match.index) }, { env: envVarFor({ secretRef: secret }) });
    from = match.index + match[0].length;
  }
  pieces.push({ text: text.slice(from) });
  return pieces.filter((p) => !('text' in p) || p.text !== '');
}

/** How each language writes a literal and an environment variable's value, and joins them. */
interface Language {
  literal(text: string): string;
  env(name: string): string;
  join: string;
}

const shellLanguage: Language = { literal: shellQuote, env: (name) => `"$${name}"`, join: '' };
const jsLanguage: Language = { literal: (t) => JSON.stringify(t), env: (name) => `process.env.${name}`, join: ' + ' };
const pyLanguage: Language = { literal: (t) => JSON.stringify(t), env: (name) => `os.environ[${JSON.stringify(name)}]`, join: ' + ' };

/** The text as an expression of `language`: quoted literals with the secret-backed variables read from the environment. */
function expression(language: Language, text: string, secrets: ReadonlyMap<string, string>): string {
  const pieces = piecesOf(text, secrets);
  if (!pieces.length) return language.literal('');
  return pieces.map((p) => ('env' in p ? language.env(p.env) : language.literal(p.text))).join(language.join);
}

/** The languages every code example (HTTP tab, A2A tab, saved operations' docs) writes text in. */
export type CodeLanguage = 'shell' | 'js' | 'python';
const languages: Record<CodeLanguage, Language> = { shell: shellLanguage, js: jsLanguage, python: pyLanguage };

/**
 * The one rule for a request's text in a code example: a quoted literal, where each secret-backed
 * `{{variable}}` (`secrets`: variable name → its secret's name) is read from the environment variable
 * named after its secret, so the example runs and prints no secret.
 */
export function codeText(language: CodeLanguage, text: string, secrets: ReadonlyMap<string, string>): string {
  return expression(languages[language], text, secrets);
}

/** The environment variables `text`'s secret-backed `{{variables}}` are read from, in order, once each. */
export function secretEnvVarsIn(text: string, secrets: ReadonlyMap<string, string>): string[] {
  return [...new Set(piecesOf(text, secrets).flatMap((p) => ('env' in p ? [p.env] : [])))];
}

/**
 * The environment variable a credential is read from: a secret-backed `{{variable}}` by its secret's
 * name, as the variable's other uses are; any other source by its own name.
 */
export function credentialEnvVar(source: SecretSource, secrets: ReadonlyMap<string, string>): string {
  const variable = 'secretRef' in source ? wholeVariable(source.secretRef.trim()) : undefined;
  const secret = variable === undefined ? undefined : secrets.get(variable);
  return envVarFor(secret === undefined ? source : { secretRef: secret });
}

/** A method is written bare only when the shell cannot read anything else into it. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_-]+$/.test(text) ? text : shellQuote(text);
}

interface Prepared {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** Header whose value comes from an environment variable (auth). */
  authHeader?: { name: string; prefix: string; env: string };
  authQuery?: { name: string; env: string };
  basic?: { username: string; env: string };
}

function prepare(request: HttpRequest, secrets: ReadonlyMap<string, string>): Prepared {
  const headers = (request.headers ?? []).filter((h) => h.enabled !== false && h.name.trim()).map((h): [string, string] => [h.name.trim(), h.value]);
  const out: Prepared = { method: request.method.trim() || 'GET', url: request.url, headers };
  const auth: AuthConfig | undefined = request.auth;
  const envOf = (source: SecretSource): string => credentialEnvVar(source, secrets);
  if (auth?.type === 'bearer') out.authHeader = { name: 'Authorization', prefix: 'Bearer ', env: envOf(auth.token) };
  if (auth?.type === 'apiKey' && auth.in === 'header') out.authHeader = { name: auth.name, prefix: '', env: envOf(auth.value) };
  if (auth?.type === 'apiKey' && auth.in === 'query') out.authQuery = { name: auth.name, env: envOf(auth.value) };
  if (auth?.type === 'basic') out.basic = { username: auth.username, env: envOf(auth.password) };
  // OAuth: Powerduck gets the token at send time; an example can only read one already obtained.
  if (auth?.type === 'oauth2') out.authHeader = { name: 'Authorization', prefix: 'Bearer ', env: 'ACCESS_TOKEN' };
  return out;
}

function contentType(request: HttpRequest): string | undefined {
  const b = request.body;
  if (!b || b.kind === 'none' || b.kind === 'multipart') return undefined;
  if (b.kind === 'json') return 'application/json';
  if (b.kind === 'text') return b.contentType ?? 'text/plain';
  if (b.kind === 'urlencoded') return 'application/x-www-form-urlencoded';
  return b.file.contentType ?? 'application/octet-stream';
}

function hasHeader(p: Prepared, name: string): boolean {
  return p.headers.some(([n]) => n.toLowerCase() === name.toLowerCase());
}

function fileName(file: { path: string } | { name: string }): string {
  return 'path' in file ? file.path : file.name;
}

/**
 * curl, fetch and Python for the request as given (fill the environment's plain variables first:
 * fillKnownHttpVariables). A `{{variable}}` named in `options.secretVariables` is read from the
 * shell or process environment under its secret's name; any other `{{…}}` left is written as it is.
 */
export function httpCodeExamples(request: HttpRequest, options: HttpCodeOptions = {}): HttpCodeExamples {
  const secrets = options.secretVariables ?? new Map<string, string>();
  const p = prepare(request, secrets);
  const type = contentType(request);
  const body = request.body;
  const textBody = body?.kind === 'json' || body?.kind === 'text' ? body.text : body?.kind === 'urlencoded' ? encodeUrlencoded(body.fields) : undefined;
  const sh = (text: string): string => expression(shellLanguage, text, secrets);
  const jsText = (text: string): string => expression(jsLanguage, text, secrets);
  const pyText = (text: string): string => expression(pyLanguage, text, secrets);
  // Everything from the request is quoted as a literal; only the credential variables are expanded.
  const urlBeforeKey = p.authQuery ? `${p.url}${p.url.includes('?') ? '&' : '?'}${encodeURIComponent(p.authQuery.name)}=` : p.url;

  // curl: -g (--globoff), or curl reads [ ] and { } in the URL as its own ranges (`?filter[a]=1` exits 3).
  const curl: string[] = [`curl -g -X ${shellWord(p.method)} ${sh(urlBeforeKey)}${p.authQuery ? `"$${p.authQuery.env}"` : ''}`];
  for (const [n, v] of p.headers) curl.push(`  -H ${sh(`${n}: ${v}`)}`);
  if (type && !hasHeader(p, 'content-type')) curl.push(`  -H ${shellQuote(`Content-Type: ${type}`)}`);
  if (p.authHeader) curl.push(`  -H ${shellQuote(`${p.authHeader.name}: ${p.authHeader.prefix}`)}"$${p.authHeader.env}"`);
  if (p.basic) curl.push(`  -u ${shellQuote(`${p.basic.username}:`)}"$${p.basic.env}"`);
  if (textBody !== undefined) curl.push(`  --data-binary ${sh(textBody)}`);
  if (body?.kind === 'file') curl.push(`  --data-binary ${shellQuote(`@${fileName(body.file)}`)}`);
  if (body?.kind === 'multipart')
    for (const f of body.fields)
      if (f.enabled !== false && f.name) curl.push(`  -F ${f.file ? shellQuote(`${f.name}=@${fileName(f.file)}`) : sh(`${f.name}=${f.value ?? ''}`)}`);
  if (request.followRedirects) curl.push('  -L');
  if (request.tls?.insecureSkipVerify) curl.push('  -k');

  // fetch
  const fh: string[] = p.headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${jsText(v)},`);
  if (type && !hasHeader(p, 'content-type')) fh.push(`    "Content-Type": ${JSON.stringify(type)},`);
  if (p.authHeader) fh.push(`    ${JSON.stringify(p.authHeader.name)}: \`${p.authHeader.prefix}\${process.env.${p.authHeader.env}}\`,`);
  if (p.basic) fh.push(`    Authorization: "Basic " + btoa(${JSON.stringify(p.basic.username + ':')} + process.env.${p.basic.env}),`);
  const fetchLines = [
    `const response = await fetch(${jsText(urlBeforeKey)}${p.authQuery ? ` + encodeURIComponent(process.env.${p.authQuery.env})` : ''}, {`,
    `  method: ${JSON.stringify(p.method)},`,
  ];
  if (fh.length) fetchLines.push('  headers: {', ...fh, '  },');
  if (textBody !== undefined) fetchLines.push(`  body: ${jsText(textBody)},`);
  if (body?.kind === 'multipart') fetchLines.push('  body: form, // a FormData with the fields below');
  if (body?.kind === 'file') fetchLines.push(`  body: await fs.promises.readFile(${JSON.stringify(fileName(body.file))}),`);
  fetchLines.push(
    `  redirect: ${JSON.stringify(request.followRedirects ? 'follow' : 'manual')},`,
    '});',
    'console.log(response.status, await response.text());',
  );
  if (body?.kind === 'multipart') {
    const form = ['const form = new FormData();'];
    for (const f of body.fields)
      if (f.enabled !== false && f.name)
        form.push(
          f.file
            ? `form.append(${JSON.stringify(f.name)}, new Blob([await fs.promises.readFile(${JSON.stringify(fileName(f.file))})]), ${JSON.stringify(fileName(f.file))});`
            : `form.append(${JSON.stringify(f.name)}, ${jsText(f.value ?? '')});`,
        );
    fetchLines.unshift(...form);
  }

  // python
  const ph = p.headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${pyText(v)},`);
  if (type && !hasHeader(p, 'content-type') && body?.kind !== 'urlencoded') ph.push(`    "Content-Type": ${JSON.stringify(type)},`);
  if (p.authHeader)
    ph.push(`    ${JSON.stringify(p.authHeader.name)}: ${JSON.stringify(p.authHeader.prefix)} + os.environ[${JSON.stringify(p.authHeader.env)}],`);
  const args = [`    ${JSON.stringify(p.method)},`, `    ${pyText(p.url)},`];
  if (ph.length) args.push('    headers={', ...ph.map((l) => `    ${l}`), '    },');
  if (p.authQuery) args.push(`    params={${JSON.stringify(p.authQuery.name)}: os.environ[${JSON.stringify(p.authQuery.env)}]},`);
  if (p.basic) args.push(`    auth=(${JSON.stringify(p.basic.username)}, os.environ[${JSON.stringify(p.basic.env)}]),`);
  if (body?.kind === 'json' || body?.kind === 'text') args.push(`    data=(${pyText(body.text)}).encode("utf-8"),`);
  if (body?.kind === 'urlencoded')
    args.push(
      `    data=[${body.fields
        .filter((f) => f.enabled !== false && f.name)
        .map((f) => `(${JSON.stringify(f.name)}, ${pyText(f.value)})`)
        .join(', ')}],`,
    );
  if (body?.kind === 'file') args.push(`    data=open(${JSON.stringify(fileName(body.file))}, "rb"),`);
  if (body?.kind === 'multipart') {
    const fields = body.fields.filter((f) => f.enabled !== false && f.name);
    args.push(
      `    files=[${fields.map((f) => (f.file ? `(${JSON.stringify(f.name)}, open(${JSON.stringify(fileName(f.file))}, "rb"))` : `(${JSON.stringify(f.name)}, (None, ${pyText(f.value ?? '')}))`)).join(', ')}],`,
    );
  }
  args.push(`    allow_redirects=${request.followRedirects ? 'True' : 'False'},`);
  if (request.tls?.insecureSkipVerify) args.push('    verify=False,');
  const call = ['response = requests.request(', ...args, ')', 'print(response.status_code, response.text)'];
  // `os` only when something is read from the environment: an unused import is noise a linter flags.
  const py = [...(call.some((line) => line.includes('os.environ[')) ? ['import os'] : []), 'import requests', '', ...call];

  return { curl: curl.join(' \\\n'), fetch: fetchLines.join('\n'), python: py.join('\n') };
}
