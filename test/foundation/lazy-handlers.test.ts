import { describe, expect, it } from 'vitest';
import type { Handlers, StreamHandlers } from '../../electron/node/handler-types';
import { LazyGroups, lazyHandlers, lazyStreamHandlers } from '../../electron/node/handlers/lazy-handlers';

interface ProbeOps {
  'probe.echo': { request: { text: string }; response: { text: string } };
  'probe.fail': { request: Record<string, never>; response: never };
}
interface ProbeStreams {
  'probe.count': { request: { to: number }; data: number; end: { total: number } };
}
const ctx = { signal: new AbortController().signal };

function probeGroup(groups: LazyGroups, failFirst = false): { handlers: Handlers<ProbeOps>; loads: () => number } {
  let loads = 0;
  const handlers = lazyHandlers<ProbeOps>(groups, ['probe.echo', 'probe.fail'], async () => {
    loads++;
    if (failFirst && loads === 1) throw new Error('module failed to load');
    return {
      'probe.echo': async (request) => ({ text: request.text }),
      'probe.fail': async () => {
        throw new Error('handler said no');
      },
    };
  });
  return { handlers, loads: () => loads };
}

describe('lazy handler groups', () => {
  it('lists every name at once but loads the group only on the first call, once', async () => {
    const { handlers, loads } = probeGroup(new LazyGroups());
    expect(Object.keys(handlers).sort()).toEqual(['probe.echo', 'probe.fail']);
    expect(loads()).toBe(0);
    const [a, b] = await Promise.all([handlers['probe.echo']({ text: 'a' }, ctx), handlers['probe.echo']({ text: 'b' }, ctx)]);
    expect([a, b]).toEqual([{ text: 'a' }, { text: 'b' }]);
    await expect(handlers['probe.fail']({}, ctx)).rejects.toThrow('handler said no');
    expect(loads()).toBe(1);
  });

  it('rejects the call whose load failed and loads again on the next call', async () => {
    const { handlers, loads } = probeGroup(new LazyGroups(), true);
    await expect(handlers['probe.echo']({ text: 'x' }, ctx)).rejects.toThrow('module failed to load');
    expect(await handlers['probe.echo']({ text: 'y' }, ctx)).toEqual({ text: 'y' });
    expect(loads()).toBe(2);
  });

  it('warm() loads every group without calling a handler and never rejects', async () => {
    const groups = new LazyGroups();
    const good = probeGroup(groups);
    const bad = probeGroup(groups, true);
    let streamLoads = 0;
    const streams = lazyStreamHandlers<ProbeStreams>(groups, ['probe.count'], async (): Promise<StreamHandlers<ProbeStreams>> => {
      streamLoads++;
      return {
        'probe.count': async (request, emit) => {
          for (let i = 1; i <= request.to; i++) emit(i);
          return { total: request.to };
        },
      };
    });
    await expect(groups.warm()).resolves.toBeUndefined();
    expect([good.loads(), bad.loads(), streamLoads]).toEqual([1, 1, 1]);
    const seen: number[] = [];
    expect(await streams['probe.count']({ to: 3 }, (n) => seen.push(n), ctx)).toEqual({ total: 3 });
    expect(seen).toEqual([1, 2, 3]);
    expect(streamLoads).toBe(1);
    // The group whose warm-up failed loads on its first call.
    expect(await bad.handlers['probe.echo']({ text: 'z' }, ctx)).toEqual({ text: 'z' });
    expect(bad.loads()).toBe(2);
  });
});
