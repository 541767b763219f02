import type { EnvOps } from '../../../shared/contract/ops-env';
import { checkEnvironmentName } from '../../../shared/env/environments-model';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import { environmentsState, loadEnvironments, saveEnvironments, writeActiveChoice } from '../env/environments-store';
import { variablesContext } from '../env/send-variables';
import type { Handlers } from '../handler-types';

export function createEnvironmentHandlers(env: CoreEnv): Handlers<EnvOps> {
  const ctx = variablesContext(env);
  return {
    'env.list': async () => environmentsState(ctx),
    'env.save': async ({ environments, expectedHash }) => {
      if (!Array.isArray(environments)) throw new CoreError('bad-request', 'env.save needs the list of environments.');
      if (expectedHash !== null && typeof expectedHash !== 'string') throw new CoreError('bad-request', 'env.save needs the expectedHash from env.list.');
      return saveEnvironments(ctx, { environments }, expectedHash);
    },
    'env.select': async ({ name }) => {
      if (name !== null) {
        const bad = checkEnvironmentName(name);
        if (bad) throw new CoreError('bad-request', bad);
        const { doc } = await loadEnvironments(ctx);
        if (!doc.environments.some((e) => e.name === name)) throw new CoreError('not-found', `No environment named "${name}".`);
      }
      await writeActiveChoice(ctx, name);
      return { active: name };
    },
  };
}
