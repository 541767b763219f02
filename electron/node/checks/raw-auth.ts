import { ownValue } from '../../../shared/a2a/safe-object';
import { applyAuth } from '../a2a/auth-apply';
import type { AuthConfig, SecretSource } from '../../../shared/a2a/auth';
import type { SecretStore } from '../secret-store';
import { CoreError } from '../core-error';

export interface ResolvedAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Literal secret values, for redaction of the recorded copy. */
  secrets: string[];
}

async function resolveSecret(source: SecretSource, secrets: SecretStore, environment: Record<string, string | undefined>): Promise<string> {
  if ('value' in source) return source.value;
  if ('env' in source) {
    const value = ownValue(environment, source.env);
    if (typeof value !== 'string') throw new CoreError('bad-request', `The environment variable ${source.env} is not set.`);
    return value;
  }
  const value = await secrets.get(source.secretRef);
  if (value === undefined) throw new CoreError('not-found', `No secret named ${source.secretRef}.`);
  return value;
}

/** Auth for the raw probes (performCall applies auth itself for everything else). */
export async function resolveRawAuth(
  auth: AuthConfig | undefined,
  secrets: SecretStore,
  environment: Record<string, string | undefined>,
): Promise<ResolvedAuth> {
  const out: ResolvedAuth = { headers: {}, query: {}, secrets: [] };
  if (!auth || auth.type === 'none') return out;
  switch (auth.type) {
    case 'bearer': {
      const token = await resolveSecret(auth.token, secrets, environment);
      out.headers['Authorization'] = `Bearer ${token}`;
      out.secrets.push(token);
      break;
    }
    case 'apiKey': {
      const value = await resolveSecret(auth.value, secrets, environment);
      if (auth.in === 'header') out.headers[auth.name] = value;
      else out.query[auth.name] = value;
      out.secrets.push(value);
      break;
    }
    case 'basic': {
      const password = await resolveSecret(auth.password, secrets, environment);
      const encoded = Buffer.from(`${auth.username}:${password}`, 'utf8').toString('base64');
      out.headers['Authorization'] = `Basic ${encoded}`;
      out.secrets.push(password, encoded);
      break;
    }
    case 'oauth2': {
      // The probes use the same cached (or newly obtained) token as every other call.
      const applied = await applyAuth(auth, { secrets, environment });
      for (const [name, value] of applied.headers) out.headers[name] = value;
      out.secrets.push(...(applied.redaction.values ?? []));
      break;
    }
  }
  return out;
}
