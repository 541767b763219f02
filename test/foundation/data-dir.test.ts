import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWorkspaceFileName, ensureDataDir, resolveDataDir } from '../../electron/node/data-dir';

describe('data directory', () => {
  it('honours POWERDUCK_HOME and otherwise uses the platform folder', () => {
    expect(resolveDataDir({ POWERDUCK_HOME: '/x/y' }, 'linux')).toBe('/x/y');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe('/cfg/powerduck');
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toContain('Powerduck');
  });

  it('creates the default workspace once and never overwrites it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'powerduck-dd-'));
    try {
      const layout = await ensureDataDir(dir);
      const file = join(layout.workspaceDir, defaultWorkspaceFileName);
      expect(await readFile(file, 'utf8')).toContain('openapi: 3.2.0');
      await writeFile(file, 'openapi: 3.2.0\n# mine\n');
      await ensureDataDir(dir);
      expect(await readFile(file, 'utf8')).toContain('# mine');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
