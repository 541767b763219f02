import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { heldPayloadFacts, type Delivered } from '../../host';
import { peekTimeline } from '../stream';
import { isTerminalState, taskStateLabel, serverIds, toMessageView, toTaskView, unwrapSendResponse } from './a2a-objects';
import type { Run } from './runs-store';

export interface RunFacts {
  taskId?: string;
  contextId?: string;
  /** Normalised task state (`completed`, `input-required`…). */
  state?: string;
  terminal: boolean;
  /** The A2A object "Continue" should start from. */
  continueFrom?: unknown;
}

function fromRecord(record: Delivered<ExchangeRecord>): RunFacts {
  const outcome = record.outcome;
  // A large payload still held as text: use the facts the worker read, never parse it here.
  const pre = heldPayloadFacts(record);
  if (pre) {
    const state = taskStateLabel(pre.state);
    const ids = { ...(pre.taskId ? { taskId: pre.taskId } : {}), ...(pre.contextId ? { contextId: pre.contextId } : {}) };
    const stub =
      outcome.kind === 'task'
        ? { id: pre.taskId, contextId: pre.contextId, status: { state: pre.state } }
        : { contextId: pre.contextId, taskId: pre.taskId, parts: [] };
    return { ...ids, ...(state ? { state } : {}), terminal: isTerminalState(state), ...(ids.taskId || ids.contextId ? { continueFrom: stub } : {}) };
  }
  if (outcome.kind === 'task') {
    const task = unwrapSendResponse(outcome.task, 'task');
    const view = toTaskView(task);
    const state = taskStateLabel(outcome.state ?? view?.state);
    return {
      ...(view?.id ? { taskId: view.id } : {}),
      ...(view?.contextId ? { contextId: view.contextId } : {}),
      ...(state ? { state } : {}),
      terminal: isTerminalState(state),
      continueFrom: task,
    };
  }
  if (outcome.kind === 'message') {
    const message = unwrapSendResponse(outcome.message, 'message');
    const view = toMessageView(message);
    return {
      ...(view?.taskId ? { taskId: view.taskId } : {}),
      ...(view?.contextId ? { contextId: view.contextId } : {}),
      terminal: false,
      continueFrom: message,
    };
  }
  if (outcome.kind === 'result') {
    const ids = serverIds(outcome.value);
    return { ...ids, terminal: false, ...(ids.taskId || ids.contextId ? { continueFrom: outcome.value } : {}) };
  }
  return { terminal: false };
}

/** What a run revealed about the task: ids for Continue / Cancel task / Resubscribe, and its state. */
export function runFacts(run: Run | undefined): RunFacts {
  if (!run) return { terminal: false };
  if (run.streaming) {
    const timeline = peekTimeline(run.id);
    const state = timeline?.lastState ?? taskStateLabel(run.record?.outcome.kind === 'stream' ? run.record.outcome.lastState : undefined);
    const ids = { ...(timeline?.taskId ? { taskId: timeline.taskId } : {}), ...(timeline?.contextId ? { contextId: timeline.contextId } : {}) };
    const from = timeline?.lastIdsPayload;
    return { ...ids, ...(state ? { state } : {}), terminal: isTerminalState(state), ...(from !== undefined ? { continueFrom: from } : {}) };
  }
  return run.record ? fromRecord(run.record) : { terminal: false };
}
