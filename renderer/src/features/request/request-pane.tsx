import type { KeyboardEvent, ReactNode } from 'react';

/** Ctrl+Enter (⌘+Enter) sends the request of the pane it is pressed in: A2A, HTTP and MCP alike. */
export const sendShortcut = 'Control+Enter Meta+Enter';

/**
 * The request side of a tab: a labelled region in which `sendShortcut` sends from any field, so the
 * three kinds of request cannot come to disagree on the key (the JSON editor catches it itself and
 * calls the same `onSend`).
 */
export function RequestPane({ label, onSend, children }: { label: string; onSend: () => void; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    // Dialogs opened from this pane have their own Ctrl+Enter.
    if ((event.target as HTMLElement).closest('dialog')) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <section className="request-pane" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </section>
  );
}

/** The button that does what `sendShortcut` does, and announces the shortcut. */
export function SendButton({ onSend, hint, primary = false, children }: { onSend: () => void; hint: string; primary?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={primary ? 'primary' : undefined} onClick={onSend} aria-keyshortcuts={sendShortcut} title={hint}>
      {children}
    </button>
  );
}
