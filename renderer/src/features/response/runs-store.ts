import { create } from 'zustand';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import type { WireError } from '../../../../shared/contract/index';
import type { Delivered } from '../../host';

export type RunPurpose = 'send' | 'cancel-task' | 'resubscribe' | 'continue';

/** One call made from a tab. Network results are keyed by id (the stream requestId when streaming). */
export interface Run {
  id: string;
  tabId: string;
  purpose: RunPurpose;
  version: A2aVersion;
  binding: Binding;
  method: string;
  streaming: boolean;
  startedAt: number;
  status: 'running' | 'stopping' | 'done';
  /** The record as the host delivered it: a large answer may hold its payload as text (`held`). */
  record?: Delivered<ExchangeRecord>;
  /** The host or core refused the call before any exchange happened. */
  error?: WireError;
  /** Bumped when stream events arrive, so the timeline view re-renders. */
  eventCount: number;
  /** Order in which runs finished (higher = more recent); decides which runs keep their full data. */
  finishedOrder?: number;
  /** An older run reduced to its summary (bodies and stream events dropped to bound the page's memory). */
  reduced?: boolean;
}

/** How many finished runs (across all tabs) keep their full record and timeline. */
export const fullRunsKept = 4;

let finishCounter = 0;

export interface RunsState {
  runs: Record<string, Run>;
  /** The run each tab's response area shows. */
  shownByTab: Record<string, string>;
  start(run: Omit<Run, 'status' | 'eventCount'>): void;
  progress(id: string, eventCount: number): void;
  stopping(id: string): void;
  finish(id: string, outcome: { record: Delivered<ExchangeRecord> } | { error: WireError }): void;
  /** Replaces an older run's record by its summary (see `reduceRecord`). */
  reduce(id: string): void;
  show(tabId: string, runId: string): void;
  forgetTab(tabId: string): void;
}

export const useRunsStore = create<RunsState>()((set) => ({
  runs: {},
  shownByTab: {},
  start(run) {
    set((state) => ({
      runs: { ...state.runs, [run.id]: { ...run, status: 'running', eventCount: 0 } },
      shownByTab: { ...state.shownByTab, [run.tabId]: run.id },
    }));
  },
  progress(id, eventCount) {
    set((state) => {
      const run = state.runs[id];
      return run ? { runs: { ...state.runs, [id]: { ...run, eventCount } } } : state;
    });
  },
  stopping(id) {
    set((state) => {
      const run = state.runs[id];
      return run && run.status === 'running' ? { runs: { ...state.runs, [id]: { ...run, status: 'stopping' } } } : state;
    });
  },
  finish(id, outcome) {
    set((state) => {
      const run = state.runs[id];
      if (!run) return state;
      finishCounter += 1;
      return { runs: { ...state.runs, [id]: { ...run, status: 'done', finishedOrder: finishCounter, ...outcome } } };
    });
  },
  reduce(id) {
    set((state) => {
      const run = state.runs[id];
      if (!run || run.reduced) return state;
      return { runs: { ...state.runs, [id]: { ...run, reduced: true, ...(run.record ? { record: reduceRecord(run.record) } : {}) } } };
    });
  },
  show(tabId, runId) {
    set((state) => ({ shownByTab: { ...state.shownByTab, [tabId]: runId } }));
  },
  forgetTab(tabId) {
    set((state) => {
      const runs = Object.fromEntries(Object.entries(state.runs).filter(([, run]) => run.tabId !== tabId));
      const { [tabId]: _dropped, ...shownByTab } = state.shownByTab;
      return { runs, shownByTab };
    });
  },
}));

export function runsOfTab(state: RunsState, tabId: string): Run[] {
  return Object.values(state.runs)
    .filter((run) => run.tabId === tabId)
    .sort((a, b) => a.startedAt - b.startedAt);
}

/**
 * The summary kept for an older run: outcome, status, headers, sizes and timings stay; the raw
 * bodies (often megabytes) and the stream events go. History keeps the exchange itself.
 */
export function reduceRecord(record: Delivered<ExchangeRecord>): Delivered<ExchangeRecord> {
  const { events: _events, held, ...rest } = record;
  const { body: _requestBody, ...request } = record.request;
  // A payload held as text is the outcome, which a summary keeps; held events go with the events.
  const out: Delivered<ExchangeRecord> = { ...rest, request, ...(held?.payload ? { held: { payload: held.payload } } : {}) };
  if (record.response) {
    const { body: _body, bodyTail: _tail, ...response } = record.response;
    out.response = response;
  }
  return out;
}

/** Finished runs beyond the `fullRunsKept` most recent ones, which still carry full data. */
export function runsToReduce(state: Pick<RunsState, 'runs'>, keep = fullRunsKept): string[] {
  const done = Object.values(state.runs)
    .filter((run) => run.status === 'done' && run.finishedOrder !== undefined)
    .sort((a, b) => (b.finishedOrder ?? 0) - (a.finishedOrder ?? 0));
  return done
    .slice(keep)
    .filter((run) => !run.reduced)
    .map((run) => run.id);
}
