import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../shared/contract/index';
import type { Core } from '../../electron/node/core';
import { tempCore } from './test-core';

let env: Awaited<ReturnType<typeof tempCore>>;
let core: Core;
beforeAll(async () => {
  env = await tempCore();
  core = env.core;
});
afterAll(() => env.dispose());

describe('dispatcher', () => {
  it('answers app.info with capabilities', async () => {
    const result = await core.dispatcher.invoke('app.info', {});
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.name).toBe('Powerduck');
      expect(result.value.capabilities.grpc).toBe(true);
      expect(result.value.dataDir).toBe(env.dir);
    }
  });

  it('refuses unknown operations with a stable code', async () => {
    const result = await core.dispatcher.invokeUnknown('nope.op', {});
    expect(result).toEqual({ ok: false, error: { code: 'unknown-operation', message: 'Unknown operation: nope.op' } });
  });

  it('refuses a request that is not an object at once, for operations and streams, naming what it got', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    for (const [request, got] of [
      [big, 'text'],
      [42, 'a number'],
      [['a'], 'a list'],
      [true, 'a boolean'],
    ] as const) {
      const started = performance.now();
      const result = await core.dispatcher.invokeUnknown('spec.run', request);
      expect(result).toEqual({ ok: false, error: { code: 'bad-request', message: `A request is an object of named fields, not ${got}; nothing was done.` } });
      const events: unknown[] = [];
      await core.dispatcher.streamUnknown('spec.runStream', 'shape-1', request, (e) => events.push(e));
      expect(events).toEqual([
        {
          requestId: 'shape-1',
          seq: 0,
          kind: 'error',
          error: { code: 'bad-request', message: `A request is an object of named fields, not ${got}; nothing was done.` },
        },
      ]);
      // Refused before any handler: a handler spreading the 2 MB string would take seconds (a generous bound for a loaded machine).
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    // Nothing at all is still the empty request an operation without fields takes.
    expect(await core.dispatcher.invokeUnknown('app.info', undefined)).toMatchObject({ ok: true });
    expect(await core.dispatcher.invokeUnknown('app.info', null)).toMatchObject({ ok: true });
  });

  it('streams numbered events and ends with exactly one terminal event', async () => {
    const events: StreamEvent<{ index: number; text: string }, { count: number; cancelled: boolean }>[] = [];
    await core.dispatcher.stream('debug.echoStream', 'r1', { count: 5 }, (e) => events.push(e));
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events.filter((e) => e.kind === 'end' || e.kind === 'error')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ kind: 'end', value: { count: 5, cancelled: false } });
  });

  it('cancels a running stream by requestId', async () => {
    const events: StreamEvent<unknown, unknown>[] = [];
    const running = core.dispatcher.stream('debug.echoStream', 'r2', { count: 1000, intervalMs: 20 }, (e) => {
      events.push(e);
      if (e.kind === 'data' && e.seq === 2) void core.dispatcher.invoke('stream.cancel', { requestId: 'r2' });
    });
    await running;
    const last = events.at(-1);
    expect(last?.kind).toBe('end');
    expect(last && last.kind === 'end' ? last.value : undefined).toMatchObject({ cancelled: true });
    expect(events.length).toBeLessThan(10);
    expect(core.dispatcher.activeStreams()).toBe(0);
  });

  it('reports cancel of an unknown stream as not cancelled', async () => {
    expect(await core.dispatcher.invoke('stream.cancel', { requestId: 'missing' })).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('refuses a stream without a requestId', async () => {
    const events: StreamEvent<unknown, unknown>[] = [];
    await core.dispatcher.streamUnknown('debug.echoStream', undefined, { count: 1 }, (e) => events.push(e));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'error', error: { code: 'bad-request' } });
  });

  it('keeps secret values inside the core: only names come back', async () => {
    expect(await core.dispatcher.invoke('secrets.set', { name: 'demo-token', value: 's3cret-value' })).toEqual({ ok: true, value: { name: 'demo-token' } });
    const listed = await core.dispatcher.invoke('secrets.list', {});
    expect(JSON.stringify(listed)).not.toContain('s3cret-value');
    expect(listed.ok && listed.value.names).toEqual(['demo-token']);
    const bad = await core.dispatcher.invoke('secrets.set', { name: '../evil', value: 'x' });
    expect(bad.ok ? undefined : bad.error.code).toBe('bad-request');
  });
});
