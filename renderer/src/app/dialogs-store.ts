import { create } from 'zustand';

export type ToolDialog = 'settings' | 'shortcuts' | 'servergen';

interface DialogsState {
  open: ToolDialog | null;
  show(dialog: ToolDialog): void;
  close(): void;
}

/** The app-level dialogs; one at a time, like the native modal they are built on. */
export const useDialogsStore = create<DialogsState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
