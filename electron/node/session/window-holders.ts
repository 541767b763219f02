/**
 * Which page holds which window's slot, kept in the core's memory only: the core is the one process
 * every window of a host talks to, and memory is what a restart must forget (after a restart no page
 * is open, so the last window's tabs are free to come back). A window is live while its page touches
 * or saves within `liveMs`; the page's `pagehide` releases it at once, so its reload finds its slot.
 *
 * A page is told apart from a reload or a duplicate of itself by its `pageId` (minted per page load):
 * a page whose window another page has taken meanwhile (it was stale, e.g. a throttled background tab,
 * and a new window adopted its slot) is refused the slot, and the caller moves it to a new one, so
 * two pages never write one slot.
 */
import { slotLimits } from '../../../shared/session/session-slots';

export interface WindowHolders {
  /** The page loaded with this window (its own, adopted or a new one): it holds it from now on. */
  take(windowId: string, pageId: string): void;
  /**
   * A heartbeat (`touch`) or a save from the page. True when the page holds the window (or nobody
   * does, and now it does); false when another page holds it. A save does not hold again a window its
   * page released: the last save of a leaving page can arrive after its release (two requests race).
   */
  visit(windowId: string, pageId: string, kind: 'touch' | 'save'): boolean;
  /** The page is leaving (reload, close): its window is free at once. */
  release(windowId: string, pageId: string): void;
  isLive(windowId: string): boolean;
  /** Is this page the one that holds the window (live or not)? */
  isHeldBy(windowId: string, pageId: string): boolean;
  /** Seen by this core at all, live or released. */
  isKnown(windowId: string): boolean;
}

export interface HolderOptions {
  liveMs?: number;
  /** Windows remembered (the least recently seen are forgotten first); far more than anyone opens. */
  maxWindows?: number;
}

export function createWindowHolders(now: () => number, options: HolderOptions = {}): WindowHolders {
  const liveMs = options.liveMs ?? slotLimits.liveMs;
  const maxWindows = options.maxWindows ?? 256;
  const windows = new Map<string, { pageId: string; seenAt: number; released: boolean }>();

  const hold = (windowId: string, pageId: string, released: boolean): void => {
    windows.delete(windowId);
    windows.set(windowId, { pageId, seenAt: now(), released });
    // Insertion order is recency order (each visit re-inserts), so the first key is the least recently seen.
    while (windows.size > maxWindows) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  };

  return {
    take: (windowId, pageId) => hold(windowId, pageId, false),
    visit(windowId, pageId, kind) {
      const held = windows.get(windowId);
      if (held && held.pageId !== pageId) return false;
      if (!(kind === 'save' && held?.released)) hold(windowId, pageId, false);
      return true;
    },
    release(windowId, pageId) {
      if (windows.get(windowId)?.pageId === pageId) hold(windowId, pageId, true);
    },
    isLive(windowId) {
      const held = windows.get(windowId);
      return held !== undefined && !held.released && now() - held.seenAt < liveMs;
    },
    isHeldBy: (windowId, pageId) => windows.get(windowId)?.pageId === pageId,
    isKnown: (windowId) => windows.has(windowId),
  };
}
