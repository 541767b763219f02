import type { ImportOps } from '../../../shared/contract/ops-import';
import type { CoreEnv } from '../core-env';
import type { Handlers } from '../handler-types';
import type { ImportContext } from '../import/run-import';
import { applyImport, inspectImport } from '../import/run-import';
import { nodeSpecFs } from '../openapi/spec-fs';

export function importContext(env: CoreEnv, signal?: AbortSignal): ImportContext {
  return { fs: nodeSpecFs, workspaceDir: env.dataDir.workspaceDir, stateDir: env.dataDir.root, secrets: env.secrets, ...(signal ? { signal } : {}) };
}

export function createImportHandlers(env: CoreEnv): Handlers<ImportOps> {
  return {
    'import.inspect': async (request, { signal }) => inspectImport(importContext(env, signal), request ?? {}),
    'import.apply': async (request, { signal }) => applyImport(importContext(env, signal), request ?? {}),
  };
}
