import { isCredentialName } from '../../../shared/a2a/credential-names';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import type { TemplateFile } from './template-files';

/**
 * Defence in depth for "no existing credential is exported": the generator never reads secrets,
 * but a spec can carry a pasted token in its descriptive text. Before anything is written, the
 * rendered files are checked against every stored secret and every credential-like environment
 * variable, and generation stops if one shows up. The values never leave this module.
 */

export interface KnownSecret {
  /** Where it comes from, for the error message (never the value). */
  label: string;
  value: string;
}

/** Shorter values would match ordinary words; real credentials are longer. */
const MIN_SECRET_LENGTH = 8;
/** The one credential-name rule, plus PRIVATE (`GPG_PRIVATE`): a process environment is wider than a request's names. */
function isCredentialVariable(name: string): boolean {
  return isCredentialName(name) || /PRIVATE/i.test(name);
}

export async function collectKnownSecrets(secrets: SecretStore, environment: Record<string, string | undefined>): Promise<KnownSecret[]> {
  const out: KnownSecret[] = [];
  for (const name of await secrets.list()) {
    const value = await secrets.get(name);
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH) out.push({ label: `stored secret "${name}"`, value });
  }
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH && isCredentialVariable(name)) {
      out.push({ label: `environment variable ${name}`, value });
    }
  }
  return out;
}

export function assertNoKnownSecrets(files: readonly TemplateFile[], secrets: readonly KnownSecret[]): void {
  for (const file of files) {
    const leaked = secrets.find((s) => file.text.includes(s.value));
    if (leaked) {
      throw new CoreError(
        'invalid',
        `The generated ${file.path} would contain the value of ${leaked.label} (it came from the spec or the name). Nothing was written; remove that text and try again.`,
      );
    }
  }
}
