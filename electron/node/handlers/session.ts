import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isObject } from '../../../shared/a2a/payload';
import type { SessionOps, SessionWindow } from '../../../shared/contract/ops-session';
import { chooseSlot, isWindowId, maxSessionFileBytes, putSlot, readSlots, writeSlots, type SessionSlot } from '../../../shared/session/session-slots';
import { sanitiseSession, type SessionState } from '../../../shared/session/session-state';
import type { CoreEnv } from '../core-env';
import { CoreError } from '../core-error';
import type { Handlers } from '../handler-types';
import { createWindowHolders } from '../session/window-holders';
import { replaceFileAtomic } from '../store/atomic-replace';
import { updateFile } from '../store/file-store';
import { nodeStoreFs } from '../store/store-fs';

export const sessionFileName = 'session.json';
/** Where a session file that could not be read is kept when a save replaces it, so a save never destroys what a person might repair. */
export const unreadableSessionFileName = 'session.unreadable.json';

type Parsed = { slots: SessionSlot[]; problem?: undefined } | { slots: []; problem: string };

/** The file's text as slots, or why it cannot be read (then nothing in it is restored). */
function parseSessionText(text: string): Parsed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { slots: [], problem: 'The saved session is not valid JSON; starting with no tabs.' };
  }
  if (!isObject(parsed) || !(Array.isArray(parsed['windows']) || Array.isArray(parsed['tabs'])))
    return { slots: [], problem: 'The saved session is not a Powerduck session; starting with no tabs.' };
  return { slots: readSlots(parsed) };
}

function parseSessionBytes(bytes: Buffer): Parsed {
  if (bytes.length > maxSessionFileBytes) return { slots: [], problem: 'The saved session is too large to restore; starting with no tabs.' };
  return parseSessionText(bytes.toString('utf8'));
}

function windowOf(request: unknown, op: string): SessionWindow {
  if (!isObject(request) || !isWindowId(request['windowId']) || !isWindowId(request['pageId']))
    throw new CoreError('bad-request', `${op} needs the page's windowId and pageId (1 to 128 letters, digits, - or _).`);
  return { windowId: request['windowId'], pageId: request['pageId'] };
}

const stateOf = (slot: SessionSlot | undefined): SessionState =>
  slot
    ? { tabs: slot.tabs, ...(slot.activeId ? { activeId: slot.activeId } : {}), ...(slot.environment ? { environment: slot.environment } : {}) }
    : { tabs: [] };

/**
 * The open tabs live in `<data dir>/session.json`, one slot per window (shared/session/session-slots.ts).
 * A save replaces only its window's slot, read-modify-write under the file's lock, so windows saving at
 * once all keep their tabs; which page holds which slot is this core's memory (window-holders.ts). The
 * page saves often (debounced edits), so every write is sanitised again here: the core, not the page,
 * guarantees no secret and the size bound.
 */
export function createSessionHandlers(env: { dataDir: Pick<CoreEnv['dataDir'], 'root'>; now: CoreEnv['now'] }): Handlers<SessionOps> {
  const file = join(env.dataDir.root, sessionFileName);
  const holders = createWindowHolders(env.now);
  // A load waits for the saves already asked for, so a reload sees the flush its page sent on leaving.
  let writes: Promise<unknown> = Promise.resolve();

  /** Another page holds the asked window (see window-holders.ts): this page goes on in a new slot. */
  const moveTo = (pageId: string): string => {
    const windowId = randomUUID();
    holders.take(windowId, pageId);
    return windowId;
  };

  const readFileSlots = async (): Promise<Parsed> => {
    try {
      return parseSessionBytes(await readFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { slots: [] };
      return { slots: [], problem: `The saved session could not be read: ${(error as Error).message}` };
    }
  };

  return {
    'session.load': async (request) => {
      const asked = windowOf(request, 'session.load');
      await writes;
      const { slots, problem } = await readFileSlots();
      // No await from here to take(): two windows loading at once never both adopt one slot.
      // The asking page's own window is not "held by another page" (it may ask again without a reload).
      const isLive = (windowId: string): boolean => holders.isLive(windowId) && !holders.isHeldBy(windowId, asked.pageId);
      const choice = chooseSlot(slots, asked.windowId, { isLive, isKnown: holders.isKnown, mintId: () => randomUUID() });
      holders.take(choice.windowId, asked.pageId);
      return { ...stateOf(choice.kind === 'empty' ? undefined : choice.slot), windowId: choice.windowId, ...(problem ? { problem } : {}) };
    },
    'session.save': async (request) => {
      const asked = windowOf(request, 'session.save');
      const { state, dropped } = sanitiseSession(request);
      const windowId = holders.visit(asked.windowId, asked.pageId, 'save') ? asked.windowId : moveTo(asked.pageId);
      const slot: SessionSlot = { ...state, windowId, savedAt: new Date(env.now()).toISOString() };
      // Chained, so saves are written in the order they came (a window's last save is the one on disk); the
      // file's lock keeps two hosts on one data folder (the app and the browser host) from interleaving.
      const write = writes.then(() =>
        updateFile(file, async (current) => {
          const parsed: Parsed = current ? parseSessionBytes(current.bytes) : { slots: [] };
          if (current && parsed.problem !== undefined)
            await replaceFileAtomic(nodeStoreFs, join(env.dataDir.root, unreadableSessionFileName), current.bytes, { mode: 0o600 });
          return { write: { data: writeSlots(putSlot(parsed.slots, slot, holders.isLive)), mode: 0o600 }, result: undefined };
        }),
      );
      writes = write.catch(() => undefined);
      await write;
      return { saved: state.tabs.length, dropped, windowId };
    },
    'session.touch': async (request) => {
      const asked = windowOf(request, 'session.touch');
      return { windowId: holders.visit(asked.windowId, asked.pageId, 'touch') ? asked.windowId : moveTo(asked.pageId) };
    },
    'session.release': async (request) => {
      const asked = windowOf(request, 'session.release');
      holders.release(asked.windowId, asked.pageId);
      return {};
    },
  };
}
