/**
 * `npm run bench -- spec`: opening a 5,000-operation spec file and saving one operation in it,
 * against a baseline measured in the same run: the `yaml` package's Document API parse + stringify
 * of the same file (what a naive round-trip editor does) and JSON.parse + JSON.stringify for JSON.
 * Target: open + save under 1 s. Each case runs 5 times; the first (cold) run and the median print.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseDocument, stringify } from 'yaml';
import type { A2aCall } from '../shared/a2a/call';
import { exampleBody } from '../shared/a2a/body-templates';
import { buildOperation } from '../shared/spec/operation-build';
import { saveableCombinations } from '../shared/spec/spec-catalogue';
import { createMemorySecretStore } from '../electron/node/secret-store';
import type { SpecContext } from '../electron/node/spec/spec-files';
import { openSpec, saveOperation } from '../electron/node/spec/spec-files';
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

/** A 5,000-operation document as Powerduck writes it: every saveable method, schemas shared in components. */
function bigDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < OPERATIONS; i++) {
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

function report(label: string, ours: number[], baseline: number[], baselineLabel: string, bytes: number): void {
  const cold = ours[0] as number;
  const med = median(ours);
  const base = median(baseline);
  const ok = cold < TARGET_MS && med < TARGET_MS;
  console.log(
    `${label.padEnd(34)} open+save ${med.toFixed(0).padStart(5)} ms (first run ${cold.toFixed(0)} ms)  ` +
      `${baselineLabel} ${base.toFixed(0).padStart(5)} ms  ratio ${(med / base).toFixed(2)}  ` +
      `[${(bytes / 1024 / 1024).toFixed(1)} MiB, target < ${TARGET_MS} ms: ${ok ? 'ok' : 'MISSED'}]`,
  );
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
      let n = 0;
      const ours = await time(async () => {
        const opened = await openSpec(ctx, file);
        if (opened.operations.length !== OPERATIONS) throw new Error(`listed ${opened.operations.length} operations`);
        const target = opened.operations[2500] as (typeof opened.operations)[number];
        const call = { ...callFor(2500), endpoint: `http://127.0.0.1:${5000 + n++}/changed` };
        await saveOperation(ctx, { file, path: target.path, expectedHash: opened.hash, call }, 'save');
      });
      const baseline = await time(async () => {
        if (format === 'yaml') parseDocument(text).toString({ lineWidth: 0 });
        else JSON.stringify(JSON.parse(text), null, 2);
      });
      report(`${OPERATIONS} operations, ${format.toUpperCase()}`, ours, baseline, format === 'yaml' ? 'yaml Document parse+stringify' : 'JSON.parse+stringify', text.length);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
