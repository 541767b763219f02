/**
 * Docs and "Copy for LLM" from a file on disk. The LLM text is scrubbed of the operation's
 * resolved credential too, in case a recorded body echoed it back.
 */
import type { SecretSource } from '../../../shared/a2a/auth';
import { authSecretSource } from '../../../shared/a2a/auth';
import type { SpecCopyForLlmRequest, SpecDocsRequest, SpecExampleValues } from '../../../shared/contract/ops-spec';
import { draftFromOperation } from '../../../shared/http/openapi-draft';
import { copyForLlm } from '../../../shared/openapi/copy-for-llm';
import { findPlainHttpOperation } from '../../../shared/openapi/http-docs';
import { findA2aOperation, findMcpOperation } from '../../../shared/openapi/operation-list';
import type { XA2aSecretRef } from '../../../shared/openapi/x-a2a-model';
import type { OperationDocs } from '../../../shared/openapi/spec-docs';
import { renderOperationDocs } from '../../../shared/openapi/spec-docs';
import { CoreError } from '../core-error';
import type { CodeVariables } from '../../../shared/env/environments-model';
import { codeVariablesOf, withRunValues } from '../../../shared/env/environments-model';
import { isObject } from '../../../shared/a2a/payload';
import { namedEnvironment } from '../env/environments-store';
import type { SpecContext } from './spec-store';
import { loadModel } from './spec-workspace';

/**
 * What fills a saved operation's examples: the named environment (codeVariablesOf: its plain values,
 * its secrets by name, a credential-named value withheld) with a run's values over it. Both arrive
 * off the wire, so their types are checked first; an environment that is not there is refused by name.
 */
async function exampleValues(ctx: SpecContext, req: SpecExampleValues): Promise<CodeVariables | undefined> {
  const { environment, env } = req as { environment?: unknown; env?: unknown };
  if (environment !== undefined && typeof environment !== 'string')
    throw new CoreError('bad-request', 'environment must be the name of an environment (text).');
  if (env !== undefined && (!isObject(env) || Object.values(env).some((v) => typeof v !== 'string')))
    throw new CoreError('bad-request', 'env must map variable names to text values.');
  const picked = environment ? codeVariablesOf(await namedEnvironment(ctx, environment)) : undefined;
  return env && Object.keys(env).length ? withRunValues(picked, env as Record<string, string>) : picked;
}

/** The operation's docs, its code examples filled from `req.environment` and `req.env` (see exampleValues). */
export async function operationDocs(ctx: SpecContext, req: SpecDocsRequest): Promise<OperationDocs> {
  const { file: abs, model } = await loadModel(ctx, req.file);
  const variables = await exampleValues(ctx, req);
  const result = renderOperationDocs(model, req.path, req.httpMethod, abs, variables);
  if (!result.ok) throw new CoreError('not-found', result.message);
  return result.docs;
}

/** The secret a plain HTTP operation's auth reads (named after its security scheme), if any. */
function httpAuthRefs(model: unknown, path: string, httpMethod: string | undefined): SecretSource[] {
  const op = findPlainHttpOperation(model, path, httpMethod);
  const drafted = op ? draftFromOperation(model, op.path, op.httpMethod) : undefined;
  const auth = drafted?.ok ? drafted.draft.security?.auth : undefined;
  const source = auth ? authSecretSource(auth) : undefined;
  return source ? [source] : [];
}

async function knownSecretValues(
  ctx: SpecContext,
  model: unknown,
  path: string,
  httpMethod: string | undefined,
  environment: Record<string, string | undefined>,
): Promise<string[]> {
  const a2a = findA2aOperation(model, path, httpMethod);
  // An MCP operation's credentials: its auth reference, and each env entry of a stdio server.
  const mcp = a2a ? undefined : findMcpOperation(model, path, httpMethod)?.mcp;
  // An OAuth public client names no secret: neither field is set.
  const refs: Array<Partial<XA2aSecretRef>> =
    a2a || mcp
      ? [...(a2a?.a2a?.auth ? [a2a.a2a.auth] : []), ...(mcp?.auth ? [mcp.auth] : []), ...(mcp?.env ?? [])]
      : httpAuthRefs(model, path, httpMethod).filter((s): s is XA2aSecretRef => !('value' in s));
  const out: string[] = [];
  for (const ref of refs) {
    const value =
      ref.secretRef !== undefined
        ? await ctx.secrets.get(ref.secretRef)
        : ref.env !== undefined && Object.hasOwn(environment, ref.env)
          ? environment[ref.env]
          : undefined;
    if (value) out.push(value);
  }
  return out;
}

export async function operationForLlm(ctx: SpecContext, req: SpecCopyForLlmRequest, environment: Record<string, string | undefined>): Promise<string> {
  const { model } = await loadModel(ctx, req.file);
  const secretValues = await knownSecretValues(ctx, model, req.path, req.httpMethod, environment);
  const variables = await exampleValues(ctx, req);
  const result = copyForLlm(
    model,
    req.path,
    {
      ...(req.exchange ? { exchange: req.exchange } : {}),
      ...(req.mcpExchange ? { mcpExchange: req.mcpExchange } : {}),
      secretValues,
      ...(variables ? { variables } : {}),
    },
    req.httpMethod,
  );
  if (!result.ok) throw new CoreError('not-found', result.message);
  return result.markdown;
}
