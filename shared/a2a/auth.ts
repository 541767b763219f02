/**
 * Where a secret comes from. Spec files and drafts only ever hold `secretRef` or `env`;
 * `value` exists in memory for a single send (e.g. the CLI's --token) and is never persisted.
 */
export type SecretSource = { secretRef: string } | { env: string } | { value: string };

export type AuthConfig =
  | { type: 'none' }
  | { type: 'bearer'; token: SecretSource }
  | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: SecretSource }
  | { type: 'basic'; username: string; password: SecretSource };

export const noAuth: AuthConfig = { type: 'none' };

/** True when an auth config carries a literal secret that must not be written to disk. */
export function hasLiteralSecret(auth: AuthConfig): boolean {
  switch (auth.type) {
    case 'none':
      return false;
    case 'bearer':
      return 'value' in auth.token;
    case 'apiKey':
      return 'value' in auth.value;
    case 'basic':
      return 'value' in auth.password;
  }
}
