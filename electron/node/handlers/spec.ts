import type { SpecListResult, SpecOps, SpecRunRequest, SpecStreams } from '../../../shared/contract/ops-spec';
import { readLinkedSpecs } from '../import/linked-specs';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import { createSpec, deleteOperation, importCard, previewSave, renameOperation, saveOperation } from '../openapi/spec-operations';
import type { SpecContext } from '../openapi/spec-store';
import { listWorkspace, openSpec, validateSpecFile } from '../openapi/spec-workspace';
import { nodeSpecFs } from '../openapi/spec-fs';
import { operationDocs, operationForLlm } from '../openapi/spec-llm';
import { runSavedOperation, type RunOptions } from '../openapi/run-operation';
import type { VariablesContext } from '../env/send-variables';

/** Files opened in place by an import (outside the workspace) are listed after the workspace's own. */
async function withLinkedSpecs(ctx: SpecContext, stateDir: string, listed: SpecListResult, workspace: string | undefined): Promise<SpecListResult> {
  if (workspace !== undefined) return listed;
  const known = new Set(listed.files.map((f) => f.file));
  for (const file of await readLinkedSpecs(stateDir)) {
    if (known.has(file)) continue;
    try {
      const { text: _text, ...info } = await openSpec(ctx, file);
      listed.files.push(info);
    } catch {
      // Moved or deleted since it was opened: not listed.
    }
  }
  return listed;
}

/** A saved operation's run as spec.run and spec.runStream both start it: the request's environment picks the variables. */
function runOptions(env: CoreEnv, req: SpecRunRequest, signal: AbortSignal): RunOptions {
  return {
    ...req,
    ...(req.env ? { env: req.env } : {}),
    ...(req.environment ? { variables: req.environment } : {}),
    environment: env.environment,
    now: env.now,
    connections: env.connections,
    signal,
  };
}

function specContext(env: CoreEnv): SpecContext {
  // host and clock reach the run's {{variable}} resolution: a CLI refusal says "pass --env NAME".
  const ctx: SpecContext & Pick<VariablesContext, 'host' | 'now'> = {
    fs: nodeSpecFs,
    workspaceDir: env.dataDir.workspaceDir,
    secrets: env.secrets,
    host: env.host,
    now: env.now,
  };
  return ctx;
}

export function createSpecHandlers(env: CoreEnv): Handlers<SpecOps> {
  const ctx = specContext(env);
  return {
    'spec.list': async ({ workspace }) => {
      if (workspace !== undefined && typeof workspace !== 'string') throw new CoreError('bad-request', 'workspace must be the path of a folder (text).');
      return withLinkedSpecs(ctx, env.dataDir.root, await listWorkspace(ctx, workspace), workspace);
    },
    'spec.open': async ({ file }) => openSpec(ctx, file),
    'spec.create': async ({ file, title }) => createSpec(ctx, file, title),
    'spec.save': async (req) => saveOperation(ctx, req, 'save'),
    'spec.saveAs': async (req) => saveOperation(ctx, req, 'saveAs'),
    'spec.previewSave': async (req) => previewSave(ctx, req),
    'spec.renameOperation': async (req) => renameOperation(ctx, req),
    'spec.deleteOperation': async (req) => deleteOperation(ctx, req),
    'spec.validate': async ({ file }) => validateSpecFile(ctx, file),
    'spec.docs': async (req) => operationDocs(ctx, req),
    'spec.copyForLlm': async (req) => ({ markdown: await operationForLlm(ctx, req, env.environment) }),
    'spec.importCard': async (req) => importCard(ctx, req),
    'spec.run': async (req, { signal }) => runSavedOperation(ctx, runOptions(env, req, signal)),
  };
}

export function createSpecStreamHandlers(env: CoreEnv): StreamHandlers<SpecStreams> {
  const ctx = specContext(env);
  return {
    'spec.runStream': async (req, emit, { signal }) => runSavedOperation(ctx, { ...runOptions(env, req, signal), onEvent: emit }),
  };
}
