/**
 * `npm run bench -- spec`: opening a 5,000-operation spec file (every fifth operation a plain HTTP one) and
 * saving one operation in it, against a baseline measured in the same run: the `yaml` package's Document API
 * parse + stringify of the same file (what a naive round-trip editor does) and JSON.parse + JSON.stringify for JSON.
 * Target: open + save under 1 s.
 *   cold: what one CLI command costs, process start to exit: the real launcher (`node bin/powerduck.mjs spec add
 *         <file> <path> … --replace`, as users run it) against a fresh `node` that parses and stringifies the
 *         same file, interleaved (BENCH_SPEC_COLD_ROUNDS rounds, default 3; the median is reported)
 *   warm: the median of 5 more spec.open + spec.save through a core's dispatcher in this process (what a tab does),
 *         interleaved with the in-process baseline; the core runs bundled as the app ships it (bench/bundled.ts).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parseDocument, stringify } from 'yaml';
import type { A2aCall } from '../shared/a2a/call';
import { exampleBody } from '../shared/a2a/body-templates';
import { buildOperation } from '../shared/openapi/operation-build';
import { buildHttpOperation } from '../shared/http/http-operation-build';
import { saveableCombinations } from '../shared/openapi/spec-catalogue';
import { createMemorySecretStore } from '../electron/node/secret-store';
import { openCore, type Core } from '../electron/node/core';
import { median } from './median';
import { runBundled, runsBundled } from './bundled';

const OPERATIONS = 5000;
const RUNS = 5;
const COLD_ROUNDS = Number(process.env['BENCH_SPEC_COLD_ROUNDS'] ?? 3);
const TARGET_MS = 1000;
/** The operation every save replaces (an A2A one; 2500 % 5 !== 4). */
const TARGET_INDEX = 2500;
const root = process.cwd();
const exec = promisify(execFile);

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

/** Times `a` and `b` RUNS times each, alternating (the order flips each round), so drift and noise hit both alike. */
async function timeInterleaved(a: () => Promise<void>, b: () => Promise<void>): Promise<[number[], number[]]> {
  const out: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const t0 = performance.now();
      await (which === 0 ? a : b)();
      (out[which] as number[]).push(performance.now() - t0);
    }
  }
  return out;
}

function report(label: string, cold: number[], coldBase: number[], warm: number[], baseline: number[], baselineLabel: string, bytes: number): void {
  const c = median(cold);
  const cb = median(coldBase);
  const med = median(warm);
  const base = median(baseline);
  const ok = c < TARGET_MS && med < TARGET_MS;
  console.log(
    `${label} [${(bytes / 1024 / 1024).toFixed(1)} MiB]; target open+save < ${TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}\n` +
      `  cold, process start to exit: powerduck spec add --replace ${c.toFixed(0).padStart(5)} ms | fresh node, ${baselineLabel} ${cb.toFixed(0).padStart(5)} ms | ratio ${(c / cb).toFixed(2)}` +
      `  (runs: ${cold.map((v) => v.toFixed(0)).join(', ')})\n` +
      `  warm, in process: spec.open + spec.save ${med.toFixed(0).padStart(5)} ms | ${baselineLabel} ${base.toFixed(0).padStart(5)} ms | ratio ${(med / base).toFixed(2)}`,
  );
}

/** What the app does when a tab opens the file and saves one operation: spec.open, then spec.save, through the core's dispatcher. */
async function openAndSave(core: Core, file: string, n: number): Promise<void> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  if (!opened.ok) throw new Error(`spec.open: ${opened.error.message}`);
  if (opened.value.operations.length !== OPERATIONS) throw new Error(`listed ${opened.value.operations.length} operations`);
  const target = opened.value.operations[TARGET_INDEX] as (typeof opened.value.operations)[number];
  const call = { ...callFor(TARGET_INDEX), endpoint: `http://127.0.0.1:${5000 + n}/changed` };
  const saved = await core.dispatcher.invoke('spec.save', { file, path: target.path, expectedHash: opened.value.hash, call });
  if (!saved.ok) throw new Error(`spec.save: ${saved.error.message}`);
}

async function timeProcess(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  const { stdout } = await exec(process.execPath, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - t0, stdout };
}

/**
 * Cold: the real launcher saving the target operation (spec.open + spec.save, as `powerduck spec add --replace`
 * does), interleaved with a fresh node doing the baseline on the same file. The file is put back before each run.
 */
async function coldRuns(dir: string, file: string, text: string, format: 'yaml' | 'json'): Promise<{ cold: number[]; base: number[] }> {
  const call = callFor(TARGET_INDEX);
  const bodyFile = join(dir, 'body.json');
  await writeFile(bodyFile, JSON.stringify(call.body));
  const path = `/agents/agent-${TARGET_INDEX % 50}/op-${TARGET_INDEX}`;
  const env = { ...process.env, POWERDUCK_HOME: join(dir, 'home') };
  const launcher = (n: number): string[] => [
    'bin/powerduck.mjs',
    'spec',
    'add',
    file,
    path,
    '--a2a',
    call.version,
    '--binding',
    call.binding,
    '--endpoint',
    `http://127.0.0.1:${6000 + n}/changed`,
    '--method',
    call.method,
    '--body',
    bodyFile,
    '--auth-secret',
    'agent-token',
    '--replace',
    '--json',
  ];
  const baselineScript =
    format === 'yaml'
      ? `import { readFileSync } from 'node:fs'; import { parseDocument } from 'yaml'; parseDocument(readFileSync(process.argv[1], 'utf8')).toString({ lineWidth: 0 });`
      : `import { readFileSync } from 'node:fs'; JSON.stringify(JSON.parse(readFileSync(process.argv[1], 'utf8')), null, 2);`;
  const baseline = ['--input-type=module', '-e', baselineScript, file];
  const cold: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < COLD_ROUNDS; round++) {
    for (const which of round % 2 ? (['base', 'cold'] as const) : (['cold', 'base'] as const)) {
      await writeFile(file, text);
      if (which === 'base') {
        base.push((await timeProcess(baseline, env)).ms);
        continue;
      }
      const { ms, stdout } = await timeProcess(launcher(round), env);
      const saved = JSON.parse(stdout) as { operations?: unknown[] };
      if (saved.operations?.length !== OPERATIONS) throw new Error(`the save listed ${saved.operations?.length} operations`);
      if (!(await readFile(file, 'utf8')).includes(`http://127.0.0.1:${6000 + round}/changed`)) throw new Error('the save did not reach the file');
      cold.push(ms);
    }
  }
  return { cold, base };
}

export async function run(): Promise<void> {
  if (!runsBundled()) return runBundled('spec');
  const { bundleIsFresh } = (await import(join(root, 'scripts/bundle-state.mjs'))) as { bundleIsFresh(dir: string): boolean };
  if (!bundleIsFresh('dist/node')) spawnSync(process.execPath, ['scripts/build.mjs', '--only', 'node'], { cwd: root, stdio: 'inherit' });
  if (!bundleIsFresh('dist/node')) throw new Error('dist/node could not be built');
  const dir = await mkdtemp(join(tmpdir(), 'powerduck-bench-spec-'));
  try {
    const doc = bigDocument();
    const yamlText = stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
    const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
    // The warm case runs a core as the app does (its dispatcher, its stores) on a data folder of its own.
    const core = await openCore({ host: 'test', dataDir: join(dir, 'data'), secrets: createMemorySecretStore(), environment: {} });

    // Cold timings are process wall clock: on a shared machine they move with its load, so say what it was.
    const load = (): string => `${(loadavg()[0] as number).toFixed(2)} (1-min load average, ${availableParallelism()} cores)`;
    console.log(`machine load at start: ${load()}`);
    for (const [format, text] of [
      ['yaml', yamlText],
      ['json', jsonText],
    ] as const) {
      const file = join(dir, `big.${format}`);
      const { cold, base: coldBase } = await coldRuns(dir, file, text, format);
      await writeFile(file, text);
      let n = 0;
      const [warm, baseline] = await timeInterleaved(
        () => openAndSave(core, file, n++),
        async () => {
          if (format === 'yaml') parseDocument(text).toString({ lineWidth: 0 });
          else JSON.stringify(JSON.parse(text), null, 2);
        },
      );
      report(
        `${OPERATIONS} operations (${OPERATIONS / 5} plain HTTP), ${format.toUpperCase()}`,
        cold,
        coldBase,
        warm,
        baseline,
        format === 'yaml' ? 'yaml Document parse+stringify' : 'JSON.parse+stringify',
        text.length,
      );
    }
    await core.close();
    console.log(`machine load at end: ${load()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
