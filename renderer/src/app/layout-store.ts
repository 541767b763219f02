import { create } from 'zustand';

interface LayoutState {
  sidebarWidth: number;
  /** Width of the request pane in px; the response pane takes the rest. */
  requestWidth: number;
  sidebarOpen: boolean;
  setSidebarWidth(width: number): void;
  setRequestWidth(width: number): void;
  toggleSidebar(): void;
  restore(saved: Partial<Pick<LayoutState, 'sidebarWidth' | 'requestWidth' | 'sidebarOpen'>>): void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  sidebarWidth: 240,
  requestWidth: 560,
  sidebarOpen: true,
  setSidebarWidth: (sidebarWidth) => set({ sidebarWidth }),
  setRequestWidth: (requestWidth) => set({ requestWidth }),
  toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
  restore: (saved) => set(saved),
}));

const key = 'powerduck.layout.v1';

export function persistLayout(storage: Pick<Storage, 'getItem' | 'setItem'>): () => void {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
    const pick = (name: string): number | undefined => (typeof saved[name] === 'number' ? (saved[name] as number) : undefined);
    const sidebarWidth = pick('sidebarWidth');
    const requestWidth = pick('requestWidth');
    useLayoutStore.getState().restore({
      ...(sidebarWidth ? { sidebarWidth } : {}),
      ...(requestWidth ? { requestWidth } : {}),
      ...(typeof saved['sidebarOpen'] === 'boolean' ? { sidebarOpen: saved['sidebarOpen'] } : {}),
    });
  } catch {
    // Unreadable layout: defaults are fine.
  }
  return useLayoutStore.subscribe((s) => {
    try {
      storage.setItem(key, JSON.stringify({ sidebarWidth: s.sidebarWidth, requestWidth: s.requestWidth, sidebarOpen: s.sidebarOpen }));
    } catch {
      // Storage unavailable: the layout resets next time.
    }
  });
}
