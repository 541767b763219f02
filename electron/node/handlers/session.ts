import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionOps } from '../../../shared/contract/ops-session';
import { sanitiseSession, sessionLimits } from '../../../shared/session/session-state';
import type { CoreEnv } from '../core-env';
import type { Handlers } from '../handler-types';
import { replaceFileAtomic } from '../store/atomic-replace';
import { withFileLock } from '../store/file-store';
import { nodeStoreFs } from '../store/store-fs';

export const sessionFileName = 'session.json';

/**
 * The open tabs live in `<data dir>/session.json`, written atomically under the file's lock; saves are queued so the last
 * one the page sent is the one on disk. The page saves often (debounced edits), so every write is
 * sanitised again here: the core, not the page, guarantees no secret and the size bound.
 */
export function createSessionHandlers(env: CoreEnv): Handlers<SessionOps> {
  const file = join(env.dataDir.root, sessionFileName);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    'session.load': async () => {
      await queue.catch(() => undefined);
      let text: string;
      try {
        const buffer = await readFile(file);
        if (buffer.length > sessionLimits.maxTotalBytes * 2) return { tabs: [], problem: 'The saved session is too large to restore; starting with no tabs.' };
        text = buffer.toString('utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { tabs: [] };
        return { tabs: [], problem: `The saved session could not be read: ${(error as Error).message}` };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { tabs: [], problem: 'The saved session is not valid JSON; starting with no tabs.' };
      }
      return sanitiseSession(parsed).state;
    },
    'session.save': async (request) => {
      const { state, dropped } = sanitiseSession(request);
      // The lock keeps two hosts on one data folder (the app and the browser host) from interleaving.
      const write = queue
        .catch(() => undefined)
        .then(() =>
          withFileLock(file, async (assertHeld) => {
            assertHeld();
            await replaceFileAtomic(nodeStoreFs, file, JSON.stringify(state), { mode: 0o600, beforeRename: async () => assertHeld() });
          }),
        );
      queue = write;
      await write;
      return { saved: state.tabs.length, dropped };
    },
  };
}
