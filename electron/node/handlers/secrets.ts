import type { SecretOps } from '../../../shared/contract/ops-secrets';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers } from '../handler-types';

const secretName = /^[A-Za-z0-9_.-]{1,128}$/;

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !secretName.test(name)) {
    throw new CoreError('bad-request', 'A secret name is 1-128 characters of letters, digits, dot, dash or underscore.');
  }
  return name;
}

export function createSecretHandlers(env: CoreEnv): Handlers<SecretOps> {
  return {
    'secrets.list': async () => ({ names: await env.secrets.list(), storage: env.secrets.kind }),
    'secrets.set': async ({ name, value }) => {
      const checked = checkName(name);
      if (typeof value !== 'string' || value.length === 0) throw new CoreError('bad-request', 'A secret value cannot be empty.');
      await env.secrets.set(checked, value);
      return { name: checked };
    },
    'secrets.delete': async ({ name }) => ({ deleted: await env.secrets.delete(checkName(name)) }),
  };
}
