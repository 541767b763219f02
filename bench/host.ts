/**
 * `npm run bench -- host`: memory of the browser host (electron/web) on big and stalled streams.
 * The host runs as users start it (`npm run web`: scripts/start.mjs running the built dist/node/web.mjs,
 * rebuilt first when stale; see bench/launcher.ts) in its own process, so its RSS is its own; agents run here.
 *  (a) one 50,000-event JSON-RPC stream read to the end through the host: host peak RSS rise (target ≤ 100 MiB)
 *  (b) eight readers that stop reading a fast endless stream: host RSS rise after the streams
 *      settle (target ≤ 300 MiB), and how long the host takes to answer app.info meanwhile.
 * RSS comes from /proc/<pid>/status (VmRSS, VmHWM) of the host process (the one holding its listening socket);
 * VmHWM is reset (/proc/<pid>/clear_refs) right before (a), so its peak is the stream's, not start-up's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { webTokenHeader } from '../shared/contract/web-wire';
import { launchWebHost } from './launcher';

const STREAM_EVENTS = 50_000;
const STALLED_READERS = 8;
const MiB = 1024 * 1024;

interface HostInfo {
  origin: string;
  token: string;
  port: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function procStatus(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? '0') * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** A JSON-RPC SSE agent: `finite` streams STREAM_EVENTS events and ends; otherwise it never ends. */
async function startAgent(): Promise<{ url: string; server: Server; sent(): number }> {
  let sent = 0;
  const text = 'lorem ipsum dolor sit amet '.repeat(24);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: unknown; params?: { message?: { parts?: Array<{ text?: string }> } } };
      const finite = parsed.params?.message?.parts?.[0]?.text === 'finite';
      const id = JSON.stringify(parsed.id);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      let open = true;
      res.on('close', () => (open = false));
      const frame = (state: string, i: number): string =>
        `data: {"jsonrpc":"2.0","id":${id},"result":{"statusUpdate":{"taskId":"task-1","contextId":"ctx-1","status":{"state":"${state}","message":{"messageId":"m-${i}","role":"ROLE_AGENT","parts":[{"text":"${text} ${i}"}]}}}}}\n\n`;
      const pump = (): void => {
        while (open) {
          if (finite && n >= STREAM_EVENTS) {
            res.end(frame('TASK_STATE_COMPLETED', n));
            return;
          }
          n += 1;
          const f = frame('TASK_STATE_WORKING', n);
          sent += f.length;
          if (!res.write(f)) {
            res.once('drain', pump);
            return;
          }
          if (n % 500 === 0) {
            setImmediate(pump);
            return;
          }
        }
      };
      pump();
    });
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, server, sent: () => sent };
}

function streamBody(agentUrl: string, requestId: string, text: string): string {
  const call = {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: agentUrl,
    method: 'SendStreamingMessage',
    body: { message: { messageId: requestId, role: 'ROLE_USER', parts: [{ text }] } },
  };
  return JSON.stringify({ op: 'a2a.stream', requestId, request: call });
}

function headers(host: HostInfo): Record<string, string> {
  return { host: `127.0.0.1:${host.port}`, origin: host.origin, [webTokenHeader]: host.token, 'content-type': 'application/json' };
}

/** Reads a whole stream through the host, like the page's worker does, counting data events. */
async function readAll(host: HostInfo, body: string): Promise<{ events: number; bytes: number }> {
  const res = await fetch(`${host.origin}/api/stream`, { method: 'POST', headers: headers(host), body });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { events: lines - 1, bytes };
}

function stalled(host: HostInfo, body: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path: '/api/stream', method: 'POST', headers: headers(host) }, (res) => {
      res.once('data', () => {
        res.pause();
        resolve(() => req.destroy());
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function appInfoMs(host: HostInfo): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${host.origin}/api/invoke`, { method: 'POST', headers: headers(host), body: JSON.stringify({ op: 'app.info', request: {} }) });
  await res.json();
  return performance.now() - t0;
}

/**
 * Waits until the host's RSS stops moving (within 1 MiB for a second, at most 15 s): after printing its URL the
 * host loads what the core loads on first use (core.warm()), which must not count as the stream's rise.
 */
async function settle(pid: number): Promise<void> {
  let last = (await procStatus(pid)).rss;
  let steady = 0;
  for (let i = 0; i < 60 && steady < 4; i++) {
    await sleep(250);
    const now = (await procStatus(pid)).rss;
    steady = Math.abs(now - last) < MiB ? steady + 1 : 0;
    last = now;
  }
}

function line(label: string, value: string, target: string, ok: boolean, detail: string): string {
  return `${label.padEnd(58)} ${value.padStart(10)}  (target ${target}) ${ok ? 'ok' : 'MISSED'}   ${detail}`;
}

export async function run(): Promise<void> {
  const agent = await startAgent();
  const host = await launchWebHost().catch((error: unknown) => {
    agent.server.close();
    throw error;
  });
  try {
    const pid = host.pid;
    // Warm the host (JIT, history open) with a short stream first.
    await appInfoMs(host);
    const warm = await fetch(`${host.origin}/api/stream`, { method: 'POST', headers: headers(host), body: streamBody(agent.url, 'warm', 'finite-no') }).then(
      async (res) => {
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        await reader.cancel();
      },
    );
    void warm;
    await settle(pid);

    // (a) one 50k-event stream read to the end.
    // VmHWM is a lifetime peak (start-up and core.warm() included): reset it to the current RSS, so the peak is
    // the run's own. Where that is refused, the lifetime peak stays, an upper bound of the run's.
    const hwmReset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    const before = await procStatus(pid);
    const t0 = performance.now();
    const read = await readAll(host, streamBody(agent.url, 'big-1', 'finite'));
    const ms = performance.now() - t0;
    const after = await procStatus(pid);
    const peakRise = (after.hwm - Math.max(before.rss, 0)) / MiB;

    await sleep(500);
    // (b) eight stalled readers on an endless stream.
    const base = await procStatus(pid);
    const closers = await Promise.all(Array.from({ length: STALLED_READERS }, (_, i) => stalled(host, streamBody(agent.url, `stalled-${i}`, 'endless'))));
    let last = -1;
    for (let i = 0; i < 60; i++) {
      await sleep(250);
      if (agent.sent() === last) break;
      last = agent.sent();
    }
    await sleep(1000);
    const answerMs = await appInfoMs(host);
    const during = await procStatus(pid);
    const stalledRise = (during.rss - base.rss) / MiB;
    for (const close of closers) close();

    console.log(
      [
        `host bench — browser host as \`npm run web\` starts it (scripts/start.mjs → built dist/node/web.mjs, pid ${pid}); agent in this process (JSON-RPC SSE, ~${Math.round(read.bytes / Math.max(1, read.events))} bytes per NDJSON event)`,
        line(
          '(a) one 50,000-event stream through the host: peak RSS rise',
          `${peakRise.toFixed(1)} MiB`,
          '≤ 100 MiB',
          peakRise <= 100,
          `${read.events} events, ${(read.bytes / MiB).toFixed(1)} MiB NDJSON in ${(ms / 1000).toFixed(1)} s; RSS ${(before.rss / MiB).toFixed(0)} → peak ${(after.hwm / MiB).toFixed(0)} MiB${hwmReset ? '' : ' (VmHWM could not be reset: peak since start)'}`,
        ),
        line(
          `(b) ${STALLED_READERS} stalled readers: host RSS rise`,
          `${stalledRise.toFixed(1)} MiB`,
          '≤ 300 MiB',
          stalledRise <= 300,
          `agent sent ${(agent.sent() / MiB).toFixed(1)} MiB in total before pausing; app.info answered in ${answerMs.toFixed(0)} ms while stalled`,
        ),
      ].join('\n'),
    );
  } finally {
    await host.close();
    agent.server.closeAllConnections();
    agent.server.close();
  }
}
