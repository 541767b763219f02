import { create } from 'zustand';
import { useDraftsStore } from '../features/request/drafts-store';

/**
 * The wide views (card inspector, operation docs, history entry, contract checks,
 * server generator) take the main area in place of the request tabs' body. One at a time: each
 * view's state lives in its feature store, so switching back and forth loses nothing.
 */
export type ToolView =
  { kind: 'card' } | { kind: 'docs'; file: string; path: string; httpMethod: string } | { kind: 'history'; id: string } | { kind: 'checks' };

interface ToolViewState {
  view: ToolView | null;
  open(view: ToolView): void;
  close(): void;
}

export const useToolViewStore = create<ToolViewState>()((set) => ({
  view: null,
  open: (view) => set({ view }),
  close: () => set({ view: null }),
}));

let quiet = 0;

/** Runs a draft change made from a tool view without leaving the view (e.g. "Apply interface"). */
export function withoutLeavingView<T>(change: () => T): T {
  quiet += 1;
  try {
    return change();
  } finally {
    quiet -= 1;
  }
}

/**
 * Opening or switching a request tab from anywhere (header menu, shortcut, tab strip) means the
 * person wants to see that request: the tool view steps aside.
 */
export function followRequestTabs(): () => void {
  return useDraftsStore.subscribe((state, previous) => {
    if (quiet > 0 || !useToolViewStore.getState().view) return;
    if (state.activeId !== previous.activeId || state.tabs.length > previous.tabs.length) useToolViewStore.getState().close();
  });
}
