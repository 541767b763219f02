/**
 * A literal credential in a saved request goes to the secret store; the spec file gets its name.
 */
import { basename, extname } from 'node:path';
import { CoreError } from '../core-error';
import type { SpecContext } from './spec-store';

const secretNamePattern = /^[A-Za-z0-9_.-]{1,128}$/;

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
  const base = requested ?? derivedSecretName(file, path);
  for (let n = 1; n < 100; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    // One step in the store: two saves racing for one name never overwrite each other's value.
    const claimed = await ctx.secrets.setIfAbsent(name, value);
    if (claimed !== 'taken') return { name, created: claimed === 'created' };
    if (requested !== undefined) throw new CoreError('conflict', `The secret "${requested}" already holds another value; pick another name.`);
  }
  throw new CoreError('conflict', 'Could not find a free secret name.');
}
