import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost } from '../../host/fake-host';
import { useHttpRunsStore } from '../http/http-runs';
import { useMcpRunsStore } from '../mcp/mcp-runs';
import { refreshOnRunsDone } from './history-store';

const listed = { entries: [], total: 0, stored: 0 };

afterEach(() => {
  vi.useRealTimers();
  useHttpRunsStore.setState({ byTab: {} });
  useMcpRunsStore.setState({ byTab: {} });
});

function listCalls(host: ReturnType<typeof createFakeHost>): number {
  return host.calls.filter((c) => c.op === 'history.list').length;
}

describe('the History view refreshes when any run ends', () => {
  it('an HTTP run and an MCP Connect or call ending each refresh it once; a run still going does not', async () => {
    vi.useFakeTimers();
    const host = createFakeHost({ ops: { 'history.list': () => listed } });
    const stop = refreshOnRunsDone(host);

    const run = { id: 'r1', tabId: 't1', method: 'GET', url: 'http://x', startedAt: 0, status: 'running' as const, eventCount: 0 };
    useHttpRunsStore.getState().set(run);
    await vi.advanceTimersByTimeAsync(200);
    expect(listCalls(host)).toBe(0);
    useHttpRunsStore.getState().patch('t1', 'r1', { status: 'done' });
    await vi.advanceTimersByTimeAsync(200);
    expect(listCalls(host)).toBe(1);

    useMcpRunsStore.getState().patch('m1', () => ({ shown: 'connect', connect: { id: 1, serverKey: 'k', status: 'connecting' } }));
    await vi.advanceTimersByTimeAsync(200);
    expect(listCalls(host)).toBe(1);
    useMcpRunsStore.getState().patch('m1', (r) => ({ ...r, connect: { id: 1, serverKey: 'k', status: 'done' } }));
    await vi.advanceTimersByTimeAsync(200);
    expect(listCalls(host)).toBe(2);

    // After stop, nothing refreshes any more.
    stop();
    useHttpRunsStore.getState().set({ ...run, id: 'r2', status: 'done' });
    await vi.advanceTimersByTimeAsync(200);
    expect(listCalls(host)).toBe(2);
  });
});
