import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Message, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { isStreamingCall } from './streaming-flag.js';
import { readSumInput, type InputPart } from './sum-input.js';

type SdkPart = Message['parts'][number];

interface RunningTask {
  contextId: string;
  canceled: boolean;
}

/**
 * The agent's logic. A blocking SendMessage gets one Message back ("Sum: 42" + {"total": 42});
 * a streamed call gets a Task that goes submitted → working (one status event per number) →
 * artifact → completed, so a client can watch a stream and test SubscribeToTask and CancelTask.
 */
export class SumAgent implements AgentExecutor {
  readonly #stepDelayMs: number;
  readonly #running = new Map<string, RunningTask>();
  // Aborted by close(): stops pending sleeps so the process can exit at once.
  readonly #stop = new AbortController();

  constructor(stepDelayMs: number) {
    this.#stepDelayMs = stepDelayMs;
  }

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const user = request.userMessage;
    const input = readSumInput(user.parts.map(toInputPart));
    const ids = { contextId: request.contextId, taskId: request.taskId };

    if (!input.ok) {
      // Bad input is answered, never thrown: the reply says what the agent accepts.
      bus.publish(AgentEvent.message(agentMessage(ids.contextId, [{ text: input.explanation }])));
      return;
    }
    const resultParts = [{ text: `Sum: ${input.total}` }, { data: { total: input.total } }];
    if (!isStreamingCall(request.context)) {
      bus.publish(AgentEvent.message(agentMessage(ids.contextId, resultParts)));
      return;
    }

    const run: RunningTask = { contextId: ids.contextId, canceled: false };
    this.#running.set(ids.taskId, run);
    try {
      bus.publish(
        AgentEvent.task(
          Task.fromJSON({
            id: ids.taskId,
            contextId: ids.contextId,
            status: { state: 'TASK_STATE_SUBMITTED', timestamp: now() },
          }),
        ),
      );
      // The SDK merges the user message into the stored task's history.
      let runningTotal = 0;
      for (const [index, n] of input.numbers.entries()) {
        if (!(await this.#pause()) || run.canceled) return;
        runningTotal += n;
        const text = `Added ${n} (${index + 1}/${input.numbers.length}), running total ${runningTotal}`;
        bus.publish(status(ids, 'TASK_STATE_WORKING', text));
      }
      if (!(await this.#pause()) || run.canceled) return;
      bus.publish(
        AgentEvent.artifactUpdate(
          TaskArtifactUpdateEvent.fromJSON({
            ...ids,
            artifact: { artifactId: 'sum', name: 'sum', parts: resultParts.map(withMediaType) },
            lastChunk: true,
          }),
        ),
      );
      bus.publish(status(ids, 'TASK_STATE_COMPLETED', `Sum: ${input.total}`));
    } finally {
      this.#running.delete(ids.taskId);
    }
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const run = this.#running.get(taskId);
    if (!run) return; // Already finished: the SDK reports the task as not cancelable.
    run.canceled = true;
    bus.publish(status({ taskId, contextId: run.contextId }, 'TASK_STATE_CANCELED', 'Canceled on request.'));
  };

  /** Stops every running task; used when the server closes. */
  stopAll(): void {
    for (const run of this.#running.values()) run.canceled = true;
    this.#stop.abort();
  }

  /** Waits one step; false once the agent is shutting down. */
  async #pause(): Promise<boolean> {
    if (this.#stepDelayMs <= 0) return !this.#stop.signal.aborted;
    try {
      await sleep(this.#stepDelayMs, undefined, { signal: this.#stop.signal });
      return true;
    } catch {
      return false;
    }
  }
}

function toInputPart(part: SdkPart): InputPart {
  switch (part.content?.$case) {
    case 'text':
      return { kind: 'text', text: part.content.value };
    case 'data':
      return { kind: 'data', data: part.content.value };
    default:
      return { kind: 'other' }; // file parts (raw bytes or url) are not summed
  }
}

type JsonPart = { text: string } | { data: unknown };

function withMediaType(part: JsonPart): JsonPart & { mediaType: string } {
  return { ...part, mediaType: 'text' in part ? 'text/plain' : 'application/json' };
}

function agentMessage(contextId: string, parts: JsonPart[], taskId?: string): Message {
  return Message.fromJSON({
    messageId: randomUUID(),
    contextId,
    ...(taskId ? { taskId } : {}),
    role: 'ROLE_AGENT',
    parts: parts.map(withMediaType),
  });
}

function status(ids: { taskId: string; contextId: string }, state: 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED' | 'TASK_STATE_CANCELED', text: string) {
  return AgentEvent.statusUpdate(
    TaskStatusUpdateEvent.fromJSON({
      ...ids,
      status: {
        state,
        message: Message.toJSON(agentMessage(ids.contextId, [{ text }], ids.taskId)),
        timestamp: now(),
      },
    }),
  );
}

function now(): string {
  return new Date().toISOString();
}
