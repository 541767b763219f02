import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortError, startDemo } from '../src/server.js';
import { startTestDemo } from './support.js';

const DEMO_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Runs `npm start`'s entry (tsx src/cli.ts) with the given env until it exits. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
      cwd: DEMO_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), 15_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let blocker: Server;
let busyPort: number;
beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  busyPort = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((done) => blocker.close(done));
});

describe('a busy port', () => {
  it('HTTP port: one line naming the port, exit code 1', async () => {
    const { code, stderr, stdout } = await runCli({ PORT: String(busyPort), GRPC_PORT: '0' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Port ${busyPort} is already in use`);
    expect(lines[0]).toContain('PORT');
  });

  it('gRPC port: one line naming the port, exit code 1', async () => {
    const { code, stderr } = await runCli({ PORT: '0', GRPC_PORT: String(busyPort) });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`Port ${busyPort} is already in use`)]);
    expect(stderr).toContain('GRPC_PORT');
  });

  it('startDemo rejects with a PortError and writes no keys', async () => {
    const runtimeDir = await mkdtemp(join(tmpdir(), 'a2a-demo-busy-'));
    try {
      const error = await startDemo({ port: 0, grpcPort: busyPort, runtimeDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortError);
      expect(error).toMatchObject({ port: busyPort, code: 'EADDRINUSE' });
      expect(await readdir(runtimeDir)).toEqual([]);
    } finally {
      await rm(runtimeDir, { recursive: true, force: true });
    }
  });

  it('an invalid PORT is reported on one line', async () => {
    const { code, stderr } = await runCli({ PORT: 'ninety', GRPC_PORT: '0' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('a2a-demo: PORT="ninety" is not a port number (0-65535).');
  });
});

describe('loopback only', () => {
  it.each(['0.0.0.0', '192.168.1.10', '::'])('refuses to bind %s', async (host) => {
    await expect(startTestDemo({ host })).rejects.toThrow(/loopback only/);
  });

  it('binds 127.0.0.1 by default', async () => {
    const demo = await startTestDemo();
    try {
      expect(new URL(demo.rpcUrl).hostname).toBe('127.0.0.1');
      expect(demo.grpcTarget).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(demo.grpcUrl).toBe(`http://${demo.grpcTarget}`);
    } finally {
      await demo.close();
    }
  });
});
