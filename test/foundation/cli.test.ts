import { execFile } from 'node:child_process';
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
});
