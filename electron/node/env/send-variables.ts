/**
 * The send-time half of environments: looks up the values a call's `{{name}}` placeholders need
 * (secret-backed ones from the secret store) and fills them in with the shared resolver. Used by
 * every path that sends: a2a.send/stream, spec runs, checks and card fetches.
 */
import type { A2aCall } from '../../../shared/a2a/call';
import type { HttpRequest } from '../../../shared/http/http-types';
import { httpVariableNames, resolveHttpVariables } from '../../../shared/env/http-variables';
import { findEnvironment } from '../../../shared/env/environments-model';
import { callVariableNames, resolveCallVariables, unknownVariablesMessage } from '../../../shared/env/variables';
import { isObject } from '../../../shared/a2a/payload';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { SecretStore } from '../secret-store';
import { nodeSpecFs } from '../openapi/spec-fs';
import type { EnvironmentsContext } from './environments-store';
import { loadEnvironments } from './environments-store';

export interface VariablesContext extends EnvironmentsContext {
  secrets: SecretStore;
}

export function variablesContext(env: CoreEnv): VariablesContext {
  return { fs: nodeSpecFs, workspaceDir: env.dataDir.workspaceDir, stateDir: env.dataDir.root, secrets: env.secrets };
}

export interface ResolvedSend {
  call: A2aCall;
  /** Values of secret-backed variables used: the record must not show them. */
  redactValues: string[];
}

/** Values for `names` from the environment `name`; throws naming the first problem. */
export async function variableValues(
  ctx: VariablesContext,
  environment: string | undefined,
  names: readonly string[],
): Promise<{ values: Map<string, string>; secretValues: string[] }> {
  const values = new Map<string, string>();
  const secretValues: string[] = [];
  if (environment === undefined || environment === '') {
    if (names.length) throw new CoreError('not-found', unknownVariablesMessage(names, undefined), { variables: names });
    return { values, secretValues };
  }
  const { doc } = await loadEnvironments(ctx);
  const env = findEnvironment(doc, environment);
  if (!env) {
    const known = doc.environments.map((e) => `"${e.name}"`).join(', ');
    throw new CoreError('not-found', `No environment named "${environment}" (${known ? `known: ${known}` : 'the workspace has none yet'}). Nothing was sent.`, {
      environment,
    });
  }
  for (const name of names) {
    const variable = env.variables.find((v) => v.name === name);
    if (!variable) continue;
    if (variable.secret !== undefined) {
      const value = await ctx.secrets.get(variable.secret);
      if (value === undefined) {
        throw new CoreError(
          'not-found',
          `The variable {{${name}}} of environment "${environment}" uses the secret "${variable.secret}", which is not in the secret store. Add it on the Environments screen (or powerduck env set). Nothing was sent.`,
          {
            variables: [name],
            secret: variable.secret,
          },
        );
      }
      values.set(name, value);
      secretValues.push(value);
    } else values.set(name, variable.value ?? '');
  }
  return { values, secretValues };
}

/**
 * Requests arrive off the wire: the fields every send reads (the target, headers, auth, TLS and the
 * environment's name) must have their types before anything looks inside them. The send's own checks
 * (checkCall, the HTTP and auth layers) judge the values; this only keeps a wrong type from being a crash.
 */
function checkSendShape(request: unknown, target: 'endpoint' | 'url'): asserts request is Record<string, unknown> {
  if (!isObject(request)) throw new CoreError('bad-request', 'The request must be a JSON object.');
  if (typeof request[target] !== 'string')
    throw new CoreError('bad-request', `The ${target === 'url' ? 'URL' : 'endpoint'} must be text (an http:// or https:// URL).`);
  const { headers, auth, tls, environment, tenant } = request;
  if (
    headers !== undefined &&
    (!Array.isArray(headers) || !headers.every((h) => isObject(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string'))
  ) {
    throw new CoreError('bad-request', 'headers must be a list of {name, value} entries whose name and value are text.');
  }
  if (auth !== undefined && (!isObject(auth) || typeof auth['type'] !== 'string')) {
    throw new CoreError('bad-request', 'auth must be an object with a type (none, bearer, apiKey, basic or oauth2).');
  }
  if (tls !== undefined && !isObject(tls)) throw new CoreError('bad-request', 'tls must be an object of certificate settings.');
  if (environment !== undefined && typeof environment !== 'string') throw new CoreError('bad-request', "environment must be the environment's name (text).");
  if (tenant !== undefined && typeof tenant !== 'string') throw new CoreError('bad-request', 'tenant must be text.');
}

/** The call ready for the wire, or a refusal that names every unknown variable. */
export async function resolveSendVariables(ctx: VariablesContext, call: A2aCall): Promise<ResolvedSend> {
  checkSendShape(call, 'endpoint');
  const { environment, ...rest } = call;
  const names = callVariableNames(rest);
  if (!names.length) return { call: rest, redactValues: [] };
  const { values, secretValues } = await variableValues(ctx, environment, names);
  const resolved = resolveCallVariables(rest, values);
  if (!resolved.ok) throw new CoreError('not-found', unknownVariablesMessage(resolved.unknown, environment), { variables: resolved.unknown });
  return { call: resolved.call, redactValues: secretValues };
}

/** The HTTP request ready for the wire (without `environment`), or a refusal naming every unknown variable. */
export async function resolveHttpSendVariables(ctx: VariablesContext, request: HttpRequest): Promise<{ request: HttpRequest; redactValues: string[] }> {
  checkSendShape(request, 'url');
  const names = httpVariableNames(request);
  const { environment, ...rest } = request;
  if (!names.length) return { request: rest, redactValues: [] };
  const { values, secretValues } = await variableValues(ctx, environment, names);
  const resolved = resolveHttpVariables(request, values);
  if (!resolved.ok) throw new CoreError('not-found', unknownVariablesMessage(resolved.unknown, environment), { variables: resolved.unknown });
  return { request: resolved.request, redactValues: secretValues };
}

/** One text (a card URL, a check target) with its variables filled in. */
export async function resolveTextVariables(
  ctx: VariablesContext,
  text: string,
  environment: string | undefined,
): Promise<{ text: string; redactValues: string[] }> {
  const resolved = await resolveSendVariables(ctx, {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: text,
    method: '',
    body: undefined,
    ...(environment ? { environment } : {}),
  });
  return { text: resolved.call.endpoint, redactValues: resolved.redactValues };
}
