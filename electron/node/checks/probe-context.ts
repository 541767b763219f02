import type { AuthConfig } from '../../../shared/a2a/auth';
import type { A2aCall, HeaderEntry } from '../../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import type { StreamItem, TaskView } from '../../../shared/checks/a2a-objects';
import { isInterruptedState, isObject, isTerminalState } from '../../../shared/a2a/payload';
import { readStreamItem, readTask } from '../../../shared/checks/a2a-objects';
import type { CapabilityName, CheckInterface, CheckProfile } from '../../../shared/checks/check-types';
import { field } from '../../../shared/checks/json-read';
import { describeOutcome } from '../../../shared/checks/outcome-text';
import type { ProbeMessage, ProbeOperation } from '../../../shared/checks/probe-messages';
import { methodName, sendParams, taskIdParams } from '../../../shared/checks/probe-messages';
import type { A2aVersion } from '../../../shared/a2a/versions';
import type { CallDeps } from '../a2a/perform-call';
import { rawProbe } from './raw-probe';
import type { ResolvedAuth } from './raw-auth';

/** The network seam: performCall in production, so checks see exactly what the core puts on the wire. */
export type PerformCall = (
  call: A2aCall,
  deps: CallDeps,
  hooks?: { signal?: AbortSignal; onEvent?: (event: RecordedStreamEvent) => void },
) => Promise<ExchangeRecord>;

export interface ProbeTimings {
  /** Budget for one unary call. */
  callMs: number;
  /** Longest a probe stream may run before Powerduck stops reading. */
  streamMs: number;
  /** How long to keep reading after a terminal/interrupted state, to see whether the server closes. */
  graceMs: number;
}

export const defaultProbeTimings: ProbeTimings = { callMs: 10_000, streamMs: 15_000, graceMs: 1_000 };

export interface ProbeContextOptions {
  target: CheckInterface;
  capabilities: Partial<Record<CapabilityName, boolean>>;
  /** The grading profile (a few probes word their finding by it). */
  profile?: CheckProfile;
  /** The A2A versions the card declares for this binding at this URL (empty without a card). */
  declaredVersions?: readonly A2aVersion[];
  probeText: string;
  auth?: AuthConfig;
  rawAuth: ResolvedAuth;
  deps: CallDeps;
  perform: PerformCall;
  timings: ProbeTimings;
  signal?: AbortSignal;
  /** Every exchange, as soon as it is complete (the history recorder hangs here). */
  onExchange?: (record: ExchangeRecord) => void | Promise<void>;
}

export interface CallOptions {
  /** Extra or replacing headers (e.g. A2A-Version: 9.9). */
  headers?: HeaderEntry[];
  timeoutMs?: number;
}

export type TaskFixture = { task: TaskView; evidence: ExchangeRecord[] } | { skip: string; evidence: ExchangeRecord[] };

/**
 * What a check can do against one interface: send a call through the network core, send raw
 * bytes, and reuse the few expensive things several checks need (a finished task, one stream).
 * Nothing here retries: every probe is sent exactly once.
 */
export class ProbeContext {
  readonly target: CheckInterface;
  readonly capabilities: Partial<Record<CapabilityName, boolean>>;
  readonly declaredVersions: readonly A2aVersion[];
  readonly profile: CheckProfile;
  readonly probeText: string;
  readonly timings: ProbeTimings;
  readonly #options: ProbeContextOptions;
  #taskFixture: Promise<TaskFixture> | undefined;
  #terminalFixture: Promise<TaskFixture> | undefined;
  #probeStream: Promise<ExchangeRecord> | undefined;

  constructor(options: ProbeContextOptions) {
    this.#options = options;
    this.target = options.target;
    this.capabilities = options.capabilities;
    this.declaredVersions = options.declaredVersions ?? [];
    this.profile = options.profile ?? 'spec';
    this.probeText = options.probeText;
    this.timings = options.timings;
  }

  get version(): CheckInterface['version'] {
    return this.target.version;
  }

  get binding(): CheckInterface['binding'] {
    return this.target.binding;
  }

  newId(prefix = 'pd-check'): string {
    return `${prefix}-${newUuid()}`;
  }

  method(operation: ProbeOperation): string {
    const name = methodName(this.version, operation);
    if (!name) throw new Error(`${operation} does not exist in A2A ${this.version}`);
    return name;
  }

  userMessage(extra: Partial<ProbeMessage> = {}): ProbeMessage {
    return { messageId: this.newId(), role: 'user', parts: [{ text: this.probeText }], ...extra };
  }

  async #record(record: ExchangeRecord): Promise<ExchangeRecord> {
    await this.#options.onExchange?.(record);
    return record;
  }

  #call(method: string, body: unknown, options: CallOptions): A2aCall {
    const { target, auth } = this.#options;
    return {
      version: target.version,
      binding: target.binding,
      endpoint: target.url,
      method,
      body: this.withTenant(body),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(auth ? { auth } : {}),
      ...(target.tenant ? { tenant: target.tenant } : {}),
      timeouts: { connectMs: Math.min(5_000, options.timeoutMs ?? this.timings.callMs), totalMs: options.timeoutMs ?? this.timings.callMs },
    };
  }

  /**
   * A2A 1.0 multi-tenancy: HTTP+JSON carries the interface's tenant as a path prefix (the core adds
   * it), JSON-RPC and gRPC as the request's `tenant` field.
   */
  withTenant(body: unknown): unknown {
    const tenant = this.target.tenant;
    if (!tenant || this.binding === 'HTTP+JSON' || this.version !== '1.0') return body;
    return isObject(body) ? { tenant, ...body } : body;
  }

  /** One unary call through the network core. */
  async call(method: string, body: unknown, options: CallOptions = {}): Promise<ExchangeRecord> {
    const hooks = this.#options.signal ? { signal: this.#options.signal } : {};
    return this.#record(await this.#options.perform(this.#call(method, body, options), this.#options.deps, hooks));
  }

  /**
   * One streaming call. Reading stops `graceMs` after the first event that ends the stream
   * (terminal/interrupted state, a Message, a 0.3 `final`), or after `maxMs` in all.
   */
  async stream(method: string, body: unknown, options: CallOptions & { maxMs?: number } = {}): Promise<ExchangeRecord> {
    const stop = new AbortController();
    const maxMs = options.maxMs ?? this.timings.streamMs;
    const overall = setTimeout(() => stop.abort(), maxMs);
    let grace: NodeJS.Timeout | undefined;
    const outer = this.#options.signal;
    const onOuterAbort = (): void => stop.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      const record = await this.#options.perform(this.#call(method, body, { ...options, timeoutMs: maxMs }), this.#options.deps, {
        signal: stop.signal,
        onEvent: (event) => {
          if (grace) return;
          const item: StreamItem = readStreamItem(event.data, this.binding);
          if (item.kind === 'message' || item.kind === 'error' || isTerminalState(item.state) || isInterruptedState(item.state) || item.final === true) {
            grace = setTimeout(() => stop.abort(), this.timings.graceMs);
          }
        },
      });
      return await this.#record(record);
    } finally {
      clearTimeout(overall);
      if (grace) clearTimeout(grace);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** Raw bytes to the interface (or a path under it for HTTP+JSON), recorded like any exchange. */
  async raw(request: { label: string; body?: string; path?: string; httpMethod?: 'GET' | 'POST'; headers?: Record<string, string> }): Promise<ExchangeRecord> {
    const { target, rawAuth } = this.#options;
    const url = new URL(
      target.binding === 'HTTP+JSON'
        ? `${target.url.replace(/\/+$/, '')}${target.tenant ? `/${encodeURIComponent(target.tenant)}` : ''}${request.path ?? ''}`
        : target.url,
    );
    for (const [name, value] of Object.entries(rawAuth.query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      Accept: 'application/json',
      ...(target.version === '1.0' ? { 'A2A-Version': '1.0' } : {}),
      ...rawAuth.headers,
      ...(request.headers ?? {}),
    };
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
    return this.#record(
      await rawProbe({
        version: target.version,
        binding: target.binding,
        endpoint: target.url,
        url: url.href,
        httpMethod: request.httpMethod ?? 'POST',
        label: request.label,
        headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        timeoutMs: this.timings.callMs,
        deps: this.#options.deps,
        redaction: { values: rawAuth.secrets },
        ...(this.#options.signal ? { signal: this.#options.signal } : {}),
      }),
    );
  }

  /** SendMessage with the interface's dialect; blocking unless asked otherwise. */
  async send(message: ProbeMessage, options: CallOptions & { returnImmediately?: boolean } = {}): Promise<ExchangeRecord> {
    return this.call(
      this.method('send'),
      sendParams(this.version, message, options.returnImmediately !== undefined ? { returnImmediately: options.returnImmediately } : {}),
      options,
    );
  }

  /** The one probe stream the streaming checks judge (sent once per interface). */
  probeStream(): Promise<ExchangeRecord> {
    this.#probeStream ??= this.stream(this.method('stream'), sendParams(this.version, this.userMessage()));
    return this.#probeStream;
  }

  /** Any task of the agent's, made by sending the probe text (blocking, then streamed if it answered with a Message). */
  anyTask(): Promise<TaskFixture> {
    this.#taskFixture ??= this.#makeTask();
    return this.#taskFixture;
  }

  /**
   * A task still running, when the agent gives one: a non-blocking send (returnImmediately / 0.3
   * blocking:false) that came back with a non-terminal Task. Falls back to anyTask().
   */
  async liveTask(): Promise<TaskFixture> {
    const sent = await this.send(this.userMessage(), { returnImmediately: true });
    const task = taskOf(sent);
    if (task && !isTerminalState(task.state)) return { task, evidence: [sent] };
    const any = await this.anyTask();
    return { ...any, evidence: [sent, ...any.evidence] };
  }

  /** A task in a terminal state: the task above, waited for briefly, or cancelled if it stays open. */
  terminalTask(): Promise<TaskFixture> {
    this.#terminalFixture ??= this.#makeTerminal();
    return this.#terminalFixture;
  }

  async #makeTask(): Promise<TaskFixture> {
    const evidence: ExchangeRecord[] = [];
    const sent = await this.send(this.userMessage());
    evidence.push(sent);
    const task = taskOf(sent);
    if (task) return { task, evidence };
    if (this.capabilities.streaming === true) {
      const streamed = await this.stream(this.method('stream'), sendParams(this.version, this.userMessage()));
      evidence.push(streamed);
      const first = (streamed.events ?? []).map((e) => readStreamItem(e.data, this.binding)).find((i) => i.kind === 'task' || i.taskId !== undefined);
      if (first?.taskId) {
        const got = await this.call(this.method('get'), taskIdParams(first.taskId));
        evidence.push(got);
        const view = taskOf(got);
        if (view) return { task: view, evidence };
        const fallback: TaskView = { id: first.taskId, artifactCount: 0 };
        if (first.contextId) fallback.contextId = first.contextId;
        return { task: fallback, evidence };
      }
    }
    return {
      skip: `The agent made no task for the probe text "${this.probeText}" (it answered ${describeOutcome(sent)}). Choose a probe text that starts a task (a skill example, or --text).`,
      evidence,
    };
  }

  async #makeTerminal(): Promise<TaskFixture> {
    const base = await this.anyTask();
    if ('skip' in base) return base;
    const evidence = [...base.evidence];
    let task = base.task;
    // Wait briefly for a task still running (the demo and most agents finish in well under a second).
    for (let i = 0; i < 10 && !isTerminalState(task.state); i++) {
      if (isInterruptedState(task.state)) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
      const got = await this.call(this.method('get'), taskIdParams(task.id));
      evidence.push(got);
      task = taskOf(got) ?? task;
    }
    if (!isTerminalState(task.state)) {
      const canceled = await this.call(this.method('cancel'), taskIdParams(task.id));
      evidence.push(canceled);
      task = taskOf(canceled) ?? task;
    }
    if (!isTerminalState(task.state)) return { skip: `Task ${task.id} did not reach a terminal state (last state ${task.state ?? 'unknown'}).`, evidence };
    return { task, evidence };
  }
}

/** The task an exchange returned: a 1.0 `{task}` wrapper, a bare Task (0.3, GetTask, CancelTask). */
export function taskOf(record: ExchangeRecord): TaskView | undefined {
  const outcome = record.outcome;
  if (outcome.kind === 'task') return readTask(outcome.task) ?? readTask(field(outcome.task, 'task'));
  if (outcome.kind === 'result') return readTask(outcome.value) ?? readTask(field(outcome.value, 'task'));
  return undefined;
}
