import type { Environment, EnvOps, EnvironmentsSaveRequest } from '../../../shared/contract/ops-env';
import { checkEnvironmentName, secretNamePattern } from '../../../shared/env/environments-model';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import { environmentsState, loadEnvironments, saveEnvironments, writeActiveChoice } from '../env/environments-store';
import { variablesContext } from '../env/send-variables';
import type { Handlers } from '../handler-types';
import { claimSecret } from '../openapi/spec-secrets';
import type { SecretStore } from '../secret-store';

type NewSecrets = NonNullable<EnvironmentsSaveRequest['newSecrets']>;

function checkNewSecrets(value: unknown): NewSecrets {
  if (value === undefined) return [];
  const bad = (): never => {
    throw new CoreError(
      'bad-request',
      'env.save: newSecrets is a list of { name, value }, each a valid secret name and a non-empty value; nothing was written.',
    );
  };
  if (!Array.isArray(value)) return bad();
  for (const item of value as unknown[]) {
    const s = item as Record<string, unknown> | null;
    if (typeof s !== 'object' || s === null || typeof s['name'] !== 'string' || !secretNamePattern.test(s['name'])) bad();
    if (typeof s?.['value'] !== 'string' || s['value'] === '') bad();
  }
  return value as NewSecrets;
}

/** The environments with each variable that named a new secret naming the name it was stored under. */
function renamed(environments: Environment[], names: ReadonlyMap<string, string>): Environment[] {
  if (![...names].some(([from, to]) => from !== to)) return environments;
  return environments.map((e) => ({
    ...e,
    variables: e.variables.map((v) => (v.secret !== undefined && names.has(v.secret) ? { ...v, secret: names.get(v.secret) as string } : v)),
  }));
}

async function takeBack(secrets: SecretStore, created: readonly string[]): Promise<void> {
  for (const name of created) await secrets.delete(name).catch(() => false);
}

export function createEnvironmentHandlers(env: CoreEnv): Handlers<EnvOps> {
  const ctx = variablesContext(env);
  return {
    'env.list': async () => environmentsState(ctx),
    'env.save': async ({ environments, expectedHash, newSecrets }) => {
      if (!Array.isArray(environments)) throw new CoreError('bad-request', 'env.save needs the list of environments.');
      if (expectedHash !== null && typeof expectedHash !== 'string') throw new CoreError('bad-request', 'env.save needs the expectedHash from env.list.');
      const staged = checkNewSecrets(newSecrets);
      // Secrets first, then the file: a file naming a secret that is not stored would lose the value.
      const names = new Map<string, string>();
      const created: string[] = [];
      try {
        for (const s of staged) {
          const claimed = await claimSecret(env.secrets, s.name, s.value);
          names.set(s.name, claimed.name);
          if (claimed.created) created.push(claimed.name);
        }
        return await saveEnvironments(ctx, { environments: renamed(environments, names) }, expectedHash);
      } catch (error) {
        // Nothing names them now (the file was not written): leave no orphan behind.
        await takeBack(env.secrets, created);
        throw error;
      }
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
