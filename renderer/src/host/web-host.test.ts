import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract/index';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';
import { heldPayloadFacts, withHeldParts, type HeldParts } from './held-parts';
import { createWebHost, dataEventFromLine, takeSessionToken, tokenHeader, type WebHostEnv } from './web-host';
import type { InvokeReply, InvokeRequest } from './invoke-worker-protocol';
import type { WorkerPort } from './worker-port';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

function ndjsonResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: { op: string; request: unknown; requestId?: string };
}

function env(respond: (sent: Sent) => Response | Promise<Response>, hash = '#token=abc%2B1'): { env: WebHostEnv; sent: Sent[]; replaced: string[] } {
  const sent: Sent[] = [];
  const replaced: string[] = [];
  return {
    sent,
    replaced,
    env: {
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const s: Sent = { url: String(input), headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) };
        sent.push(s);
        return respond(s);
      }) as typeof fetch,
      location: { hash, pathname: '/', search: '' },
      history: { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) },
      storage: memoryStorage(),
      randomId: () => 'req-1',
    },
  };
}

describe('web host transport', () => {
  it('takes the token from the hash once, keeps it for the tab and cleans the address bar', () => {
    const e = env(() => new Response('{}'));
    expect(takeSessionToken(e.env)).toBe('abc+1');
    expect(e.replaced).toEqual(['/']);
    // A reload has no hash any more: the token comes back from sessionStorage.
    const again = { ...e.env, location: { hash: '', pathname: '/', search: '' } };
    expect(takeSessionToken(again)).toBe('abc+1');
  });

  it('posts unary calls with the token header and returns the Result as sent', async () => {
    const e = env(() => Response.json({ ok: true, value: { name: 'Powerduck' } }));
    const host = createWebHost(e.env);
    const result = await host.invoke('app.info', {});
    expect(result).toEqual({ ok: true, value: { name: 'Powerduck' } });
    expect(e.sent[0]?.url).toBe('/api/invoke');
    expect(e.sent[0]?.headers[tokenHeader]).toBe('abc+1');
    expect(e.sent[0]?.body).toEqual({ op: 'app.info', request: {} });
  });

  it('sends what a leaving page sends (the last save, the slot release) with keepalive when it fits the budget, and plainly when refused', async () => {
    const seen: Array<{ op: string; keepalive: boolean }> = [];
    let refuseKeepalive = false;
    const e = env(() => Response.json({ ok: true, value: {} }));
    const host = createWebHost({
      ...e.env,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const op = (JSON.parse(String(init?.body)) as { op: string }).op;
        seen.push({ op, keepalive: init?.keepalive === true });
        if (init?.keepalive && refuseKeepalive) throw new TypeError('keepalive budget exceeded');
        return e.env.fetch(input, init);
      }) as typeof fetch,
    });
    const page = { windowId: 'w', pageId: 'p' };
    await host.invoke('session.release', page);
    await host.invoke('session.save', { ...page, tabs: [] });
    await host.invoke('session.save', { ...page, tabs: [{ draft: { id: 't', kind: 'a2a', bodyText: 'x'.repeat(40 * 1024) } }] });
    await host.invoke('session.touch', page);
    expect(seen).toEqual([
      { op: 'session.release', keepalive: true },
      { op: 'session.save', keepalive: true },
      { op: 'session.save', keepalive: false },
      { op: 'session.touch', keepalive: false },
    ]);
    seen.length = 0;
    refuseKeepalive = true;
    expect(await host.invoke('session.release', page)).toEqual({ ok: true, value: {} });
    expect(seen).toEqual([
      { op: 'session.release', keepalive: true },
      { op: 'session.release', keepalive: false },
    ]);
  });

  it('turns a refusal (401) into an unauthorized error, never a success', async () => {
    const e = env(
      () => Response.json({ ok: false, error: { code: 'unauthorized', message: 'Missing or wrong Powerduck session token.' } }, { status: 401 }),
      '',
    );
    const result = await createWebHost(e.env).invoke('app.info', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('unauthorized');
  });

  it('reads NDJSON events split across chunks and stops at the terminal event', async () => {
    const lines = [
      { requestId: 'req-1', seq: 0, kind: 'data', data: { index: 0, text: 'a' } },
      { requestId: 'req-1', seq: 1, kind: 'data', data: { index: 1, text: 'b' } },
      { requestId: 'req-1', seq: 2, kind: 'end', value: { count: 2, cancelled: false } },
    ]
      .map((l) => JSON.stringify(l) + '\n')
      .join('');
    const e = env(() => ndjsonResponse([lines.slice(0, 17), lines.slice(17, 90), lines.slice(90)]));
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = createWebHost(e.env).stream('debug.echoStream', { count: 2 }, (ev) => events.push(ev));
    await handle.done;
    expect(handle.requestId).toBe('req-1');
    expect(e.sent[0]?.body).toEqual({ op: 'debug.echoStream', requestId: 'req-1', request: { count: 2 } });
    expect(events.map((ev) => ev.kind)).toEqual(['data', 'data', 'end']);
  });

  it('reports a stream that closes without a terminal event as an error', async () => {
    const e = env(() => ndjsonResponse([JSON.stringify({ requestId: 'req-1', seq: 0, kind: 'data', data: 1 }) + '\n']));
    const events: StreamEvent<unknown, unknown>[] = [];
    await createWebHost(e.env).stream('debug.echoStream', { count: 5 }, (ev) => events.push(ev)).done;
    expect(events.map((ev) => ev.kind)).toEqual(['data', 'error']);
    const last = events[1];
    expect(last?.kind === 'error' && last.error.code).toBe('io');
  });

  it('cancels through stream.cancel so the core can still send its terminal record', async () => {
    let release: (() => void) | undefined;
    const e = env(async (sent) => {
      if (sent.url === '/api/invoke') {
        release?.();
        return Response.json({ ok: true, value: { cancelled: true } });
      }
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(JSON.stringify({ requestId: 'req-1', seq: 0, kind: 'data', data: 1 }) + '\n'));
            release = () => {
              controller.enqueue(encoder.encode(JSON.stringify({ requestId: 'req-1', seq: 1, kind: 'end', value: { count: 1, cancelled: true } }) + '\n'));
              controller.close();
            };
          },
        }),
      );
    });
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = createWebHost(e.env).stream('debug.echoStream', { count: 100 }, (ev) => events.push(ev));
    await new Promise((r) => setTimeout(r, 10));
    await handle.cancel();
    await handle.done;
    expect(e.sent.map((s) => s.body.op)).toEqual(['debug.echoStream', 'stream.cancel']);
    expect(e.sent[1]?.body.request).toEqual({ requestId: 'req-1' });
    expect(events.at(-1)).toMatchObject({ kind: 'end', value: { cancelled: true } });
  });
});

class FakeWorker {
  posted: ToStreamWorker[] = [];
  terminated = false;
  onmessage: ((m: MessageEvent<FromStreamWorker>) => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage(message: ToStreamWorker): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(data: FromStreamWorker): void {
    this.onmessage?.({ data } as MessageEvent<FromStreamWorker>);
  }
}

describe('web host streams read in a worker', () => {
  it('opens the stream in the worker with the token, delivers batches, and marks the record events held as text', async () => {
    const e = env(() => Response.json({ ok: true, value: { cancelled: true } }));
    const worker = new FakeWorker();
    const host = createWebHost({
      ...e.env,
      origin: 'http://127.0.0.1:1',
      streamWorker: () => worker as unknown as WorkerPort<ToStreamWorker, FromStreamWorker>,
    });
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = host.stream('a2a.stream', { method: 'SendStreamingMessage' } as never, (ev) => events.push(ev));
    const open = worker.posted[0];
    expect(open?.type).toBe('open');
    if (open?.type === 'open') {
      expect(open.url).toBe('http://127.0.0.1:1/api/stream');
      expect(open.headers[tokenHeader]).toBe('abc+1');
      expect(JSON.parse(open.body)).toMatchObject({ op: 'a2a.stream', requestId: 'req-1' });
    }
    const lines = [0, 1, 2].map((seq) => JSON.stringify({ kind: 'data', data: { seq }, requestId: 'req-1', seq }));
    let at = 0;
    worker.emit({ type: 'lines', text: lines.join(''), ends: Uint32Array.from(lines.map((l) => (at += l.length))), seqs: Uint32Array.from([0, 1, 2]) });
    worker.emit({ type: 'end', event: { requestId: 'req-1', seq: 3, kind: 'end', value: { id: 'rec' } }, eventsJson: '[{"seq":0},{"seq":1},{"seq":2}]' });
    await handle.done;
    expect(worker.terminated).toBe(true);
    expect(events.map((ev) => ev.kind)).toEqual(['data', 'data', 'data', 'end']);
    expect(events.slice(0, 3).map((ev) => [ev.seq, ev.kind === 'data' ? ev.data : undefined])).toEqual([
      [0, { seq: 0 }],
      [1, { seq: 1 }],
      [2, { seq: 2 }],
    ]);
    const end = events[3];
    const record = end?.kind === 'end' ? (end.value as { id: string; events?: unknown[]; held?: HeldParts }) : undefined;
    expect(record).toEqual({ id: 'rec', held: { events: '[{"seq":0},{"seq":1},{"seq":2}]' } });
    expect(record && withHeldParts(record)).toEqual({ id: 'rec', events: [{ seq: 0 }, { seq: 1 }, { seq: 2 }] });
  });

  it('turns a worker failure into the terminal error, and aborts the fetch if the core cannot cancel', async () => {
    const e = env(() => Response.json({ ok: false, error: { code: 'internal', message: 'x' } }));
    const worker = new FakeWorker();
    const host = createWebHost({ ...e.env, streamWorker: () => worker as unknown as WorkerPort<ToStreamWorker, FromStreamWorker> });
    const events: StreamEvent<unknown, unknown>[] = [];
    const handle = host.stream('debug.echoStream', { count: 3 }, (ev) => events.push(ev));
    await handle.cancel();
    expect(worker.posted.at(-1)).toEqual({ type: 'abort' });
    worker.emit({ type: 'failed', error: { code: 'cancelled', message: 'Stopped by the user.' } });
    await handle.done;
    expect(events).toEqual([{ requestId: 'req-1', seq: 0, kind: 'error', error: { code: 'cancelled', message: 'Stopped by the user.' } }]);
  });

  it('delivers a data event parsed once, whose readAgain re-reads its line and holds no parsed object', () => {
    const text = '{"kind":"data","data":{"n":1}}{"kind":"data","data":{"n":2}}';
    const event = dataEventFromLine('r', 1, text, 30, text.length);
    expect(event).toMatchObject({ requestId: 'r', seq: 1, kind: 'data', data: { n: 2 } });
    const readAgain = event.kind === 'data' ? event.readAgain : () => undefined;
    const first = readAgain();
    expect(first).toEqual({ n: 2 });
    expect(readAgain()).not.toBe(first);
    expect(() => dataEventFromLine('r', 0, 'not json', 0, 8)).toThrow();
  });
});

describe('web host unary calls parsed in a worker', () => {
  it('sends a2a.send through the worker and marks a payload held as text on the record; other ops stay on fetch', async () => {
    const e = env(() => Response.json({ ok: true, value: { name: 'Powerduck' } }));
    const posted: Array<{ id: number; url: string; body: string }> = [];
    const worker = {
      onmessage: null as ((m: MessageEvent<unknown>) => void) | null,
      postMessage(message: { id: number; url: string; body: string }) {
        posted.push(message);
        queueMicrotask(() =>
          this.onmessage?.({
            data: {
              id: message.id,
              kind: 'result',
              result: { ok: true, value: { id: 'rec', outcome: { kind: 'task', state: undefined } } },
              held: { key: 'task', json: '{"task":{"id":"t1"}}', facts: { taskId: 't1', state: 'TASK_STATE_WORKING' } },
            },
          } as MessageEvent<unknown>),
        );
      },
    };
    const host = createWebHost({ ...e.env, origin: 'http://127.0.0.1:1', invokeWorker: () => worker as unknown as WorkerPort<InvokeRequest, InvokeReply> });
    const info = await host.invoke('app.info', {});
    expect(info.ok).toBe(true);
    expect(e.sent.map((s) => s.body.op)).toEqual(['app.info']);
    const result = await host.invoke('a2a.send', { version: '1.0', binding: 'JSONRPC', endpoint: 'http://a', method: 'SendMessage', body: {} });
    expect(posted[0]?.url).toBe('http://127.0.0.1:1/api/invoke');
    expect(JSON.parse(posted[0]?.body ?? '{}').op).toBe('a2a.send');
    if (!result.ok) throw new Error('expected a record');
    expect(result.value.held?.payload?.facts).toEqual({ taskId: 't1', state: 'TASK_STATE_WORKING' });
    expect(heldPayloadFacts(result.value)?.taskId).toBe('t1');
    expect('task' in result.value.outcome).toBe(false);
    expect(withHeldParts(result.value).outcome).toEqual({ kind: 'task', task: { task: { id: 't1' } } });
    expect(result.value.held).toBeUndefined();
  });

  it('reads every unary answer one way: a refusal that is not JSON, or a body cut off, means the same for every op', async () => {
    const call = { version: '1.0', binding: 'JSONRPC', endpoint: 'http://a', method: 'SendMessage', body: {} } as const;
    const page = createWebHost(env(() => new Response('<html>Bad gateway</html>', { status: 502 })).env);
    const refused = { ok: false, error: { code: 'io', message: 'Powerduck answered HTTP 502.' } };
    expect(await page.invoke('app.info', {})).toEqual(refused);
    expect(await page.invoke('a2a.send', call)).toEqual(refused);

    const broken = (): Response =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"ok":tr'));
            controller.error(new Error('socket reset'));
          },
        }),
      );
    const cut = createWebHost(env(broken).env);
    for (const result of [await cut.invoke('app.info', {}), await cut.invoke('a2a.send', call)]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'connect' } });
      expect(result.ok ? '' : result.error.message).toContain('socket reset');
    }
  });

  it('fails the calls a dying invoke worker still owed, instead of leaving them waiting', async () => {
    const worker = { onmessage: null, onerror: null as ((e: ErrorEvent) => unknown) | null, postMessage: () => undefined, terminate: () => undefined };
    const host = createWebHost({ ...env(() => Response.json({})).env, invokeWorker: () => worker as unknown as WorkerPort<InvokeRequest, InvokeReply> });
    const pending = host.invoke('a2a.send', { version: '1.0', binding: 'JSONRPC', endpoint: 'http://a', method: 'SendMessage', body: {} });
    worker.onerror?.({} as ErrorEvent);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'connect' } });
  });
});
