import { create } from 'zustand';
import { trackUnsavedChanges, useDraftsStore } from '../request';
import type { McpDraft } from './mcp-draft';
import { createMcpDraft } from './mcp-draft';

/**
 * MCP request tabs. Like HTTP tabs they share the tab bar and the active tab with A2A tabs: the
 * A2A store's `activeId` names the shown tab of any kind (ids carry a kind prefix, never collide).
 */
export interface McpDraftsState {
  tabs: McpDraft[];
  open(seed?: Partial<McpDraft>): string;
  update(id: string, change: (draft: McpDraft) => McpDraft): void;
  close(id: string): void;
}

let counter = 0;

export const useMcpDraftsStore = create<McpDraftsState>()((set) => ({
  tabs: [],
  open(seed) {
    counter += 1;
    const id = `mcp-${Date.now().toString(36)}-${counter}`;
    set((state) => ({ tabs: [...state.tabs, createMcpDraft(id, seed)] }));
    useDraftsStore.setState({ activeId: id });
    return id;
  },
  update(id, change) {
    set((state) => ({
      tabs: state.tabs.map((t) => (t.id === id ? change(t) : t)),
    }));
  },
  close(id) {
    set((state) => ({ tabs: state.tabs.filter((t) => t.id !== id) }));
  },
}));

trackUnsavedChanges(useMcpDraftsStore);

export function openMcpTab(seed?: Partial<McpDraft>): string {
  return useMcpDraftsStore.getState().open(seed);
}
