import type { AuthConfig } from '../../../shared/a2a/auth';
import { applyAuth, type SecretDeps } from '../a2a/auth-apply';

export interface ResolvedAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Literal secret values, for redaction of the recorded copy. */
  secrets: string[];
}

/**
 * Auth for the raw probes, from the same resolver as every send (auth-apply.ts): the same secret
 * lookups, the same errors, the same cached OAuth token; only shaped for hand-built requests.
 */
export async function resolveRawAuth(auth: AuthConfig | undefined, deps: SecretDeps): Promise<ResolvedAuth> {
  const applied = await applyAuth(auth, deps);
  return { headers: Object.fromEntries(applied.headers), query: Object.fromEntries(applied.query), secrets: [...(applied.redaction.values ?? [])] };
}
