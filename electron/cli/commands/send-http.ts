/**
 * `powerduck send --http …` and `powerduck run <spec> "<METHOD> <path>"`: plain HTTP requests and
 * OpenAPI operations from the command line, through the same core as the app.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { withCredentialSource, type AuthConfig, type SecretSource } from '../../../shared/a2a/auth';
import { DEFAULT_HTTP_TOTAL_MS, type HttpBody, type HttpExchangeRecord, type HttpRequest, type MultipartField } from '../../../shared/http/http-types';
import { httpSummaryLines, httpExitSeverity } from '../../../shared/http/http-summary';
import { buildOperationRequest, type OperationDraft } from '../../../shared/http/openapi-draft';
import { bodyKindFor, formBodyFor, multipartFieldsOf } from '../../../shared/http/operation-example';
import { parseEnv } from '../env-args';
import { openCliCore } from '../cli-core';
import { resolveSpecFile } from '../spec-file';
import type { Core } from '../../node/core';
import { parseArgs, proxyFrom, requireOption, type ParsedArgs } from '../args';
import type { CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oauth2FromArgs, oauth2Options } from '../oauth-args';
import { signInIfNeeded } from '../oauth-sign-in';
import { tlsFromArgs, tlsOptions, tlsUsage } from '../tls-args';
import { oneLine } from '../one-line';
import { parseHeader } from '../header-arg';
import { timeoutHint } from '../timeout-hint';
import { streamToEnd } from '../cli-stream';
import { parseJsonTemplate } from '../../../shared/env/json-variables';
import { isTextualMediaType } from '../../../shared/http/media-kind';

export const sendHttpUsage = `powerduck send --http --url URL [-X|--method M] [-H|--header 'K: V']... [--body TEXT|@FILE|-]
                [--content-type TYPE] [--form 'name=value' | --form 'name=@FILE']...
                [--urlencoded 'name=value']... [--token T | --token-env NAME | --oauth2 …] [--follow]
                [--insecure] [--cert FILE --key FILE | --pfx FILE [--pfx-passphrase-env NAME]] [--ca FILE] [--timeout MS] [--env NAME]
                [--proxy URL] [-o|--output FILE] [--json]

Sends one plain HTTP request (any method) and prints the answer.
  --method M        the method as sent (default GET; any token such as QUERY or PROPFIND)
  --body …          request body: literal text, @FILE for a file's exact bytes, '-' for standard
                    input's; unless --content-type says otherwise, JSON is sent as application/json,
                    other UTF-8 text as text/plain; charset=utf-8, anything else as
                    application/octet-stream. {{variables}} are filled in a literal body, and in a
                    UTF-8 file or standard input only with --env
  --form n=v|n=@F   a multipart/form-data field or file (repeatable)
  --urlencoded n=v  an application/x-www-form-urlencoded field (repeatable)
  --follow          follow redirects (default: show the 3xx and stop)
  --insecure        accept any server certificate (local testing only; the record says so)
${tlsUsage}
  --oauth2 …        an OAuth 2.0 token, as for A2A sends (see above)
  --proxy URL       send through this http:// proxy, as for A2A sends (see above)
  --env NAME        fill {{variables}} (URL, headers, token, body) from this environment (also -e NAME)
  -o, --output FILE write the response body's exact bytes to FILE as they arrive (any size; the
                    summary still prints, "Wrote N bytes to FILE" goes to stderr)
  --json            print the exchange record as JSON

Exit codes: 0 ok, 1 HTTP status >= 400, a response that breaks its declared schema, or --follow
without a final response (a redirect loop, more than 10 hops; --json: "unfinished"), 2 usage,
network or transport error.`;

export const runHttpUsage = `powerduck run <file> "<METHOD> <path>" [--param name=value]... [--server N] [--base-url URL]
                [--body TEXT|@FILE|- | --form 'name=value' | --form 'name=@FILE']... [--env NAME] [--env NAME=VALUE]...
                [--client-id ID [--client-secret-env NAME]] [-o|--output FILE] [--json]

Sends an operation of an OpenAPI 3.0/3.1/3.2 document and checks the answer against the responses
it declares. Parameters start at the document's own example or default; an optional parameter
without one is left out, and a required one without one must be given (exit 2, nothing sent).
  --param name=value  a parameter value (path, query, header or cookie; 'query:name=value' when a
                      name is used in two places). Arrays: a,b or ["a","b"]; objects: JSON.
                      {{variables}} are filled in from --env NAME, then encoded for the parameter
  --server N          which of the document's servers (default 0)
  --base-url URL      send to this base URL instead of the document's servers
  --body …            request body (default: the operation's own example; a body only made up
                      from its schema is not sent: left out when optional, asked for when
                      required); for a form or multipart/form-data body, a JSON object of fields
  --form n=v|n=@F     a form or multipart/form-data field or file (repeatable; instead of --body);
                      multipart: in place of the example's field of that name; a file field the
                      schema requires must be given, an optional one not given is left out
  --env NAME          fill {{variables}} (server URL, parameters, headers, body, auth) from this
                      environment (see 'powerduck env')
  --env NAME=VALUE    a value for this run (repeatable), never saved: fills {{NAME}} over the
                      environment's value (or with no environment at all), and a security scheme's
                      secret NAME missing from the store falls back to it (for an OAuth 2.0
                      scheme: an access token you already have)
  --client-id ID      for an OAuth 2.0 / OpenID Connect scheme: Powerduck gets the token with the
                      scheme's grant, endpoints and the requirement's scopes (cached, renewed, as
                      --oauth2 does); --client-secret-env NAME holds a confidential client's secret
  -o, --output FILE   write the response body's exact bytes to FILE as they arrive (any size)

Exit codes: 0 ok, 1 HTTP status >= 400 or a response that breaks its declared schema, 2 usage,
file, network or transport error, or a {{variable}} no environment fills.`;

function pair(text: string, option: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--${option} "${text}" must look like name=value.`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

/** A --body argument: literal text, or the exact bytes of a file (@FILE) or of standard input (-). */
type BodyArg = { text: string } | { bytes: Uint8Array; path?: string };

async function readBodyArg(source: string, io: CliIo): Promise<BodyArg> {
  if (source === '-') return { bytes: await io.readStdinBytes() };
  if (source.startsWith('@')) {
    const path = resolve(io.cwd, source.slice(1));
    const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`Cannot read --body ${source}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
    });
    return { bytes, path };
  }
  return { text: source };
}

// The BOM is kept: text decoded here and encoded again must be the same bytes.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text when they are valid UTF-8; undefined for anything else (an image, Latin-1 text). */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The exact bytes of @FILE (read again by the core, as a --form file is) or of standard input. */
function bytesBody(read: { bytes: Uint8Array; path?: string }, contentType: string): HttpBody {
  return read.path !== undefined
    ? { kind: 'file', file: { path: read.path, contentType } }
    : { kind: 'file', file: { name: 'stdin', base64: Buffer.from(read.bytes).toString('base64'), contentType } };
}

/** What a body of these bytes is labelled when --content-type says nothing: JSON, UTF-8 text, or bytes. */
function contentTypeOf(text: string | undefined): string {
  return text === undefined ? 'application/octet-stream' : looksJson(text) ? 'application/json' : 'text/plain; charset=utf-8';
}

function looksJson(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  // `{"n": {{n}}}` is JSON once --env fills it in (as JSON text: the same rule as the app).
  return parseJsonTemplate(t).ok;
}

function textBody(text: string, contentType: string | undefined): HttpBody {
  if (!contentType && looksJson(text)) return { kind: 'json', text };
  if (contentType && /json/i.test(contentType)) return { kind: 'text', text, contentType };
  return { kind: 'text', text, contentType: contentType ?? 'text/plain; charset=utf-8' };
}

async function bodyFromArgs(args: ParsedArgs, io: CliIo): Promise<HttpBody | undefined> {
  const bodyArg = args.options.get('body');
  const form = args.repeated.get('form') ?? [];
  const urlencoded = args.repeated.get('urlencoded') ?? [];
  const used = [bodyArg !== undefined, form.length > 0, urlencoded.length > 0].filter(Boolean).length;
  if (used > 1) throw new UsageError('Use one of --body, --form or --urlencoded.');
  const contentType = args.options.get('content-type');
  if (form.length) {
    const fields: MultipartField[] = form.map((f) => {
      const [name, value] = pair(f, 'form');
      return value.startsWith('@') ? { name, file: { path: resolve(io.cwd, value.slice(1)) } } : { name, value };
    });
    return { kind: 'multipart', fields };
  }
  if (urlencoded.length) return { kind: 'urlencoded', fields: urlencoded.map((f) => pair(f, 'urlencoded')).map(([name, value]) => ({ name, value })) };
  if (bodyArg === undefined) return undefined;
  const read = await readBodyArg(bodyArg, io);
  if ('text' in read) return textBody(read.text, contentType);
  // A file or standard input goes as its exact bytes (as curl's --data-binary @FILE), never decoded and
  // re-encoded. Only with --env is a UTF-8 text body's {{variables}} filled in first, as a literal body's are.
  const text = utf8Text(read.bytes);
  const type = contentType ?? contentTypeOf(text);
  if (text !== undefined && args.options.has('env') && isTextualMediaType(type)) return textBody(text, type);
  return bytesBody(read, type);
}

function authFromArgs(args: ParsedArgs): AuthConfig | undefined {
  const oauth2 = oauth2FromArgs(args);
  if (oauth2 && (args.options.has('token') || args.options.has('token-env'))) throw new UsageError('Use either --token/--token-env or --oauth2, not both.');
  if (oauth2) return oauth2;
  const token = args.options.get('token');
  const tokenEnv = args.options.get('token-env');
  if (token !== undefined && tokenEnv !== undefined) throw new UsageError('Use either --token or --token-env, not both.');
  if (token === '' || tokenEnv === '')
    throw new UsageError(`--${token === '' ? 'token' : 'token-env'} is empty; give the token (or the variable name holding it).`);
  return token !== undefined ? { type: 'bearer', token: { value: token } } : tokenEnv !== undefined ? { type: 'bearer', token: { env: tokenEnv } } : undefined;
}

function timeoutFrom(args: ParsedArgs): number | undefined {
  const timeout = args.options.get('timeout');
  if (timeout === undefined) return undefined;
  const ms = Number(timeout);
  if (!Number.isFinite(ms) || ms <= 0) throw new UsageError('--timeout must be a positive number of milliseconds.');
  return ms;
}

/**
 * `-o FILE`: the absolute path the core writes the response's exact bytes to (every byte, as they
 * arrive). Its folder must exist: refused before anything is sent, as curl refuses (send --http, run,
 * history replay).
 */
export async function outputFrom(args: ParsedArgs, io: CliIo): Promise<string | undefined> {
  const output = args.options.get('output');
  if (output === undefined) return undefined;
  if (output === '') throw new UsageError('-o/--output needs a file name.');
  const path = resolve(io.cwd, output);
  const folder = await stat(dirname(path)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`-o ${output}: the folder ${dirname(path)} does not exist. Nothing was sent.`);
  if ((await stat(path).catch(() => undefined))?.isDirectory()) throw new UsageError(`-o ${output} is a folder; give a file name. Nothing was sent.`);
  return path;
}

/** What -o wrote, said on stderr so stdout stays the summary (or --json's record). */
function outputLine(record: HttpExchangeRecord, path: string): string {
  const file = record.response?.bodyFile;
  if (!file) return `No body was written to ${path}: no answer came.\n`;
  const size = `${file.bytes} byte${file.bytes === 1 ? '' : 's'}`;
  if (file.error) return `Writing ${path} failed after ${size}: ${file.error}.\n`;
  return `Wrote ${size} to ${path}${file.complete ? '' : ' (incomplete: the answer broke off)'}.\n`;
}

/** Sends through `http.stream` (events print as they come), prints the record, returns the exit code (send --http, run, history replay). */
export async function sendHttpAndPrint(core: Core, request: HttpRequest, io: CliIo, json: boolean, command: string): Promise<number> {
  const { record, failure } = await streamToEnd(core, 'http.stream', request, (event) =>
    io.stdout(
      json ? `${JSON.stringify(event)}\n` : `event ${event.seq} ${event.event}: ${typeof event.data === 'string' ? event.data : JSON.stringify(event.data)}\n`,
    ),
  ).finally(() => core.env.connections.close());
  if (failure) {
    io.stderr(`powerduck ${command}: ${oneLine(failure.message)}\n`);
    return exitCodes.error;
  }
  if (!record) {
    io.stderr(`powerduck ${command}: the request ended without a record.\n`);
    return exitCodes.error;
  }
  io.stdout(json ? `${JSON.stringify(record)}\n` : `${httpSummaryLines(record, { cli: true }).join('\n')}\n`);
  if (request.responseFile !== undefined) io.stderr(outputLine(record, request.responseFile));
  const hint = timeoutHint(record.outcome, record.timings.totalMs, request.timeouts?.totalMs ?? DEFAULT_HTTP_TOTAL_MS);
  if (hint) io.stderr(hint);
  const severity = httpExitSeverity(record);
  // A file -o could not write (disk full) is a failed command, whatever the server said.
  if (record.response?.bodyFile?.error) return exitCodes.error;
  return severity === 'ok' ? exitCodes.ok : severity === 'refused' ? exitCodes.refused : exitCodes.error;
}

export async function runSendHttp(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    values: [
      'url',
      'method',
      'header',
      'body',
      'content-type',
      'form',
      'urlencoded',
      'token',
      'token-env',
      'timeout',
      'env',
      'output',
      'proxy',
      ...tlsOptions,
      ...oauth2Options,
    ],
    flags: ['http', 'json', 'follow', 'insecure'],
  });
  if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
  const url = requireOption(args, 'url');
  const method = args.options.get('method') ?? 'GET';
  const body = await bodyFromArgs(args, io);
  const output = await outputFrom(args, io);
  const auth = authFromArgs(args);
  const totalMs = timeoutFrom(args);
  const tls = tlsFromArgs(args, io.cwd, args.flags.has('insecure') ? { insecureSkipVerify: true } : {});
  const environment = args.options.get('env');
  if (environment === '') throw new UsageError('--env needs an environment name.');
  const proxy = proxyFrom(args);
  const request: HttpRequest = {
    method,
    url,
    ...(environment !== undefined ? { environment } : {}),
    headers: (args.repeated.get('header') ?? []).map(parseHeader),
    ...(auth ? { auth } : {}),
    ...(body ? { body } : {}),
    ...(args.flags.has('follow') ? { followRedirects: true } : {}),
    ...(totalMs !== undefined ? { timeouts: { totalMs } } : {}),
    ...(output !== undefined ? { responseFile: output } : {}),
    ...(proxy !== undefined ? { proxy } : {}),
  };
  if (tls) request.tls = tls;
  const core = await openCliCore(io);
  // Device code and authorization code need the person once; later runs reuse or refresh the token.
  if (auth?.type === 'oauth2') {
    const failure = await signInIfNeeded(core, auth, environment, io);
    if (failure) {
      io.stderr(`powerduck send: ${oneLine(failure.message)}\n`);
      return exitCodes.error;
    }
  }
  return sendHttpAndPrint(core, request, io, args.flags.has('json'), 'send');
}

/** `run <file> "GET /pets/{id}"`: the second argument names an HTTP operation. */
export function isHttpOperationArg(text: string | undefined): boolean {
  return text !== undefined && /^[A-Za-z]+\s+\S/.test(text.trim());
}

export const runHttpValueOptions = [
  'param',
  'server',
  'base-url',
  'body',
  'form',
  'content-type',
  'env',
  'timeout',
  'client-id',
  'client-secret-env',
  'output',
] as const;
export const runHttpFlags = ['json'] as const;

/**
 * A multipart body for `run`, bound as an operation tab binds it (multipartFieldsOf): the fields of
 * `text` (the example's, none when Powerduck made the example up) and the file fields the schema
 * declares, each --form field in place of the first one of its name (a repeated name, or a new one,
 * is added after them). A file field still without a file is left out when the schema makes it
 * optional, and refused, naming it, when required: nothing is sent with a required upload missing.
 */
function multipartRunBody(draft: OperationDraft, text: string, given: ReadonlyArray<readonly [string, string]>, io: CliIo): HttpBody {
  const files = draft.body?.files ?? [];
  const declared = new Map(files.map((f) => [f.name, f]));
  const fields = multipartFieldsOf({ text, files });
  const placed = new Set<string>();
  for (const [name, value] of given) {
    // A file given for a declared file field gets the content type the document names for it.
    const contentType = declared.get(name)?.contentType;
    const field: MultipartField = value.startsWith('@')
      ? { name, file: { path: resolve(io.cwd, value.slice(1)), ...(contentType ? { contentType } : {}) } }
      : { name, value };
    const at = placed.has(name) ? -1 : fields.findIndex((f) => f.name === name);
    if (at >= 0) fields[at] = field;
    else fields.push(field);
    placed.add(name);
  }
  const unchosen = (f: MultipartField): boolean => f.file !== undefined && 'base64' in f.file && f.file.name === '' && f.file.base64 === '';
  const missing = fields.filter((f) => unchosen(f) && declared.get(f.name)?.required);
  if (missing.length)
    throw new UsageError(
      `The multipart body's file field${missing.length === 1 ? '' : 's'} ${missing.map((f) => `"${f.name}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required: ` +
        `pass ${missing.map((f) => `--form ${f.name}=@FILE`).join(' ')}. Nothing was sent.`,
    );
  return { kind: 'multipart', fields: fields.filter((f) => !unchosen(f)).map(({ enabled: _on, ...f }) => f) };
}

/**
 * The body `run` sends: --form fields, else --body text, else the operation's drafted example, read
 * for the operation's media type as an operation tab reads it (operation-example.ts), so the app and
 * the CLI send the same bytes: a form or multipart example is fields, which the core encodes.
 */
async function runBody(args: ParsedArgs, io: CliIo, draft: OperationDraft): Promise<HttpBody | undefined> {
  const bodyArg = args.options.get('body');
  const form = args.repeated.get('form') ?? [];
  const mediaType = args.options.get('content-type') ?? draft.body?.mediaType;
  const kind = bodyKindFor(mediaType);
  if (form.length) {
    if (bodyArg !== undefined) throw new UsageError('Use one of --body or --form.');
    if (kind !== 'multipart' && kind !== 'urlencoded')
      throw new UsageError(`--form is for a form or multipart/form-data body; this operation's body is ${mediaType ?? 'none'} (use --body).`);
    const fields = form.map((f) => pair(f, 'form'));
    if (kind === 'urlencoded') {
      const file = fields.find(([, value]) => value.startsWith('@'));
      if (file)
        throw new UsageError(`--form ${file[0]}=${file[1]}: an application/x-www-form-urlencoded body carries no files (only multipart/form-data does).`);
      return { kind: 'urlencoded', fields: fields.map(([name, value]) => ({ name, value })) };
    }
    // The example's fields stay unless --form names them (as a tab opens them), except made-up ones.
    return multipartRunBody(draft, draft.body && !draft.body.sampled ? draft.body.text : '', fields, io);
  }
  const read = bodyArg !== undefined ? await readBodyArg(bodyArg, io) : undefined;
  // A body made up from the schema's types ("string", 0) is a template, not data: as the sidebar's ▶ Run,
  // run never sends it to a real server. Optional, it is left out; required, the user gives one.
  if (!read && draft.body?.sampled) {
    if (!draft.body.required) return undefined;
    throw new UsageError(
      `The operation's ${draft.body.mediaType} body has no example of its own (only a template made up from its schema): give --body${
        kind === 'multipart' || kind === 'urlencoded' ? ' or --form name=value for each field' : ''
      }.`,
    );
  }
  // A file or standard input that is not UTF-8 text can only be sent as its exact bytes.
  const readText = read === undefined ? undefined : 'text' in read ? read.text : utf8Text(read.bytes);
  if (read && 'bytes' in read && readText === undefined) return bytesBody(read, mediaType ?? 'application/octet-stream');
  const text = read ? readText : draft.body?.text;
  if (text === undefined || (read === undefined && !draft.body?.required && text === '')) return undefined;
  if (!mediaType) return { kind: 'text', text, contentType: 'text/plain; charset=utf-8' };
  // The example, bound as a tab binds it: its file fields are the document's to declare, never its sample's text.
  if (kind === 'multipart' && read === undefined && draft.body) return multipartRunBody(draft, text, [], io);
  if (kind === 'urlencoded' || kind === 'multipart') {
    const fields = formBodyFor(mediaType, text);
    if (fields) return fields;
    // Text already in the form encoding goes as it is; a multipart body needs its parts.
    if (kind === 'urlencoded') return { kind: 'text', text, contentType: mediaType };
    throw new UsageError(
      `The ${mediaType} body needs its fields: pass --form name=value (or --form name=@FILE) for each, or --body with a JSON object of field values.`,
    );
  }
  if (kind === 'json') return mediaType === 'application/json' ? { kind: 'json', text } : { kind: 'text', text, contentType: mediaType };
  // A file that is not JSON or text goes as its exact bytes.
  if (kind === 'file' && read && 'bytes' in read) return bytesBody(read, mediaType);
  return { kind: 'text', text, contentType: mediaType };
}

export async function runHttpOperation(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: runHttpValueOptions, flags: runHttpFlags });
  if (args.positionals.length !== 2) throw new UsageError('Expected <file> "<METHOD> <path>".');
  const [fileArg, target] = args.positionals as [string, string];
  const match = /^([A-Za-z]+)\s+(\S.*)$/.exec(target.trim());
  if (!match) throw new UsageError(`"${target}" must look like "GET /pets/{petId}".`);
  const httpMethod = (match[1] as string).toLowerCase();
  const path = (match[2] as string).trim();
  const serverArg = args.options.get('server');
  const serverIndex = serverArg === undefined ? 0 : Number(serverArg);
  if (!Number.isInteger(serverIndex) || serverIndex < 0) throw new UsageError('--server must be a server index (0, 1, …).');
  // --env NAME picks the environment that fills {{variables}}; --env NAME=VALUE is a value for this run
  // (a {{NAME}}, over the environment's, and a security scheme's secret NAME).
  const { values: env, environment } = parseEnv(args.repeated.get('env') ?? []);
  const totalMs = timeoutFrom(args);

  const core = await openCliCore(io);
  const file = resolveSpecFile(fileArg, io, core, 'run');
  const drafted = await core.dispatcher.invoke('http.draftOperation', { file, path, httpMethod });
  if (!drafted.ok) {
    io.stderr(`powerduck run: ${oneLine(drafted.error.message)}\n`);
    return exitCodes.error;
  }
  const draft = drafted.value.draft;
  // Only the document's own examples and defaults start out; an optional parameter without one is left out.
  const values: Record<string, string> = {};
  for (const p of draft.params) if (p.example !== '') values[`${p.in}:${p.name}`] = p.example;
  for (const raw of args.repeated.get('param') ?? []) {
    const [name, value] = pair(raw, 'param');
    const located = /^(path|query|header|cookie):(.+)$/.exec(name);
    const matches = draft.params.filter((p) => (located ? p.in === located[1] && p.name === located[2] : p.name === name));
    if (matches.length === 0)
      throw new UsageError(`The operation has no parameter "${name}" (it has: ${draft.params.map((p) => p.name).join(', ') || 'none'}).`);
    if (matches.length > 1)
      throw new UsageError(
        `"${name}" is a ${matches.map((p) => p.in).join(' and a ')} parameter: write ${matches.map((p) => `${p.in}:${name}`).join(' or ')}.`,
      );
    const param = matches[0] as (typeof matches)[number];
    values[`${param.in}:${param.name}`] = value;
  }
  const unfilled = draft.params.filter((p) => p.required && values[`${p.in}:${p.name}`] === undefined);
  if (unfilled.length)
    throw new UsageError(
      `${unfilled.map((p) => `The ${p.in} parameter "${p.name}"`).join(', ')} ${unfilled.length === 1 ? 'is' : 'are'} required and the document gives no example: ` +
        `pass ${unfilled.map((p) => `--param ${p.name}=VALUE`).join(' ')}. Nothing was sent.`,
    );
  const baseUrl = args.options.get('base-url');
  const input = { serverIndex, values, ...(baseUrl ? { baseUrl } : {}) };
  // Checked here for a usage error before anything is sent; the core builds the URL again once the
  // environment has filled the {{variables}} in (and checks the filled-in values the same way).
  const built = buildOperationRequest({}, draft, { ...input, keepVariables: true });
  if (!built.ok) throw new UsageError(`${built.message} Nothing was sent.`);
  const body = await runBody(args, io, draft);
  const output = await outputFrom(args, io);

  let auth: AuthConfig | undefined = draft.security?.auth.type === 'none' ? undefined : draft.security?.auth;
  const clientId = args.options.get('client-id');
  const clientSecretEnv = args.options.get('client-secret-env');
  if ((clientId !== undefined || clientSecretEnv !== undefined) && auth?.type !== 'oauth2')
    throw new UsageError('--client-id and --client-secret-env apply to an operation whose security scheme is OAuth 2.0 or OpenID Connect.');
  if (auth?.type === 'oauth2' && draft.security) {
    const name = draft.security.scheme;
    const token = env[name];
    if (token !== undefined) auth = { type: 'bearer', token: { value: token } };
    else {
      // A saved operation names its client (x-auth): --client-id / --client-secret-env override it.
      const client = clientId ?? (auth.clientId || undefined);
      if (!client)
        throw new UsageError(
          `The operation uses the ${auth.endpoints.from === 'oidc' ? 'OpenID Connect' : 'OAuth 2.0'} scheme "${name}": pass --client-id ID` +
            `${auth.flow === 'clientCredentials' ? ' --client-secret-env NAME' : ''} and Powerduck gets the token, or --env ${name}=<access token>.`,
        );
      if (clientSecretEnv === '') throw new UsageError('--client-secret-env needs the name of an environment variable.');
      const savedSecret = auth.clientSecret && !('secretRef' in auth.clientSecret && auth.clientSecret.secretRef === '') ? auth.clientSecret : undefined;
      if (auth.flow === 'clientCredentials' && clientSecretEnv === undefined && !savedSecret)
        throw new UsageError(`The scheme "${name}" uses client credentials: add --client-secret-env NAME (the variable holding the client secret).`);
      const { clientSecret: _unset, ...rest } = auth;
      let secret: SecretSource | undefined = clientSecretEnv !== undefined ? { env: clientSecretEnv } : savedSecret;
      // As for other saved credentials: a secret this machine does not store may come with --env NAME=….
      if (secret && 'secretRef' in secret) {
        const listed = await core.dispatcher.invoke('secrets.list', {});
        const fromEnv = env[secret.secretRef];
        if (!(listed.ok && listed.value.names.includes(secret.secretRef)) && fromEnv !== undefined) secret = { value: fromEnv };
      }
      auth = { ...rest, clientId: client, ...(secret ? { clientSecret: secret } : {}) };
      // Device code and authorization code need the person once; later runs reuse or refresh the token.
      const failure = await signInIfNeeded(core, auth, environment, io);
      if (failure) {
        io.stderr(`powerduck run: ${oneLine(failure.message)}\n`);
        return exitCodes.error;
      }
    }
  } else if (auth && draft.security) {
    const name = draft.security.scheme;
    const fromEnv = env[name];
    // The picked environment's variable of the scheme's name is the core's to fill (operation-request.ts),
    // so a secret-backed value never passes through here; only the refusal is decided early.
    const inEnvironment = fromEnv === undefined && environment !== undefined && (await environmentDefines(core, environment, name));
    if (fromEnv !== undefined) {
      auth = withCredentialSource(auth, { value: fromEnv });
    } else if (!inEnvironment) {
      const listed = await core.dispatcher.invoke('secrets.list', {});
      if (!(listed.ok && listed.value.names.includes(name)))
        throw new UsageError(
          `The operation needs the secret "${name}" (${draft.security.auth.type}); store it, define the variable ${name} in the environment` +
            `${environment !== undefined ? ` "${environment}"` : ' you pass with --env NAME'}, or pass --env ${name}=….`,
        );
    }
  }
  const request: HttpRequest = {
    method: draft.method,
    url: built.url,
    ...(environment !== undefined ? { environment } : {}),
    // --env NAME=VALUE fills {{NAME}} for this run, over the environment's value (newman's --env-var).
    ...(Object.keys(env).length ? { variables: env } : {}),
    ...(auth ? { auth } : {}),
    ...(body ? { body } : {}),
    ...(totalMs !== undefined ? { timeouts: { totalMs } } : {}),
    ...(output !== undefined ? { responseFile: output } : {}),
    operation: { file: drafted.value.file, path, httpMethod, input },
  };
  return sendHttpAndPrint(core, request, io, args.flags.has('json'), 'run');
}

/** Whether the named environment has a variable of this name (plain or backed by a secret). */
async function environmentDefines(core: Core, environment: string, variable: string): Promise<boolean> {
  const listed = await core.dispatcher.invoke('env.list', {});
  if (!listed.ok) return false;
  return listed.value.environments.some((e) => e.name === environment && e.variables.some((v) => v.name === variable));
}
