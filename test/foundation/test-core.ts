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
      // Streams a test abandoned still end (and record history) after the test: let them, briefly.
      for (let i = 0; i < 50 && core.dispatcher.activeStreams() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await core.close().catch(() => undefined);
      // A history batch written late can still land while the folder is removed (ENOTEMPTY): retry.
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
