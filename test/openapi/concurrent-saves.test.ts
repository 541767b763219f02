/**
 * Several writers save into one spec file from the same version (two tabs, a tab and the CLI, two
 * `powerduck spec add` at once). Every save that answers ok must be in the file afterwards; saves
 * that touch different operations all land; of two saves of one operation from one version, the
 * later answers `conflict`.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';

const home = await mkdtemp(join(tmpdir(), 'powerduck-concurrent-'));
let core: Core;

beforeAll(async () => {
  core = await openCore({ host: 'test', dataDir: join(home, 'data'), environment: {} });
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

interface Outcome {
  path: string;
  endpoint: string;
  code: string;
  message?: string;
}

const call = (endpoint: string) => ({
  version: '1.0' as const,
  binding: 'JSONRPC' as const,
  endpoint,
  method: 'SendMessage',
  body: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
});

/** The endpoint of each operation in the file as it is on disk (parsed independently of Powerduck). */
async function endpointsOnDisk(file: string): Promise<Map<string, string>> {
  const doc = YAML.parse(await readFile(file, 'utf8')) as { paths?: Record<string, { post?: { 'x-a2a'?: { endpoint?: string } } }> };
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const endpoint = item.post?.['x-a2a']?.endpoint;
    if (endpoint) out.set(path, endpoint);
  }
  return out;
}

/** Every acknowledged save is on disk; of the writers of `/shared`, one landed and the others got `conflict`. */
function checkRound(outcomes: Outcome[], onDisk: Map<string, string>, sharedWriters: number): void {
  for (const o of outcomes) {
    if (o.code !== 'ok') continue;
    if (o.path === '/shared') continue;
    expect(onDisk.get(o.path), `acknowledged save of ${o.path}`).toBe(o.endpoint);
  }
  const own = outcomes.filter((o) => o.path !== '/shared');
  expect(own.map((o) => `${o.path} ${o.code} ${o.message ?? ''}`).filter((l) => !l.includes(' ok '))).toEqual([]);
  const shared = outcomes.filter((o) => o.path === '/shared');
  expect(shared).toHaveLength(sharedWriters);
  const landed = shared.filter((o) => o.code === 'ok');
  expect(landed).toHaveLength(1);
  expect(shared.filter((o) => o.code === 'conflict')).toHaveLength(sharedWriters - 1);
  expect(onDisk.get('/shared')).toBe(landed[0]?.endpoint);
}

describe('concurrent saves into one spec file', () => {
  it('in one process: three writers on their own operations plus two on one operation, from one version, 15 rounds', async () => {
    const file = join(home, 'one-process.yaml');
    const created = await core.dispatcher.invoke('spec.saveAs', { file, path: '/shared', expectedHash: null, call: call('http://127.0.0.1:1/start') });
    expect(created.ok).toBe(true);
    let acknowledged = 0;
    for (let round = 0; round < 15; round++) {
      const opened = await core.dispatcher.invoke('spec.open', { file });
      if (!opened.ok) throw new Error(opened.error.message);
      const base = opened.value.hash;
      const writes = [
        ...[0, 1, 2].map((k) => ({ op: 'spec.saveAs' as const, path: `/r${round}/w${k}`, endpoint: `http://127.0.0.1:${1000 + round}/w${k}` })),
        ...[0, 1].map((k) => ({ op: 'spec.save' as const, path: '/shared', endpoint: `http://127.0.0.1:${2000 + round}/shared-${k}` })),
      ];
      const outcomes: Outcome[] = await Promise.all(
        writes.map(async (w) => {
          const result = await core.dispatcher.invoke(w.op, { file, path: w.path, expectedHash: base, call: call(w.endpoint) });
          return { path: w.path, endpoint: w.endpoint, code: result.ok ? 'ok' : result.error.code, ...(result.ok ? {} : { message: result.error.message }) };
        }),
      );
      acknowledged += outcomes.filter((o) => o.code === 'ok').length;
      checkRound(outcomes, await endpointsOnDisk(file), 2);
    }
    const onDisk = await endpointsOnDisk(file);
    expect(onDisk.size).toBe(1 + 15 * 3);
    expect(acknowledged).toBe(15 * 4);
    expect((await readdir(home)).filter((f) => f.startsWith('.one-process'))).toEqual([]);
  });

  it('renames and deletes from an older version land when they touch other operations, and conflict on the same one', async () => {
    const file = join(home, 'rename-delete.yaml');
    for (const p of ['/a', '/b', '/c']) {
      const opened = await core.dispatcher.invoke('spec.open', { file });
      await core.dispatcher.invoke('spec.saveAs', {
        file,
        path: p,
        expectedHash: opened.ok ? opened.value.hash : null,
        call: call(`http://127.0.0.1:9${p.length}/${p.slice(1)}`),
      });
    }
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    const base = opened.value.hash;
    const [rename, remove, renameAgain] = await Promise.all([
      core.dispatcher.invoke('spec.renameOperation', { file, path: '/a', newPath: '/a2', expectedHash: base }),
      core.dispatcher.invoke('spec.deleteOperation', { file, path: '/b', expectedHash: base }),
      core.dispatcher.invoke('spec.renameOperation', { file, path: '/a', newPath: '/a3', expectedHash: base }),
    ]);
    expect(remove.ok).toBe(true);
    // The two renames of /a race from one base: whichever reaches the file first lands, the other is a conflict.
    const outcomes = [rename, renameAgain].map((r) => (r.ok ? 'ok' : r.error.code)).sort();
    expect(outcomes).toEqual(['conflict', 'ok']);
    const winner = rename.ok ? '/a2' : '/a3';
    expect([...(await endpointsOnDisk(file)).keys()].sort()).toEqual([winner, '/c']);
  });
});

function writerProcess(dataDir: string): { child: ChildProcessWithoutNullStreams; next: () => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'spec-writer-process.ts')], {
    env: { ...process.env, POWERDUCK_HOME: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`writer process ended: ${stderr}`);
      return line.value;
    },
  };
}

describe('concurrent saves across processes', () => {
  it('two processes, each with three writers on their own operations and one on a shared operation, from one version, 8 rounds', async () => {
    const file = join(home, 'two-processes.yaml');
    const created = await core.dispatcher.invoke('spec.saveAs', { file, path: '/shared', expectedHash: null, call: call('http://127.0.0.1:1/start') });
    expect(created.ok).toBe(true);
    const writers = [writerProcess(join(home, 'p0')), writerProcess(join(home, 'p1'))];
    try {
      for (let round = 0; round < 8; round++) {
        writers.forEach((w, p) => {
          const writes = [
            ...[0, 1, 2].map((k) => ({ op: 'spec.saveAs', path: `/r${round}/p${p}/w${k}`, endpoint: `http://127.0.0.1:${3000 + round}/p${p}-w${k}` })),
            { op: 'spec.save', path: '/shared', endpoint: `http://127.0.0.1:${4000 + round}/shared-p${p}` },
          ];
          w.child.stdin.write(`round ${file} ${JSON.stringify(writes)}\n`);
        });
        // Both processes have opened the same version before either saves.
        expect(await Promise.all(writers.map((w) => w.next()))).toEqual(['ready', 'ready']);
        for (const w of writers) w.child.stdin.write('go\n');
        const outcomes = (await Promise.all(writers.map(async (w) => JSON.parse(await w.next()) as Outcome[]))).flat();
        checkRound(outcomes, await endpointsOnDisk(file), 2);
      }
      expect((await endpointsOnDisk(file)).size).toBe(1 + 8 * 6);
    } finally {
      for (const w of writers) w.child.stdin.end('exit\n');
    }
  }, 120_000);

  it('two `powerduck spec add` processes at once, 2 rounds: both answer ok and both operations are in the file', async () => {
    const file = join(home, 'cli.yaml');
    const run = promisify(execFile);
    const bin = join(import.meta.dirname, '..', '..', 'bin', 'powerduck.mjs');
    for (let round = 0; round < 2; round++) {
      const adds = [0, 1].map((p) =>
        run(
          process.execPath,
          [
            bin,
            'spec',
            'add',
            file,
            `/cli/r${round}/p${p}`,
            '--a2a',
            '1.0',
            '--binding',
            'JSONRPC',
            '--endpoint',
            `http://127.0.0.1:${5000 + round}/p${p}`,
            '--method',
            'SendMessage',
          ],
          {
            env: { ...process.env, POWERDUCK_HOME: join(home, `cli-${p}`) },
          },
        ),
      );
      const results = await Promise.allSettled(adds);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const onDisk = await endpointsOnDisk(file);
      for (const p of [0, 1]) expect(onDisk.get(`/cli/r${round}/p${p}`)).toBe(`http://127.0.0.1:${5000 + round}/p${p}`);
    }
  }, 120_000);
});
