/**
 * Runs a saved operation through the network core. Auth references are resolved here, at send
 * time: `{env}` from the run's values then the process environment, `{secretRef}` from the secret
 * store then the run's values (so CI can pass `--env NAME=…` for a secret it does not store).
 */
import type { SecretSource } from '../../../shared/a2a/auth';
import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { callFromXA2a } from '../../../shared/openapi/call-from-operation';
import { withFreshMessageId } from '../../../shared/a2a/fresh-message-id';
import { findA2aOperation, findMcpOperation, listOperations } from '../../../shared/openapi/operation-list';
import { isPlainHttpOperation } from '../../../shared/openapi/http-docs';
import { CoreError } from '../core-error';
import { resolveSendVariables } from '../env/send-variables';
import { performCall } from '../a2a/perform-call';
import type { CallDeps } from '../a2a/perform-call';
import type { SpecContext } from './spec-store';
import { loadModel } from './spec-workspace';
import type { Connections } from '../connections';

export interface RunOptions {
  file: string;
  path: string;
  httpMethod?: string;
  /** NAME=VALUE pairs for this run only. */
  env?: Record<string, string>;
  /** The environment whose variables fill `{{name}}` placeholders. */
  variables?: string;
  environment: Record<string, string | undefined>;
  now: () => number;
  /** The core's connection pools. */
  connections: Connections;
  signal?: AbortSignal;
  onEvent?: (event: RecordedStreamEvent) => void;
}

/** A name's own string value: `constructor` or `toString` as a name is never an Object member. */
function ownString(values: Record<string, string | undefined>, name: string): string | undefined {
  const value = Object.hasOwn(values, name) ? values[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

async function resolveSource(
  ctx: SpecContext,
  source: SecretSource,
  env: Record<string, string>,
  environment: Record<string, string | undefined>,
): Promise<SecretSource> {
  if ('value' in source) return source;
  if ('env' in source) {
    const value = ownString(env, source.env) ?? ownString(environment, source.env);
    if (value === undefined)
      throw new CoreError(
        'not-found',
        `The operation reads its credential from environment variable ${source.env}, which is not set (pass --env ${source.env}=…).`,
      );
    return { value };
  }
  const stored = await ctx.secrets.get(source.secretRef);
  const value = stored ?? ownString(env, source.secretRef);
  if (value === undefined) {
    throw new CoreError(
      'not-found',
      `The operation uses the secret "${source.secretRef}", which is not in the secret store (store it, or pass --env ${source.secretRef}=…).`,
    );
  }
  return { value };
}

/** The call with its auth reference replaced by the resolved value (in memory only). */
export async function resolveCallAuth(
  ctx: SpecContext,
  call: A2aCall,
  env: Record<string, string>,
  environment: Record<string, string | undefined>,
): Promise<A2aCall> {
  const auth = call.auth;
  if (!auth || auth.type === 'none') return call;
  switch (auth.type) {
    case 'bearer':
      return { ...call, auth: { ...auth, token: await resolveSource(ctx, auth.token, env, environment) } };
    case 'apiKey':
      return { ...call, auth: { ...auth, value: await resolveSource(ctx, auth.value, env, environment) } };
    case 'basic':
      return { ...call, auth: { ...auth, password: await resolveSource(ctx, auth.password, env, environment) } };
    case 'oauth2':
      return auth.clientSecret ? { ...call, auth: { ...auth, clientSecret: await resolveSource(ctx, auth.clientSecret, env, environment) } } : call;
  }
}

export async function savedCall(ctx: SpecContext, file: string, path: string, httpMethod?: string): Promise<{ call: A2aCall; file: string }> {
  const { file: abs, model } = await loadModel(ctx, file);
  const op = findA2aOperation(model, path, httpMethod);
  if (!op) {
    if (findMcpOperation(model, path, httpMethod)) {
      // spec.run answers with an A2A record; an MCP operation runs as mcp.draftOperation + mcp.call/mcp.stream (powerduck run does).
      throw new CoreError('unsupported', `${path} in ${abs} is an MCP operation: run it through mcp.draftOperation and mcp.stream (or powerduck run).`);
    }
    // A plain HTTP path is run by its method ("GET /items/{id}"): say so rather than "no operation", since the path is there.
    const plain = listOperations(model).filter((o) => o.path === path && isPlainHttpOperation(o));
    if (plain.length) {
      const named = plain.map((o) => `"${o.httpMethod.toUpperCase()} ${path}"`).join(', ');
      throw new CoreError('not-found', `No A2A operation ${path} in ${abs}: the path holds plain HTTP operations; name one with its method: ${named}.`);
    }
    throw new CoreError('not-found', `No A2A operation ${path} in ${abs}.`);
  }
  if (!op.a2a) throw new CoreError('invalid', `${path}: ${op.problem ?? 'x-a2a cannot be read'}`);
  return { call: callFromXA2a(op.a2a), file: abs };
}

/** The saved call with a new `message.messageId` (a method without a message, or a body without one, is as saved). */
function withNewMessageId(call: A2aCall): A2aCall {
  const text = call.bodyText ?? JSON.stringify(call.body ?? null);
  const fresh = withFreshMessageId(call.method, text);
  if (!fresh.changed) return call;
  return call.bodyText !== undefined ? { ...call, bodyText: fresh.text } : { ...call, body: JSON.parse(fresh.text) as unknown };
}

export async function runSavedOperation(ctx: SpecContext, options: RunOptions): Promise<ExchangeRecord> {
  const { call: stored } = await savedCall(ctx, options.file, options.path, options.httpMethod);
  // Each run is a new message, as Send is in the app (A2A: an agent takes a repeated messageId for the
  // same message, and history would count the second run as a retry of the first). `history replay
  // --same-message-id` is the way to send one again.
  const saved = withNewMessageId(stored);
  const env = options.env ?? {};
  // The run's values fill `{{NAME}}` too (over the environment's, never saved), as on an HTTP operation.
  const { call, redactValues } = await resolveSendVariables(ctx, {
    ...saved,
    ...(options.variables ? { environment: options.variables } : {}),
    ...(Object.keys(env).length ? { variables: env } : {}),
  });
  const resolved = await resolveCallAuth(ctx, call, env, options.environment);
  const deps: CallDeps = { secrets: ctx.secrets, environment: { ...options.environment, ...env }, now: options.now, connections: options.connections };
  return performCall(resolved, deps, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    redactValues,
  });
}
