/**
 * Bench: the generated A2A adapter under load. 1,000 JSON-RPC SendMessage calls at concurrency 50
 * through a fast handler, run under Node 22 as `npm start` would. Two runs: with the default
 * MAX_CONCURRENCY (32, so some calls are shed with 503 by design) and with room for all 50; the
 * baseline is the same load sent straight to the handler, measured in the same run.
 */
import { execFile } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { generateServerProject } from '../electron/node/servergen/generate-project';
import { TEST_TOKEN, ensureNode22, npmInstall, startAdapter, startHandler, userMessage } from '../test/servergen/harness';

const REQUESTS = 1000;
const CONCURRENCY = 50;
// A full untimed round first: the first thousand calls mostly measure JIT warm-up and connection setup.
const WARMUP = 1000;

interface LoadResult {
  seconds: number;
  latenciesMs: number[];
  ok: number;
  shed: number;
  errors: number;
  firstError?: string;
}

async function drive(send: () => Promise<number>, total: number): Promise<LoadResult> {
  const result: LoadResult = { seconds: 0, latenciesMs: [], ok: 0, shed: 0, errors: 0 };
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      try {
        const status = await send();
        result.latenciesMs.push(performance.now() - t0);
        if (status === 200) result.ok++;
        else if (status === 503) result.shed++;
        else {
          result.errors++;
          result.firstError ??= `HTTP ${status}`;
        }
      } catch (error) {
        result.errors++;
        result.firstError ??= error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Resident memory of another process in MiB (Linux /proc, else `ps`). */
async function rssMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (Number.isFinite(kb)) return kb / 1024;
  } catch {
    // not Linux
  }
  const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
  return Number(stdout.trim()) / 1024;
}

/** CPU time (user + system) another process has used so far, in ms; undefined off Linux. */
async function cpuMs(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100 Hz on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function sendMessageTo(url: string, authorization?: string): () => Promise<number> {
  return async () => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'a2a-version': '1.0' };
    if (authorization) headers.authorization = authorization;
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: userMessage('bench') } }),
    });
    const body = (await res.json()) as { error?: unknown };
    // A JSON-RPC error with HTTP 200 is still an error.
    return res.status === 200 && body.error !== undefined ? 500 : res.status;
  };
}

function line(label: string, r: LoadResult): string {
  const rps = Math.round(REQUESTS / r.seconds);
  return `${label.padEnd(28)} ${String(rps).padStart(6)} req/s   p50 ${percentile(r.latenciesMs, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(r.latenciesMs, 99).toFixed(1).padStart(6)} ms   ok ${r.ok}  503 ${r.shed}  errors ${r.errors}${r.firstError ? ` (${r.firstError})` : ''}`;
}

export async function run(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'powerduck-bench-servergen-'));
  const projectDir = join(workDir, 'adapter');
  const handler = await startHandler({ record: false });
  const adapters: Array<{ stop(): Promise<void> }> = [];
  try {
    const [node] = await Promise.all([ensureNode22(), generateServerProject({ outDir: projectDir, name: 'Bench Agent' }).then(() => npmInstall(projectDir))]);
    const nodeVersion = (await promisify(execFile)(node, ['--version'])).stdout.trim();
    console.log(`servergen bench: ${REQUESTS} SendMessage calls at concurrency ${CONCURRENCY}, adapter on Node ${nodeVersion}`);

    // Baseline: the same load straight to the handler (no adapter, no auth).
    const sendDirect = async (): Promise<number> => {
      const res = await fetch(handler.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: userMessage('bench'), contextId: 'c' }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    await drive(sendDirect, WARMUP);
    const direct = await drive(sendDirect, REQUESTS);
    console.log(line('handler alone (baseline)', direct));

    for (const maxConcurrency of [32, 64]) {
      const adapter = await startAdapter(node, projectDir, { HANDLER_URL: handler.url, MAX_CONCURRENCY: String(maxConcurrency) });
      adapters.push(adapter);
      const pid = adapter.child.pid ?? 0;
      const send = sendMessageTo(`${adapter.url}/a2a/jsonrpc`, `Bearer ${TEST_TOKEN}`);
      await drive(send, WARMUP);
      const before = await rssMiB(pid);
      const cpuBefore = await cpuMs(pid);
      const result = await drive(send, REQUESTS);
      const cpuAfter = await cpuMs(pid);
      const after = await rssMiB(pid);
      const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? `; adapter CPU ${((cpuAfter - cpuBefore) / REQUESTS).toFixed(2)} ms per call` : '';
      const label = `adapter MAX_CONCURRENCY=${maxConcurrency}`;
      console.log(line(label, result));
      console.log(
        `${''.padEnd(28)} adapter RSS ${before.toFixed(1)} MiB before → ${after.toFixed(1)} MiB after; ` +
          `throughput ${(direct.seconds / result.seconds).toFixed(2)}× the baseline; ` +
          `503s ${maxConcurrency < CONCURRENCY ? 'intended (concurrency above the limit)' : 'none expected'}${cpu}`,
      );
      if (result.errors > 0 || (maxConcurrency >= CONCURRENCY && result.shed > 0)) {
        process.exitCode = 1;
        console.log(`${''.padEnd(28)} FAIL: unexpected errors`);
      }
      await adapter.stop();
    }
  } finally {
    for (const adapter of adapters) await adapter.stop();
    await handler.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
