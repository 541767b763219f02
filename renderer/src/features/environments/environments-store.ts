import { create } from 'zustand';
import type { EnvironmentsState } from '../../../../shared/contract/ops-env';
import type { WireError } from '../../../../shared/contract/index';
import type { PreviewValue } from '../../../../shared/env/variables';
import type { Host } from '../../host';
import { refreshSecrets } from './secrets-store';

interface EnvStoreState {
  state: EnvironmentsState | null;
  error?: WireError;
}

/** The workspace's environments as the core last listed them (secrets' names live in `useSecretsStore`). */
export const useEnvironmentsStore = create<EnvStoreState>()(() => ({ state: null }));

/** Environments and, since variables name secrets, the secrets' names with them. */
export async function refreshEnvironments(host: Host): Promise<void> {
  const [envs] = await Promise.all([host.invoke('env.list', {}), refreshSecrets(host)]);
  useEnvironmentsStore.setState(envs.ok ? { state: envs.value, error: undefined } : { error: envs.error });
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
