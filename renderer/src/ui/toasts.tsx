import { useEffect } from 'react';
import { create } from 'zustand';

export interface Toast {
  id: number;
  text: string;
  /** Extra lines (a note, a stored secret's name, warnings). */
  details?: string[];
  action?: { label: string; run: () => void };
  /** Warnings stay until dismissed; plain confirmations fade after a few seconds. */
  sticky?: boolean;
}

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id: number): void;
}

let next = 1;

/** Non-blocking confirmations ("Saved …"): announced politely, never stealing focus. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show(toast) {
    const id = next++;
    set((state) => ({ toasts: [...state.toasts.slice(-3), { ...toast, id }] }));
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

const fadeMs = 8000;

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    if (toast.sticky) return;
    const timer = setTimeout(() => dismiss(toast.id), fadeMs);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div className="toast">
      <p className="toast-text">{toast.text}</p>
      {toast.details?.map((line) => (
        <p key={line} className="small">
          {line}
        </p>
      ))}
      <div className="actions">
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action?.run();
              dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
        <button type="button" onClick={() => dismiss(toast.id)}>
          {dismissLabel}
        </button>
      </div>
    </div>
  );
}

export function Toasts({ label, dismissLabel }: { label: string; dismissLabel: string }) {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={label}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismissLabel={dismissLabel} />
      ))}
    </div>
  );
}
