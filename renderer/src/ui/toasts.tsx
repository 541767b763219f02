import { useEffect, useState } from 'react';
import { create } from 'zustand';

export interface Toast {
  id: number;
  text: string;
  /** Extra lines (a note, a stored secret's name, warnings). */
  details?: string[];
  action?: { label: string; run: () => void };
  /** Warnings or notes to read: shown longer than a plain confirmation (still not forever). */
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

/**
 * How long a toast stays. Every toast goes away by itself (one that stayed covered the request in a
 * small window); one with warnings or notes stays longer, and none goes while the pointer or the focus
 * is on it (the timer starts again when they leave). The live region has announced it already.
 */
export function toastLifetimeMs(toast: Pick<Toast, 'sticky' | 'details'>): number {
  return toast.sticky || (toast.details?.length ?? 0) > 0 ? 12_000 : 5_000;
}

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss(toast.id), toastLifetimeMs(toast));
    return () => clearTimeout(timer);
  }, [toast, dismiss, held]);
  return (
    <div
      className="toast"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
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
