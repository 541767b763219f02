import { create } from 'zustand';
import type { ProxySettingsState } from '../../../../shared/contract/ops-http';
import type { WireError } from '../../../../shared/contract/index';
import type { ProxySettings } from '../../../../shared/http/proxy-rules';
import type { Host } from '../../host';

/**
 * The Settings-level proxy as the page knows it (the core keeps it in the data folder): the
 * Settings dialog edits it, and the request tabs' Options say what "Settings" means for their address.
 */
interface ProxySettingsStore {
  state: ProxySettingsState | undefined;
  set(state: ProxySettingsState): void;
}

export const useProxySettingsStore = create<ProxySettingsStore>()((set) => ({
  state: undefined,
  set: (state) => set({ state }),
}));

type ProxyHost = Pick<Host, 'invoke'>;

export async function refreshProxySettings(host: ProxyHost): Promise<void> {
  const result = await host.invoke('http.proxySettings', {});
  if (result.ok) useProxySettingsStore.getState().set(result.value);
}

/** Saves the given fields; on refusal nothing changes and the error says why. */
export async function saveProxySettings(host: ProxyHost, patch: Partial<ProxySettings>): Promise<{ ok: true } | { ok: false; error: WireError }> {
  const result = await host.invoke('http.proxySettings', patch);
  if (!result.ok) return { ok: false, error: result.error };
  useProxySettingsStore.getState().set(result.value);
  return { ok: true };
}
