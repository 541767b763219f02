/**
 * The saved session as one slot per window, so two windows (two browser tabs on the browser host,
 * two Electron windows) never overwrite each other's tabs: a save replaces only its own window's
 * slot. Which slot a window gets back on load is decided here from the file and the core's
 * knowledge of which windows are live (held by an open page); the file itself never says who is
 * live, so after a restart every slot is free to be adopted.
 */
import { isObject } from '../a2a/payload';
import { sanitiseSession, sessionLimits, type SessionState } from './session-state';

/** One window's tabs as saved: a `SessionState` plus whose it is and when it was saved. */
export interface SessionSlot extends SessionState {
  windowId: string;
  /** When the window last saved (ISO 8601): the most recent closed slot is the one a new window adopts. */
  savedAt: string;
}

/** What `session.json` holds since windows have their own slots. */
export interface SessionSlotsFile {
  version: 2;
  windows: SessionSlot[];
}

export const slotLimits = {
  /** Slots kept in the file; beyond it the oldest closed windows give way first. */
  maxSlots: 8,
  /** A window that neither saved nor touched for this long is taken for closed (the page touches every ~20 s). */
  liveMs: 60_000,
} as const;

/** The id a file written before per-window slots gets as its one slot. */
export const legacyWindowId = 'legacy-session';

const windowIdPattern = /^[A-Za-z0-9_-]{1,128}$/;

export function isWindowId(value: unknown): value is string {
  return typeof value === 'string' && windowIdPattern.test(value);
}

function validTime(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && Number.isFinite(Date.parse(value));
}

/**
 * Any parsed file as slots: today's format, or the single session written before slots (read as one
 * closed slot, so an upgrade loses nothing). Every slot is sanitised again (the file may have been
 * edited by hand); slots without a valid id and duplicates of an id are dropped.
 */
export function readSlots(parsed: unknown): SessionSlot[] {
  if (!isObject(parsed)) return [];
  if (!Array.isArray(parsed['windows'])) {
    if (!Array.isArray(parsed['tabs'])) return [];
    const { state } = sanitiseSession(parsed);
    return state.tabs.length ? [{ ...state, windowId: legacyWindowId, savedAt: new Date(0).toISOString() }] : [];
  }
  const slots: SessionSlot[] = [];
  for (const raw of parsed['windows'] as unknown[]) {
    if (!isObject(raw) || !isWindowId(raw['windowId']) || slots.some((s) => s.windowId === raw['windowId'])) continue;
    const { state } = sanitiseSession(raw);
    slots.push({ ...state, windowId: raw['windowId'], savedAt: validTime(raw['savedAt']) ? raw['savedAt'] : new Date(0).toISOString() });
  }
  return slots;
}

export function writeSlots(slots: readonly SessionSlot[]): string {
  const file: SessionSlotsFile = { version: 2, windows: [...slots] };
  return JSON.stringify(file);
}

/** The largest file worth reading: every slot at its size bound, with room for JSON escaping. */
export const maxSessionFileBytes = sessionLimits.maxTotalBytes * slotLimits.maxSlots * 2;

const newestFirst = (a: SessionSlot, b: SessionSlot): number => Date.parse(b.savedAt) - Date.parse(a.savedAt);

/**
 * Puts the caller's slot into the list, replacing its previous one, then bounds the list: an empty
 * slot of a closed window is simply removed (nothing to restore), and beyond `maxSlots` the least
 * recently saved closed slots go, then (only with more live windows than slots) the least recently
 * saved live ones, whose pages still hold their tabs and save them again with their next change.
 */
export function putSlot(
  slots: readonly SessionSlot[],
  slot: SessionSlot,
  isLive: (windowId: string) => boolean,
  maxSlots: number = slotLimits.maxSlots,
): SessionSlot[] {
  const others = slots.filter((s) => s.windowId !== slot.windowId && (s.tabs.length > 0 || isLive(s.windowId)));
  const closed = others.filter((s) => !isLive(s.windowId)).sort(newestFirst);
  const live = others.filter((s) => isLive(s.windowId)).sort(newestFirst);
  const room = Math.max(0, maxSlots - 1);
  const keptLive = live.slice(0, room);
  const keptClosed = closed.slice(0, Math.max(0, room - keptLive.length));
  const kept = new Set([...keptLive, ...keptClosed]);
  // The caller's slot stays where it was (or goes last), so a save changes one entry of the file.
  const out = slots.flatMap((s) => (s.windowId === slot.windowId ? [slot] : kept.has(s) ? [s] : []));
  return out.includes(slot) ? out : [...out, slot];
}

export type SlotChoice =
  /** The window's own slot (a reload), or none yet and it is a window the core knows: it starts as it was. */
  | { kind: 'own'; windowId: string; slot?: SessionSlot }
  /** A new window (or the app restarted): the most recently saved slot no live window holds; the page takes its id. */
  | { kind: 'adopted'; windowId: string; slot: SessionSlot }
  /** The id is held by another live page (a duplicated browser tab copies sessionStorage): a copy of its tabs under a new id. */
  | { kind: 'copy'; windowId: string; slot?: SessionSlot }
  /** Every slot is held by a live window: a new, empty window, as a browser's new window is. */
  | { kind: 'empty'; windowId: string };

export interface SlotContext {
  /** Is this window held by an open page (it touched or saved within `liveMs` and did not release)? */
  isLive(windowId: string): boolean;
  /** Has this core seen the window (live or released)? Its slot may be gone: it had no tabs. */
  isKnown(windowId: string): boolean;
  /** A fresh window id for a copy. */
  mintId(): string;
}

/** Which saved tabs a window that asks with `windowId` gets back (see SlotChoice). */
export function chooseSlot(slots: readonly SessionSlot[], windowId: string, context: SlotContext): SlotChoice {
  const own = slots.find((s) => s.windowId === windowId);
  if (context.isLive(windowId)) return { kind: 'copy', windowId: context.mintId(), ...(own ? { slot: own } : {}) };
  if (own) return { kind: 'own', windowId, slot: own };
  if (context.isKnown(windowId)) return { kind: 'own', windowId };
  const free = slots.filter((s) => s.tabs.length > 0 && !context.isLive(s.windowId)).sort(newestFirst)[0];
  return free ? { kind: 'adopted', windowId: free.windowId, slot: free } : { kind: 'empty', windowId };
}
