import { create } from 'zustand';
import { withTimeoutSeconds, type TimeoutField } from '../../../../shared/a2a/call';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import type { A2aDraft } from './draft-model';
import { createDraft, withBinding, withMethod, withVersion } from './draft-model';
import { trackUnsavedChanges } from './unsaved-changes';

export interface DraftsState {
  tabs: A2aDraft[];
  activeId: string | undefined;
  openA2a(seed?: Partial<A2aDraft>): string;
  close(id: string): void;
  activate(id: string): void;
  update(id: string, patch: Partial<Omit<A2aDraft, 'id' | 'kind' | 'version' | 'binding' | 'method'>>): void;
  setVersion(id: string, version: A2aVersion): void;
  setBinding(id: string, binding: Binding): void;
  setMethod(id: string, method: string): void;
  /** Options › Timeout / Connect timeout: a positive number of seconds, or undefined (or anything else) for the core's default. */
  setTimeoutOption(id: string, field: TimeoutField, seconds: number | undefined): void;
  /** Restores tabs saved by drafts-persistence (never contains secret values). */
  restore(tabs: A2aDraft[], activeId: string | undefined): void;
}

let counter = 0;
function newTabId(): string {
  counter += 1;
  return `tab-${Date.now().toString(36)}-${counter}`;
}

function mapTab(tabs: A2aDraft[], id: string, change: (draft: A2aDraft) => A2aDraft): A2aDraft[] {
  return tabs.map((tab) => (tab.id === id ? change(tab) : tab));
}

export const useDraftsStore = create<DraftsState>()((set) => ({
  tabs: [],
  activeId: undefined,
  openA2a(seed) {
    const id = newTabId();
    set((state) => ({ tabs: [...state.tabs, createDraft(id, seed)], activeId: id }));
    return id;
  },
  close(id) {
    set((state) => {
      const index = state.tabs.findIndex((t) => t.id === id);
      if (index < 0) return state;
      const tabs = state.tabs.filter((t) => t.id !== id);
      const neighbour = tabs[Math.min(index, tabs.length - 1)];
      return { tabs, activeId: state.activeId === id ? neighbour?.id : state.activeId };
    });
  },
  activate(id) {
    set((state) => (state.tabs.some((t) => t.id === id) ? { activeId: id } : state));
  },
  update(id, patch) {
    set((state) => ({ tabs: mapTab(state.tabs, id, (d) => ({ ...d, ...patch })) }));
  },
  setVersion(id, version) {
    set((state) => ({ tabs: mapTab(state.tabs, id, (d) => withVersion(d, version)) }));
  },
  setBinding(id, binding) {
    set((state) => ({ tabs: mapTab(state.tabs, id, (d) => withBinding(d, binding)) }));
  },
  setMethod(id, method) {
    set((state) => ({ tabs: mapTab(state.tabs, id, (d) => withMethod(d, method)) }));
  },
  setTimeoutOption(id, field, seconds) {
    set((state) => ({
      tabs: mapTab(state.tabs, id, (d) => withTimeoutSeconds(d, field, seconds)),
    }));
  },
  restore(tabs, activeId) {
    set({ tabs, activeId: tabs.some((t) => t.id === activeId) ? activeId : tabs[0]?.id });
  },
}));

trackUnsavedChanges(useDraftsStore);

export function selectActiveDraft(state: DraftsState): A2aDraft | undefined {
  return state.tabs.find((t) => t.id === state.activeId);
}
