/**
 * Docs and "Copy for LLM" from a file on disk. The LLM text is scrubbed of the operation's
 * resolved credential too, in case a recorded body echoed it back.
 */
import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { copyForLlm } from '../../../shared/spec/copy-for-llm';
import { findA2aOperation } from '../../../shared/spec/operation-list';
import type { OperationDocs } from '../../../shared/spec/spec-docs';
import { renderOperationDocs } from '../../../shared/spec/spec-docs';
import { CoreError } from '../core-error';
import type { SpecContext } from './spec-store';
import { loadModel } from './spec-workspace';

export async function operationDocs(ctx: SpecContext, file: string, path: string, httpMethod?: string): Promise<OperationDocs> {
  const { model } = await loadModel(ctx, file);
  const result = renderOperationDocs(model, path, httpMethod);
  if (!result.ok) throw new CoreError('not-found', result.message);
  return result.docs;
}

async function knownSecretValues(ctx: SpecContext, model: unknown, path: string, httpMethod: string | undefined, environment: Record<string, string | undefined>): Promise<string[]> {
  const auth = findA2aOperation(model, path, httpMethod)?.a2a?.auth;
  if (!auth) return [];
  const value = auth.secretRef !== undefined ? await ctx.secrets.get(auth.secretRef) : Object.hasOwn(environment, auth.env as string) ? environment[auth.env as string] : undefined;
  return value ? [value] : [];
}

export async function operationForLlm(
  ctx: SpecContext,
  req: { file: string; path: string; httpMethod?: string; exchange?: ExchangeRecord },
  environment: Record<string, string | undefined>,
): Promise<string> {
  const { model } = await loadModel(ctx, req.file);
  const secretValues = await knownSecretValues(ctx, model, req.path, req.httpMethod, environment);
  const result = copyForLlm(model, req.path, { ...(req.exchange ? { exchange: req.exchange } : {}), secretValues }, req.httpMethod);
  if (!result.ok) throw new CoreError('not-found', result.message);
  return result.markdown;
}
