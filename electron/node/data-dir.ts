import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The platform's per-user app-data folder for Powerduck; POWERDUCK_HOME overrides it. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.POWERDUCK_HOME) return env.POWERDUCK_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Powerduck');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Powerduck');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'powerduck');
}

export const defaultWorkspaceFileName = 'powerduck.openapi.yaml';

export function defaultWorkspaceYaml(): string {
  return [
    '# Powerduck workspace: saved requests live here as OpenAPI 3.2 operations (see docs/x-a2a.md).',
    'openapi: 3.2.0',
    'info:',
    '  title: My Powerduck workspace',
    '  version: 0.1.0',
    'paths: {}',
    '',
  ].join('\n');
}

export interface DataDirLayout {
  root: string;
  workspaceDir: string;
  historyDir: string;
  secretsFile: string;
}

/** Creates the embedded default workspace on first run; never overwrites an existing file. */
export async function ensureDataDir(root: string): Promise<DataDirLayout> {
  const layout: DataDirLayout = {
    root,
    workspaceDir: join(root, 'workspace'),
    historyDir: join(root, 'history'),
    secretsFile: join(root, 'secrets.json'),
  };
  await mkdir(layout.workspaceDir, { recursive: true, mode: 0o700 });
  await mkdir(layout.historyDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(join(layout.workspaceDir, defaultWorkspaceFileName), defaultWorkspaceYaml(), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return layout;
}
