import { create } from 'zustand';

export type Part2Dialog = 'settings' | 'shortcuts' | 'servergen';

interface DialogsState {
  open: Part2Dialog | null;
  show(dialog: Part2Dialog): void;
  close(): void;
}

/** Part 2's app-level dialogs; one at a time, like the native modal they are built on. */
export const useDialogsStore = create<DialogsState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
