/**
 * Which window this page is, for the core's per-window session slots: the window id lives in
 * sessionStorage (a reload of the tab keeps it, a new window or tab starts without one), the page id
 * is new on every load (the core tells a reload or a duplicated tab from the page that holds a slot).
 */
import { isWindowId } from '../../../../shared/session/session-slots';
import type { SessionWindow } from '../../../../shared/contract/ops-session';

const windowIdKey = 'powerduck.windowId';

export interface SessionWindowIds {
  /** The ids to send now. */
  current(): SessionWindow;
  /** The core answered with another window (adopted, copied or moved): use it from now on, and after a reload. */
  follow(windowId: string): boolean;
}

/** Storage unavailable (a sandboxed frame) only costs the reload's slot: the page then asks as a new window. */
export function sessionWindowIds(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, mintId: () => string): SessionWindowIds {
  const read = (): string | undefined => {
    try {
      const saved = storage?.getItem(windowIdKey);
      return isWindowId(saved) ? saved : undefined;
    } catch {
      return undefined;
    }
  };
  const keep = (windowId: string): void => {
    try {
      storage?.setItem(windowIdKey, windowId);
    } catch {
      // See above: the id still holds for this page.
    }
  };
  let windowId = read() ?? mintId();
  keep(windowId);
  const pageId = mintId();
  return {
    current: () => ({ windowId, pageId }),
    follow(next) {
      if (next === windowId || !isWindowId(next)) return false;
      windowId = next;
      keep(next);
      return true;
    },
  };
}
