import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** Ctrl+Enter (⌘+Enter) sends the request of the pane it is pressed in: A2A, HTTP and MCP alike. */
export const sendShortcut = 'Control+Enter Meta+Enter';

/** Ctrl+S (⌘+S) opens Save to spec for the shown request, filled in with its spec operation when it has one. */
export const saveShortcut = 'Control+S Meta+S';

interface PaneActions {
  send(): void;
  save?(): void;
}

/** The shown request's pane (one at a time: only the active tab's pane is mounted). */
let shownPane: { current: PaneActions; tabId: string } | undefined;

/** A tab whose Save to spec was asked for before its pane was shown (the close prompt's "Save…"). */
let saveOnShow: string | undefined;

/**
 * Opens Save to spec for this tab: now when its pane is the shown one, else as soon as it mounts
 * (the caller makes it the active tab), never on another tab's pane while the switch renders.
 */
export function saveWhenShown(tabId: string): void {
  if (shownPane?.tabId === tabId) {
    saveOnShow = undefined;
    shownPane.current.save?.();
  } else saveOnShow = tabId;
}

/**
 * What the app-wide shortcuts act on: Send and Save to spec of the request now shown, wherever the
 * focus is (the sidebar's "Open" button keeps it, for one). Undefined while a tool view is shown.
 */
export function shownRequestActions(): PaneActions | undefined {
  return shownPane?.current;
}

/**
 * The request side of a tab: a labelled region in which `sendShortcut` sends from any field, so the
 * three kinds of request cannot come to disagree on the key (the JSON editor catches it itself and
 * calls the same `onSend`). The app's shortcuts reach the same `onSend` / `onSave` from outside it.
 */
export function RequestPane({
  tabId,
  label,
  onSend,
  onSave,
  children,
}: {
  tabId: string;
  label: string;
  onSend: () => void;
  onSave?: () => void;
  children: ReactNode;
}) {
  const actions = useRef<PaneActions>({ send: onSend });
  actions.current = onSave ? { send: onSend, save: onSave } : { send: onSend };
  useEffect(() => {
    const shown = {
      tabId,
      get current() {
        return actions.current;
      },
    };
    shownPane = shown;
    if (saveOnShow === tabId) saveWhenShown(tabId);
    return () => {
      if (shownPane === shown) shownPane = undefined;
    };
  }, [tabId]);
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
