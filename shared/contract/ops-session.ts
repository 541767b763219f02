import type { SessionProblem, SessionState } from '../session/session-state';
import type { Op } from './op';

/**
 * Which page asks: `windowId` is the window's slot (kept in the page's sessionStorage, so a reload keeps
 * it and a new window gets a new one); `pageId` is minted per page load, so the core tells a reload or
 * a duplicated tab from the page that holds the slot.
 */
export interface SessionWindow {
  windowId: string;
  pageId: string;
}

/** The window to use from now on: the one asked for, or another when that one is held by another page (then keep this one). */
export interface SessionWindowAnswer {
  windowId: string;
}

/**
 * The open tabs (drafts, last response summaries), kept in the data folder so every host restores alike,
 * one slot per window so two windows never overwrite each other's tabs.
 */
export interface SessionOps {
  /**
   * The window's tabs: its own slot (a reload); for a new window, the most recently saved slot no open
   * window holds (its id comes back as `windowId`); a copy under a new id when another open page holds
   * the slot (a duplicated tab); else none. Empty with `problem` when the file is unreadable.
   */
  'session.load': Op<SessionWindow, SessionState & SessionWindowAnswer & { problem?: string }>;
  /**
   * Replaces the window's slot only. Secrets are stripped and the size bounded; `dropped` lists tabs that
   * did not fit. When another page holds the slot, the tabs go to a new slot, named in `windowId`.
   */
  'session.save': Op<SessionState & SessionWindow, { saved: number; dropped: SessionProblem[] } & SessionWindowAnswer>;
  /** The page's heartbeat (no disk write): its slot stays held while it touches within a minute. */
  'session.touch': Op<SessionWindow, SessionWindowAnswer>;
  /** The page is leaving (pagehide): its slot is free at once, for its reload or a new window. */
  'session.release': Op<SessionWindow, Record<string, never>>;
}

export const sessionOpNames = ['session.load', 'session.save', 'session.touch', 'session.release'] as const satisfies readonly (keyof SessionOps)[];
