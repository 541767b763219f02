import { create } from 'zustand';
import { trackUnsavedChanges, useDraftsStore } from '../request';
import type { HttpDraft } from './http-draft';
import { createHttpDraft } from './http-draft';

/**
 * HTTP request tabs. They share the tab bar and the active tab with A2A tabs: the A2A store's
 * `activeId` names the shown tab, whichever kind it is (ids never collide: both are minted here
 * and there with different prefixes).
 */
export interface HttpDraftsState {
  tabs: HttpDraft[];
  open(seed?: Partial<HttpDraft>): string;
  update(id: string, change: (draft: HttpDraft) => HttpDraft): void;
  close(id: string): void;
}

let counter = 0;

export const useHttpDraftsStore = create<HttpDraftsState>()((set) => ({
  tabs: [],
  open(seed) {
    counter += 1;
    const id = `http-${Date.now().toString(36)}-${counter}`;
    set((state) => ({ tabs: [...state.tabs, createHttpDraft(id, seed)] }));
    useDraftsStore.setState({ activeId: id });
    return id;
  },
  update(id, change) {
    set((state) => ({ tabs: state.tabs.map((t) => (t.id === id ? change(t) : t)) }));
  },
  close(id) {
    set((state) => ({ tabs: state.tabs.filter((t) => t.id !== id) }));
  },
}));

trackUnsavedChanges(useHttpDraftsStore);

export function openHttpTab(seed?: Partial<HttpDraft>): string {
  return useHttpDraftsStore.getState().open(seed);
}
