/* eslint-disable @typescript-eslint/no-empty-object-type -- the history feature has no streams */
import type { HistoryStats } from '../history/history-stats';
import type { HistoryEntry, HistorySettings, HistorySummary } from '../history/history-types';
import type { Op, StreamOp } from './op';

export interface HistoryListRequest {
  /**
   * Search terms (see shared/history/history-query.ts): `status:404 error:TASK_NOT_FOUND sum`;
   * `protocol:a2a|http|mcp` picks one protocol, a leading `-` excludes (`-source:check`), except before a digit (`-32001` is the number).
   */
  query?: string;
  /** Newest first; default 200, at most 5000. */
  limit?: number;
}

export interface HistoryListResponse {
  entries: HistorySummary[];
  /** Entries matching the query (may exceed `entries.length`). */
  total: number;
  /** Entries in the history overall. */
  stored: number;
}

export interface HistoryOps {
  'history.list': Op<HistoryListRequest, HistoryListResponse>;
  /** One entry with everything kept for it (the full exchange only when full bodies were on). */
  'history.get': Op<{ id: string }, HistoryEntry>;
  'history.clear': Op<Record<string, never>, { removed: number }>;
  /** Reads the settings; any field given is changed first. */
  'history.settings': Op<Partial<HistorySettings>, HistorySettings>;
  /** Retry and duplicate-execution figures over the user's sends (see shared/history/history-stats.ts). */
  'history.stats': Op<HistoryStatsRequest, HistoryStats>;
}

export interface HistoryStatsRequest {
  /** ISO date-time: only sends from then on. */
  since?: string;
}

export interface HistoryStreams {}

export const historyOpNames = [
  'history.list',
  'history.get',
  'history.clear',
  'history.settings',
  'history.stats',
] as const satisfies readonly (keyof HistoryOps)[];
export const historyStreamNames = [] as const satisfies readonly (keyof HistoryStreams)[];

export type { Op, StreamOp };
