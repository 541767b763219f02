import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore, type Core } from '../../electron/node/core';

/** A core over a fresh temp data dir; tests never touch the user's real data. */
export async function tempCore(host: 'web' | 'test' = 'test'): Promise<{ core: Core; dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'powerduck-test-'));
  const core = await openCore({ host, dataDir: dir, environment: {} });
  return {
    core,
    dir,
    async dispose() {
      await core.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
