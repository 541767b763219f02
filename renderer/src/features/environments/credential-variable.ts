/** Secret-store names for variables moved out of powerduck.environments.json (which plain variables to move: plainCredential in the environment model). */
import { secretNamePattern } from '../../../../shared/env/environments-model';

/**
 * The secret-store name for a variable moved into it: `<environment>-<variable>`, made of the
 * characters a secret name allows, and not one already taken (an existing secret is never replaced).
 */
export function secretNameForVariable(env: string, variable: string, taken: readonly string[]): string {
  const slug = (text: string): string => text.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '');
  const base = [slug(env), slug(variable)].filter(Boolean).join('-').slice(0, 120) || 'variable';
  let name = base;
  for (let n = 2; taken.includes(name); n++) name = `${base}-${n}`;
  return secretNamePattern.test(name) ? name : 'variable';
}
