import { create } from 'zustand';
import { OAUTH2_TOKEN_SECRET_PREFIX } from '../../../../shared/a2a/auth';
import type { SecretStorage } from '../../../../shared/contract/ops-secrets';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';

/**
 * The one list of stored secrets' names in the page (values never come back to it). Every secret
 * picker (Auth's "Stored token", an environment variable's secret, Settings, Diagnostics) reads this
 * store, so a secret stored in one place shows up in all of them at once.
 *
 * The OAuth token cache lives in the same secret store, but its records are not credentials to pick,
 * replace or delete: `set` leaves them out here, the one place, so no picker or list can offer them.
 */
interface SecretsState {
  names: string[];
  storage: SecretStorage | undefined;
  set(names: string[], storage: SecretsState['storage']): void;
}

export const useSecretsStore = create<SecretsState>()((set) => ({
  names: [],
  storage: undefined,
  set: (names, storage) => set({ names: names.filter((n) => !n.startsWith(OAUTH2_TOKEN_SECRET_PREFIX)).sort(), storage }),
}));

type SecretsHost = Pick<Host, 'invoke'>;

export async function refreshSecrets(host: SecretsHost): Promise<void> {
  const result = await host.invoke('secrets.list', {});
  if (result.ok) useSecretsStore.getState().set(result.value.names, result.value.storage);
}

/** Sends a typed value straight to the secret store; the caller keeps only the returned name. */
export async function storeSecret(host: SecretsHost, name: string, value: string): Promise<{ ok: true; name: string } | { ok: false; error: WireError }> {
  const result = await host.invoke('secrets.set', { name, value });
  if (!result.ok) return { ok: false, error: result.error };
  await refreshSecrets(host);
  return { ok: true, name: result.value.name };
}

export async function deleteSecret(host: SecretsHost, name: string): Promise<WireError | undefined> {
  const result = await host.invoke('secrets.delete', { name });
  await refreshSecrets(host);
  return result.ok ? undefined : result.error;
}

/**
 * Lists the secrets again whenever the page comes back into view or regains focus: the CLI
 * (`powerduck secret set`) and other windows write the same store, and nothing tells the page.
 * Returns the function that stops listening.
 */
export function watchSecrets(
  host: SecretsHost,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>,
): () => void {
  const onFocus = (): void => void refreshSecrets(host);
  const onVisibility = (): void => {
    if (doc.visibilityState === 'visible') void refreshSecrets(host);
  };
  win.addEventListener('focus', onFocus);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('focus', onFocus);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

/** A readable default secret name from the endpoint host, e.g. `127.0.0.1-9999-bearer`. */
export function suggestSecretName(endpoint: string, purpose: string): string {
  let hostPart = 'agent';
  try {
    hostPart = new URL(endpoint.includes('://') ? endpoint : `http://${endpoint}`).host.replace(/[^a-zA-Z0-9.-]+/g, '-');
  } catch {
    // Keep the generic name: the endpoint is still being typed.
  }
  return `${hostPart}-${purpose}`;
}
