/**
 * Docs and "Copy for LLM" from a file on disk. The LLM text is scrubbed of the operation's
 * resolved credential too, in case a recorded body echoed it back.
 */
import type { SecretSource } from '../../../shared/a2a/auth';
import { authSecretSource } from '../../../shared/a2a/auth';
import type { SpecCopyForLlmRequest } from '../../../shared/contract/ops-spec';
import { draftFromOperation } from '../../../shared/http/openapi-draft';
import { copyForLlm } from '../../../shared/openapi/copy-for-llm';
import { findPlainHttpOperation } from '../../../shared/openapi/http-docs';
import { findA2aOperation, findMcpOperation } from '../../../shared/openapi/operation-list';
import type { XA2aSecretRef } from '../../../shared/openapi/x-a2a-model';
import type { OperationDocs } from '../../../shared/openapi/spec-docs';
import { renderOperationDocs } from '../../../shared/openapi/spec-docs';
import { CoreError } from '../core-error';
import { codeVariablesOf } from '../../../shared/env/environments-model';
import { namedEnvironment } from '../env/environments-store';
import type { SpecContext } from './spec-store';
import { loadModel } from './spec-workspace';

/** `environment` (the picked one's name) fills the code examples: its plain values, its secrets as names only. */
export async function operationDocs(ctx: SpecContext, file: string, path: string, httpMethod?: string, environment?: string): Promise<OperationDocs> {
  if (environment !== undefined && typeof environment !== 'string')
    throw new CoreError('bad-request', 'environment must be the name of an environment (text).');
  const { file: abs, model } = await loadModel(ctx, file);
  const variables = environment ? codeVariablesOf(await namedEnvironment(ctx, environment)) : undefined;
  const result = renderOperationDocs(model, path, httpMethod, abs, variables);
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
  const result = copyForLlm(
    model,
    req.path,
    { ...(req.exchange ? { exchange: req.exchange } : {}), ...(req.mcpExchange ? { mcpExchange: req.mcpExchange } : {}), secretValues },
    req.httpMethod,
  );
  if (!result.ok) throw new CoreError('not-found', result.message);
  return result.markdown;
}
