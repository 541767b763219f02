/**
 * `npm run bench -- core`: the network core against the official SDK client, in one process,
 * against one local SDK agent (test/fixtures/sdk-agent.ts). Prints four ratios:
 *  (a) unary SendMessage over JSON-RPC, Powerduck time / SDK client time, 2,000 calls (target ≤ 1.10)
 *  (b) the same, Powerduck time / a bare fetch loop (target ≤ 1.3)
 *  (c) ingesting a 20,000-event SSE stream, Powerduck throughput / SDK client throughput (target ≥ 1.0)
 *  (d) unary SendMessage over gRPC, Powerduck time / SDK gRPC client time, 2,000 calls (target ≤ 1.2)
 * Both sides run the same number of calls, interleaved in small blocks so drift and noise hit them
 * alike. The agent runs in a worker thread (still one process). For (c) the agent's 20,000-event
 * answer is recorded once and replayed at full speed, so the ratio compares the clients' ingest, not
 * the agent's per-event work (the live figure is printed for reference).
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { AgentCard, SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import type { A2aCall } from '../shared/a2a/call';
import { closeA2aConnections, performCall, type CallDeps } from '../electron/node/a2a/perform-call';
import { createMemorySecretStore } from '../electron/node/secret-store';
import { startSdkAgent, type SdkAgent } from '../test/fixtures/sdk-agent';

const UNARY_CALLS = 2000;
const BLOCK = 25;
const WARMUP_CALLS = 300;
const STREAM_EVENTS = 20000;
const STREAM_RUNS = 5;

const WORKER_ROLE = 'powerduck-core-bench-agent';

interface AgentInfo {
  rpcUrl: string;
  grpcUrl: string;
  grpcTarget: string;
  cardUrl: string;
  /** JSON-RPC endpoint replaying a recorded SDK event stream at full speed (see (c)). */
  replayUrl: string;
}

/**
 * The SDK agent runs in a worker thread of this process, so the agent's own work does not queue
 * behind the client under test (as it would not in real use) and both clients see the same agent.
 */
async function agentWorkerMain(): Promise<void> {
  const agent = await startSdkAgent({ stepDelayMs: 0 });
  const replay = await startReplay(agent);
  const info: AgentInfo = { rpcUrl: agent.rpcUrl, grpcUrl: agent.grpcUrl, grpcTarget: agent.grpcTarget, cardUrl: agent.cardUrl, replayUrl: replay.url };
  parentPort?.on('message', (message: unknown) => {
    if (message !== 'close') return;
    void Promise.all([agent.close(), new Promise<void>((r) => replay.server.close(() => r()))]).then(() => parentPort?.postMessage('closed'));
  });
  parentPort?.postMessage(info);
}

/**
 * Records one STREAM_EVENTS-event SSE answer of the SDK agent (JSON-RPC SendStreamingMessage) and
 * serves it again, byte for byte, with each request's JSON-RPC id: the ingest comparison then
 * measures the clients, not the agent's per-event work.
 */
async function startReplay(agent: SdkAgent): Promise<{ url: string; server: Server }> {
  const marker = '"id":"replay-id"';
  const res = await fetch(agent.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'A2A-Version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'replay-id', method: 'SendStreamingMessage', params: { message: { messageId: 'rec', role: 'ROLE_USER', parts: [{ text: `burst ${STREAM_EVENTS}` }] } } }),
  });
  const recorded = await res.text();
  const pieces = recorded.split(marker);
  const server = createServer((req, reply) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const id = JSON.stringify((JSON.parse(body) as { id: unknown }).id);
      const bytes = Buffer.from(pieces.join(`"id":${id}`));
      reply.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const CHUNK = 64 * 1024;
      for (let i = 0; i < bytes.length; i += CHUNK) reply.write(bytes.subarray(i, i + CHUNK));
      reply.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, server };
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === WORKER_ROLE) await agentWorkerMain();

async function startAgentWorker(): Promise<{ info: AgentInfo; close(): Promise<void> }> {
  // Workers do not inherit the tsx loader: register it first, then load this module in the worker.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(import.meta.url)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), { workerData: { role: WORKER_ROLE } });
  const info = await new Promise<AgentInfo>((resolve, reject) => {
    worker.once('message', (m: AgentInfo) => resolve(m));
    worker.once('error', reject);
  });
  return {
    info,
    async close() {
      const closed = new Promise<void>((r) => worker.once('message', () => r()));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

/** A full GC between timed runs, so one contender never pays for the other's garbage. */
const collectGarbage: () => void = (() => {
  try {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return gc as () => void;
  } catch {
    // fall through: no explicit GC
  }
  return () => {};
})();

const deps: CallDeps = { secrets: createMemorySecretStore(), environment: {}, now: () => Date.now() };

function message(i: number): Record<string, unknown> {
  return { messageId: `bench-${i}`, role: 'ROLE_USER', parts: [{ text: 'hello' }] };
}

/** Runs `fn` `calls` times; returns elapsed ms. */
async function timeLoop(calls: number, fn: (i: number) => Promise<unknown>, offset = 0): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await fn(offset + i);
  return performance.now() - t0;
}

interface Comparison {
  /** Total ms per contender over all calls. */
  totals: Record<string, number>;
  /** Median over blocks of (block time / baseline's adjacent block time): robust to other processes stealing the CPU. */
  ratioTo(name: string, baseline: string): number;
}

/** Interleaves contenders in small blocks (alternating order) so drift and noise hit them alike. */
async function compare(contenders: Record<string, (i: number) => Promise<unknown>>, calls: number): Promise<Comparison> {
  const names = Object.keys(contenders);
  const totals: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  const blocksOf: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const name of names) await timeLoop(WARMUP_CALLS, contenders[name] as (i: number) => Promise<unknown>); // JIT warm-up
  collectGarbage();
  const blocks = Math.ceil(calls / BLOCK);
  for (let b = 0; b < blocks; b++) {
    const order = b % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const ms = await timeLoop(BLOCK, contenders[name] as (i: number) => Promise<unknown>, b * BLOCK);
      totals[name] = (totals[name] as number) + ms;
      (blocksOf[name] as number[]).push(ms);
    }
  }
  return {
    totals,
    ratioTo(name, baseline) {
      const ratios = (blocksOf[name] as number[]).map((ms, i) => ms / ((blocksOf[baseline] as number[])[i] as number)).sort((x, y) => x - y);
      const mid = ratios.length >> 1;
      return ratios.length % 2 ? (ratios[mid] as number) : ((ratios[mid - 1] as number) + (ratios[mid] as number)) / 2;
    },
  };
}

function line(label: string, ratio: number, target: string, ok: boolean, detail: string): string {
  return `${label.padEnd(50)} ${ratio.toFixed(3).padStart(7)}  (target ${target}) ${ok ? 'ok' : 'MISSED'}   ${detail}`;
}

async function ingest(label: 'powerduck' | 'sdk', url: string, sdkRpc: Client, body: Record<string, unknown>): Promise<{ ms: number; events: number }> {
  collectGarbage();
  let events = 0;
  const t0 = performance.now();
  if (label === 'powerduck') {
    const record = await performCall({ version: '1.0', binding: 'JSONRPC', endpoint: url, method: 'SendStreamingMessage', body }, deps, { onEvent: () => void events++ });
    if (record.outcome.kind !== 'stream' || record.outcome.ended !== 'completed') throw new Error(`bench: stream ended ${JSON.stringify(record.outcome)}`);
  } else {
    for await (const _event of sdkRpc.sendMessageStream(SendMessageRequest.fromJSON(body))) events++;
  }
  return { ms: performance.now() - t0, events };
}

export async function run(): Promise<void> {
  const worker = await startAgentWorker();
  const agent = worker.info;
  try {
    const cardJson: unknown = await (await fetch(agent.cardUrl, { headers: { 'A2A-Version': '1.0' } })).json();
    const card = AgentCard.fromJSON(cardJson);
    // The SDK's Client (not a bare transport): it adds A2A-Version and the other service parameters.
    const sdkRpc = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], preferredTransports: ['JSONRPC'] }).createFromAgentCard(card);
    const sdkGrpc = await new ClientFactory({ transports: [new GrpcTransportFactory()], preferredTransports: ['GRPC'] }).createFromAgentCard(card);
    const replayCard = AgentCard.fromJSON({ ...(cardJson as Record<string, unknown>), supportedInterfaces: [{ url: agent.replayUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] });
    const sdkReplay = await new ClientFactory({ transports: [new JsonRpcTransportFactory()], preferredTransports: ['JSONRPC'] }).createFromAgentCard(replayCard);

    const rpcCall = (i: number): A2aCall => ({ version: '1.0', binding: 'JSONRPC', endpoint: agent.rpcUrl, method: 'SendMessage', body: { message: message(i) } });
    const grpcCall = (i: number): A2aCall => ({ version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'SendMessage', body: { message: message(i) } });

    const check = await performCall(rpcCall(0), deps);
    if (check.outcome.kind !== 'message') throw new Error(`bench: unexpected outcome ${check.outcome.kind}`);

    // (c): a 20,000-event SSE stream recorded from the SDK agent, replayed at full speed; best of a few runs, alternating.
    const streamBody = { message: { messageId: 'burst', role: 'ROLE_USER', parts: [{ text: `burst ${STREAM_EVENTS}` }] } };
    const ours: Array<{ ms: number; events: number }> = [];
    const theirs: Array<{ ms: number; events: number }> = [];
    for (let r = 0; r < STREAM_RUNS; r++) {
      if (r % 2 === 0) {
        ours.push(await ingest('powerduck', agent.replayUrl, sdkReplay, streamBody));
        theirs.push(await ingest('sdk', agent.replayUrl, sdkReplay, streamBody));
      } else {
        theirs.push(await ingest('sdk', agent.replayUrl, sdkReplay, streamBody));
        ours.push(await ingest('powerduck', agent.replayUrl, sdkReplay, streamBody));
      }
    }
    // Live (the agent producing the events) for reference: bound by the agent's per-event work.
    const best = (runs: Array<{ ms: number; events: number }>): { ms: number; events: number } => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const liveOurs = [await ingest('powerduck', agent.rpcUrl, sdkRpc, streamBody)];
    const liveTheirs = [await ingest('sdk', agent.rpcUrl, sdkRpc, streamBody)];
    liveTheirs.push(await ingest('sdk', agent.rpcUrl, sdkRpc, streamBody));
    liveOurs.push(await ingest('powerduck', agent.rpcUrl, sdkRpc, streamBody));
    const live = { ours: best(liveOurs), theirs: best(liveTheirs) };
    const rate = (x: { ms: number; events: number }): number => x.events / (x.ms / 1000);
    const oursBest = best(ours);
    const theirsBest = best(theirs);

    // (d): gRPC unary.
    const grpcTimes = await compare(
      {
        powerduck: (i) => performCall(grpcCall(i), deps),
        sdk: (i) => sdkGrpc.sendMessage(SendMessageRequest.fromJSON({ message: message(i) })),
      },
      UNARY_CALLS,
    );

    // (a) + (b): JSON-RPC unary.
    const unary = await compare(
      {
        powerduck: (i) => performCall(rpcCall(i), deps),
        sdk: (i) => sdkRpc.sendMessage(SendMessageRequest.fromJSON({ message: message(i) })),
        fetch: async (i) => {
          const res = await fetch(agent.rpcUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
            body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'SendMessage', params: { message: message(i) } }),
          });
          return res.json();
        },
      },
      UNARY_CALLS,
    );

    const a = unary.ratioTo('powerduck', 'sdk');
    const b = unary.ratioTo('powerduck', 'fetch');
    const c = rate(oursBest) / rate(theirsBest);
    const d = grpcTimes.ratioTo('powerduck', 'sdk');
    const per = (ms: number): string => `${((ms / UNARY_CALLS) * 1000).toFixed(0)} µs/call`;
    const out = [
      `core bench — ${UNARY_CALLS} unary calls per contender (interleaved blocks of ${BLOCK}; ratio = median of adjacent-block ratios), ${STREAM_EVENTS}-event stream (best of ${STREAM_RUNS}); SDK agent in a worker thread`,
      line('(a) JSON-RPC SendMessage: Powerduck / SDK client', a, '≤ 1.10', a <= 1.1, `${per(unary.totals['powerduck'] as number)} vs ${per(unary.totals['sdk'] as number)}`),
      line('(b) JSON-RPC SendMessage: Powerduck / bare fetch', b, '≤ 1.30', b <= 1.3, `${per(unary.totals['powerduck'] as number)} vs ${per(unary.totals['fetch'] as number)}`),
      line('(c) SSE ingest: Powerduck / SDK client throughput', c, '≥ 1.00', c >= 1.0, `${Math.round(rate(oursBest))} vs ${Math.round(rate(theirsBest))} events/s (${oursBest.events} / ${theirsBest.events} events, replayed SDK stream)`),
      line('(d) gRPC SendMessage: Powerduck / SDK gRPC client', d, '≤ 1.20', d <= 1.2, `${per(grpcTimes.totals['powerduck'] as number)} vs ${per(grpcTimes.totals['sdk'] as number)}`),
      `    (c, live from the agent, best of 2, for reference: ${Math.round(rate(live.ours))} vs ${Math.round(rate(live.theirs))} events/s — bound by the agent's own per-event work)`,
    ];
    console.log(out.join('\n'));
  } finally {
    closeA2aConnections();
    await worker.close();
  }
}
