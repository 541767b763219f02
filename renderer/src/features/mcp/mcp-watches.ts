/**
 * Each MCP tab's watch (mcp.watch): one connection kept open so the server's notifications between
 * calls show on the stream timeline as they come. A watch left open for hours must not grow without
 * bound, so the timeline keeps at most MAX_WATCH_ROWS rows: past that it starts afresh and the run
 * counts what was cleared. A `list_changed` notification marks that list for a Refresh.
 */
import { create } from 'zustand';
import type { WireError } from '../../../../shared/contract/index';
import type { McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import { watchEventNames, type McpWatchRequest } from '../../../../shared/mcp/mcp-watch';
import type { Host, StreamHandle } from '../../host';
import { activeEnvironment } from '../environments';
import { dropTimeline, timelineFeed } from '../stream';

/** Rows the view keeps before it starts a fresh timeline (the record in history keeps its own bound). */
export const MAX_WATCH_ROWS = 2_000;

export type McpListKind = 'tools' | 'resources' | 'prompts';

const listChangedKinds: Readonly<Record<string, McpListKind>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

export interface McpWatchRun {
  /** The stream's request id. */
  id: string;
  /** The timeline shown now (a new one past MAX_WATCH_ROWS). */
  timelineId: string;
  status: 'connecting' | 'watching' | 'stopping' | 'done';
  /** URIs asked to subscribe to (a restart asks again). */
  subscribe: string[];
  /** URIs the server accepted. */
  subscribed: string[];
  refused: Array<{ uri: string; message: string }>;
  /** Rows on the current timeline. */
  eventCount: number;
  /** Server notifications and requests seen in all. */
  seen: number;
  /** Rows cleared from the view to bound memory. */
  cleared: number;
  /** The server offers no standalone stream (405). */
  noStream: boolean;
  /** Lists the server said changed since the last Refresh. */
  listChanged: McpListKind[];
  record?: McpExchangeRecord;
  error?: WireError;
}

interface McpWatchState {
  byTab: Record<string, McpWatchRun>;
  patch(tabId: string, runId: string, change: (run: McpWatchRun) => McpWatchRun): void;
  set(tabId: string, run: McpWatchRun): void;
  forget(tabId: string): void;
}

export const useMcpWatchStore = create<McpWatchState>()((set) => ({
  byTab: {},
  patch(tabId, runId, change) {
    set((s) => {
      const run = s.byTab[tabId];
      return run?.id === runId ? { byTab: { ...s.byTab, [tabId]: change(run) } } : s;
    });
  },
  set(tabId, run) {
    set((s) => ({ byTab: { ...s.byTab, [tabId]: run } }));
  },
  forget(tabId) {
    set((s) => {
      const { [tabId]: _gone, ...rest } = s.byTab;
      return { byTab: rest };
    });
  },
}));

const handles = new Map<string, StreamHandle>();

function dataOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Starts a watch for the tab; one the tab already has is stopped first (its timeline freed). */
export function watchMcp(host: Host, tabId: string, request: McpWatchRequest): string {
  const previous = useMcpWatchStore.getState().byTab[tabId];
  if (previous) {
    void handles.get(previous.id)?.cancel();
    handles.delete(previous.id);
    dropTimeline(previous.timelineId);
  }
  let runId = '';
  let timelineId = '';
  let segment = 0;
  const patch = (change: (run: McpWatchRun) => McpWatchRun): void => useMcpWatchStore.getState().patch(tabId, runId, change);
  const feed = timelineFeed(
    () => timelineId,
    (eventCount) => {
      if (eventCount <= MAX_WATCH_ROWS) return patch((run) => ({ ...run, eventCount }));
      // Bounded: the view starts a fresh timeline and says how many rows it let go of.
      dropTimeline(timelineId);
      timelineId = `${runId}#${++segment}`;
      patch((run) => ({ ...run, timelineId, eventCount: 0, cleared: run.cleared + eventCount }));
    },
  );
  // The core fills {{variables}} from the environment picked in the header, as for calls.
  const environment = activeEnvironment();
  const handle = host.stream('mcp.watch', environment ? { ...request, environment } : request, (event) => {
    if (event.kind === 'data') {
      const { event: name, data } = event.data;
      const d = dataOf(data);
      if (name === watchEventNames.listening) patch((run) => ({ ...run, status: run.status === 'connecting' ? 'watching' : run.status }));
      else if (name === watchEventNames.subscribed) patch((run) => ({ ...run, subscribed: [...run.subscribed, String(d['uri'] ?? '')] }));
      else if (name === watchEventNames.subscribeRefused)
        patch((run) => ({ ...run, refused: [...run.refused, { uri: String(d['uri'] ?? ''), message: String(d['error'] ?? '') }] }));
      // Connected, without the stream that carries notifications between calls: the watch still runs.
      else if (name === watchEventNames.noStream) patch((run) => ({ ...run, noStream: true, status: run.status === 'connecting' ? 'watching' : run.status }));
      else if (!name.startsWith('watch/')) {
        const changed = listChangedKinds[name];
        patch((run) => ({
          ...run,
          seen: run.seen + 1,
          ...(changed && !run.listChanged.includes(changed) ? { listChanged: [...run.listChanged, changed] } : {}),
        }));
      }
      return feed.add(event);
    }
    handles.delete(runId);
    feed.flush();
    patch((run) => ({ ...run, status: 'done', ...(event.kind === 'end' ? { record: event.value } : { error: event.error }) }));
  });
  runId = handle.requestId;
  timelineId = runId;
  handles.set(runId, handle);
  useMcpWatchStore.getState().set(tabId, {
    id: runId,
    timelineId,
    status: 'connecting',
    subscribe: request.subscribe ?? [],
    subscribed: [],
    refused: [],
    eventCount: 0,
    seen: 0,
    cleared: 0,
    noStream: false,
    listChanged: [],
  });
  return runId;
}

/** Stop watching: the core closes the session (DELETE on Streamable HTTP) and the record comes back. */
export async function stopMcpWatch(tabId: string): Promise<void> {
  const run = useMcpWatchStore.getState().byTab[tabId];
  const handle = run ? handles.get(run.id) : undefined;
  if (!run || !handle) return;
  useMcpWatchStore.getState().patch(tabId, run.id, (r) => ({ ...r, status: 'stopping' }));
  await handle.cancel();
}

/** The list was read again: its change notice goes. */
export function clearListChanged(tabId: string, kind: McpListKind): void {
  const run = useMcpWatchStore.getState().byTab[tabId];
  if (run) useMcpWatchStore.getState().patch(tabId, run.id, (r) => ({ ...r, listChanged: r.listChanged.filter((k) => k !== kind) }));
}

/** Closing a tab stops its watch and frees its timeline. */
export function forgetMcpWatch(tabId: string): void {
  const run = useMcpWatchStore.getState().byTab[tabId];
  if (run) {
    void handles.get(run.id)?.cancel();
    handles.delete(run.id);
    dropTimeline(run.timelineId);
  }
  useMcpWatchStore.getState().forget(tabId);
}

export function watchRunning(run: McpWatchRun | undefined): boolean {
  return run !== undefined && run.status !== 'done';
}
