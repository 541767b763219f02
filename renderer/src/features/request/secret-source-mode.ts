import type { SecretSource } from '../../../../shared/a2a/auth';

/**
 * The three places a credential can come from in the Auth editors:
 * - `secret`: a named secret in the secret store (`{ secretRef: 'name' }`);
 * - `variable`: a `{{variable}}` of the selected Powerduck environment, stored as
 *   `{ secretRef: '{{name}}' }` — the shape spec files already use (the demo's `secretRef: "{{token}}"`)
 *   and that the core fills in at send time for A2A, HTTP and MCP alike, so nothing new reaches disk;
 * - `env`: an OS environment variable of the Powerduck process itself (`{ env: 'NAME' }`), for CI.
 */
export type SecretSourceMode = 'secret' | 'variable' | 'env';

const braced = /^\{\{\s*(.*?)\s*\}\}$/s;

/** The variable a source refers to (`{ secretRef: '{{token}}' }` → `token`), else undefined. */
export function sourceVariable(source: SecretSource): string | undefined {
  if (!('secretRef' in source) || typeof source.secretRef !== 'string') return undefined;
  return braced.exec(source.secretRef.trim())?.[1];
}

/**
 * Empty references made by choosing "Variable" (or by emptying its name): `{ secretRef: '' }` reads as
 * "no secret chosen", so the choice is remembered on the value itself rather than in the field that
 * made it. A field's component state would follow the component, not the credential: it was lost when
 * the tab's editor was drawn again, and handed to whichever field React drew in the same place next.
 * Weak, so a reference no draft holds any more takes its mark with it.
 */
const chosenVariable = new WeakSet<SecretSource>();

function markedVariable(source: SecretSource): SecretSource {
  chosenVariable.add(source);
  return source;
}

export function sourceMode(source: SecretSource): SecretSourceMode {
  if ('env' in source) return 'env';
  return sourceVariable(source) !== undefined || chosenVariable.has(source) ? 'variable' : 'secret';
}

/**
 * The source for a variable name as typed: braces are optional (`token` and `{{token}}` mean the
 * same); an empty name stays an empty reference, which the core refuses as "no token is chosen".
 */
export function variableSource(typed: string): SecretSource {
  const inner = braced.exec(typed.trim())?.[1] ?? typed.trim();
  return inner === '' ? markedVariable({ secretRef: '' }) : { secretRef: `{{${inner}}}` };
}

/** What switching the Source picker starts from: an empty reference of that kind. */
export function emptySource(mode: SecretSourceMode): SecretSource {
  if (mode === 'env') return { env: '' };
  return mode === 'variable' ? markedVariable({ secretRef: '' }) : { secretRef: '' };
}
