/**
 * HTTP sends of each tab. Every send goes through `http.stream`, because only the answer tells
 * whether it is an event stream: events fold into the stream timeline as they arrive; the record
 * comes with `end`. I/O handles stay outside the store.
 */
import { withDefaultScheme } from '../../../../shared/http/default-scheme';
import { create } from 'zustand';
import type { WireError } from '../../../../shared/contract/index';
import { DEFAULT_HTTP_CONNECT_MS, DEFAULT_HTTP_TOTAL_MS, type HttpExchangeRecord } from '../../../../shared/http/http-types';
import type { Host, StreamHandle } from '../../host';
import { dropTimeline, timelineFeed } from '../stream';
import { activeEnvironment } from '../environments';
import { buildHttpRequest } from './http-draft';
import { useHttpDraftsStore } from './http-drafts-store';
import { responseOrigin } from './http-save-draft';

export interface HttpRun {
  id: string;
  tabId: string;
  method: string;
  url: string;
  startedAt: number;
  status: 'running' | 'stopping' | 'done';
  eventCount: number;
  /** The time the send allowed for the answer: a timeout that took this long was that limit (Options → Timeout). */
  totalMs?: number;
  /** The time the send allowed for the connection to open (Options → Connect timeout). */
  connectMs?: number;
  record?: HttpExchangeRecord;
  error?: WireError;
  /** The request the tab held when it sent (responseOrigin): Save keeps the response only for that request. */
  sentFrom?: string;
}

interface HttpRunsState {
  /** The last run of each tab (earlier ones stay in history). */
  byTab: Record<string, HttpRun>;
  set(run: HttpRun): void;
  patch(tabId: string, id: string, patch: Partial<HttpRun>): void;
  forget(tabId: string): void;
}

export const useHttpRunsStore = create<HttpRunsState>()((set) => ({
  byTab: {},
  set(run) {
    set((s) => ({ byTab: { ...s.byTab, [run.tabId]: run } }));
  },
  patch(tabId, id, patch) {
    set((s) => {
      const run = s.byTab[tabId];
      return run && run.id === id ? { byTab: { ...s.byTab, [tabId]: { ...run, ...patch } } } : s;
    });
  },
  forget(tabId) {
    set((s) => {
      const { [tabId]: _gone, ...rest } = s.byTab;
      return { byTab: rest };
    });
  },
}));

const handles = new Map<string, StreamHandle>();

export type HttpSendResult = { ok: true; runId: string } | { ok: false; message: string };

export function sendHttpDraft(host: Host, tabId: string): HttpSendResult {
  let draft = useHttpDraftsStore.getState().tabs.find((t) => t.id === tabId);
  if (!draft) return { ok: false, message: 'no-draft' };
  // A URL typed without a scheme is sent as http:// (the core's rule, withDefaultScheme): the field shows the URL that is sent.
  // One that starts with a {{variable}} is left as written (the variable may hold the scheme).
  const typed = draft.url.trim();
  const normalised = typed.startsWith('{{') ? typed : withDefaultScheme(typed);
  if (normalised !== typed) {
    useHttpDraftsStore.getState().update(tabId, (d) => ({ ...d, url: normalised }));
    draft = { ...draft, url: normalised };
  }
  const built = buildHttpRequest(draft);
  if (!built.ok) return built;
  const previous = useHttpRunsStore.getState().byTab[tabId];
  if (previous) {
    if (handles.has(previous.id)) void handles.get(previous.id)?.cancel();
    dropTimeline(previous.id);
  }
  let runId = '';
  const feed = timelineFeed(
    () => runId,
    (eventCount) => useHttpRunsStore.getState().patch(tabId, runId, { eventCount }),
  );
  // The core fills {{variables}} from the active environment at send time, as for A2A sends.
  const environment = activeEnvironment();
  const request = environment ? { ...built.request, environment } : built.request;
  const handle = host.stream('http.stream', request, (event) => {
    if (event.kind === 'data') return feed.add(event);
    handles.delete(runId);
    feed.flush();
    useHttpRunsStore.getState().patch(tabId, runId, { status: 'done', ...(event.kind === 'end' ? { record: event.value } : { error: event.error }) });
  });
  runId = handle.requestId;
  handles.set(runId, handle);
  const sentFrom = responseOrigin(draft);
  useHttpRunsStore.getState().set({
    id: runId,
    tabId,
    ...(sentFrom !== undefined ? { sentFrom } : {}),
    method: built.request.method,
    url: built.request.url,
    startedAt: Date.now(),
    status: 'running',
    eventCount: 0,
    totalMs: built.request.timeouts?.totalMs ?? DEFAULT_HTTP_TOTAL_MS,
    connectMs: built.request.timeouts?.connectMs ?? DEFAULT_HTTP_CONNECT_MS,
  });
  return { ok: true, runId };
}

/** Drops only our connection. */
export async function stopHttpRun(tabId: string): Promise<void> {
  const run = useHttpRunsStore.getState().byTab[tabId];
  const handle = run ? handles.get(run.id) : undefined;
  if (!run || !handle) return;
  useHttpRunsStore.getState().patch(tabId, run.id, { status: 'stopping' });
  await handle.cancel();
}

/** Closing a tab stops its run and frees its timeline. */
export function closeHttpTab(tabId: string): void {
  const run = useHttpRunsStore.getState().byTab[tabId];
  if (run) {
    if (handles.has(run.id)) void handles.get(run.id)?.cancel();
    handles.delete(run.id);
    dropTimeline(run.id);
  }
  useHttpRunsStore.getState().forget(tabId);
  useHttpDraftsStore.getState().close(tabId);
}

/** Calls `listener` whenever a run of any HTTP tab ends (the History view refreshes on it). */
export function onHttpRunDone(listener: () => void): () => void {
  return useHttpRunsStore.subscribe((state, previous) => {
    const ended = Object.values(state.byTab).some((run) => run.status === 'done' && previous.byTab[run.tabId]?.status !== 'done');
    if (ended) listener();
  });
}
