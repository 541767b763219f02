/**
 * `powerduck run <file> <path> --env NAME=VALUE` on a saved A2A operation (x-a2a): the value fills
 * `{{NAME}}` for this run, over the named environment's value or with none, and is never saved (the
 * data folder holds no credential given this way), as on a plain HTTP operation.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startDemo } from '../../examples/a2a-demo/src/server';

let demo: Awaited<ReturnType<typeof startDemo>>;
let home: string;
let runtime: string;
let spec: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-run-values-'));
  runtime = await mkdtemp(join(tmpdir(), 'powerduck-run-values-agent-'));
  // A token of this test's own: the demo's default is written in its spec file (which the scan reads).
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: runtime, stepDelayMs: 1, token: 'run-value-token-8c41e2' });
  spec = join(home, 'demo.openapi.json');
  // The demo operation's endpoint is {{baseUrl}}/rpc and its bearer token {{token}}.
  await writeFile(spec, await readFile(new URL('../../examples/a2a-demo/openapi.json', import.meta.url), 'utf8'));
});
afterAll(async () => {
  await demo?.close();
  await rm(home, { recursive: true, force: true });
  await rm(runtime, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('run --env NAME=VALUE on an A2A operation', () => {
  it('fills {{variables}} without any environment; a variable neither gives still refuses, naming only that one', async () => {
    const r = await cli(['run', spec, '/demo/send-jsonrpc', '--env', `baseUrl=${new URL(demo.rpcUrl).origin}`, '--env', `token=${demo.token}`]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Sum: 42');
    expect(r.out).not.toContain(demo.token);
    const missing = await cli(['run', spec, '/demo/send-jsonrpc', '--env', `token=${demo.token}`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Unknown variable {{baseUrl}}');
    expect(missing.err).not.toContain('{{token}}');
  });

  it('wins over the named environment’s value and is never written: the environment keeps its own, no file holds the token', async () => {
    expect((await cli(['env', 'set', 'wrong base', 'baseUrl=http://127.0.0.1:1'])).code).toBe(0);
    const base = ['run', spec, '/demo/send-jsonrpc', '--env', 'wrong base', '--env', `token=${demo.token}`];
    const unreached = await cli(base);
    expect(unreached.code).toBe(2);
    const r = await cli([...base, '--env', `baseUrl=${new URL(demo.rpcUrl).origin}`, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(demo.token);
    expect((await cli(['env', 'show', 'wrong base'])).out).toContain('http://127.0.0.1:1');
    for (const file of await filesUnder(home)) expect(await readFile(file, 'utf8'), file).not.toContain(demo.token);
  });
});
