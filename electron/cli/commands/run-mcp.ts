/**
 * `powerduck run <file> <path>` for a saved MCP operation (x-mcp, docs/x-mcp.md): read it back
 * through mcp.draftOperation, reconnect (a new session, or, with --allow-stdio, the stdio process
 * after saying what runs) and call it through mcp.stream, like `send --mcp`. Exit 0 ok, 1 when the server said no
 * (JSON-RPC error, isError, HTTP error, structuredContent breaking the saved outputSchema), 2 for
 * usage, refusals and transport failures.
 */
import type { SecretSource } from '../../../shared/a2a/auth';
import type { McpOperationDraft } from '../../../shared/contract/ops-mcp';
import type { McpCallRequest, McpTarget } from '../../../shared/mcp/mcp-types';
import type { Core } from '../../node/core';
import type { CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { stdioStartLine } from '../stdio-start-line';
import { callMcpAndPrint, elicitAnswerFrom, logLevelFrom, samplingFrom } from './mcp';

/** The saved MCP operation at `path`, or undefined when the path holds none (then it is not an MCP run). */
export async function savedMcpOperation(core: Core, file: string, path: string): Promise<McpOperationDraft | undefined> {
  const drafted = await core.dispatcher.invoke('mcp.draftOperation', { file, path });
  if (drafted.ok) return drafted.value;
  if (drafted.error.code === 'not-found') return undefined;
  throw new UsageError(drafted.error.message);
}

function own(values: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/**
 * `--env NAME=VALUE` for this run, as for A2A operations: an `{env: NAME}` reference reads it
 * first, and a `{secretRef: NAME}` the secret store does not have falls back to it (the same values
 * also fill `{{NAME}}`: the request's `variables`).
 */
function withRunValues(source: SecretSource, values: Record<string, string>, stored: ReadonlySet<string>): SecretSource {
  if ('env' in source) {
    const value = own(values, source.env);
    return value !== undefined ? { value } : source;
  }
  if ('secretRef' in source && !stored.has(source.secretRef)) {
    const value = own(values, source.secretRef);
    return value !== undefined ? { value } : source;
  }
  return source;
}

function targetWithRunValues(target: McpTarget, values: Record<string, string>, stored: ReadonlySet<string>): McpTarget {
  if (target.transport === 'stdio')
    return target.env ? { ...target, env: target.env.map((e) => ({ name: e.name, value: withRunValues(e.value, values, stored) })) } : target;
  const auth = target.auth;
  if (!auth || auth.type === 'none') return target;
  switch (auth.type) {
    case 'bearer':
      return { ...target, auth: { ...auth, token: withRunValues(auth.token, values, stored) } };
    case 'apiKey':
      return { ...target, auth: { ...auth, value: withRunValues(auth.value, values, stored) } };
    case 'basic':
      return { ...target, auth: { ...auth, password: withRunValues(auth.password, values, stored) } };
    case 'oauth2':
      return target;
  }
}

export async function runMcpOperation(
  core: Core,
  draft: McpOperationDraft,
  options: {
    values: Record<string, string>;
    environment?: string;
    json: boolean;
    allowStdio: boolean;
    elicitAnswer?: string;
    samplingAnswer?: string;
    logLevel?: string;
    /** --cwd: the folder a stdio server starts in for this run, over the saved one. */
    cwd?: { cwd: string; cwdBase: string };
  },
  io: CliIo,
): Promise<number> {
  const saved: McpTarget = options.cwd && draft.call.target.transport === 'stdio' ? { ...draft.call.target, ...options.cwd } : draft.call.target;
  // A spec file is shared like any document, and a stdio operation in it names a program to run:
  // the person confirms by flag, as the browser host's --allow-stdio, having seen the command line.
  if (saved.transport === 'stdio' && !options.allowStdio) {
    // Shown as it would start (the run's values and the environment's filled in, a credential by name), as the start line is.
    const line = await stdioStartLine(core, saved, options);
    io.stderr(
      `powerduck run: ${draft.path} starts a process on this machine: ${line}${saved.env?.length ? ` (environment: ${saved.env.map((e) => e.name).join(', ')})` : ''}\n` +
        `It comes from ${draft.file}, not from your command line: run it again with --allow-stdio to start it.\n`,
    );
    return exitCodes.error;
  }
  const listed = await core.dispatcher.invoke('secrets.list', {});
  const stored = new Set(listed.ok ? listed.value.names : []);
  const target = targetWithRunValues(saved, options.values, stored);
  const request: McpCallRequest = {
    target,
    method: draft.call.method,
    ...(draft.call.paramsText !== undefined ? { paramsText: draft.call.paramsText } : draft.call.params ? { params: draft.call.params } : {}),
    ...(draft.outputSchema ? { outputSchema: draft.outputSchema } : {}),
    ...(draft.timeoutMs ? { timeoutMs: draft.timeoutMs } : {}),
    elicitAnswer: elicitAnswerFrom(options.elicitAnswer),
    ...samplingFrom(options.samplingAnswer),
    ...logLevelFrom(options.logLevel),
    // The core fills the operation's {{variables}} from this environment at send time (the file keeps them),
    // and from the run's --env NAME=VALUE over it (never saved), as on a plain HTTP operation.
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    ...(Object.keys(options.values).length ? { variables: options.values } : {}),
  };
  // Starting a process is code execution: say exactly what runs before it does, filled in as it will run.
  if (target.transport === 'stdio') {
    const line = await stdioStartLine(core, target, options);
    io.stderr(`Starting MCP server: ${line}${target.env?.length ? ` (environment: ${target.env.map((e) => e.name).join(', ')})` : ''}\n`);
  }
  return callMcpAndPrint(core, request, io, {
    json: options.json,
    command: 'run',
    elicitAnswered: options.elicitAnswer !== undefined,
    samplingAnswered: options.samplingAnswer !== undefined,
  });
}
