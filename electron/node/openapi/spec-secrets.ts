/**
 * A literal credential in a saved request goes to the secret store; the spec file gets its name.
 */
import { basename, extname } from 'node:path';
import { secretNamePattern } from '../../../shared/env/environments-model';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import type { SpecContext } from './spec-store';

function derivedSecretName(file: string, path: string): string {
  const base = `${basename(file, extname(file))}${path}`.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `spec-${base}`.slice(0, 120);
}

/** Stores a literal credential under a name (never overwriting a different value) and returns the name. */
export async function storeLiteral(
  ctx: SpecContext,
  value: string,
  requested: string | undefined,
  file: string,
  path: string,
): Promise<{ name: string; created: boolean }> {
  if (requested !== undefined && !secretNamePattern.test(requested))
    throw new CoreError('bad-request', 'A secret name is 1-128 characters of letters, digits, dot, dash or underscore.');
  return claimSecret(ctx.secrets, requested ?? derivedSecretName(file, path), value, requested !== undefined);
}

/**
 * Stores `value` under `base`, or (unless `exact`) under the first free `base-2`, `base-3`…, never
 * over a different value; `created` is false when the name already held exactly this value.
 */
export async function claimSecret(secrets: SecretStore, base: string, value: string, exact = false): Promise<{ name: string; created: boolean }> {
  for (let n = 1; n < 100; n++) {
    const name = n === 1 ? base : `${base.slice(0, 120)}-${n}`;
    // One step in the store: two saves racing for one name never overwrite each other's value.
    const claimed = await secrets.setIfAbsent(name, value);
    if (claimed !== 'taken') return { name, created: claimed === 'created' };
    if (exact) throw new CoreError('conflict', `The secret "${base}" already holds another value; pick another name.`);
  }
  throw new CoreError('conflict', 'Could not find a free secret name.');
}
