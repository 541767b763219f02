/**
 * Code examples for a saved operation: curl, TypeScript `fetch` and Python `requests` for the HTTP
 * bindings (JSON-RPC and HTTP+JSON), a `grpcurl` line for gRPC. HTTP+JSON requests come from the
 * same route table the core sends with, so an example can never disagree with the wire.
 * Credentials appear only as environment variables named after the saved reference.
 */
import { buildRestRequest, joinRestUrl } from '../a2a/rest-routes';
import { isStreamingMethod } from '../a2a/catalogue';
import { callFromXA2a } from './call-from-operation';
import type { A2aCall } from '../a2a/call';
import type { XA2a, XA2aAuth } from './x-a2a-model';
import { isCredentialHeader, literalSecretOf, xa2aAuthFromConfig } from './x-a2a-model';
import { isObject } from '../a2a/payload';
import { fillKnownVariables, wholeVariable } from '../env/variables';
import { referenceSource } from '../env/variable-syntax';
import { codeText, credentialEnvVar, envVarFor, secretEnvVarsIn } from '../http/http-code';

/** The active environment's secret-backed variables: variable name → its secret's name. */
type SecretVariables = ReadonlyMap<string, string>;
const noSecrets: SecretVariables = new Map();

export interface CodeExampleOptions {
  /**
   * Secret-backed variables of the active environment: a `{{variable}}` named here is read from the
   * environment variable named after its secret, as in the HTTP tab's examples (http-code.ts).
   */
  secretVariables?: SecretVariables;
}

export type CodeExampleId = 'curl' | 'fetch' | 'python' | 'grpcurl' | 'powerduck' | 'powerduck-run';

export interface CodeExample {
  id: CodeExampleId;
  label: string;
  /** Fence language for Markdown and the editor. */
  language: 'bash' | 'typescript' | 'python';
  code: string;
}

export interface HttpRequestShape {
  httpMethod: string;
  url: string;
  headers: Array<[string, string]>;
  /** JSON body, when the request has one. */
  body?: unknown;
  streaming: boolean;
  /** Where the credential goes (rendered per language), if the operation has auth. */
  auth?: XA2aAuth;
}

/** The environment variable an example reads the credential from (the HTTP examples' rule: credentialEnvVar). */
export function credentialVariable(auth: XA2aAuth, secrets: SecretVariables = noSecrets): string {
  // OAuth's saved names are the client secret's: the call itself carries an access token.
  if (auth.scheme === 'oauth2') return 'ACCESS_TOKEN';
  return credentialEnvVar(auth.env !== undefined ? { env: auth.env } : { secretRef: auth.secretRef ?? 'secret' }, secrets);
}

/**
 * Where the credential is kept, for the note: a secret by its name, or (a `{{token}}` reference) the
 * environment variable that holds it — not "the secret {{token}}", which names no secret.
 */
function credentialSource(auth: XA2aAuth, secrets: SecretVariables): string {
  if (auth.secretRef === undefined) return '';
  const variable = wholeVariable(auth.secretRef);
  const secret = variable === undefined ? undefined : secrets.get(variable);
  if (secret !== undefined) return ` stored as the secret "${secret}" (the variable {{${variable}}})`;
  return variable !== undefined ? ` that the variable {{${variable}}} of your environment holds` : ` stored as the secret "${auth.secretRef}"`;
}

/**
 * What to set first for each secret-backed variable `texts` read (not an auth reference, which has
 * its own note): every example of a saved operation (A2A, HTTP, MCP) says it so.
 */
export function secretVariableNotes(texts: readonly string[], secrets: SecretVariables): string[] {
  if (!secrets.size) return [];
  const used = new Set(texts.flatMap((t) => secretEnvVarsIn(t, secrets)));
  const notes: string[] = [];
  for (const [variable, secret] of secrets) {
    const name = envVarFor({ secretRef: secret });
    if (!used.delete(name)) continue;
    notes.push(`Set ${name} to the secret "${secret}" (the variable {{${variable}}}) first: it is read from the environment, never printed.`);
  }
  return notes;
}

/** The texts of an A2A operation an example writes (auth aside). */
function requestTexts(x: XA2a): string[] {
  return [x.endpoint, ...(x.headers ?? []).filter((h) => h.enabled !== false).map((h) => h.value), JSON.stringify(x.example ?? null)];
}

/** A2A §3.6.1: clients send the version on every request. */
function versionHeader(x: XA2a): [string, string] {
  return ['A2A-Version', x.version];
}

function extraHeaders(x: XA2a): Array<[string, string]> {
  return (x.headers ?? []).filter((h) => h.enabled !== false).map((h) => [h.name, h.value]);
}

/** The HTTP request an HTTP-binding operation sends, or a reason it cannot be built. */
export function httpRequestFor(x: XA2a): { ok: true; request: HttpRequestShape } | { ok: false; message: string } {
  const streaming = isStreamingMethod(x.version, x.method);
  const call = callFromXA2a(x);
  if (x.binding === 'JSONRPC') {
    const envelope: unknown = isObject(x.example) ? { ...x.example } : { jsonrpc: '2.0', id: 1, method: call.method };
    return {
      ok: true,
      request: {
        httpMethod: 'POST',
        url: x.endpoint,
        headers: [['Content-Type', 'application/json'], ['Accept', streaming ? 'text/event-stream' : 'application/json'], versionHeader(x), ...extraHeaders(x)],
        body: envelope,
        streaming,
        ...(x.auth ? { auth: x.auth } : {}),
      },
    };
  }
  if (x.binding === 'HTTP+JSON') {
    const built = buildRestRequest(call.method, call.body, x.tenant ? { tenant: x.tenant } : {});
    if (!built.ok) return { ok: false, message: built.message };
    const req = built.request;
    const headers: Array<[string, string]> = [];
    if (req.body !== undefined) headers.push(['Content-Type', 'application/a2a+json']);
    headers.push(['Accept', streaming ? 'text/event-stream' : 'application/a2a+json, application/json'], versionHeader(x), ...extraHeaders(x));
    return {
      ok: true,
      request: {
        httpMethod: req.httpMethod,
        url: joinRestUrl(x.endpoint, req.path, req.query),
        headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        streaming,
        ...(x.auth ? { auth: x.auth } : {}),
      },
    };
  }
  return { ok: false, message: 'gRPC operations have no HTTP request; see the grpcurl example.' };
}

/** An API key sent in the query: the URL up to its `name=`, the key read from the environment after it. */
function queryKeyed(url: string, auth: XA2aAuth | undefined): string | undefined {
  if (!auth || auth.scheme !== 'apiKey' || auth.in !== 'query') return undefined;
  return `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(auth.name)}=`;
}

function curlExample(req: HttpRequestShape, secrets: SecretVariables): CodeExample {
  const variable = req.auth ? credentialVariable(req.auth, secrets) : '';
  const sh = (text: string): string => codeText('shell', text, secrets);
  const keyed = queryKeyed(req.url, req.auth);
  // -g (--globoff): curl reads [ ] and { } in a URL as its own ranges, and a {{variable}} left in it would exit 3.
  const lines = [`curl -g -sS${req.streaming ? ' -N' : ''} -X ${req.httpMethod} ${keyed === undefined ? sh(req.url) : `${sh(keyed)}"$${variable}"`}`];
  for (const [name, value] of req.headers) lines.push(`  -H ${sh(`${name}: ${value}`)}`);
  if (req.auth?.scheme === 'bearer' || req.auth?.scheme === 'oauth2') lines.push(`  -H "Authorization: Bearer $${variable}"`);
  if (req.auth?.scheme === 'apiKey' && req.auth.in === 'header') lines.push(`  -H "${req.auth.name}: $${variable}"`);
  if (req.auth?.scheme === 'basic') lines.push(`  -u "${req.auth.username.replace(/(["\\`$])/g, '\\$1')}:$${variable}"`);
  if (req.body !== undefined) lines.push(`  --data-binary ${sh(JSON.stringify(req.body))}`);
  return { id: 'curl', label: 'curl', language: 'bash', code: lines.join(' \\\n') + '\n' };
}

function indentBlock(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : pad + line))
    .join('\n');
}

function fetchExample(req: HttpRequestShape, secrets: SecretVariables): CodeExample {
  const variable = req.auth ? credentialVariable(req.auth, secrets) : '';
  const js = (text: string): string => codeText('js', text, secrets);
  const headerLines = req.headers.map(([name, value]) => `    ${JSON.stringify(name)}: ${js(value)},`);
  if (req.auth?.scheme === 'bearer' || req.auth?.scheme === 'oauth2') headerLines.push(`    Authorization: \`Bearer \${process.env.${variable}}\`,`);
  if (req.auth?.scheme === 'apiKey' && req.auth.in === 'header') headerLines.push(`    ${JSON.stringify(req.auth.name)}: process.env.${variable} ?? '',`);
  if (req.auth?.scheme === 'basic') {
    headerLines.push(`    Authorization: \`Basic \${Buffer.from(${JSON.stringify(req.auth.username + ':')} + process.env.${variable}).toString('base64')}\`,`);
  }
  const keyed = queryKeyed(req.url, req.auth);
  const urlExpr = keyed === undefined ? js(req.url) : `${js(keyed)} + encodeURIComponent(process.env.${variable} ?? '')`;
  const lines = [`const response = await fetch(${urlExpr}, {`, `  method: '${req.httpMethod}',`, '  headers: {', ...headerLines, '  },'];
  const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
  // A body with a secret-backed variable is sent as text, the secret joined in from the environment.
  if (bodyText !== undefined && secretEnvVarsIn(bodyText, secrets).length) lines.push(`  body: ${js(bodyText)},`);
  else if (req.body !== undefined) lines.push(`  body: JSON.stringify(${indentBlock(JSON.stringify(req.body, null, 2), 2)}),`);
  lines.push('});');
  if (req.streaming) {
    lines.push(
      '// Server-sent events: each `data:` line holds one JSON document.',
      'const decoder = new TextDecoder();',
      "let buffered = '';",
      'for await (const chunk of response.body!) {',
      '  buffered += decoder.decode(chunk, { stream: true });',
      '  let end: number;',
      "  while ((end = buffered.indexOf('\\n\\n')) !== -1) {",
      '    const event = buffered.slice(0, end);',
      '    buffered = buffered.slice(end + 2);',
      "    const data = event.split('\\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\\n');",
      '    if (data) console.log(JSON.parse(data));',
      '  }',
      '}',
    );
  } else {
    lines.push('const text = await response.text();', 'console.log(response.status, text ? JSON.parse(text) : null);');
  }
  return { id: 'fetch', label: 'TypeScript (fetch)', language: 'typescript', code: lines.join('\n') + '\n' };
}

/** JSON rendered as a Python literal (true/false/null differ). */
function pythonLiteral(value: unknown, indent = 0): string {
  const pad = '    '.repeat(indent);
  const inner = '    '.repeat(indent + 1);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => inner + pythonLiteral(v, indent + 1)).join(',\n')},\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 1)}`).join(',\n')},\n${pad}}`;
}

function pythonExample(req: HttpRequestShape, secrets: SecretVariables): CodeExample {
  const variable = req.auth ? credentialVariable(req.auth, secrets) : '';
  const py = (text: string): string => codeText('python', text, secrets);
  const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
  const secretBody = bodyText !== undefined && secretEnvVarsIn(bodyText, secrets).length > 0;
  const needsOs = Boolean(req.auth) || [req.url, ...req.headers.map(([, v]) => v), bodyText ?? ''].some((t) => secretEnvVarsIn(t, secrets).length);
  const headerLines = req.headers.map(([name, value]) => `    ${JSON.stringify(name)}: ${py(value)},`);
  if (req.auth?.scheme === 'bearer' || req.auth?.scheme === 'oauth2') headerLines.push(`    "Authorization": f"Bearer {os.environ['${variable}']}",`);
  if (req.auth?.scheme === 'apiKey' && req.auth.in === 'header') headerLines.push(`    ${JSON.stringify(req.auth.name)}: os.environ["${variable}"],`);
  const lines = [...(needsOs ? ['import os', ''] : []), 'import requests', '', 'headers = {', ...headerLines, '}'];
  const args = [py(req.url), 'headers=headers'];
  if (req.auth?.scheme === 'apiKey' && req.auth.in === 'query') args.push(`params={${JSON.stringify(req.auth.name)}: os.environ["${variable}"]}`);
  if (req.auth?.scheme === 'basic') args.push(`auth=(${JSON.stringify(req.auth.username)}, os.environ["${variable}"])`);
  if (secretBody) {
    // Sent as text (its Content-Type is among the headers), the secret joined in from the environment.
    lines.push(`body = (${py(bodyText)}).encode("utf-8")`);
    args.push('data=body');
  } else if (req.body !== undefined) {
    lines.push(`body = ${pythonLiteral(req.body)}`);
    args.push('json=body');
  }
  if (req.streaming) args.push('stream=True');
  lines.push(`response = requests.request(${JSON.stringify(req.httpMethod)}, ${args.join(', ')})`);
  if (req.streaming) {
    lines.push(
      '# Server-sent events: each "data:" line holds one JSON document.',
      'for line in response.iter_lines(decode_unicode=True):',
      '    if line and line.startswith("data:"):',
      '        print(line[5:].strip())',
    );
  } else {
    lines.push('print(response.status_code, response.json() if response.content else None)');
  }
  return { id: 'python', label: 'Python (requests)', language: 'python', code: lines.join('\n') + '\n' };
}

/** A2A §10: package lf.a2a.v1, service A2AService. */
export const GRPC_SERVICE_V1 = 'lf.a2a.v1.A2AService';

export function grpcTarget(endpoint: string): { address: string; plaintext: boolean } {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)/i.exec(endpoint);
  if (match) {
    const scheme = (match[1] as string).toLowerCase();
    const host = match[2] as string;
    const secure = scheme === 'https' || scheme === 'grpcs';
    const address = /:\d+$/.test(host) ? host : `${host}:${secure ? 443 : 80}`;
    return { address, plaintext: !secure };
  }
  const address = endpoint.replace(/\/.*$/, '');
  const loopback = /^(localhost|127\.|\[::1\])/.test(address);
  return { address, plaintext: loopback };
}

function grpcurlExample(x: XA2a, secrets: SecretVariables): CodeExample {
  const sh = (text: string): string => codeText('shell', text, secrets);
  const call = callFromXA2a(x);
  const { address, plaintext } = grpcTarget(x.endpoint);
  // gRPC carries the tenant as a request field (A2A §10): the body is sent as written.
  const body: unknown = call.body ?? {};
  const parts = ['grpcurl'];
  if (plaintext) parts.push('-plaintext');
  parts.push(`-import-path proto -proto lf/a2a/v1/a2a.proto`);
  parts.push(`-H ${sh(`a2a-version: ${x.version}`)}`);
  for (const h of x.headers ?? []) if (h.enabled !== false) parts.push(`-H ${sh(`${h.name.toLowerCase()}: ${h.value}`)}`);
  if (x.auth) {
    const variable = credentialVariable(x.auth, secrets);
    if (x.auth.scheme === 'bearer' || x.auth.scheme === 'oauth2') parts.push(`-H "authorization: Bearer $${variable}"`);
    else if (x.auth.scheme === 'apiKey') parts.push(`-H "${x.auth.name.toLowerCase()}: $${variable}"`);
    else parts.push(`-H "authorization: Basic $(printf '%s' "${x.auth.username}:$${variable}" | base64)"`);
  }
  parts.push(`-d ${sh(JSON.stringify(body))}`);
  parts.push(address, `${GRPC_SERVICE_V1}/${call.method}`);
  return { id: 'grpcurl', label: 'grpcurl', language: 'bash', code: parts.join(' \\\n  ') + '\n' };
}

export interface CodeExamplesResult {
  examples: CodeExample[];
  notes: string[];
}

/**
 * The saved operation with the plain variables `values` holds filled in (endpoint, tenant, headers,
 * example body), by the same walk the request tab's Code makes (fillKnownVariables), so each value is
 * quoted by the language it lands in; a secret-backed or unknown `{{name}}` stays a name. Auth is untouched.
 */
export function fillKnownOperationVariables(x: XA2a, values: ReadonlyMap<string, string>): XA2a {
  if (!values.size) return x;
  const call = fillKnownVariables(
    {
      version: x.version,
      binding: x.binding,
      endpoint: x.endpoint,
      method: x.method,
      body: x.example,
      ...(x.tenant !== undefined ? { tenant: x.tenant } : {}),
      ...(x.headers ? { headers: x.headers } : {}),
    },
    values,
  );
  return {
    ...x,
    endpoint: call.endpoint,
    example: call.body,
    ...(call.tenant !== undefined ? { tenant: call.tenant } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
  };
}

export function codeExamples(x: XA2a, options: CodeExampleOptions = {}): CodeExamplesResult {
  const secrets = options.secretVariables ?? noSecrets;
  if (x.binding === 'GRPC') {
    const notes = ['grpcurl reads the A2A 1.0 proto (lf/a2a/v1/a2a.proto, shipped in proto/); drop -import-path/-proto when the agent serves gRPC reflection.'];
    if (x.auth) notes.push(`Set ${credentialVariable(x.auth, secrets)} to the credential${credentialSource(x.auth, secrets)} first.`);
    return { examples: [grpcurlExample(x, secrets)], notes: [...notes, ...secretVariableNotes(requestTexts(x), secrets)] };
  }
  const built = httpRequestFor(x);
  if (!built.ok) return { examples: [], notes: [built.message] };
  const req = built.request;
  const notes: string[] = [];
  if (x.auth) notes.push(`Set ${credentialVariable(x.auth, secrets)} to the credential${credentialSource(x.auth, secrets)} before running these.`);
  notes.push(...secretVariableNotes(requestTexts(x), secrets));
  return { examples: [curlExample(req, secrets), fetchExample(req, secrets), pythonExample(req, secrets)], notes };
}

/** A credential header that holds nothing but secret-backed variables (after an optional scheme word) prints no secret: it is kept. */
function onlySecretVariables(value: string, secrets: SecretVariables): boolean {
  if (!secretEnvVarsIn(value, secrets).length) return false;
  const rest = value.replace(new RegExp(referenceSource, 'g'), (whole, name: string) => (secrets.has(name) ? '' : whole));
  return /^\s*([A-Za-z-]+\s+)?$/.test(rest);
}

/**
 * Code for an unsaved call (the request pane's "Code"), through the same builders as the docs of a
 * saved operation. Credentials stay names: a secret reference or env source names the variable; a
 * literal value typed for one send becomes the variable `TOKEN`, never the value; credential headers
 * are left out with a note (they belong in auth).
 */
export function codeExamplesForCall(call: A2aCall, options: CodeExampleOptions = {}): CodeExamplesResult {
  const secrets = options.secretVariables ?? noSecrets;
  const notes: string[] = [];
  const literal = call.auth !== undefined && call.auth.type !== 'none' && literalSecretOf(call.auth) !== undefined;
  const auth = xa2aAuthFromConfig(call.auth, literal ? 'token' : undefined);
  const headers = (call.headers ?? []).filter((h) => h.enabled !== false && h.name.trim());
  const kept = headers.filter((h) => !isCredentialHeader(h.name, call.auth) || onlySecretVariables(h.value, secrets));
  for (const h of headers)
    if (!kept.includes(h)) notes.push(`The header ${h.name} carries a credential and is left out; put it in auth to see it as a variable.`);
  const isEnvelope = call.binding === 'JSONRPC' && isObject(call.body) && call.body['jsonrpc'] === '2.0' && typeof call.body['method'] === 'string';
  const x: XA2a = {
    version: call.version,
    binding: call.binding,
    endpoint: call.endpoint,
    method: call.method,
    ...(call.tenant ? { tenant: call.tenant } : {}),
    ...(auth ? { auth } : {}),
    ...(kept.length ? { headers: kept.map((h) => ({ name: h.name, value: h.value })) } : {}),
    requestSchema: {},
    responseSchema: {},
    example:
      call.binding === 'JSONRPC' && !isEnvelope
        ? { jsonrpc: '2.0', id: 1, method: call.method, ...(call.body === undefined ? {} : { params: call.body }) }
        : call.body,
  };
  const result = codeExamples(x, options);
  return { examples: result.examples, notes: [...result.notes, ...notes] };
}
