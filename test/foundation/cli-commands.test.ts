import { describe, expect, it } from 'vitest';
import { commands } from '../../electron/cli/commands/index';
import { runCli } from '../../electron/cli/main';
import { specFileLookupUsage } from '../../electron/cli/spec-file';
import { memoryIo } from '../fixtures/cli-run';

describe('the CLI command table (loaded on use)', () => {
  it('names each command once, and each entry loads the module whose name and summary it lists', async () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of commands) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
      expect(command.usage.length).toBeGreaterThan(0);
    }
  });

  it('lists every command in --help without loading any of them', async () => {
    let loads = 0;
    const table = commands.map((c) => ({ ...c, load: async () => (loads++, c.load()) }));
    const io = memoryIo();
    expect(await runCli(['--help'], io, table)).toBe(0);
    for (const c of commands) expect(io.out).toContain(`${c.name}`);
    expect(loads).toBe(0);
    expect(await runCli(['card', '--help'], memoryIo(), table)).toBe(0);
    expect(loads).toBe(1);
  });

  it('says how a relative spec file name is found in the help of every command that takes one', async () => {
    const usageOf = async (name: string): Promise<string> => {
      const entry = commands.find((c) => c.name === name);
      if (!entry) throw new Error(`no command ${name}`);
      return (await entry.load()).usage;
    };
    for (const name of ['run', 'spec', 'servergen']) expect(await usageOf(name)).toContain(specFileLookupUsage);
    // import writes its SPEC: found as run finds it, a new name made in the workspace.
    expect(await usageOf('import')).toContain("the one 'powerduck run SPEC' would run");
    expect(await usageOf('import')).toMatch(/a new name is created in\s+the workspace/);
  });

  it('reports a command that fails to load as a one-line error with exit 2', async () => {
    const io = memoryIo();
    const broken = [{ name: 'broken', summary: 'x', load: async () => Promise.reject(new Error('module missing\nstack')) }];
    await expect(runCli(['broken'], io, broken)).resolves.toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });
});
