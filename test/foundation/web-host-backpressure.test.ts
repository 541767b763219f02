import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../electron/web/web-host';
import { startFloodAgent, type FloodAgent } from '../fixtures/flood-agent';
import { tempCore } from './test-core';

let env: Awaited<ReturnType<typeof tempCore>>;
let host: WebHost;
let agent: FloodAgent;
let staticDir: string;

beforeAll(async () => {
  env = await tempCore('web');
  staticDir = await mkdtemp(join(tmpdir(), 'powerduck-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Powerduck</title>');
  host = await startWebHost({ core: env.core, staticDir, port: 0 });
  agent = await startFloodAgent();
});
afterAll(async () => {
  await host.close();
  await agent.close();
  await env.dispose();
  await rm(staticDir, { recursive: true, force: true });
});

function headers(): Record<string, string> {
  return { host: `127.0.0.1:${host.port}`, origin: host.origin, 'x-powerduck-token': host.token, 'content-type': 'application/json' };
}

/** Opens a stream through the host and stops reading after the first bytes, like a frozen tab. */
function stalledReader(requestId: string): Promise<{ destroy(): void; firstBytes: number }> {
  const call = {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: agent.url,
    method: 'SendStreamingMessage',
    body: { message: { messageId: requestId, role: 'ROLE_USER', parts: [{ text: 'flood' }] } },
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path: '/api/stream', method: 'POST', headers: headers() }, (res) => {
      res.once('data', (chunk: Buffer) => {
        res.pause();
        resolve({ destroy: () => req.destroy(), firstBytes: chunk.length });
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => reject(error));
    req.end(JSON.stringify({ op: 'a2a.stream', requestId, request: call }));
  });
}

async function appInfoMs(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${host.origin}/api/invoke`, { method: 'POST', headers: headers(), body: JSON.stringify({ op: 'app.info', request: {} }) });
  expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  return performance.now() - t0;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the agent stops sending (the whole chain is paused) or the time is up. */
async function plateau(timeoutMs: number): Promise<{ steady: boolean; sent: number }> {
  const until = Date.now() + timeoutMs;
  let last = -1;
  let still = 0;
  while (Date.now() < until) {
    await sleep(150);
    const now = agent.sent();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 4) return { steady: true, sent: now };
  }
  return { steady: false, sent: agent.sent() };
}

describe('browser host backpressure', () => {
  it('pauses the agent when a tab stops reading, keeps answering, and lets go when the tab leaves', async () => {
    const reader = await stalledReader('stalled-1');
    expect(reader.firstBytes).toBeGreaterThan(0);
    const paused = await plateau(20_000);
    // Without backpressure the host would read (and buffer) the agent's stream as fast as it comes.
    expect(paused.steady).toBe(true);
    expect(paused.sent).toBeLessThan(64 * 1024 * 1024);

    const memBefore = process.memoryUsage();
    await sleep(1000);
    expect(agent.sent()).toBe(paused.sent);
    const memAfter = process.memoryUsage();
    expect(memAfter.heapUsed + memAfter.arrayBuffers - (memBefore.heapUsed + memBefore.arrayBuffers)).toBeLessThan(32 * 1024 * 1024);

    // The host itself is not stuck: other calls are answered while the stream is paused.
    expect(await appInfoMs()).toBeLessThan(5000);

    const closedBefore = agent.closedStreams();
    reader.destroy();
    const until = Date.now() + 5000;
    while (agent.closedStreams() === closedBefore && Date.now() < until) await sleep(50);
    expect(agent.closedStreams()).toBe(closedBefore + 1);
    expect(await appInfoMs()).toBeLessThan(5000);
  }, 60_000);

  it('several stalled tabs each cost one buffer; the host stays responsive', async () => {
    const readers = await Promise.all([1, 2, 3, 4].map((i) => stalledReader(`stalled-many-${i}`)));
    const paused = await plateau(20_000);
    expect(paused.steady).toBe(true);
    expect(await appInfoMs()).toBeLessThan(5000);
    for (const reader of readers) reader.destroy();
  }, 60_000);
});
