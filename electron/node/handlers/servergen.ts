import type { ServergenOps, ServergenRequest, ServergenStreams } from '../../../shared/contract/ops-servergen';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import { generateServerProject } from '../servergen/generate-project';
import { assertNoKnownSecrets, collectKnownSecrets } from '../servergen/secret-guard';
import { defaultTemplateDir } from '../servergen/template-files';

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new CoreError('bad-request', `${field} must be a non-empty string when given.`);
  return value;
}

function checkRequest(request: ServergenRequest): ServergenRequest {
  const outDir = optionalString(request.outDir, 'outDir');
  if (outDir === undefined) throw new CoreError('bad-request', 'outDir is required.');
  const name = optionalString(request.name, 'name');
  const fromSpec = optionalString(request.fromSpec, 'fromSpec');
  return { outDir, ...(name === undefined ? {} : { name }), ...(fromSpec === undefined ? {} : { fromSpec }) };
}

export function createServergenHandlers(env: CoreEnv): Handlers<ServergenOps> {
  return {
    'servergen.generate': async (request) => {
      const checked = checkRequest(request);
      return generateServerProject({
        ...checked,
        templateDir: env.templateDir ?? defaultTemplateDir(),
        inspect: async (files) => assertNoKnownSecrets(files, await collectKnownSecrets(env.secrets, env.environment)),
      });
    },
  };
}

export function createServergenStreamHandlers(_env: CoreEnv): StreamHandlers<ServergenStreams> {
  return {};
}
