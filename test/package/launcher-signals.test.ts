// `npm start` / `npm run web` as a process manager sees them: a signal to the launcher stops the app, the
// launcher exits with the app's status, and nothing is left listening. Runs against the built dist/
// (scripts/package-test.mjs). The Electron case uses a stand-in executable through electron's own
// ELECTRON_OVERRIDE_DIST_PATH: it tests our forwarding, not Electron.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let work: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'powerduck-launcher-'));
});

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
});

interface Launched {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(args: string[], env: Record<string, string> = {}): Launched {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, err: () => err, exited };
}

async function waitFor(launched: Launched, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = launched.out().match(pattern);
    if (match) return match;
    if (launched.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in output: ${launched.out()} ${launched.err()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the browser host launcher', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the host on ${signal}, exits 0 and leaves the port closed`, async () => {
      const app = launch(['--web', '--port', '0', '--data-dir', join(work, `web-${signal}`)]);
      const port = Number((await waitFor(app, /running at http:\/\/127\.0\.0\.1:(\d+)\//))[1]);
      expect(await refused(port)).toBe(false);
      app.child.kill(signal);
      expect(await app.exited).toEqual({ code: 0, signal: null });
      expect(await refused(port)).toBe(true);
    });
  }

  it('falls back to the browser host quietly when Electron has no binary: one line, no warnings', async () => {
    const app = launch(['--port', '0', '--data-dir', join(work, 'fallback')], { ELECTRON_OVERRIDE_DIST_PATH: join(work, 'no-electron-here') });
    await waitFor(app, /running at http:\/\/127\.0\.0\.1:\d+\//);
    app.child.kill('SIGTERM');
    await app.exited;
    expect(app.out().split('\n')[0]).toMatch(/^Electron is not installed here .*starting the browser host instead\.$/);
    expect(app.out()).not.toMatch(/warn|download/i);
    expect(app.err()).toBe('');
  });
});

describe('the Electron launcher (stand-in executable)', () => {
  let dist: string;
  beforeAll(async () => {
    dist = join(work, 'fake-electron');
    await mkdir(dist);
    // Listens like the app would, reports its argv, exits 7 on SIGTERM and dies of SIGINT (no handler).
    const script = [
      `#!${process.execPath}`,
      "const server = require('node:http').createServer().listen(0, '127.0.0.1', () => console.log('fake-electron ' + server.address().port + ' ' + JSON.stringify(process.argv.slice(2))));",
      "process.on('SIGTERM', () => server.close(() => process.exit(7)));",
    ].join('\n');
    await writeFile(join(dist, 'electron'), script);
    await chmod(join(dist, 'electron'), 0o755);
  });

  it('passes SIGTERM on and exits with the app status', async () => {
    const app = launch(['--some-flag'], { ELECTRON_OVERRIDE_DIST_PATH: dist });
    const [, port, argv] = await waitFor(app, /fake-electron (\d+) (\[.*\])/);
    expect(JSON.parse(argv as string)).toEqual([join(process.cwd(), 'dist/electron/main.cjs'), '--some-flag']);
    app.child.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 7, signal: null });
    expect(await refused(Number(port))).toBe(true);
  });

  it('passes SIGINT on and dies of it when the app does', async () => {
    const app = launch([], { ELECTRON_OVERRIDE_DIST_PATH: dist });
    const [, port] = await waitFor(app, /fake-electron (\d+) /);
    app.child.kill('SIGINT');
    expect(await app.exited).toEqual({ code: null, signal: 'SIGINT' });
    expect(await refused(Number(port))).toBe(true);
  });
});
