import { create } from 'zustand';
import type { EnvironmentsState } from '../../../../shared/contract/ops-env';
import type { SecretStorage } from '../../../../shared/contract/ops-secrets';
import type { WireError } from '../../../../shared/contract/index';
import type { PreviewValue } from '../../../../shared/env/variables';
import type { Host } from '../../host';

interface EnvStoreState {
  state: EnvironmentsState | null;
  secretNames: string[];
  storage: SecretStorage | null;
  error?: WireError;
}

/** The workspace's environments as the core last listed them, and the names of stored secrets. */
export const useEnvironmentsStore = create<EnvStoreState>()(() => ({ state: null, secretNames: [], storage: null }));

export async function refreshEnvironments(host: Host): Promise<void> {
  const [envs, secrets] = await Promise.all([host.invoke('env.list', {}), host.invoke('secrets.list', {})]);
  useEnvironmentsStore.setState({
    ...(envs.ok ? { state: envs.value, error: undefined } : { error: envs.error }),
    ...(secrets.ok ? { secretNames: secrets.value.names, storage: secrets.value.storage } : {}),
  });
}

export async function selectEnvironment(host: Host, name: string | null): Promise<WireError | undefined> {
  const result = await host.invoke('env.select', { name });
  if (!result.ok) return result.error;
  const current = useEnvironmentsStore.getState().state;
  if (current) useEnvironmentsStore.setState({ state: { ...current, active: result.value.active } });
  return undefined;
}

/** The environment sends use (the core resolves its variables at send time). */
export function activeEnvironment(): string | undefined {
  return useEnvironmentsStore.getState().state?.active ?? undefined;
}

/** For previews: a variable's plain value, or its secret's name (values of secrets never reach the page). */
export function previewLookup(state: EnvironmentsState | null): (name: string) => PreviewValue | undefined {
  const env = state?.active ? state.environments.find((e) => e.name === state.active) : undefined;
  return (name) => {
    const v = env?.variables.find((x) => x.name === name);
    if (!v) return undefined;
    return v.secret !== undefined ? { secret: v.secret } : { value: v.value ?? '' };
  };
}
