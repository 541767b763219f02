/**
 * What each MCP tab has done: its last Connect (initialize and every list) and its last call.
 * Calls go through `mcp.stream`, so server notifications (progress, logging, list changes) fold
 * into the same timeline A2A streams use while the call runs; Stop aborts the stream and the core
 * sends `notifications/cancelled` for the request. I/O handles stay outside the store.
 */
import { create } from 'zustand';
import type { WireError } from '../../../../shared/contract/index';
import type { McpElicitationPrompt, McpElicitResult } from '../../../../shared/mcp/mcp-elicitation';
import type { McpSamplingAnswer, McpSamplingPrompt } from '../../../../shared/mcp/mcp-sampling';
import type { McpCallRequest, McpConnectResult, McpExchangeRecord, McpRoot, McpTarget } from '../../../../shared/mcp/mcp-types';
import type { Host, StreamHandle } from '../../host';
import { activeEnvironment } from '../environments';
import { dropTimeline, timelineFeed } from '../stream';
import { forgetMcpWatch } from './mcp-watches';
import { forgetListValues } from './mcp-list-values';
import { mcpServerKey } from './mcp-draft';

export interface McpConnectState {
  id: number;
  /** The server it connected to (mcpServerKey): its lists are dropped when the tab's server changes. */
  serverKey: string;
  status: 'connecting' | 'done';
  result?: McpConnectResult;
  error?: WireError;
}

export interface McpCallRun {
  id: string;
  method: string;
  status: 'running' | 'stopping' | 'done';
  eventCount: number;
  record?: McpExchangeRecord;
  error?: WireError;
  /**
   * Where the call went, as it was sent (secret references, never values): a resource link in its
   * result is read from the same server, even if the draft has been edited since.
   */
  target: McpTarget;
  /** The server's elicitation waiting for the user's answer (mcp.answer), while there is one. */
  elicitation?: McpElicitationPrompt;
  /** The server's sampling request waiting for the user to write the model's answer, while there is one. */
  sampling?: McpSamplingPrompt;
}

/** The two kinds of question a server may ask during a call; each has its own form and field on the run. */
type QuestionKind = 'elicitation' | 'sampling';

export interface McpTabRuns {
  connect?: McpConnectState;
  call?: McpCallRun;
  /** Which of the two the response pane shows (the latest one started). */
  shown: 'connect' | 'call';
}

interface McpRunsState {
  byTab: Record<string, McpTabRuns>;
  patch(tabId: string, change: (runs: McpTabRuns) => McpTabRuns): void;
  forget(tabId: string): void;
}

export const useMcpRunsStore = create<McpRunsState>()((set) => ({
  byTab: {},
  patch(tabId, change) {
    set((s) => ({
      byTab: {
        ...s.byTab,
        [tabId]: change(s.byTab[tabId] ?? { shown: 'connect' }),
      },
    }));
  },
  forget(tabId) {
    set((s) => {
      const { [tabId]: _gone, ...rest } = s.byTab;
      return { byTab: rest };
    });
  },
}));

let connectCounter = 0;

/**
 * The environment picked in the header, for the core to fill the request's {{variables}} from at
 * send time (as the HTTP and A2A tabs do): the tab keeps what the user wrote.
 */
export function withEnvironment<T extends object>(request: T): T & { environment?: string } {
  const environment = activeEnvironment();
  return environment ? { ...request, environment } : request;
}

/** initialize + every list; a newer Connect of the same tab wins over an older one still answering. */
export async function connectMcp(host: Host, tabId: string, target: McpTarget, roots?: McpRoot[]): Promise<void> {
  connectCounter += 1;
  const id = connectCounter;
  useMcpRunsStore.getState().patch(tabId, (runs) => ({
    ...runs,
    connect: { id, serverKey: mcpServerKey(target), status: 'connecting' },
    shown: 'connect',
  }));
  const result = await host.invoke('mcp.connect', withEnvironment({ target, ...(roots ? { roots } : {}) }));
  useMcpRunsStore.getState().patch(tabId, (runs) =>
    runs.connect?.id !== id
      ? runs
      : {
          ...runs,
          connect: {
            ...runs.connect,
            status: 'done',
            ...(result.ok ? { result: result.value } : { error: result.error }),
          },
        },
  );
}

/**
 * Drops what a Connect listed (server, Tools, Resources, Prompts) once the tab points at another
 * server: lists from the previous endpoint or command would offer tools the new one may not have.
 * A Connect still answering is dropped too, so its late answer is ignored.
 */
export function forgetMcpConnect(tabId: string): void {
  useMcpRunsStore.getState().patch(tabId, (runs) => {
    const { connect: _gone, ...rest } = runs;
    return { ...rest, shown: rest.call ? 'call' : 'connect' };
  });
}

const handles = new Map<string, StreamHandle>();

function patchCall(tabId: string, runId: string, patch: Partial<McpCallRun>): void {
  useMcpRunsStore.getState().patch(tabId, (runs) => (runs.call?.id === runId ? { ...runs, call: { ...runs.call, ...patch } } : runs));
}

/** One call on a fresh connection; the previous call of the tab is stopped and its timeline freed. */
export function callMcp(host: Host, tabId: string, request: McpCallRequest): string {
  const previous = useMcpRunsStore.getState().byTab[tabId]?.call;
  if (previous) {
    if (handles.has(previous.id)) void handles.get(previous.id)?.cancel();
    dropTimeline(previous.id);
  }
  let runId = '';
  const feed = timelineFeed(
    () => runId,
    (eventCount) => patchCall(tabId, runId, { eventCount }),
  );
  const handle = host.stream('mcp.stream', withEnvironment(request), (event) => {
    if (event.kind === 'data') {
      const { elicitation, elicitationAnswered, sampling, samplingAnswered } = event.data;
      if (elicitation) patchCall(tabId, runId, { elicitation });
      if (sampling) patchCall(tabId, runId, { sampling });
      // Answered by the user, a preset, the timeout or Stop: the form goes away.
      if (elicitationAnswered) clearQuestion(tabId, runId, 'elicitation', elicitationAnswered.serverRequestId);
      if (samplingAnswered) clearQuestion(tabId, runId, 'sampling', samplingAnswered.serverRequestId);
      return feed.add(event);
    }
    handles.delete(runId);
    feed.flush();
    useMcpRunsStore.getState().patch(tabId, (runs) => {
      if (runs.call?.id !== runId) return runs;
      // Nothing waits once the call is over: neither form may outlive it.
      const { elicitation: _open, sampling: _openSampling, ...call } = runs.call;
      return { ...runs, call: { ...call, status: 'done', ...(event.kind === 'end' ? { record: event.value } : { error: event.error }) } };
    });
  });
  runId = handle.requestId;
  handles.set(runId, handle);
  useMcpRunsStore.getState().patch(tabId, (runs) => ({
    ...runs,
    call: {
      id: runId,
      method: request.method,
      status: 'running',
      eventCount: 0,
      target: request.target,
    },
    shown: 'call',
  }));
  return runId;
}

function clearQuestion(tabId: string, runId: string, kind: QuestionKind, serverRequestId: string | number): void {
  useMcpRunsStore.getState().patch(tabId, (runs) => {
    if (runs.call?.id !== runId || runs.call[kind]?.serverRequestId !== serverRequestId) return runs;
    const { [kind]: _answered, ...call } = runs.call;
    return { ...runs, call };
  });
}

/**
 * Sends the user's answer to the open question of that kind: a refusal comes back as the error (the
 * question stays open); accepted, the form closes (the stream's report of the answer would close it too).
 */
async function answerQuestion(
  host: Host,
  tabId: string,
  kind: QuestionKind,
  result: McpElicitResult | McpSamplingAnswer,
): Promise<{ error?: WireError; opened?: boolean }> {
  const call = useMcpRunsStore.getState().byTab[tabId]?.call;
  const question = call?.[kind];
  if (!call || !question) return { error: { code: 'not-found', message: 'No question from the server is waiting.' } };
  const answered = await host.invoke('mcp.answer', { requestId: call.id, serverRequestId: question.serverRequestId, result });
  if (!answered.ok) return { error: answered.error };
  clearQuestion(tabId, call.id, kind, question.serverRequestId);
  return answered.value.opened !== undefined ? { opened: answered.value.opened } : {};
}

/** The user's answer to the open elicitation of the tab's call; the core checks it against the form. */
export async function answerMcpElicitation(host: Host, tabId: string, result: McpElicitResult): Promise<WireError | undefined> {
  return (await answerQuestion(host, tabId, 'elicitation', result)).error;
}

/**
 * The user's answer to a page the server asks them to open (URL-mode elicitation). Accepted, the core
 * opens it in the system browser when its host can (`opened`); otherwise the caller opens it.
 */
export function answerMcpPage(host: Host, tabId: string, result: McpElicitResult): Promise<{ error?: WireError; opened?: boolean }> {
  return answerQuestion(host, tabId, 'elicitation', result);
}

/** The message the user wrote in the model's place (or a refusal) for the open sampling request of the tab's call. */
export async function answerMcpSampling(host: Host, tabId: string, answer: McpSamplingAnswer): Promise<WireError | undefined> {
  return (await answerQuestion(host, tabId, 'sampling', answer)).error;
}

/** Stop: aborts the call; the core sends notifications/cancelled for it and the record still comes back. */
export async function stopMcpCall(tabId: string): Promise<void> {
  const run = useMcpRunsStore.getState().byTab[tabId]?.call;
  const handle = run ? handles.get(run.id) : undefined;
  if (!run || !handle) return;
  patchCall(tabId, run.id, { status: 'stopping' });
  await handle.cancel();
}

export function showMcpResult(tabId: string, shown: 'connect' | 'call'): void {
  useMcpRunsStore.getState().patch(tabId, (runs) => ({ ...runs, shown }));
}

/** Closing a tab stops its call and its watch, frees their timelines and what was typed into its lists. */
export function forgetMcpTab(tabId: string): void {
  forgetMcpWatch(tabId);
  forgetListValues(tabId);
  const run = useMcpRunsStore.getState().byTab[tabId]?.call;
  if (run) {
    if (handles.has(run.id)) void handles.get(run.id)?.cancel();
    handles.delete(run.id);
    dropTimeline(run.id);
  }
  useMcpRunsStore.getState().forget(tabId);
}

/** A resource link read from a result: the record of the resources/read, or why it was not sent. */
export type McpLinkRead = { ok: true; record: McpExchangeRecord } | { ok: false; error: WireError };

/**
 * "Read" on a resource_link block of the tab's last call: resources/read for that URI on the server
 * the call went to (same transport, endpoint or command line, auth and headers). A stdio command
 * line was confirmed when the call ran, so it is not asked again. The read lands in history like any
 * call; it does not replace the tab's result.
 */
export async function readResourceLink(host: Host, tabId: string, uri: string): Promise<McpLinkRead> {
  const call = useMcpRunsStore.getState().byTab[tabId]?.call;
  if (!call) return { ok: false, error: { code: 'invalid', message: 'This tab has no call whose server could read the link.' } };
  if (!uri.trim()) return { ok: false, error: { code: 'invalid', message: 'The resource link has no URI.' } };
  const result = await host.invoke('mcp.call', withEnvironment({ target: call.target, method: 'resources/read', params: { uri } }));
  return result.ok ? { ok: true, record: result.value } : { ok: false, error: result.error };
}

/** Calls `listener` whenever a Connect or a call of any MCP tab ends (each is a history entry). */
export function onMcpRunDone(listener: () => void): () => void {
  return useMcpRunsStore.subscribe((state, previous) => {
    const ended = Object.entries(state.byTab).some(([tabId, runs]) => {
      const before = previous.byTab[tabId];
      const connectEnded = runs.connect?.status === 'done' && (before?.connect?.id !== runs.connect.id || before.connect.status !== 'done');
      const callEnded = runs.call?.status === 'done' && (before?.call?.id !== runs.call.id || before.call.status !== 'done');
      return connectEnded || callEnded;
    });
    if (ended) listener();
  });
}
