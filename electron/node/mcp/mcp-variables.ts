/**
 * `{{name}}` variables in MCP requests, filled in by the core at send time like A2A and HTTP sends:
 * the endpoint, header values, auth and TLS file paths (and the passphrase's reference) of an HTTP
 * server, the params, a stdio command's arguments and working directory
 * and its environment values written as text or as a `{{name}}` reference (watch: the subscribed
 * URIs). The request is mapped onto an A2A call and goes through the same resolver
 * (`resolveSendVariables`), so the syntax, the dynamic variables and the `unresolved-variable`
 * refusal are one behaviour across protocols. The resolved copy is what is sent and recorded; the
 * caller's request (the tab, the saved spec) is untouched.
 */
import type { A2aCall } from '../../../shared/a2a/call';
import { isObject } from '../../../shared/a2a/payload';
import type { McpEnvEntry, McpServerRequest, McpTarget } from '../../../shared/mcp/mcp-types';
import { parseFilledJson, resolveSendCall, type VariablesContext } from '../env/send-variables';
import { isVariableReference } from '../../../shared/openapi/x-a2a-model';
import { CoreError } from '../core-error';
import { argumentTypeMessage, argumentTypeProblems, hasVariableArguments } from '../../../shared/mcp/mcp-argument-types';
import { validateTarget } from './mcp-call';

/** What a request carries besides its target that may hold variables (params, subscribed URIs). */
type Extra = Record<string, unknown>;

export interface ResolvedMcp<T> {
  request: T;
  /** Values of secret-backed variables used: the record must not show them. */
  redactValues: string[];
  /**
   * A tools/call whose arguments hold a whole `{{variable}}` and that came without the tool's
   * inputSchema (the CLI, a saved operation, a tab not connected): the check to run once the call's
   * session has listed the tool (performMcpCall), throwing the same refusal the app gets before connecting.
   */
  checkArguments?: ArgumentCheck;
}

/** Throws `bad-request` naming each argument whose filled value is not of its declared type. */
export type ArgumentCheck = (inputSchema: Record<string, unknown>) => void;

function argumentCheck(paramsText: string, params: unknown, environment: string | undefined, listed: boolean): ArgumentCheck {
  return (inputSchema) => {
    const problems = argumentTypeProblems(paramsText, params, inputSchema);
    if (problems.length) throw new CoreError('bad-request', argumentTypeMessage(problems, environment, listed), { arguments: problems.map((p) => p.argument) });
  };
}

/**
 * The text of a stdio server's environment value the resolver fills in: a literal ({value}), or a
 * `{secretRef: "{{name}}"}` — the editor's "Variable" source and what a save writes for it, the same
 * shape an auth credential takes for a variable. Any other secret or env reference is looked up by the session.
 */
function envText(entry: McpEnvEntry): string | undefined {
  const source: unknown = isObject(entry) ? entry.value : undefined;
  if (!isObject(source)) return undefined;
  if (typeof source['value'] === 'string') return source['value'];
  const ref = source['secretRef'];
  return typeof ref === 'string' && isVariableReference(ref) ? ref.trim() : undefined;
}

function asCall(target: McpTarget, extra: Extra, given: Pick<McpServerRequest, 'environment' | 'variables'>, paramsText: string | undefined): A2aCall {
  const { environment, variables } = given;
  const env = {
    ...(environment ? { environment } : {}),
    ...(variables !== undefined ? { variables } : {}),
    ...(paramsText !== undefined ? { bodyText: paramsText } : {}),
  };
  if (target.transport === 'stdio') {
    const body = { extra, args: target.args ?? [], env: (target.env ?? []).map(envText).map((v) => v ?? ''), cwd: target.cwd ?? '' };
    return { version: '1.0', binding: 'JSONRPC', endpoint: '', method: '', body, ...env };
  }
  return {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: target.endpoint,
    method: '',
    body: { extra },
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.auth ? { auth: target.auth } : {}),
    ...(target.tls ? { tls: target.tls } : {}),
    ...env,
  };
}

function fromCall(target: McpTarget, call: A2aCall): { target: McpTarget; extra: Extra } {
  const body = call.body as { extra: Extra; args?: string[]; env?: string[]; cwd?: string };
  if (target.transport === 'stdio') {
    const out: McpTarget = { ...target };
    if (target.args) out.args = body.args ?? [];
    if (target.cwd !== undefined) out.cwd = body.cwd ?? '';
    if (target.env) out.env = target.env.map((e, i) => (envText(e) !== undefined ? { name: e.name, value: { value: body.env?.[i] ?? '' } } : e));
    return { target: out, extra: body.extra };
  }
  const out: McpTarget = { ...target, endpoint: call.endpoint };
  if (target.headers) out.headers = call.headers ?? [];
  if (target.auth && call.auth) out.auth = call.auth;
  if (target.tls && call.tls) out.tls = call.tls;
  return { target: out, extra: body.extra };
}

/**
 * The request ready to send (without `environment`), its variables filled in, or a refusal
 * (`unresolved-variable`) naming every unknown one before anything connects. `fields` names the
 * request's own fields that may hold variables besides the target.
 */
export async function resolveMcpVariables<T extends McpServerRequest>(
  ctx: VariablesContext,
  request: T,
  fields: ReadonlyArray<keyof T & string> = [],
): Promise<ResolvedMcp<T>> {
  if (!isObject(request)) throw new CoreError('bad-request', 'An MCP request must be an object.');
  validateTarget(request.target);
  if (request.environment !== undefined && typeof request.environment !== 'string')
    throw new CoreError('bad-request', "environment must be the environment's name (text).");
  // `variables` (this request's own values, run --env NAME=VALUE) fill placeholders and go no further.
  const { environment, variables, paramsText, ...rest } = request as T & { paramsText?: unknown };
  const withText = fields.includes('params' as keyof T & string) && paramsText !== undefined;
  if (withText && typeof paramsText !== 'string') throw new CoreError('bad-request', 'paramsText must be text (the params as JSON).');
  if (withText && (rest as { params?: unknown }).params !== undefined)
    throw new CoreError('bad-request', 'Give the params either as params or as paramsText, not both.');
  const extra: Extra = {};
  for (const field of fields) if (rest[field as keyof typeof rest] !== undefined) extra[field] = rest[field as keyof typeof rest];
  const resolved = await resolveSendCall(
    ctx,
    asCall(request.target, extra, { environment, ...(variables !== undefined ? { variables } : {}) }, withText ? (paramsText as string) : undefined),
  );
  const back = fromCall(request.target, resolved.call);
  const out = { ...rest, ...back.extra, target: back.target } as T;
  if (resolved.call.bodyText !== undefined) {
    const params = parseFilledJson(resolved.call.bodyText, 'The params');
    if (!isObject(params)) throw new CoreError('bad-request', 'The params of an MCP call are a JSON object. Nothing was sent.');
    (out as { params?: unknown }).params = params;
    const inputSchema = (request as { inputSchema?: unknown }).inputSchema;
    if (typeof paramsText === 'string') {
      if (isObject(inputSchema)) argumentCheck(paramsText, params, environment, false)(inputSchema);
      else if ((request as { method?: unknown }).method === 'tools/call' && hasVariableArguments(paramsText))
        return { request: out, redactValues: resolved.redactValues, checkArguments: argumentCheck(paramsText, params, environment, true) };
    }
  }
  return { request: out, redactValues: resolved.redactValues };
}
