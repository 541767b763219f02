// The CLI as a user gets it: `npm pack`, installed into an empty folder with production dependencies only,
// run from outside the source tree. Runs from scripts/package-test.mjs (after `npm run build`), never while
// another test rebuilds dist/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type RunningDemo } from '../../examples/a2a-demo/src/server';

const exec = promisify(execFile);
const repo = process.cwd();
let work: string;
let app: string;
let bin: string;
let demo: RunningDemo;

interface LockEntry {
  version?: string;
  resolved?: string;
  name?: string;
  dev?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * A lock for an app that depends on the tarball only: the tarball's own dependencies pinned to the versions
 * in our lock, dev entries dropped. Our lock omits registry URLs (omit-lockfile-registry-resolved); spelling
 * them out lets `npm ci --offline` take each tarball from the cache npm ci filled, with no metadata request
 * (a plain `npm install --offline <tgz>` asks for package documents the cache does not hold).
 */
async function writeAppLock(dir: string, tarball: string): Promise<void> {
  const lock = JSON.parse(await readFile(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const self = lock.packages[''] as LockEntry & { bin?: unknown; engines?: unknown };
  const dependency = { powerduck: `file:${tarball}` };
  const packages: Record<string, LockEntry> = {
    '': { name: 'app', dependencies: dependency },
    'node_modules/powerduck': { version: self.version, resolved: `file:${tarball}`, dependencies: self.dependencies, bin: self.bin, engines: self.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true || entry.link === true || !path.startsWith('node_modules/')) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = { ...entry, resolved: entry.resolved ?? `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz` };
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'app', private: true, dependencies: dependency }, null, 2)}\n`);
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

const powerduck = (args: string[]) =>
  exec(bin, args, { cwd: app, env: { ...process.env, POWERDUCK_HOME: join(work, 'home'), POWERDUCK_PROTO_DIR: '', POWERDUCK_SERVERGEN_TEMPLATE_DIR: '' } });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'powerduck-pack-'));
  app = join(work, 'app');
  await mkdir(app);
  // dist/ was built just before (scripts/package-test.mjs): pack it as it is instead of building again.
  const { stdout } = await exec('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], { cwd: repo });
  const tarball = join(work, stdout.trim().split('\n').pop() as string);
  await writeAppLock(app, tarball);
  await exec('npm', ['ci', '--offline', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app });
  bin = join(app, 'node_modules/.bin/powerduck');
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(work, 'demo-runtime'), stepDelayMs: 5 });
}, 240_000);

afterAll(async () => {
  await demo?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed CLI, installed with production dependencies only', () => {
  it('holds the bundle, proto files and server template, and no sources or dev tools', async () => {
    const pkg = join(app, 'node_modules/powerduck');
    expect(existsSync(join(pkg, 'dist/node/powerduck.mjs'))).toBe(true);
    expect(existsSync(join(pkg, 'proto/lf/a2a/v1/a2a.proto'))).toBe(true);
    expect(existsSync(join(pkg, 'electron/node/servergen/template/package.json.tmpl'))).toBe(true);
    expect(existsSync(join(pkg, 'electron/cli'))).toBe(false);
    expect(existsSync(join(pkg, 'shared'))).toBe(false);
    const installed = await readdir(join(app, 'node_modules'));
    for (const devOnly of ['tsx', 'vitest', 'electron', 'esbuild', 'typescript']) expect(installed).not.toContain(devOnly);
  });

  it('prints help and version', async () => {
    const help = await powerduck(['--help']);
    expect(help.stdout).toContain('Usage: powerduck <command>');
    for (const name of ['card', 'check', 'send', 'spec', 'run', 'servergen']) expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    const version = await powerduck(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')).version);
  });

  it('sends over JSON-RPC and over gRPC (the proto files travel in the package)', async () => {
    for (const [binding, endpoint] of [
      ['JSONRPC', demo.rpcUrl],
      ['GRPC', demo.grpcUrl],
    ] as const) {
      const { stdout } = await powerduck([
        'send',
        '--a2a',
        '1.0',
        '--binding',
        binding,
        '--endpoint',
        endpoint,
        '--method',
        'SendMessage',
        '--text',
        '2 + 3',
        '--token',
        demo.token,
        '--json',
      ]);
      expect(JSON.parse(stdout)).toBeTypeOf('object');
    }
  });

  it('refuses a wrong token with exit 1 and an unreachable agent with exit 2', async () => {
    const refused = await powerduck([
      'send',
      '--a2a',
      '1.0',
      '--binding',
      'JSONRPC',
      '--endpoint',
      demo.rpcUrl,
      '--method',
      'SendMessage',
      '--text',
      'hi',
      '--token',
      'wrong',
    ]).catch((e: { code: number }) => e);
    expect(refused).toMatchObject({ code: 1 });
    const down = await powerduck([
      'send',
      '--a2a',
      '1.0',
      '--binding',
      'JSONRPC',
      '--endpoint',
      'http://127.0.0.1:9/rpc',
      '--method',
      'SendMessage',
      '--text',
      'hi',
    ]).catch((e: { code: number }) => e);
    expect(down).toMatchObject({ code: 2 });
  });

  it('checks an agent and writes a JUnit report', async () => {
    const { stdout } = await powerduck(['check', demo.cardUrl, '--only', 'capabilities', '--json', '--junit', join(work, 'report.xml'), '--token', demo.token]);
    expect(JSON.parse(stdout)).toMatchObject({ summary: { mustFailures: 0 } });
    expect(await readFile(join(work, 'report.xml'), 'utf8')).toContain('<testsuite');
  });

  it('generates a server project from the packaged template', async () => {
    await powerduck(['servergen', '--out', join(work, 'generated'), '--name', 'packed-agent']);
    expect(JSON.parse(await readFile(join(work, 'generated/package.json'), 'utf8'))).toMatchObject({ name: 'packed-agent' });
  });
});
