/**
 * The `{{variables}}` an import's requests use where a credential goes: the auth's token, password or
 * API key, a credential header (Authorization, X-Api-Key, Cookie…), a credential query parameter or
 * form field. A collection variable used there is a credential whatever its own name says
 * (`{{qk}}` as an API key), so the import stores its value as a secret, never in the environments file.
 */
import { isCredentialName } from '../a2a/credential-names';
import { variableNamesIn } from '../env/variables';
import type { ImportedRequest } from './imported-request';
import { splitUrl } from './request-to-operation';

export function credentialVariables(requests: readonly ImportedRequest[]): Set<string> {
  const out = new Set<string>();
  const add = (text: string): void => {
    for (const name of variableNamesIn(text)) out.add(name);
  };
  for (const req of requests) {
    const auth = req.auth;
    if (auth) add(auth.type === 'bearer' ? auth.token : auth.type === 'basic' ? auth.password : auth.value);
    for (const h of req.headers) if (isCredentialName(h.name.trim())) add(h.value);
    for (const [name, value] of splitUrl(req.url)?.query ?? []) if (isCredentialName(name)) add(value);
    for (const field of req.form?.fields ?? []) if (field.value !== undefined && isCredentialName(field.name)) add(field.value);
  }
  return out;
}
