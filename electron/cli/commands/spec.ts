import { resolveSpecFile, specFileLookupUsage } from '../spec-file';
import type { AuthConfig } from '../../../shared/a2a/auth';
import { exampleBody } from '../../../shared/a2a/body-templates';
import type { A2aCall } from '../../../shared/a2a/call';
import { isA2aVersion } from '../../../shared/a2a/versions';
import type { SpecWriteResult } from '../../../shared/contract/ops-spec';
import type { Result, WireError } from '../../../shared/contract/result';
import type { SpecOperationSummary } from '../../../shared/openapi/operation-list';
import { openCliCore } from '../cli-core';
import { optionOr, parseArgs, requireOption } from '../args';
import type { CliCommand, CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oneLine } from '../one-line';
import { parseEnv } from '../env-args';
import { readJsonBodyText } from '../read-json-body';
import { serverLine, subjectOf } from '../../../shared/openapi/x-mcp-model';
import { parseBinding } from '../parse-binding';
import { oauth2FromArgs, oauth2Options } from '../oauth-args';

const usage = `powerduck spec add <file> <path> --endpoint URL [--a2a <1.0|0.3>] [--binding <JSONRPC|HTTP+JSON|GRPC>] [--method NAME]
                   [--body JSON|FILE|-] [--summary TEXT] [--card-url URL] [--auth-secret NAME | --auth-env NAME | --oauth2 …]
                   [--replace] [--json]
powerduck spec list <file> [--json]
powerduck spec validate <file> [--json]
powerduck spec docs <file> <path> [--verb VERB] [--env NAME] [--env NAME=VALUE]... [--llm] [--json]

Saved A2A requests live in OpenAPI 3.2 files as operations with an x-a2a extension (docs/x-a2a.md).
  add       save a request as the operation <path> (an identifier such as /agents/research/send);
            creates <file> as OpenAPI 3.2 when it does not exist. --body is the JSON-RPC params (or
            the whole envelope, whose method then counts), or the HTTP+JSON/gRPC request object,
            inline, a file or '-'; without it a template body is saved. A body with an unquoted
            {{variable}} ({"count": {{n}}}) is saved as written (x-a2a bodyText) and filled in
            by 'powerduck run --env NAME'. --auth-secret/--auth-env save a bearer-token
            reference (never a token); --oauth2 with the options of 'powerduck send' saves an OAuth 2.0
            security scheme, the client id and the client secret's variable name (never a token).
            --replace overwrites an existing operation at <path>. Defaults as for send: --a2a 1.0,
            --binding JSONRPC, --method SendMessage (0.3: message/send).
  list      every operation of the file, A2A or not
  validate  checks OpenAPI 3.2 and the x-a2a / x-mcp schemas; exit 1 and one line per problem when invalid
  docs      the operation's docs (A2A and MCP: settings, schemas, example; plain HTTP: servers,
            parameters, body, responses, security; all: code examples); --llm prints the "Copy for
            LLM" Markdown instead. --verb picks the operation when the path has several (get, post…).
            --env NAME fills the examples' {{variables}} from that environment, as the app's Docs
            view does for the picked one: a plain value is filled in, a secret-backed one is read
            from $SECRET_NAME (its value is never printed), one named like a credential stays
            {{name}}; --env NAME=VALUE gives a value over the environment's (as 'powerduck run'
            takes it). An environment that does not exist: exit 2, naming the ones there are

Files are read and written losslessly: only the touched operation changes.
${specFileLookupUsage}
A <file> that is in neither place is created by add in the working folder.`;

type Json = Record<string, unknown>;

function fail(io: CliIo, error: WireError): number {
  io.stderr(`powerduck spec: ${oneLine(error.message)}\n`);
  if (error.code === 'credential-in-url')
    io.stderr('  Pass the credential by reference instead: --auth-secret NAME (a secret-store entry) or --auth-env NAME (an environment variable).\n');
  if (error.code === 'invalid' && error.details && typeof error.details === 'object' && Array.isArray((error.details as Json)['problems'])) {
    for (const p of (error.details as { problems: Array<{ path: string; message: string }> }).problems) io.stderr(`  ${p.path}  ${p.message}\n`);
  }
  return exitCodes.error;
}

function unwrap<T>(io: CliIo, result: Result<T>): T | number {
  return result.ok ? result.value : fail(io, result.error);
}

function positionals(args: { positionals: string[] }, count: number, names: string): string[] {
  if (args.positionals.length !== count) throw new UsageError(`Expected ${names}.`);
  return args.positionals;
}

function operationLine(op: SpecOperationSummary): string {
  const head = `${op.httpMethod.toUpperCase().padEnd(6)} ${op.path}`;
  const mcp = op.mcp
    ? `mcp ${op.mcp.method}${subjectOf(op.mcp) ? ` ${subjectOf(op.mcp)?.name}` : ''} → ${op.mcp.transport === 'stdio' ? `stdio: ${serverLine(op.mcp)}` : serverLine(op.mcp)}`
    : op.protocolGroup === 'mcp'
      ? `mcp (unusable: ${op.problem ?? 'x-mcp unreadable'})`
      : undefined;
  const what = op.a2a
    ? `a2a ${op.a2a.version} ${op.a2a.binding} ${op.a2a.method} → ${op.a2a.endpoint}`
    : op.kind === 'a2a'
      ? `a2a (unusable: ${op.problem ?? 'x-a2a unreadable'})`
      : mcp
        ? mcp
        : op.protocol
          ? `${op.protocol}`
          : 'http';
  return `${head}  ${what}${op.summary ? `  — ${op.summary}` : ''}`;
}

async function add(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    values: ['a2a', 'binding', 'endpoint', 'method', 'body', 'summary', 'card-url', 'auth-secret', 'auth-env', ...oauth2Options],
    flags: ['replace', 'json'],
  });
  const [fileArg, path] = positionals(args, 2, '<file> <path>') as [string, string];
  if (!path.startsWith('/')) throw new UsageError(`The operation path must start with "/" (e.g. /agents/research/send), not "${path}".`);
  // The same defaults as `powerduck send`: A2A 1.0 over JSON-RPC, SendMessage (0.3: message/send).
  const version = optionOr(args, 'a2a', '1.0');
  if (!isA2aVersion(version)) throw new UsageError(`--a2a must be 1.0 or 0.3, not "${version}".`);
  const binding = parseBinding(optionOr(args, 'binding', 'JSONRPC'));
  const endpoint = requireOption(args, 'endpoint');
  const methodArg = args.options.get('method');
  if (methodArg === '') throw new UsageError('--method needs a value.');
  let method = methodArg ?? (version === '0.3' ? 'message/send' : 'SendMessage');
  const bodyArg = args.options.get('body');
  const read = bodyArg !== undefined ? await readJsonBodyText(bodyArg, io) : undefined;
  let body = bodyArg !== undefined ? read?.value : exampleBody(version, method);
  // A body with an unquoted {{name}} is saved as its text (x-a2a bodyText); a run fills it in.
  const bodyText = read?.text;
  if (
    binding === 'JSONRPC' &&
    body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    typeof (body as Json)['method'] === 'string' &&
    'jsonrpc' in (body as Json)
  ) {
    if (bodyText !== undefined)
      throw new UsageError('A body with an unquoted {{variable}} is saved as the params only: give the params, not a whole JSON-RPC envelope.');
    const envelopeMethod = (body as Json)['method'] as string;
    if (methodArg !== undefined && envelopeMethod !== methodArg)
      throw new UsageError(`The body's JSON-RPC method is "${envelopeMethod}" but --method says "${methodArg}"; the body's method is the one saved.`);
    method = envelopeMethod;
    body = (body as Json)['params'];
  }
  const secret = args.options.get('auth-secret');
  const envName = args.options.get('auth-env');
  if (secret !== undefined && envName !== undefined) throw new UsageError('Use either --auth-secret or --auth-env, not both.');
  // OAuth 2.0 is saved as a security scheme and the client secret's variable name (docs/x-a2a.md).
  const oauth2 = oauth2FromArgs(args);
  if (oauth2 && (secret !== undefined || envName !== undefined)) throw new UsageError('Use either --auth-secret/--auth-env or --oauth2, not both.');
  const auth: AuthConfig | undefined =
    oauth2 ?? (secret ? { type: 'bearer', token: { secretRef: secret } } : envName ? { type: 'bearer', token: { env: envName } } : undefined);
  const call: A2aCall = { version, binding, endpoint, method, body, ...(bodyText !== undefined ? { bodyText } : {}), ...(auth ? { auth } : {}) };
  const c = await openCliCore(io);
  const file = resolveSpecFile(fileArg, io, c, 'spec');
  const opened = await c.dispatcher.invoke('spec.open', { file });
  if (!opened.ok && opened.error.code !== 'not-found') return fail(io, opened.error);
  const summary = args.options.get('summary');
  const cardUrl = args.options.get('card-url');
  const op = args.flags.has('replace') ? 'spec.save' : 'spec.saveAs';
  const result = await c.dispatcher.invoke(op, {
    file,
    path,
    expectedHash: opened.ok ? opened.value.hash : null,
    call,
    ...(summary !== undefined ? { summary } : {}),
    ...(cardUrl !== undefined ? { agentCardUrl: cardUrl } : {}),
  });
  if (!result.ok && result.error.code === 'conflict' && op === 'spec.saveAs' && opened.ok && opened.value.operations.some((o) => o.path === path)) {
    io.stderr(`powerduck spec: ${path} already exists in ${file}; add --replace to overwrite it.\n`);
    return exitCodes.error;
  }
  const saved = unwrap<SpecWriteResult>(io, result);
  if (typeof saved === 'number') return saved;
  if (args.flags.has('json')) io.stdout(`${JSON.stringify(saved)}\n`);
  else {
    io.stdout(
      `${saved.created ? 'Created' : 'Updated'} ${saved.file}: saved POST ${path} (${saved.operations.length} operation${saved.operations.length === 1 ? '' : 's'} in the file).\n`,
    );
    for (const w of saved.warnings) io.stdout(`warning  ${w.path}  ${w.message}\n`);
  }
  return exitCodes.ok;
}

async function list(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { flags: ['json'] });
  const [fileArg] = positionals(args, 1, '<file>') as [string];
  const c = await openCliCore(io);
  const opened = unwrap(io, await c.dispatcher.invoke('spec.open', { file: resolveSpecFile(fileArg, io, c, 'spec') }));
  if (typeof opened === 'number') return opened;
  if (opened.parseError) {
    io.stderr(
      `powerduck spec: ${opened.file} does not parse${opened.parseError.line ? ` (line ${opened.parseError.line}, column ${opened.parseError.col ?? 1})` : ''}: ${oneLine(opened.parseError.message)}\n`,
    );
    return exitCodes.error;
  }
  if (args.flags.has('json')) {
    io.stdout(`${JSON.stringify({ file: opened.file, hash: opened.hash, openapi: opened.openapi, title: opened.title, operations: opened.operations })}\n`);
    return exitCodes.ok;
  }
  if (!opened.operations.length) io.stdout(`${opened.file}: no operations.\n`);
  for (const op of opened.operations) io.stdout(`${operationLine(op)}\n`);
  return exitCodes.ok;
}

async function validateCmd(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { flags: ['json'] });
  const [fileArg] = positionals(args, 1, '<file>') as [string];
  const c = await openCliCore(io);
  const result = unwrap(io, await c.dispatcher.invoke('spec.validate', { file: resolveSpecFile(fileArg, io, c, 'spec') }));
  if (typeof result === 'number') return result;
  if (args.flags.has('json')) io.stdout(`${JSON.stringify(result)}\n`);
  else if (result.parseError) {
    const where = result.parseError.line ? `line ${result.parseError.line}, column ${result.parseError.col ?? 1}` : 'file';
    io.stdout(`error  ${where}  does not parse: ${oneLine(result.parseError.message)}\n`);
  } else {
    for (const p of result.problems) io.stdout(`${p.severity.padEnd(7)}  ${p.path}  ${p.message}\n`);
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    io.stdout(result.valid ? `${result.file}: valid OpenAPI 3.2 (x-a2a, x-mcp).\n` : `${result.file}: ${errors} problem${errors === 1 ? '' : 's'}.\n`);
  }
  return result.valid ? exitCodes.ok : exitCodes.refused;
}

async function docs(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['verb', 'env'], flags: ['llm', 'json'] });
  const [fileArg, path] = positionals(args, 2, '<file> <path>') as [string, string];
  // The same reading as run's --env: a bare NAME picks the environment, NAME=VALUE is a value over it.
  const { values, environment } = parseEnv(args.repeated.get('env') ?? []);
  const c = await openCliCore(io);
  const file = resolveSpecFile(fileArg, io, c, 'spec');
  const verb = args.options.get('verb')?.toLowerCase();
  const ref = {
    file,
    path,
    ...(verb ? { httpMethod: verb } : {}),
    ...(environment !== undefined ? { environment } : {}),
    ...(Object.keys(values).length ? { env: values } : {}),
  };
  if (args.flags.has('llm')) {
    const result = unwrap(io, await c.dispatcher.invoke('spec.copyForLlm', ref));
    if (typeof result === 'number') return result;
    io.stdout(args.flags.has('json') ? `${JSON.stringify(result)}\n` : result.markdown.endsWith('\n') ? result.markdown : `${result.markdown}\n`);
    return exitCodes.ok;
  }
  const result = unwrap(io, await c.dispatcher.invoke('spec.docs', ref));
  if (typeof result === 'number') return result;
  io.stdout(args.flags.has('json') ? `${JSON.stringify(result)}\n` : result.markdown.endsWith('\n') ? result.markdown : `${result.markdown}\n`);
  return exitCodes.ok;
}

const subcommands: Record<string, (argv: string[], io: CliIo) => Promise<number>> = { add, list, validate: validateCmd, docs };

export const specCommand: CliCommand = {
  name: 'spec',
  summary: 'save A2A requests (x-a2a); list, validate and document every operation of an OpenAPI 3.2 file',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const handler = sub === undefined ? undefined : subcommands[sub];
    if (!handler)
      throw new UsageError(sub === undefined ? 'Name a subcommand: add, list, validate or docs.' : `Unknown subcommand "${sub}" (add, list, validate, docs).`);
    return handler(rest, io);
  },
};
