import { create } from 'zustand';
import type { SecretStorage } from '../../../../shared/contract/ops-secrets';
import type { Host } from '../../host';

/** Names of stored secrets (values never come back to the page). */
interface SecretsState {
  names: string[];
  storage: SecretStorage | undefined;
  set(names: string[], storage: SecretsState['storage']): void;
}

export const useSecretsStore = create<SecretsState>()((set) => ({
  names: [],
  storage: undefined,
  set: (names, storage) => set({ names: [...names].sort(), storage }),
}));

export async function refreshSecrets(host: Host): Promise<void> {
  const result = await host.invoke('secrets.list', {});
  if (result.ok) useSecretsStore.getState().set(result.value.names, result.value.storage);
}

/** Sends a typed value straight to the secret store; the caller keeps only the returned name. */
export async function storeSecret(host: Host, name: string, value: string): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  const result = await host.invoke('secrets.set', { name, value });
  if (!result.ok) return { ok: false, message: result.error.message };
  await refreshSecrets(host);
  return { ok: true, name: result.value.name };
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
