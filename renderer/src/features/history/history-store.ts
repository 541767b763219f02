import { create } from 'zustand';
import type { HistoryStats } from '../../../../shared/history/history-stats';
import { withFilters, type HistoryProtocol } from '../../../../shared/history/history-query';
import type { HistorySettings, HistorySummary } from '../../../../shared/history/history-types';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import { useRunsStore } from '../response';
import { onHttpRunDone } from '../http';
import { onMcpRunDone } from '../mcp';

interface HistoryState {
  query: string;
  /** The protocol filter beside the search ('' for all); kept for the page, like the search text. */
  protocol: HistoryProtocol | '';
  /** Leaves contract-check probes out of the list (a check run adds dozens of them): on by default. */
  hideChecks: boolean;
  busy: boolean;
  entries: HistorySummary[];
  total: number;
  stored: number;
  loaded: boolean;
  error?: WireError;
  settings?: HistorySettings;
  settingsError?: WireError;
  /** Retry and duplicate-execution figures over the whole history (not the search). */
  stats?: HistoryStats;
  setQuery(query: string): void;
  setProtocol(protocol: HistoryProtocol | ''): void;
  setHideChecks(hideChecks: boolean): void;
}

export const useHistoryStore = create<HistoryState>()((set) => ({
  query: '',
  protocol: '',
  hideChecks: true,
  busy: false,
  entries: [],
  total: 0,
  stored: 0,
  loaded: false,
  setQuery: (query) => set({ query }),
  setProtocol: (protocol) => set({ protocol }),
  setHideChecks: (hideChecks) => set({ hideChecks }),
}));

let generation = 0;

/** Reloads the list for the current query and filters; an older answer never overwrites a newer one. */
export async function refreshHistory(host: Host): Promise<void> {
  const mine = ++generation;
  const { query: typed, protocol, hideChecks } = useHistoryStore.getState();
  // The filters travel as search terms, so the core, the CLI and the view read one syntax.
  const query = withFilters(typed, { ...(protocol ? { protocol } : {}), hideChecks });
  useHistoryStore.setState({ busy: true });
  const [result, stats] = await Promise.all([host.invoke('history.list', { ...(query ? { query } : {}), limit: 500 }), host.invoke('history.stats', {})]);
  if (mine !== generation) return;
  // The figures are a summary beside the list: a failure there hides them, it does not block the list.
  const figures = stats.ok ? { stats: stats.value } : { stats: undefined };
  if (!result.ok) return useHistoryStore.setState({ busy: false, error: result.error, loaded: true, ...figures });
  useHistoryStore.setState({ busy: false, error: undefined, loaded: true, ...result.value, ...figures });
}

export async function loadHistorySettings(host: Host): Promise<void> {
  const result = await host.invoke('history.settings', {});
  useHistoryStore.setState(result.ok ? { settings: result.value, settingsError: undefined } : { settingsError: result.error });
}

/** Shows the new choice at once; puts the old one back if the core refuses it. */
export async function setFullBodies(host: Host, fullBodies: boolean): Promise<void> {
  const before = useHistoryStore.getState().settings;
  if (before) useHistoryStore.setState({ settings: { ...before, fullBodies } });
  const result = await host.invoke('history.settings', { fullBodies });
  useHistoryStore.setState(result.ok ? { settings: result.value, settingsError: undefined } : { settings: before, settingsError: result.error });
}

export async function clearHistory(host: Host): Promise<WireError | undefined> {
  const result = await host.invoke('history.clear', {});
  await refreshHistory(host);
  return result.ok ? undefined : result.error;
}

/** Every finished call lands in the history: refresh when a run of any tab completes (A2A, HTTP or MCP). */
export function refreshOnRunsDone(host: Host): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = (): void => {
    clearTimeout(timer);
    // The core appends the entry right after answering; a short pause lets the write land.
    timer = setTimeout(() => void refreshHistory(host), 150);
  };
  const stops = [
    useRunsStore.subscribe((state, previous) => {
      if (Object.values(state.runs).some((run) => run.status === 'done' && previous.runs[run.id]?.status !== 'done')) refreshSoon();
    }),
    onHttpRunDone(refreshSoon),
    onMcpRunDone(refreshSoon),
  ];
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
