/**
 * A plain variable named like a credential (`password`, `apiKey`, `token`): its value would go to
 * powerduck.environments.json, a plain file that is often committed. The row says so and offers to
 * move the value into the secret store. "Named like a credential" is the one rule history and spec
 * saves use (credential-names.ts), so the dialog hints at exactly what they would hide.
 */
import { isCredentialName } from '../../../../shared/a2a/credential-names';
import { secretNamePattern, type EnvironmentVariable } from '../../../../shared/env/environments-model';
import { wholeVariable } from '../../../../shared/env/variables';

/** Whether the row should suggest a secret: a plain value (not a `{{reference}}`) under a credential-like name. */
export function suggestsSecret(variable: EnvironmentVariable): boolean {
  if (variable.secret !== undefined) return false;
  const value = variable.value ?? '';
  // `{{other}}` names another variable: whatever it holds is judged on its own row.
  if (value.trim() !== '' && wholeVariable(value) !== undefined) return false;
  return isCredentialName(variable.name);
}

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
