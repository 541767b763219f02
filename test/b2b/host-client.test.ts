import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebHost } from '../../renderer/src/host/web-host';
import type { Host } from '../../renderer/src/host/host';
import { startWebHost, type WebHost } from '../../electron/web/web-host';
import type { StreamEvent } from '../../shared/contract/index';
import { tempCore } from '../foundation/test-core';

// Back to back: the renderer's real host client, in one process, against the real handler table
// behind the real browser host. Only the page globals (location, history, storage) are stand-ins.
let env: Awaited<ReturnType<typeof tempCore>>;
let server: WebHost;
let client: Host;

function pageGlobals(hash: string) {
  const store = new Map<string, string>();
  return {
    fetch: ((input: string | URL | Request, init?: RequestInit) => fetch(new URL(String(input), server.origin), init)) as typeof fetch,
    location: { hash, pathname: '/', search: '' },
    history: { state: null, replaceState: () => undefined },
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
  };
}

beforeAll(async () => {
  env = await tempCore('web');
  server = await startWebHost({ core: env.core, staticDir: env.dir, port: 0 });
  client = createWebHost(pageGlobals(`#token=${server.token}`));
});
afterAll(async () => {
  await server.close();
  await env.dispose();
});

describe('host client ⇄ handler table', () => {
  it('invokes a unary operation with typed results', async () => {
    const info = await client.invoke('app.info', {});
    expect(info.ok && info.value.host).toBe('web');
  });

  it('carries WireErrors as data', async () => {
    const bad = await client.invoke('secrets.set', { name: '', value: 'x' });
    expect(bad.ok ? null : bad.error.code).toBe('bad-request');
  });

  it('runs a stream to its end and delivers every event in order', async () => {
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = client.stream('debug.echoStream', { count: 20 }, (e) => events.push(e));
    await handle.done;
    expect(events.map((e) => e.seq)).toEqual([...Array(21).keys()]);
    expect(events.at(-1)?.kind).toBe('end');
  });

  it('stops a stream through the contract and still gets one terminal event', async () => {
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = client.stream('debug.echoStream', { count: 10_000, intervalMs: 5 }, (e) => {
      events.push(e);
      if (e.kind === 'data' && e.seq === 3) void handle.cancel();
    });
    await handle.done;
    const terminal = events.filter((e) => e.kind !== 'data');
    expect(terminal).toHaveLength(1);
    expect(terminal[0]).toMatchObject({ kind: 'end', value: { cancelled: true } });
  });

  it('fails every call without the session token', async () => {
    const anonymous = createWebHost(pageGlobals(''));
    const result = await anonymous.invoke('app.info', {});
    expect(result.ok ? null : result.error.code).toBe('unauthorized');
  });
});
