import { create } from 'zustand';
import type { EnvironmentsState } from '../../../../shared/contract/ops-env';
import type { WireError } from '../../../../shared/contract/index';
import type { PreviewValue } from '../../../../shared/env/variables';
import { codeVariablesOf } from '../../../../shared/env/environments-model';
import { environmentPreviewLookup } from '../../../../shared/mcp/command-preview';
import type { Host } from '../../host';
import { refreshSecrets } from './secrets-store';

interface EnvStoreState {
  state: EnvironmentsState | null;
  error?: WireError;
  /** A pick the core could not keep: the picker says so, and the previous environment is active again. */
  selectFailure?: { name: string | null; error: WireError };
}

/** The workspace's environments as the core last listed them (secrets' names live in `useSecretsStore`). */
export const useEnvironmentsStore = create<EnvStoreState>()(() => ({ state: null }));

/**
 * The pick sends must use before the core has stored it. Selecting writes a locked file, and a send
 * pressed in the meantime (pick, then Ctrl+Enter) went with the previous environment: against
 * production, say, instead of staging. So a pick is active in the page at once, and a list that
 * answers while it is still being stored does not undo it.
 */
let pending: { seq: number; name: string | null } | undefined;
let selections = 0;
/** The active environment as the core last confirmed it: what a failed pick falls back to. */
let confirmed: string | null = null;

function setActive(active: string | null): void {
  const current = useEnvironmentsStore.getState().state;
  if (current && current.active !== active) useEnvironmentsStore.setState({ state: { ...current, active } });
}

/** Environments and, since variables name secrets, the secrets' names with them. */
export async function refreshEnvironments(host: Host): Promise<void> {
  const [envs] = await Promise.all([host.invoke('env.list', {}), refreshSecrets(host)]);
  if (!envs.ok) {
    useEnvironmentsStore.setState({ error: envs.error });
    return;
  }
  confirmed = envs.value.active;
  const state = pending ? { ...envs.value, active: pending.name } : envs.value;
  useEnvironmentsStore.setState({ state, error: undefined });
}

/**
 * Makes `name` the active environment for sends at once, then stores the choice. If storing fails,
 * the environment the core still has is active again and `selectFailure` says which pick failed (unless
 * a later pick has replaced it by then: that one decides).
 */
export async function selectEnvironment(host: Host, name: string | null): Promise<WireError | undefined> {
  const seq = ++selections;
  pending = { seq, name };
  const current = useEnvironmentsStore.getState().state;
  useEnvironmentsStore.setState({ ...(current ? { state: { ...current, active: name } } : {}), selectFailure: undefined });
  const result = await host.invoke('env.select', { name });
  if (result.ok) confirmed = result.value.active;
  if (seq !== selections) return result.ok ? undefined : result.error;
  pending = undefined;
  if (!result.ok) {
    setActive(confirmed);
    useEnvironmentsStore.setState({ selectFailure: { name, error: result.error } });
    return result.error;
  }
  setActive(result.value.active);
  return undefined;
}

/** The environment sends use (the core resolves its variables at send time): the latest pick, stored or not yet. */
export function activeEnvironment(): string | undefined {
  // A pick still being stored counts even before the first list has answered (state still null).
  if (pending) return pending.name ?? undefined;
  return useEnvironmentsStore.getState().state?.active ?? undefined;
}

/** The picked environment in a listed state, if any. */
function activeOf(state: EnvironmentsState | null): EnvironmentsState['environments'][number] | undefined {
  return state?.active ? state.environments.find((e) => e.name === state.active) : undefined;
}

/** For previews: a variable's plain value, or its secret's name (values of secrets never reach the page). */
export function previewLookup(state: EnvironmentsState | null): (name: string) => PreviewValue | undefined {
  return environmentPreviewLookup(activeOf(state));
}

/**
 * The active environment's name and its plain (not secret-backed) variables: what the Code examples
 * fill in, so a copied command runs as the tab would send it while secrets stay names. `secrets`
 * maps each secret-backed variable to its secret's name (the examples read it from `$SECRET_NAME`).
 */
export function plainVariableValues(state: EnvironmentsState | null): { environment?: string; values: Map<string, string>; secrets: Map<string, string> } {
  const env = activeOf(state);
  return env ? codeVariablesOf(env) : { values: new Map(), secrets: new Map() };
}
