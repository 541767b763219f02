import type { SessionProblem, SessionState } from '../session/session-state';
import type { Op } from './op';

/** The open tabs (drafts, last response summaries), kept in the data folder so every host restores alike. */
export interface SessionOps {
  /** The saved session; an empty one when nothing was saved or the file is unreadable (then `problem` says why). */
  'session.load': Op<Record<string, never>, SessionState & { problem?: string }>;
  /** Replaces the saved session. Secrets are stripped and the size bounded; `dropped` lists tabs that did not fit. */
  'session.save': Op<SessionState, { saved: number; dropped: SessionProblem[] }>;
}

export const sessionOpNames = ['session.load', 'session.save'] as const satisfies readonly (keyof SessionOps)[];
