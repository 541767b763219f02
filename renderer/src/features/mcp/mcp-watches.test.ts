import { beforeEach, describe, expect, it } from 'vitest';
import type { McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import type { McpWatchEvent, McpWatchRequest } from '../../../../shared/mcp/mcp-watch';
import { createFakeHost } from '../../host/fake-host';
import { peekTimeline } from '../stream/timelines';
import { forgetMcpTab } from './mcp-runs';
import { clearListChanged, MAX_WATCH_ROWS, stopMcpWatch, useMcpWatchStore, watchMcp } from './mcp-watches';

const target = { transport: 'auto' as const, endpoint: 'http://x/mcp' };

function ended(end: 'stopped' | 'server-closed'): McpExchangeRecord {
  return {
    protocol: 'mcp',
    id: 'w',
    startedAt: new Date(0).toISOString(),
    method: 'watch',
    target,
    outcome: { kind: 'result', result: { end } },
    http: [],
    messages: [],
    timings: { totalMs: 1 },
    warnings: [],
    watch: {
      end,
      reason: end === 'stopped' ? 'Stopped by the user.' : 'The server closed the connection.',
      subscribed: [],
      refused: [],
      notifications: 0,
      byMethod: {},
      keptEvents: 0,
      droppedEvents: 0,
      standaloneStream: 'open',
      reconnects: 0,
      watchedMs: 1,
    },
  };
}

let seq = 0;
function ev(event: string, data: unknown): McpWatchEvent {
  return { seq: seq++, atMs: 1, event, data, time: new Date(0).toISOString() };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('the watch of an MCP tab', () => {
  beforeEach(() => useMcpWatchStore.setState({ byTab: {} }));

  it('shows subscriptions, refusals and notifications; a list change waits for Refresh; Stop cancels the stream', async () => {
    const requests: McpWatchRequest[] = [];
    const host = createFakeHost({
      streams: {
        'mcp.watch': async (request, emit, signal) => {
          requests.push(request);
          emit(ev('watch/subscribed', { uri: 'mem://a' }));
          emit(ev('watch/subscribe-refused', { uri: 'mem://b', error: 'no such resource' }));
          emit(ev('watch/listening', { stream: 'GET' }));
          emit(ev('notifications/resources/updated', { method: 'notifications/resources/updated', params: { uri: 'mem://a' } }));
          emit(ev('notifications/tools/list_changed', { method: 'notifications/tools/list_changed' }));
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          return ended('stopped');
        },
      },
    });
    const id = watchMcp(host, 't', { target, subscribe: ['mem://a', 'mem://b'] });
    await until(() => useMcpWatchStore.getState().byTab['t']?.seen === 2);
    expect(useMcpWatchStore.getState().byTab['t']).toMatchObject({
      status: 'watching',
      subscribe: ['mem://a', 'mem://b'],
      subscribed: ['mem://a'],
      refused: [{ uri: 'mem://b', message: 'no such resource' }],
      listChanged: ['tools'],
    });
    await until(() => (peekTimeline(id)?.rows.length ?? 0) === 5);
    clearListChanged('t', 'tools');
    expect(useMcpWatchStore.getState().byTab['t']?.listChanged).toEqual([]);
    await stopMcpWatch('t');
    await until(() => useMcpWatchStore.getState().byTab['t']?.status === 'done');
    expect(useMcpWatchStore.getState().byTab['t']?.record?.watch?.end).toBe('stopped');
    expect(host.calls.map((c) => c.op)).toEqual(['mcp.watch', 'stream.cancel']);
    forgetMcpTab('t');
    expect(peekTimeline(id)).toBeUndefined();
    expect(useMcpWatchStore.getState().byTab['t']).toBeUndefined();
  });

  it('keeps at most MAX_WATCH_ROWS rows in view and counts what it cleared', async () => {
    let emitNow: ((e: McpWatchEvent) => void) | undefined;
    let finish: (() => void) | undefined;
    const open = createFakeHost({
      streams: {
        'mcp.watch': async (_request, emit) => {
          emitNow = emit;
          await new Promise<void>((resolve) => (finish = resolve));
          return ended('server-closed');
        },
      },
    });
    watchMcp(open, 't', { target });
    await until(() => emitNow !== undefined);
    for (let i = 0; i < MAX_WATCH_ROWS + 10; i++) emitNow?.(ev('notifications/message', { method: 'notifications/message', params: { data: i } }));
    await until(() => (useMcpWatchStore.getState().byTab['t']?.cleared ?? 0) > 0);
    const run = useMcpWatchStore.getState().byTab['t'];
    expect(run?.cleared).toBe(MAX_WATCH_ROWS + 10);
    expect(run?.timelineId).not.toBe(run?.id);
    expect(run?.seen).toBe(MAX_WATCH_ROWS + 10);
    finish?.();
    await until(() => useMcpWatchStore.getState().byTab['t']?.status === 'done');
    expect(useMcpWatchStore.getState().byTab['t']?.record?.watch?.end).toBe('server-closed');
    // A new watch replaces the old one and frees its timeline.
    const old = useMcpWatchStore.getState().byTab['t']?.timelineId ?? '';
    const instant = createFakeHost({ streams: { 'mcp.watch': async () => ended('server-closed') } });
    const next = watchMcp(instant, 't', { target });
    expect(useMcpWatchStore.getState().byTab['t']?.id).toBe(next);
    expect(peekTimeline(old)).toBeUndefined();
  });
});
