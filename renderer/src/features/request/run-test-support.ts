/**
 * Set-up shared by the tests that run drafts through a fake host (run-request, run-retention).
 * Test support only: no product module imports it.
 */
import { beforeEach, expect } from 'vitest';
import type { A2aCall } from '../../../../shared/a2a/call';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { useRunsStore } from '../response';
import { useDraftsStore } from './drafts-store';

/** Every test of the calling describe block starts with no tabs and no runs, as a fresh page does. */
export function startEachTestWithNoTabsOrRuns(): void {
  beforeEach(() => {
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    useRunsStore.setState({ runs: {}, shownByTab: {} });
  });
}

/** Waits in 5 ms steps, at most `tries` of them, until `check` holds, and fails the test if it never does. */
export async function until(check: () => boolean, tries = 200): Promise<void> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

/** The exchange record a host hands back for `call` with `outcome`; `extra` adds or replaces fields (events, bodies). */
export function exchangeRecord(call: A2aCall, outcome: ExchangeRecord['outcome'], extra: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    id: 'r',
    startedAt: new Date(0).toISOString(),
    version: call.version,
    binding: call.binding,
    endpoint: call.endpoint,
    method: call.method,
    request: { url: call.endpoint, headers: [], bodyBytes: 0 },
    timings: { totalMs: 1 },
    outcome,
    warnings: [],
    ...extra,
  };
}
