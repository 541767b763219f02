import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/main';
import { memoryIo } from '../fixtures/cli-run';
import type { CliCommand } from '../../electron/cli/cli-types';

const run = promisify(execFile);

describe('powerduck CLI', () => {
  it('prints help and version through the real bin', async () => {
    const help = await run(process.execPath, ['bin/powerduck.mjs', '--help']);
    expect(help.stdout).toContain('Usage: powerduck <command>');
    const version = await run(process.execPath, ['bin/powerduck.mjs', '--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('exits 2 with a one-line message for an unknown command', async () => {
    const io = memoryIo();
    expect(await runCli(['frobnicate'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });

  it('turns a usage error in a subcommand into exit 2 and keeps exit codes from commands', async () => {
    const command: CliCommand = {
      name: 'probe',
      summary: 'test command',
      usage: 'powerduck probe --x V',
      run: async (argv) => {
        if (!argv.includes('--x')) {
          const { UsageError } = await import('../../electron/cli/cli-types');
          throw new UsageError('--x is required.');
        }
        return 1;
      },
    };
    const io = memoryIo();
    expect(await runCli(['probe'], io, [command])).toBe(2);
    expect(io.err).toContain('--x is required.');
    expect(await runCli(['probe', '--x'], memoryIo(), [command])).toBe(1);
    const help = memoryIo();
    expect(await runCli(['probe', '--help'], help, [command])).toBe(0);
    expect(help.out).toContain('powerduck probe --x V');
  });

  it('ends quietly with status 141 when its reader goes away mid-stream (| head -1), keeping the history', async () => {
    // An agent whose stream never ends: the CLI prints one line per event until its stdout closes.
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const tick = setInterval(() => {
        const event = { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } };
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: n++, result: event })}\n\n`);
      }, 5);
      res.on('close', () => clearInterval(tick));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const home = await mkdtemp(join(tmpdir(), 'powerduck-cli-pipe-'));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
      const child = spawn(process.execPath, ['bin/powerduck.mjs', 'send', '--endpoint', url, '--method', 'SendStreamingMessage', '--text', 'hi'], {
        env: { ...process.env, POWERDUCK_HOME: home },
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      // Like `head -1`: read the first line, then close the pipe.
      await new Promise<void>((resolve) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve();
        });
      });
      child.stdout.destroy();
      const [code] = await exited;
      expect(code).toBe(141);
      expect(stderr).not.toMatch(/EPIPE|Error|at /);
      // The exit hook wrote what the history had queued (the CLI opened it; nothing is torn).
      const historyDir = join(home, 'history');
      for (const name of (await readdir(historyDir)).filter((n) => n.startsWith('segment-'))) {
        for (const line of (await readFile(join(historyDir, name), 'utf8')).split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
      }
    } finally {
      server.closeAllConnections();
      server.close();
      await rm(home, { recursive: true, force: true });
    }
  }, 30_000);
});
