/**
 * `npm run bench -- spec`: opening a 5,000-operation spec file and saving one operation in it,
 * against a baseline measured in the same run: the `yaml` package's Document API parse + stringify
 * of the same file (what a naive round-trip editor does) and JSON.parse + JSON.stringify for JSON.
 * Target: open + save under 1 s. "cold" is the first open + save in a fresh process (what one CLI
 * command pays: schema compilation, JIT, empty caches; module loading excluded); "warm" is the
 * median of 5 more in this process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parseDocument, stringify } from 'yaml';
import type { A2aCall } from '../shared/a2a/call';
import { exampleBody } from '../shared/a2a/body-templates';
import { buildOperation } from '../shared/spec/operation-build';
import { buildHttpOperation } from '../shared/http/http-operation-build';
import { saveableCombinations } from '../shared/spec/spec-catalogue';
import { createMemorySecretStore } from '../electron/node/secret-store';
import { saveOperation } from '../electron/node/spec/spec-operations';
import type { SpecContext } from '../electron/node/spec/spec-store';
import { openSpec } from '../electron/node/spec/spec-workspace';
import { nodeSpecFs } from '../electron/node/spec/spec-fs';

const OPERATIONS = 5000;
const RUNS = 5;
const TARGET_MS = 1000;

function callFor(i: number): A2aCall {
  const combos = saveableCombinations();
  const c = combos[i % combos.length] as (typeof combos)[number];
  const endpoint = c.binding === 'GRPC' ? 'http://127.0.0.1:50051' : c.binding === 'JSONRPC' ? 'http://127.0.0.1:4000/rpc' : 'http://127.0.0.1:4000/rest';
  return {
    version: c.version,
    binding: c.binding,
    endpoint,
    method: c.method,
    body: exampleBody(c.version, c.method, { messageId: `bench-${i}`, text: `Question number ${i}` }),
    auth: { type: 'bearer', token: { secretRef: 'agent-token' } },
  };
}

/** Every fifth operation is a plain HTTP one (issue 18), as Save to spec writes it. */
function httpOperation(i: number): Record<string, unknown> {
  const built = buildHttpOperation({
    method: i % 2 ? 'GET' : 'POST',
    path: `/api/items/{id}/op-${i}`,
    serverUrl: 'http://127.0.0.1:4000',
    summary: `HTTP request ${i}`,
    parameters: [
      { name: 'id', in: 'path', example: String(i) },
      { name: 'limit', in: 'query', example: '10', schema: { type: 'integer' } },
    ],
    ...(i % 2 ? {} : { body: { mediaType: 'application/json', example: { name: `item ${i}`, tags: ['a', 'b'] } } }),
    response: { status: 200, contentType: 'application/json', example: { id: i, name: `item ${i}` } },
  });
  if (!built.ok) throw new Error(built.message);
  return { [built.verb]: Object.fromEntries(built.fields) };
}

/** A 5,000-operation document as Powerduck writes it: every saveable method, schemas shared in components, HTTP operations mixed in. */
function bigDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < OPERATIONS; i++) {
    if (i % 5 === 4) {
      paths[`/api/items/{id}/op-${i}`] = httpOperation(i);
      continue;
    }
    const built = buildOperation({ call: callFor(i), summary: `Saved request ${i}` });
    if (!built.ok) throw new Error(built.message);
    paths[`/agents/agent-${i % 50}/op-${i}`] = { post: built.value.fields };
    Object.assign(schemas, built.value.components);
  }
  return { openapi: '3.2.0', info: { title: 'Bench workspace', version: '1.0.0' }, paths, components: { schemas } };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function time(fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

function report(label: string, cold: number, warm: number[], baseline: number[], baselineLabel: string, bytes: number): void {
  const med = median(warm);
  const base = median(baseline);
  const ok = cold < TARGET_MS && med < TARGET_MS;
  console.log(
    `${label.padEnd(28)} open+save cold ${cold.toFixed(0).padStart(5)} ms, warm ${med.toFixed(0).padStart(4)} ms | ` +
      `${baselineLabel} ${base.toFixed(0).padStart(5)} ms | ratio cold ${(cold / base).toFixed(2)}, warm ${(med / base).toFixed(2)} ` +
      `[${(bytes / 1024 / 1024).toFixed(1)} MiB; target < ${TARGET_MS} ms: ${ok ? 'ok' : 'MISSED'}]`,
  );
}

async function openAndSave(ctx: SpecContext, file: string, n: number): Promise<void> {
  const opened = await openSpec(ctx, file);
  if (opened.operations.length !== OPERATIONS) throw new Error(`listed ${opened.operations.length} operations`);
  const target = opened.operations[2500] as (typeof opened.operations)[number];
  const call = { ...callFor(2500), endpoint: `http://127.0.0.1:${5000 + n}/changed` };
  await saveOperation(ctx, { file, path: target.path, expectedHash: opened.hash, call }, 'save');
}

/** One open + save in a fresh process; returns its duration (modules are loaded before the clock starts). */
async function coldRun(file: string): Promise<number> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', self], {
    env: { ...process.env, POWERDUCK_BENCH_SPEC_COLD: file },
    maxBuffer: 1024 * 1024,
  });
  const ms = Number(/cold-ms=(\d+(?:\.\d+)?)/.exec(stdout)?.[1]);
  if (!Number.isFinite(ms)) throw new Error(`cold run printed no timing: ${stdout}`);
  return ms;
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'powerduck-bench-spec-'));
  try {
    const doc = bigDocument();
    const yamlText = stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
    const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
    const ctx: SpecContext = { fs: nodeSpecFs, workspaceDir: dir, secrets: createMemorySecretStore() };

    for (const [format, text] of [
      ['yaml', yamlText],
      ['json', jsonText],
    ] as const) {
      const file = join(dir, `big.${format}`);
      await writeFile(file, text);
      const cold = await coldRun(file);
      await writeFile(file, text);
      let n = 0;
      const warm = await time(() => openAndSave(ctx, file, n++));
      const baseline = await time(async () => {
        if (format === 'yaml') parseDocument(text).toString({ lineWidth: 0 });
        else JSON.stringify(JSON.parse(text), null, 2);
      });
      report(
        `${OPERATIONS} operations, ${format.toUpperCase()}`,
        cold,
        warm,
        baseline,
        format === 'yaml' ? 'yaml Document parse+stringify' : 'JSON.parse+stringify',
        text.length,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Child mode for the cold measurement (never set when bench/run.ts imports this module).
const coldFile = process.env['POWERDUCK_BENCH_SPEC_COLD'];
if (coldFile) {
  const ctx: SpecContext = { fs: nodeSpecFs, workspaceDir: tmpdir(), secrets: createMemorySecretStore() };
  const t0 = performance.now();
  await openAndSave(ctx, coldFile, 0);
  console.log(`cold-ms=${(performance.now() - t0).toFixed(1)}`);
}
