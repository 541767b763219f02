import { create } from 'zustand';
import type { LastResponseSummary } from '../../../../shared/session/session-state';
import { type Run, useRunsStore } from '../response';

/** Per tab, one line about its last response: what the session keeps so a restored tab is not blank. */
interface LastResponseState {
  byTab: Record<string, LastResponseSummary>;
  /** True for summaries restored from the saved session (the full response is gone). */
  restored: Record<string, boolean>;
  set(tabId: string, summary: LastResponseSummary, restored?: boolean): void;
  forget(tabId: string): void;
}

export const useLastResponseStore = create<LastResponseState>()((set) => ({
  byTab: {},
  restored: {},
  set(tabId, summary, restored = false) {
    set((state) => ({ byTab: { ...state.byTab, [tabId]: summary }, restored: { ...state.restored, [tabId]: restored } }));
  },
  forget(tabId) {
    set((state) => {
      const { [tabId]: _gone, ...byTab } = state.byTab;
      const { [tabId]: _flag, ...restored } = state.restored;
      return { byTab, restored };
    });
  },
}));

export function summariseRun(run: Run, at: Date): LastResponseSummary {
  const record = run.record;
  if (!record) return { method: run.method, outcome: 'failed', at: at.toISOString() };
  const outcome = record.outcome;
  const status = record.response?.status ?? record.response?.grpcStatusName;
  const state = outcome.kind === 'task' ? outcome.state : outcome.kind === 'stream' ? outcome.lastState : undefined;
  return {
    method: record.method,
    outcome: outcome.kind,
    at: at.toISOString(),
    durationMs: record.timings.totalMs,
    ...(status !== undefined ? { status } : {}),
    ...(state ? { taskState: state } : {}),
  };
}

/** Follows finished runs (read-only: the runs store is not changed) and keeps each tab's latest summary. */
export function followRuns(): () => void {
  return useRunsStore.subscribe((state, previous) => {
    for (const run of Object.values(state.runs)) {
      if (run.status !== 'done' || previous.runs[run.id]?.status === 'done' || run.purpose !== 'send') continue;
      useLastResponseStore.getState().set(run.tabId, summariseRun(run, new Date()));
    }
  });
}
