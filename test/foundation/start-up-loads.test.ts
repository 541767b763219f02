/**
 * What the bundled CLI loads: a unary JSON-RPC `send` and `--help` must not load gRPC, the schema library, MCP, OAuth,
 * JOSE or yaml (the core loads them on first use; see electron/node/handlers/lazy-handlers.ts). Runs the bundle as
 * users get it, against the demo agent on loopback, and lists every package the process loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { a2aTarget } from '../fixtures/cli-args';

const exec = promisify(execFile);
const heavy = [
  // dev dependencies now (the test agents' gRPC servers): a bundle must never load them
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  'protobufjs',
  '@hyperjump/json-schema',
  '@modelcontextprotocol/sdk',
  'openid-client',
  'jose',
  'yaml',
  'zod',
];

let work: string;
let demo: Awaited<ReturnType<typeof startDemo>>;

beforeAll(async () => {
  // Inside the checkout (.tmp* is git-ignored): the bundle finds its npm dependencies in node_modules from there.
  work = await mkdtemp(join(process.cwd(), '.tmp-loads-'));
  await exec(process.execPath, ['scripts/build.mjs', '--only', 'node', '--outdir', join(work, 'dist')]);
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(work, 'demo'), stepDelayMs: 0 });
  // Records every module URL the loader loads (ESM hook thread) and every CommonJS file in require.cache (main thread).
  await writeFile(
    join(work, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(process.env.LOADS_FILE, url + '\\n'); return next(url, context); }\n`,
  );
  await writeFile(
    join(work, 'record-loads.mjs'),
    `import { register, createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
register(${JSON.stringify(pathToFileURL(join(work, 'hooks.mjs')).href)});
const require = createRequire(import.meta.url);
process.on('exit', () => appendFileSync(process.env.LOADS_FILE, Object.keys(require.cache).join('\\n') + '\\n'));\n`,
  );
}, 60_000);

afterAll(async () => {
  await demo?.close();
  await rm(work, { recursive: true, force: true });
});

async function packagesLoadedBy(name: string, args: string[]): Promise<{ stdout: string; packages: Set<string> }> {
  const loadsFile = join(work, `${name}.loads`);
  await writeFile(loadsFile, '');
  const env = { ...process.env, LOADS_FILE: loadsFile, POWERDUCK_HOME: join(work, 'home'), DEMO_TOKEN: demo.token };
  const { stdout } = await exec(
    process.execPath,
    ['--import', pathToFileURL(join(work, 'record-loads.mjs')).href, join(work, 'dist/node/powerduck.mjs'), ...args],
    {
      env,
    },
  );
  const packages = new Set<string>();
  for (const line of (await readFile(loadsFile, 'utf8')).split('\n')) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(line);
    if (match?.[1]) packages.add(match[1]);
  }
  return { stdout, packages };
}

describe('what the bundled CLI loads', () => {
  it('a unary JSON-RPC send loads none of the heavy packages (and the hook sees loads at all)', async () => {
    const { stdout, packages } = await packagesLoadedBy('send', [
      'send',
      ...a2aTarget(demo.rpcUrl, 'SendMessage'),
      '--text',
      '2 + 3',
      '--token-env',
      'DEMO_TOKEN',
    ]);
    expect(stdout).toContain('Sum: 5');
    expect(heavy.filter((name) => packages.has(name))).toEqual([]);
  }, 30_000);

  it('a gRPC send to the same agent loads gRPC (the recorder is not blind)', async () => {
    const { stdout, packages } = await packagesLoadedBy('grpc', [
      'send',
      ...a2aTarget(demo.grpcTarget, 'SendMessage', 'GRPC'),
      '--text',
      '2 + 3',
      '--token-env',
      'DEMO_TOKEN',
    ]);
    expect(stdout).toContain('Sum: 5');
    // gRPC is framed on node:http2 by the core; its codec (protobufjs) is what a gRPC send loads.
    expect(packages.has('protobufjs')).toBe(true);
    expect(packages.has('@grpc/grpc-js')).toBe(false);
  }, 30_000);

  it('--help loads no npm package at all', async () => {
    const { stdout, packages } = await packagesLoadedBy('help', ['--help']);
    expect(stdout).toContain('Usage: powerduck <command>');
    expect([...packages]).toEqual([]);
  }, 30_000);
});
