import type { A2aCall } from '../../../../shared/a2a/call';
import type { Host, StreamHandle } from '../../host';
import { type RunPurpose, runsToReduce, useRunsStore, type RunFacts } from '../response';
import { reduceTimeline, timelineFeed } from '../stream';
import { cancelTaskMethod, methodInfo, subscribeMethod } from './a2a-catalog';
import type { A2aDraft, BuiltCall } from './draft-model';
import { buildCall, mintsMessageId } from './draft-model';
import { withFreshMessageId } from '../../../../shared/a2a/fresh-message-id';
import { useDraftsStore } from './drafts-store';
import type { ContinueIds } from './continue-draft';
import { continuedDraft } from './continue-draft';
import { activeEnvironment } from '../environments';

/** Open stream handles by run id. I/O objects stay out of the stores. */
const handles = new Map<string, StreamHandle>();
let localCounter = 0;

/** Bounds the page's memory: finished runs past the most recent few are reduced to their summary. */
function ageOutRuns(): void {
  const store = useRunsStore.getState();
  for (const id of runsToReduce(store)) {
    reduceTimeline(id);
    store.reduce(id);
  }
}

function draftOf(tabId: string): A2aDraft | undefined {
  return useDraftsStore.getState().tabs.find((t) => t.id === tabId);
}

function startUnary(host: Host, tabId: string, call: A2aCall, purpose: RunPurpose): string {
  localCounter += 1;
  const id = `unary-${Date.now().toString(36)}-${localCounter}`;
  const runs = useRunsStore.getState();
  runs.start({ id, tabId, purpose, version: call.version, binding: call.binding, method: call.method, streaming: false, startedAt: Date.now() });
  void host.invoke('a2a.send', call).then((result) => {
    useRunsStore.getState().finish(id, result.ok ? { record: result.value } : { error: result.error });
    ageOutRuns();
  });
  return id;
}

function startStream(host: Host, tabId: string, call: A2aCall, purpose: RunPurpose): string {
  // Every Host delivers events asynchronously, after stream() has returned the handle.
  let runId = '';
  const feed = timelineFeed(
    () => runId,
    (count) => useRunsStore.getState().progress(runId, count),
  );
  const handle = host.stream('a2a.stream', call, (event) => {
    // The tab was closed: drop what is still in flight rather than rebuild its timeline.
    if (!useRunsStore.getState().runs[runId]) {
      if (event.kind !== 'data') handles.delete(runId);
      return;
    }
    if (event.kind === 'data') return feed.add(event);
    handles.delete(runId);
    feed.flush();
    useRunsStore.getState().finish(runId, event.kind === 'end' ? { record: event.value } : { error: event.error });
    ageOutRuns();
  });
  runId = handle.requestId;
  handles.set(runId, handle);
  useRunsStore.getState().start({
    id: runId,
    tabId,
    purpose,
    version: call.version,
    binding: call.binding,
    method: call.method,
    streaming: true,
    startedAt: Date.now(),
  });
  return runId;
}

function start(host: Host, tabId: string, drafted: A2aCall, purpose: RunPurpose): string {
  // The core fills {{variables}} from the active environment at send time.
  const environment = activeEnvironment();
  const call: A2aCall = environment ? { ...drafted, environment } : drafted;
  const streaming = methodInfo(call.version, call.binding, call.method)?.streaming ?? false;
  return streaming ? startStream(host, tabId, call, purpose) : startUnary(host, tabId, call, purpose);
}

export type SendResult = { ok: true; runId: string } | { ok: false; problem: Exclude<BuiltCall, { ok: true }> };

export function sendDraft(host: Host, tabId: string): SendResult {
  const draft = draftOf(tabId);
  if (!draft) return { ok: false, problem: { ok: false, problem: 'endpoint', message: 'no-draft' } };
  const checked = buildCall(draft);
  if (!checked.ok) return { ok: false, problem: checked };
  // A new message per Send (unless the tab asks to resend the same one); the editor shows the id that went out.
  const fresh = mintsMessageId(draft) ? withFreshMessageId(draft.method, draft.bodyText) : undefined;
  if (!fresh?.changed) return { ok: true, runId: start(host, tabId, checked.call, 'send') };
  useDraftsStore.getState().update(tabId, { bodyText: fresh.text });
  const built = buildCall({ ...draft, bodyText: fresh.text });
  if (!built.ok) return { ok: false, problem: built };
  return { ok: true, runId: start(host, tabId, built.call, 'send') };
}

/** Drops only our connection: the agent is told nothing and its task keeps running. */
export async function stopRun(runId: string): Promise<void> {
  const handle = handles.get(runId);
  if (!handle) return;
  useRunsStore.getState().stopping(runId);
  await handle.cancel();
}

export function isRunOpen(runId: string): boolean {
  return handles.has(runId);
}

/** CancelTask / tasks/cancel on the agent, using the tab's endpoint, binding and auth. */
export function cancelRemoteTask(host: Host, tabId: string, taskId: string): SendResult {
  const draft = draftOf(tabId);
  if (!draft) return { ok: false, problem: { ok: false, problem: 'endpoint', message: 'no-draft' } };
  const built = buildCall(draft, { method: cancelTaskMethod(draft.version), body: { id: taskId } });
  if (!built.ok) return { ok: false, problem: built };
  return { ok: true, runId: start(host, tabId, built.call, 'cancel-task') };
}

/** SubscribeToTask / tasks/resubscribe: a new stream for a task that is still running. */
export function resubscribe(host: Host, tabId: string, taskId: string): SendResult {
  const draft = draftOf(tabId);
  if (!draft) return { ok: false, problem: { ok: false, problem: 'endpoint', message: 'no-draft' } };
  const built = buildCall(draft, { method: subscribeMethod(draft.version), body: { id: taskId } });
  if (!built.ok) return { ok: false, problem: built };
  return { ok: true, runId: start(host, tabId, built.call, 'resubscribe') };
}

/**
 * "Continue": asks the core for the next-message ids (a2a.continue), then opens a new tab with
 * them. If the core cannot answer, the ids the UI already saw are used.
 */
export async function continueRun(host: Host, tabId: string, facts: RunFacts): Promise<string | undefined> {
  const draft = draftOf(tabId);
  if (!draft) return undefined;
  let ids: ContinueIds = {
    ...(facts.contextId ? { contextId: facts.contextId } : {}),
    // A terminal task takes no more messages (A2A §3.4.3): continue the conversation, not the task.
    ...(facts.taskId && !facts.terminal ? { taskId: facts.taskId } : {}),
  };
  let skeleton: Record<string, unknown> | undefined;
  if (facts.continueFrom !== undefined) {
    const result = await host.invoke('a2a.continue', { version: draft.version, from: facts.continueFrom });
    if (result.ok) {
      skeleton = result.value.message;
      ids = {
        ...(result.value.contextId ? { contextId: result.value.contextId } : {}),
        ...(result.value.taskId ? { taskId: result.value.taskId } : {}),
      };
    }
  }
  return useDraftsStore.getState().openA2a(continuedDraft(draft, ids, skeleton));
}
