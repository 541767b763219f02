import type { ExchangeRecord } from '../a2a/exchange';
import { readMessage, readTask } from './a2a-objects';
import { describeError, observedError } from './error-expectations';
import { field } from './json-read';

/** One line saying what came back, for the "observed" column and the reports. */
export function describeOutcome(record: ExchangeRecord): string {
  const error = observedError(record);
  if (error) return describeError(error);
  const outcome = record.outcome;
  switch (outcome.kind) {
    case 'task': {
      const task = readTask(outcome.task);
      return task ? `a Task ${task.id} in state ${task.state ?? 'unknown'}` : 'a Task';
    }
    case 'message': {
      const message = readMessage(outcome.message);
      return message?.messageId ? `a Message ${message.messageId}` : 'a Message';
    }
    case 'result': {
      const task = readTask(outcome.value) ?? readTask(field(outcome.value, 'task'));
      if (task) return `a Task ${task.id} in state ${task.state ?? 'unknown'}`;
      return outcome.value === null || outcome.value === undefined ? 'an empty success result' : 'a success result';
    }
    case 'stream':
      return `a stream of ${outcome.eventCount} event(s), ${streamEndText(outcome.ended)}${outcome.lastState ? `, last state ${outcome.lastState}` : ''}`;
    default:
      return outcome.kind;
  }
}

function streamEndText(ended: 'completed' | 'closed' | 'stopped' | 'error'): string {
  switch (ended) {
    case 'completed':
      return 'closed by the server after a final state';
    case 'closed':
      return 'closed by the server';
    case 'stopped':
      return 'still open when Powerduck stopped reading';
    case 'error':
      return 'ended with an error';
  }
}
