import type { A2aCall } from '../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../shared/a2a/exchange';
import { performCall, type CallDeps } from '../../electron/node/a2a/perform-call';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { Connections } from '../../electron/node/connections';
import { afterAll, beforeAll } from 'vitest';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';

export const deps: CallDeps = {
  secrets: createMemorySecretStore({ 'agent-token': 'sdk-agent-test-token-0123456789' }),
  environment: { A2A_TEST_TOKEN: 'sdk-agent-test-token-0123456789' },
  now: () => Date.now(),
  connections: new Connections(),
};

export async function send(call: A2aCall, signal?: AbortSignal): Promise<ExchangeRecord> {
  return performCall(call, deps, signal ? { signal } : {});
}

/** Runs a streaming call, collecting the events delivered live through onEvent. */
export async function stream(
  call: A2aCall,
  opts: { stopAfter?: number; stopAfterMs?: number } = {},
): Promise<{ record: ExchangeRecord; live: RecordedStreamEvent[] }> {
  const live: RecordedStreamEvent[] = [];
  const controller = new AbortController();
  if (opts.stopAfterMs !== undefined) setTimeout(() => controller.abort(), opts.stopAfterMs);
  const record = await performCall(call, deps, {
    signal: controller.signal,
    onEvent: (e) => {
      live.push(e);
      if (opts.stopAfter !== undefined && live.length >= opts.stopAfter) controller.abort();
    },
  });
  return { record, live };
}

export function userMessage(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text }], ...extra };
}

export function userMessageV03(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { kind: 'message', messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'user', parts: [{ kind: 'text', text }], ...extra };
}

export function taskOf(record: ExchangeRecord): Record<string, unknown> {
  if (record.outcome.kind !== 'task') throw new Error(`expected a task outcome, got ${JSON.stringify(record.outcome)}`);
  return record.outcome.task as Record<string, unknown>;
}

/**
 * For an interop test file: the SDK agent with short steps (a slow step of 100 ms) for all its tests;
 * `use` gets it once started. After the file, the agent and the connections `deps` pooled are closed.
 */
export function useInteropAgent(use: (agent: SdkAgent) => void): void {
  let agent: SdkAgent | undefined;
  beforeAll(async () => {
    agent = await startSdkAgent({ stepDelayMs: 2, slowStepMs: 100 });
    use(agent);
  });
  afterAll(async () => {
    deps.connections.close();
    await agent?.close();
  });
}
