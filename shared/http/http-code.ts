/**
 * Code examples for a plain HTTP request: curl, JavaScript fetch and Python requests. Credentials
 * never appear: each reads an environment variable named after the secret it refers to.
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import type { HttpRequest } from './http-types';
import { encodeUrlencoded } from './body-encode';

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

/** A method is written bare only when the shell cannot read anything else into it. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_-]+$/.test(text) ? text : shellQuote(text);
}

function pyString(text: string): string {
  return JSON.stringify(text);
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

function prepare(request: HttpRequest): Prepared {
  const headers = (request.headers ?? []).filter((h) => h.enabled !== false && h.name.trim()).map((h): [string, string] => [h.name.trim(), h.value]);
  const out: Prepared = { method: request.method.trim() || 'GET', url: request.url, headers };
  const auth: AuthConfig | undefined = request.auth;
  if (auth?.type === 'bearer') out.authHeader = { name: 'Authorization', prefix: 'Bearer ', env: envVarFor(auth.token) };
  if (auth?.type === 'apiKey' && auth.in === 'header') out.authHeader = { name: auth.name, prefix: '', env: envVarFor(auth.value) };
  if (auth?.type === 'apiKey' && auth.in === 'query') out.authQuery = { name: auth.name, env: envVarFor(auth.value) };
  if (auth?.type === 'basic') out.basic = { username: auth.username, env: envVarFor(auth.password) };
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

export function httpCodeExamples(request: HttpRequest): HttpCodeExamples {
  const p = prepare(request);
  const type = contentType(request);
  const body = request.body;
  const textBody = body?.kind === 'json' || body?.kind === 'text' ? body.text : body?.kind === 'urlencoded' ? encodeUrlencoded(body.fields) : undefined;
  // Everything from the request is quoted as a literal; only the credential variable is expanded.
  const urlBeforeKey = p.authQuery ? `${p.url}${p.url.includes('?') ? '&' : '?'}${encodeURIComponent(p.authQuery.name)}=` : p.url;

  // curl
  const curl: string[] = [`curl -X ${shellWord(p.method)} ${shellQuote(urlBeforeKey)}${p.authQuery ? `"$${p.authQuery.env}"` : ''}`];
  for (const [n, v] of p.headers) curl.push(`  -H ${shellQuote(`${n}: ${v}`)}`);
  if (type && !hasHeader(p, 'content-type')) curl.push(`  -H ${shellQuote(`Content-Type: ${type}`)}`);
  if (p.authHeader) curl.push(`  -H ${shellQuote(`${p.authHeader.name}: ${p.authHeader.prefix}`)}"$${p.authHeader.env}"`);
  if (p.basic) curl.push(`  -u ${shellQuote(`${p.basic.username}:`)}"$${p.basic.env}"`);
  if (textBody !== undefined) curl.push(`  --data-binary ${shellQuote(textBody)}`);
  if (body?.kind === 'file') curl.push(`  --data-binary ${shellQuote(`@${fileName(body.file)}`)}`);
  if (body?.kind === 'multipart')
    for (const f of body.fields)
      if (f.enabled !== false && f.name) curl.push(`  -F ${shellQuote(f.file ? `${f.name}=@${fileName(f.file)}` : `${f.name}=${f.value ?? ''}`)}`);
  if (request.followRedirects) curl.push('  -L');
  if (request.tls?.insecureSkipVerify) curl.push('  -k');

  // fetch
  const fh: string[] = p.headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${JSON.stringify(v)},`);
  if (type && !hasHeader(p, 'content-type')) fh.push(`    "Content-Type": ${JSON.stringify(type)},`);
  if (p.authHeader) fh.push(`    ${JSON.stringify(p.authHeader.name)}: \`${p.authHeader.prefix}\${process.env.${p.authHeader.env}}\`,`);
  if (p.basic) fh.push(`    Authorization: "Basic " + btoa(${JSON.stringify(p.basic.username + ':')} + process.env.${p.basic.env}),`);
  const fetchLines = [
    `const response = await fetch(${JSON.stringify(urlBeforeKey)}${p.authQuery ? ` + encodeURIComponent(process.env.${p.authQuery.env})` : ''}, {`,
    `  method: ${JSON.stringify(p.method)},`,
  ];
  if (fh.length) fetchLines.push('  headers: {', ...fh, '  },');
  if (textBody !== undefined) fetchLines.push(`  body: ${JSON.stringify(textBody)},`);
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
            : `form.append(${JSON.stringify(f.name)}, ${JSON.stringify(f.value ?? '')});`,
        );
    fetchLines.unshift(...form);
  }

  // python
  const py: string[] = ['import os', 'import requests', ''];
  const ph = p.headers.map(([n, v]) => `    ${pyString(n)}: ${pyString(v)},`);
  if (type && !hasHeader(p, 'content-type') && body?.kind !== 'urlencoded') ph.push(`    "Content-Type": ${pyString(type)},`);
  if (p.authHeader) ph.push(`    ${pyString(p.authHeader.name)}: ${pyString(p.authHeader.prefix)} + os.environ[${pyString(p.authHeader.env)}],`);
  const args = [`    ${pyString(p.method)},`, `    ${pyString(p.url)},`];
  if (ph.length) args.push('    headers={', ...ph.map((l) => `    ${l}`), '    },');
  if (p.authQuery) args.push(`    params={${pyString(p.authQuery.name)}: os.environ[${pyString(p.authQuery.env)}]},`);
  if (p.basic) args.push(`    auth=(${pyString(p.basic.username)}, os.environ[${pyString(p.basic.env)}]),`);
  if (body?.kind === 'json' || body?.kind === 'text') args.push(`    data=${pyString(body.text)}.encode("utf-8"),`);
  if (body?.kind === 'urlencoded')
    args.push(
      `    data=[${body.fields
        .filter((f) => f.enabled !== false && f.name)
        .map((f) => `(${pyString(f.name)}, ${pyString(f.value)})`)
        .join(', ')}],`,
    );
  if (body?.kind === 'file') args.push(`    data=open(${pyString(fileName(body.file))}, "rb"),`);
  if (body?.kind === 'multipart') {
    const fields = body.fields.filter((f) => f.enabled !== false && f.name);
    args.push(
      `    files=[${fields.map((f) => (f.file ? `(${pyString(f.name)}, open(${pyString(fileName(f.file))}, "rb"))` : `(${pyString(f.name)}, (None, ${pyString(f.value ?? '')}))`)).join(', ')}],`,
    );
  }
  args.push(`    allow_redirects=${request.followRedirects ? 'True' : 'False'},`);
  if (request.tls?.insecureSkipVerify) args.push('    verify=False,');
  py.push('response = requests.request(', ...args, ')', 'print(response.status_code, response.text)');

  return { curl: curl.join(' \\\n'), fetch: fetchLines.join('\n'), python: py.join('\n') };
}
