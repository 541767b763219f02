import type { ExchangeRecord } from '../a2a/exchange';
import type { StreamItem } from './a2a-objects';
import { isInterruptedState, isTerminalState } from '../a2a/payload';
import { readStreamItem } from './a2a-objects';
import { describeError, observedError } from './error-expectations';
import { describeOutcome } from './outcome-text';
import type { Finding } from './verdict';
import { met, skipped, unmet } from './verdict';

interface Indexed extends StreamItem {
  seq: number;
  atMs: number;
}

function itemsOf(record: ExchangeRecord): Indexed[] {
  return (record.events ?? []).map((event) => ({ ...readStreamItem(event.data, record.binding), seq: event.seq, atMs: event.atMs }));
}

function label(item: StreamItem): string {
  return item.state ? `${item.kind} (${item.state})` : item.kind;
}

/** Index of the first event that puts the task in a terminal or interrupted state (or 0.3 `final`). */
function endIndex(items: readonly Indexed[]): number {
  return items.findIndex((item) => isTerminalState(item.state) || isInterruptedState(item.state) || item.final === true);
}

/** A stream that could not be judged because it never produced data events. */
function failedStream(record: ExchangeRecord): Finding | undefined {
  const items = itemsOf(record);
  if (items.some((item) => item.kind !== 'error')) return undefined;
  const error = observedError(record);
  if (error) return unmet(`${describeError(error)}.`, 'The card declares streaming, but the streaming call failed before any event.');
  return unmet(`${describeOutcome(record)}.`, 'The stream closed without sending a single event.');
}

export function judgeFirstEvent(record: ExchangeRecord): Finding {
  const failed = failedStream(record);
  if (failed) return failed;
  const items = itemsOf(record).filter((item) => item.kind !== 'error');
  const first = items[0] as Indexed;
  if (first.kind === 'task') return met(`The first of ${items.length} event(s) is a Task (${first.state ?? 'no state'}).`);
  if (first.kind === 'message') {
    if (items.length === 1) return met('A single Message, then the stream closed.');
    return unmet(
      `A Message followed by ${items.length - 1} more event(s) (${items.slice(1, 4).map(label).join(', ')}…).`,
      'A stream that starts with a Message must carry only that Message (§11.7): send a Task first if more events follow.',
    );
  }
  return unmet(
    `The first event is ${label(first)}.`,
    'The first stream event must be the Task (or a single Message) so clients learn the task id before updates (§11.7).',
  );
}

export function judgeEventOrder(record: ExchangeRecord): Finding {
  const failed = failedStream(record);
  if (failed) return failed;
  const items = itemsOf(record).filter((item) => item.kind !== 'error');
  const task = items.find((item) => item.kind === 'task');
  if (!task) {
    if (items.length === 1 && items[0]?.kind === 'message') return met('A single Message: nothing to order.');
    return unmet(`${items.length} event(s) and no Task among them.`, 'Status and artifact updates need the Task they belong to, sent first (§11.7).');
  }
  const problems: string[] = [];
  const seenArtifacts = new Set<string>();
  let lastTimestamp: string | undefined;
  // Whether the Task comes first is streaming.first-event's business; this check looks at the rest.
  items.forEach((item, index) => {
    const where = `event #${item.seq}`;
    if (index > 0 && item.kind === 'message') problems.push(`${where} is a Message after the stream had started a Task`);
    if (item.taskId !== undefined && item.taskId !== task.taskId) problems.push(`${where} names task ${item.taskId}, not ${task.taskId ?? '?'}`);
    if (item.contextId !== undefined && task.contextId !== undefined && item.contextId !== task.contextId) {
      problems.push(`${where} names context ${item.contextId}, not ${task.contextId}`);
    }
    if (item.kind === 'artifactUpdate' && item.artifactId !== undefined) {
      if (item.append && !seenArtifacts.has(item.artifactId)) problems.push(`${where} appends to artifact ${item.artifactId} before it was sent`);
      seenArtifacts.add(item.artifactId);
    }
    if (item.timestamp !== undefined) {
      if (lastTimestamp !== undefined && Date.parse(item.timestamp) < Date.parse(lastTimestamp)) {
        problems.push(`${where} has status timestamp ${item.timestamp}, earlier than ${lastTimestamp}`);
      }
      lastTimestamp = item.timestamp;
    }
  });
  if (problems.length === 0) return met(`${items.length} event(s) for task ${task.taskId ?? '?'}, in order.`);
  return unmet(
    `${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (+${problems.length - 3} more)` : ''}.`,
    'Send the Task first, then only updates for that task and context, in order (§11.7).',
  );
}

/**
 * `graceMs` is how long the runner kept reading after the final state before it gave up and
 * closed the connection itself (the exchange then ends `stopped`).
 */
export function judgeClosesAtTerminal(record: ExchangeRecord, graceMs: number): Finding {
  const failed = failedStream(record);
  if (failed) return failed;
  const items = itemsOf(record).filter((item) => item.kind !== 'error');
  const outcome = record.outcome;
  const serverClosed = outcome.kind === 'stream' ? outcome.ended !== 'stopped' : true;
  const end = endIndex(items);
  const singleMessage = items[0]?.kind === 'message';
  if (singleMessage) {
    return serverClosed
      ? met('The stream closed after its Message.')
      : unmet(`The stream stayed open ${graceMs} ms after its Message.`, 'Close the stream once the Message is sent.');
  }
  if (end === -1) {
    if (!serverClosed) return skipped(`The task reached no terminal or interrupted state before Powerduck stopped waiting (${describeOutcome(record)}).`);
    const last = items[items.length - 1];
    return unmet(
      `The server closed the stream with the task still ${last?.state ?? 'in no known state'}.`,
      'Keep the stream open until the task is terminal or interrupted (§3.1.2); clients otherwise cannot tell a finished task from a dropped connection.',
    );
  }
  const endItem = items[end] as Indexed;
  if (!serverClosed) {
    return unmet(
      `The task reached ${endItem.state ?? 'final'} at event #${endItem.seq}, and the stream was still open ${graceMs} ms later.`,
      'Close the stream when the task reaches a terminal or interrupted state (§3.1.2, §11.7): in 1.0 closure is the only end signal.',
    );
  }
  return met(`Closed after ${endItem.state ?? 'the final'} state (event #${endItem.seq}).`);
}

export function judgeNothingAfterTerminal(record: ExchangeRecord): Finding {
  const failed = failedStream(record);
  if (failed) return failed;
  const items = itemsOf(record).filter((item) => item.kind !== 'error');
  if (items[0]?.kind === 'message') return met('A Message stream: no task state to follow.');
  const end = endIndex(items);
  if (end === -1) return skipped('The task reached no terminal or interrupted state in the stream, so there is no "after" to check.');
  const endItem = items[end] as Indexed;
  const after = items.slice(end + 1);
  // §11.7: one final Task snapshot in the same state may be re-sent before closing.
  const extra = after.filter((item, i) => !(i === 0 && item.kind === 'task' && item.state === endItem.state));
  if (extra.length === 0) return met(`Nothing followed the ${endItem.state ?? 'final'} state${after.length ? ' but the allowed final Task snapshot' : ''}.`);
  return unmet(
    `${extra.length} event(s) after the ${endItem.state ?? 'final'} state at #${endItem.seq}: ${extra
      .slice(0, 3)
      .map((item) => `#${item.seq} ${label(item)}`)
      .join(', ')}.`,
    'A task in a terminal state does not change; send nothing after it (at most one final Task snapshot) (§3.1.2).',
  );
}
