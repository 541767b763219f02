/**
 * Credentials hidden in an endpoint URL. A spec file holds only references to secrets, so an
 * endpoint such as `http://bob:pw@host/rpc` or `…/rpc?access_token=X` is refused on save, with
 * the way out (the request's Auth settings and a named secret).
 */
import { isCredentialName } from '../a2a/credential-names';
import { urlCredentialParts } from '../http/url-credentials';

export interface EndpointCredential {
  /** `userinfo`: user or password before the host; `query`: a credential-looking query parameter. */
  where: 'userinfo' | 'query';
  /** The parameter's name as written (for `query`). */
  name?: string;
}

/**
 * What in `endpoint` looks like a credential (names only, never values), or [] for a clean URL,
 * read as `new URL` reads it (`http:bob:pw@h`, `http:\\bob:pw@h`, `http://a:b@c@h`, padded with spaces)
 * by urlCredentialParts. A parameter in the fragment counts: OAuth's implicit flow puts tokens there.
 */
export function endpointCredentials(endpoint: string): EndpointCredential[] {
  const parts = urlCredentialParts(endpoint);
  const found: EndpointCredential[] = parts.userinfo ? [{ where: 'userinfo' }] : [];
  const seen = new Set<string>();
  for (const param of parts.params) {
    const lower = param.name.toLowerCase();
    if (isCredentialName(param.name) && !seen.has(lower)) {
      seen.add(lower);
      found.push({ where: 'query', name: param.name });
    }
  }
  return found;
}

/** One sentence naming what was found and what to do instead. */
export function endpointCredentialAdvice(found: readonly EndpointCredential[]): string {
  const parts = found.map((f) => (f.where === 'userinfo' ? 'a user name or password before the host' : `the query parameter "${f.name ?? ''}"`));
  return (
    `The endpoint carries a credential (${parts.join(', ')}); a spec file may only hold a reference to a secret. ` +
    "Remove it from the URL and set it in the request's Auth settings (bearer, API key or Basic) with a named secret; nothing was written."
  );
}
