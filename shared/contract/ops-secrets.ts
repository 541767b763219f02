import type { Op } from './op';

/** Secret values go in; only names ever come back out to the page. */
export interface SecretOps {
  'secrets.list': Op<Record<string, never>, { names: string[]; storage: 'os-keychain' | 'file-0600' }>;
  'secrets.set': Op<{ name: string; value: string }, { name: string }>;
  'secrets.delete': Op<{ name: string }, { deleted: boolean }>;
}

export const secretOpNames = ['secrets.list', 'secrets.set', 'secrets.delete'] as const satisfies readonly (keyof SecretOps)[];
