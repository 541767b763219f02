/**
 * The `x-mcp` operation extension as a typed model (JSON Schema: x-mcp.schema.json; format:
 * docs/x-mcp.md): one MCP call (a server to reach and one JSON-RPC method) saved as an OpenAPI
 * 3.2 operation next to A2A and plain HTTP ones. Like x-a2a, the file holds references to secrets
 * only: auth and a stdio server's environment name a secret-store entry or an environment variable.
 */
import type { AuthConfig, SecretSource } from '../a2a/auth';
import { authSecretSource } from '../a2a/auth';
import type { HeaderEntry } from '../a2a/call';
import type { McpEnvEntry, McpSubject, McpSubjectKind, McpTarget, McpTransport } from '../mcp/mcp-types';
import { mcpTransports } from '../mcp/mcp-types';
import type { JsonSchemaObject, XA2aAuth, XA2aSecretRef } from './x-a2a-model';
import { authConfigFromXA2a, isVariableReference, readXA2aAuth, xa2aAuthFromConfig } from './x-a2a-model';
import { isObject } from '../a2a/payload';
import { oauth2SaveProblem } from './oauth-scheme';

export const X_PROTOCOL_MCP = 'mcp';
/** HTTP key new MCP operations are written under (the path is an identifier, as for A2A). */
export const MCP_OPERATION_VERB = 'post';

/** An environment variable of a stdio server: its name and where its value comes from. */
export type XMcpEnv = { name: string } & XA2aSecretRef;

export interface XMcp {
  transport: McpTransport;
  /** HTTP transports: the server's MCP endpoint. */
  endpoint?: string;
  /** stdio: the program and its arguments, exactly as run (no shell). */
  command?: string;
  args?: string[];
  env?: XMcpEnv[];
  cwd?: string;
  /** HTTP transports: credential reference and extra headers without credentials. */
  auth?: XA2aAuth;
  headers?: HeaderEntry[];
  method: string;
  params?: JsonSchemaObject;
  /**
   * The params as JSON text when they hold unquoted `{{name}}` references (`{"a": {{n}}}`), so are
   * JSON only once those are filled in: what Powerduck opens and sends. `params` then shows each such
   * reference as the string "{{name}}" (for tools that read JSON only).
   */
  paramsText?: string;
  /** What the call is about: a tool name, a resource URI (or URI template), a prompt name. */
  tool?: string;
  resource?: string;
  prompt?: string;
  /** The tool's inputSchema / outputSchema as the server listed them. */
  requestSchema?: JsonSchemaObject;
  responseSchema?: JsonSchemaObject;
  /** An example result (documentation only; never sent). */
  example?: unknown;
  timeoutMs?: number;
}

/** What an operation list carries: the call without its (possibly large) schemas and example. */
export type XMcpSummary = Omit<XMcp, 'requestSchema' | 'responseSchema' | 'example'>;

function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

const subjectKeys: readonly McpSubjectKind[] = ['tool', 'resource', 'prompt'];

/** The subject's kind and name, when the operation names one. */
export function subjectOf(x: Pick<XMcp, McpSubjectKind>): McpSubject | undefined {
  for (const kind of subjectKeys) {
    const name = x[kind];
    if (typeof name === 'string' && name !== '') return { kind, name };
  }
  return undefined;
}

/** The subject a method's params name (tools/call → tool, resources/read → resource, prompts/get → prompt). */
export function subjectFromParams(method: string, params: Record<string, unknown> | undefined): McpSubject | undefined {
  if (!params) return undefined;
  const name = own(params, 'name');
  const uri = own(params, 'uri');
  if (method === 'tools/call' && typeof name === 'string' && name !== '') return { kind: 'tool', name };
  if (method === 'prompts/get' && typeof name === 'string' && name !== '') return { kind: 'prompt', name };
  if ((method === 'resources/read' || method === 'resources/subscribe' || method === 'resources/unsubscribe') && typeof uri === 'string' && uri !== '')
    return { kind: 'resource', name: uri };
  return undefined;
}

/**
 * Why a subject and the params disagree (a saved `tool: add` calling another tool would run
 * something the list says it does not), or undefined. Resources may name a URI template.
 */
export function subjectMismatch(method: string, subject: McpSubject | undefined, params: Record<string, unknown> | undefined): string | undefined {
  if (!subject) return undefined;
  const expected: Record<McpSubjectKind, string[]> = {
    tool: ['tools/call'],
    prompt: ['prompts/get'],
    resource: ['resources/read', 'resources/subscribe', 'resources/unsubscribe'],
  };
  if (!expected[subject.kind].includes(method)) return `a ${subject.kind} is the subject of ${expected[subject.kind].join(' or ')}, not of ${method}.`;
  if (subject.kind === 'resource') return undefined;
  const name = params ? own(params, 'name') : undefined;
  if (name !== subject.name) return `${subject.kind} "${subject.name}" does not match params.name ${JSON.stringify(name ?? null)}.`;
  return undefined;
}

function readEnv(value: unknown): XMcpEnv[] {
  if (!Array.isArray(value)) return [];
  const out: XMcpEnv[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry['name'] !== 'string') continue;
    const secretRef = own(entry, 'secretRef');
    const env = own(entry, 'env');
    if (typeof secretRef === 'string' && secretRef !== '') out.push({ name: entry['name'], secretRef });
    else if (typeof env === 'string' && env !== '') out.push({ name: entry['name'], env });
  }
  return out;
}

/**
 * Reads an `x-mcp` value into the model, or says why it cannot be used. Structural detail is the
 * JSON Schema's job; this only needs what is required to list, document and run it.
 */
export function readXMcp(value: unknown): { ok: true; value: XMcp } | { ok: false; message: string } {
  if (!isObject(value)) return { ok: false, message: 'x-mcp must be an object.' };
  const transport = own(value, 'transport');
  const method = own(value, 'method');
  if (typeof transport !== 'string' || !(mcpTransports as readonly string[]).includes(transport)) {
    return { ok: false, message: `x-mcp.transport must be one of ${mcpTransports.join(', ')} (found ${JSON.stringify(transport ?? null)}).` };
  }
  if (typeof method !== 'string' || method === '') return { ok: false, message: 'x-mcp.method must be a non-empty string.' };
  const out: XMcp = { transport: transport as McpTransport, method };
  if (transport === 'stdio') {
    const command = own(value, 'command');
    if (typeof command !== 'string' || command.trim() === '') return { ok: false, message: 'x-mcp.command must name the program to run (transport stdio).' };
    out.command = command;
    const args = own(value, 'args');
    if (args !== undefined) {
      if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) return { ok: false, message: 'x-mcp.args must be a list of strings.' };
      out.args = [...(args as string[])];
    }
    const env = readEnv(own(value, 'env'));
    if (env.length) out.env = env;
    const cwd = own(value, 'cwd');
    if (typeof cwd === 'string' && cwd !== '') out.cwd = cwd;
  } else {
    const endpoint = own(value, 'endpoint');
    if (typeof endpoint !== 'string' || endpoint === '') return { ok: false, message: `x-mcp.endpoint must be a non-empty URL (transport ${transport}).` };
    out.endpoint = endpoint;
    const auth = readXA2aAuth(own(value, 'auth'));
    if (auth) out.auth = auth;
    const headers = own(value, 'headers');
    if (Array.isArray(headers)) {
      out.headers = headers
        .filter((h): h is Record<string, unknown> => isObject(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string')
        .map((h) => ({ name: h['name'] as string, value: h['value'] as string, ...(typeof h['enabled'] === 'boolean' ? { enabled: h['enabled'] } : {}) }));
    }
  }
  const params = own(value, 'params');
  if (params !== undefined) {
    if (!isObject(params)) return { ok: false, message: 'x-mcp.params must be an object (the JSON-RPC params).' };
    out.params = params;
  }
  const paramsText = own(value, 'paramsText');
  if (typeof paramsText === 'string' && paramsText !== '') out.paramsText = paramsText;
  for (const kind of subjectKeys) {
    const name = own(value, kind);
    if (typeof name === 'string' && name !== '') out[kind] = name;
  }
  const requestSchema = own(value, 'requestSchema');
  const responseSchema = own(value, 'responseSchema');
  if (isObject(requestSchema)) out.requestSchema = requestSchema;
  if (isObject(responseSchema)) out.responseSchema = responseSchema;
  if (Object.prototype.hasOwnProperty.call(value, 'example')) out.example = value['example'];
  const timeoutMs = own(value, 'timeoutMs');
  if (typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0) out.timeoutMs = timeoutMs;
  return { ok: true, value: out };
}

export function summaryOfXMcp(x: XMcp): XMcpSummary {
  const { requestSchema: _req, responseSchema: _res, example: _example, ...rest } = x;
  return rest;
}

function sourceOf(ref: XA2aSecretRef): SecretSource {
  return ref.secretRef !== undefined ? { secretRef: ref.secretRef } : { env: ref.env as string };
}

/** The saved operation as the target the MCP core connects to (auth and env still references). */
export function targetFromXMcp(x: XMcpSummary): McpTarget {
  if (x.transport === 'stdio') {
    return {
      transport: 'stdio',
      command: x.command ?? '',
      ...(x.args ? { args: [...x.args] } : {}),
      ...(x.env?.length ? { env: x.env.map((e): McpEnvEntry => ({ name: e.name, value: sourceOf(e) })) } : {}),
      ...(x.cwd ? { cwd: x.cwd } : {}),
    };
  }
  const auth: AuthConfig | undefined = x.auth ? authConfigFromXA2a(x.auth) : undefined;
  return {
    transport: x.transport,
    endpoint: x.endpoint ?? '',
    ...(x.headers?.length ? { headers: x.headers.map((h) => ({ ...h })) } : {}),
    ...(auth ? { auth } : {}),
  };
}

/**
 * The literal secret values of a drafted target (auth and stdio environment), by where they sit.
 * A value that is only `{{name}}` is none: it is saved as that reference, in auth and env alike.
 */
export function literalSecretsOf(target: McpTarget): Array<{ where: 'auth' | { env: string }; value: string }> {
  const out: Array<{ where: 'auth' | { env: string }; value: string }> = [];
  if (target.transport === 'stdio') {
    for (const entry of target.env ?? [])
      if (isObject(entry.value) && 'value' in entry.value && typeof entry.value.value === 'string' && !isVariableReference(entry.value.value))
        out.push({ where: { env: entry.name }, value: entry.value.value });
    return out;
  }
  const auth = target.auth;
  if (!auth || auth.type === 'none') return out;
  const source = authSecretSource(auth);
  // A value that is only `{{token}}` is saved as that reference (xa2aAuthFromConfig), as A2A and HTTP saves do.
  if (source && 'value' in source && !isVariableReference(source.value)) out.push({ where: 'auth', value: source.value });
  return out;
}

export interface XMcpBuildInput {
  target: McpTarget;
  method: string;
  params?: Record<string, unknown>;
  /** The params as JSON text with unquoted `{{variables}}` (then `params` is its quoted stand-in). */
  paramsText?: string;
  subject?: McpSubject;
  requestSchema?: JsonSchemaObject;
  responseSchema?: JsonSchemaObject;
  example?: unknown;
  timeoutMs?: number;
  /** Secret names that now hold the target's literal values: 'auth', and env variable names. */
  storedSecrets?: { auth?: string; env?: Record<string, string> };
}

/** The x-mcp value for a drafted call; throws Error with a user-facing message when it cannot be saved. */
export function buildXMcp(input: XMcpBuildInput): XMcp {
  const { target } = input;
  const x: XMcp = { transport: target.transport, method: input.method };
  if (target.transport === 'stdio') {
    x.command = target.command;
    if (target.args?.length) x.args = [...target.args];
    if (target.env?.length) {
      x.env = target.env.map((entry): XMcpEnv => {
        const v = entry.value;
        if ('secretRef' in v) return { name: entry.name, secretRef: v.secretRef };
        if ('env' in v) return { name: entry.name, env: v.env };
        // `{{name}}` is a name, not a value: kept as `secretRef: "{{name}}"` (filled from the environment when it starts), as auth keeps it.
        if (isVariableReference(v.value)) return { name: entry.name, secretRef: v.value.trim() };
        const stored =
          input.storedSecrets?.env && Object.prototype.hasOwnProperty.call(input.storedSecrets.env, entry.name)
            ? input.storedSecrets.env[entry.name]
            : undefined;
        if (!stored) throw new Error(`The environment variable ${entry.name} holds a literal value; store it as a secret and save a reference instead.`);
        return { name: entry.name, secretRef: stored };
      });
    }
    if (target.cwd) x.cwd = target.cwd;
  } else {
    x.endpoint = target.endpoint;
    // OAuth 2.0 is saved as A2A saves it: x-mcp.auth names the grant, client id and the client
    // secret's name; the caller places the security scheme (oauth-scheme-placement.ts).
    const oauthProblem = target.auth?.type === 'oauth2' ? oauth2SaveProblem(target.auth) : undefined;
    if (oauthProblem) throw new Error(oauthProblem);
    const auth = xa2aAuthFromConfig(target.auth, input.storedSecrets?.auth);
    if (auth) x.auth = auth;
    if (target.headers?.length) x.headers = target.headers.map((h) => ({ name: h.name, value: h.value, ...(h.enabled === false ? { enabled: false } : {}) }));
  }
  if (input.params !== undefined) x.params = input.params;
  if (input.paramsText !== undefined) x.paramsText = input.paramsText;
  const subject = input.subject ?? subjectFromParams(input.method, input.params);
  if (subject) x[subject.kind] = subject.name;
  if (input.requestSchema) x.requestSchema = input.requestSchema;
  if (input.responseSchema) x.responseSchema = input.responseSchema;
  if (input.example !== undefined) x.example = input.example;
  if (input.timeoutMs !== undefined) x.timeoutMs = input.timeoutMs;
  return x;
}

/** Where the call goes, in one line: the endpoint, or the command line of a stdio server. */
export function serverLine(x: XMcpSummary): string {
  if (x.transport === 'stdio') return [x.command ?? '', ...(x.args ?? [])].map((s) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : JSON.stringify(s))).join(' ');
  return x.endpoint ?? '';
}

/** The default summary of a saved call: `tools/call add (MCP)`. */
export function defaultMcpSummary(x: Pick<XMcp, 'method' | McpSubjectKind>): string {
  const subject = subjectOf(x);
  return `${x.method}${subject ? ` ${subject.name}` : ''} (MCP)`;
}
