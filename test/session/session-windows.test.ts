/**
 * Two or more windows on one core (two browser tabs on the browser host, two Electron windows): each
 * keeps its own tabs through saves at the same moment, reloads and restarts, and a new window gets
 * back the tabs of the window closed last.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionWindow } from '../../shared/contract/ops-session';
import { createSessionHandlers, sessionFileName } from '../../electron/node/handlers/session';
import type { HandlerContext } from '../../electron/node/handler-types';
import { legacyWindowId, slotLimits } from '../../shared/session/session-slots';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const ctx: HandlerContext = { signal: new AbortController().signal };

/** The session handlers of one core over a fresh data folder, on a clock the test moves. */
async function sessionCore(dir?: string) {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'powerduck-session-windows-')));
  if (!dir) dirs.push(root);
  let at = Date.UTC(2026, 11, 2, 10, 0);
  const handlers = createSessionHandlers({ dataDir: { root }, now: () => at });
  const tabsOf = (...ids: string[]) => ids.map((id) => ({ draft: { id, kind: 'a2a', endpoint: `http://127.0.0.1:1/${id}` } }));
  return {
    root,
    pass: (ms: number) => void (at += ms),
    load: (page: SessionWindow) => handlers['session.load'](page, ctx),
    save: (page: SessionWindow, ...ids: string[]) => handlers['session.save']({ ...page, tabs: tabsOf(...ids) }, ctx),
    touch: (page: SessionWindow) => handlers['session.touch'](page, ctx),
    release: (page: SessionWindow) => handlers['session.release'](page, ctx),
    file: async () => JSON.parse(await readFile(join(root, sessionFileName), 'utf8')) as { version: number; windows: Array<{ windowId: string }> },
  };
}

const ids = (loaded: { tabs: Array<{ draft: { id: string } }> }): string[] => loaded.tabs.map((t) => t.draft.id);

describe('session slots per window', () => {
  it('keeps every window of many saving at once, and each reload gets its own tabs back', async () => {
    const core = await sessionCore();
    const windows = Array.from({ length: 5 }, (_, i) => ({ windowId: `w${i}`, pageId: `p${i}` }));
    for (const page of windows) await core.load(page);
    // Two rounds of saves from all windows at once; each window's second save is the one that counts.
    await Promise.all(windows.flatMap((page, i) => [core.save(page, `w${i}-first`), core.save(page, `w${i}-a`, `w${i}-b`)]));
    expect((await core.file()).windows.map((w) => w.windowId).sort()).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
    for (const [i, page] of windows.entries()) {
      await core.release(page);
      const reloaded = await core.load({ windowId: page.windowId, pageId: `reload-${i}` });
      expect({ windowId: reloaded.windowId, tabs: ids(reloaded) }).toEqual({ windowId: page.windowId, tabs: [`w${i}-a`, `w${i}-b`] });
    }
  });

  it('gives a new window the most recently saved free slot, then the next, then nothing while all are held', async () => {
    const core = await sessionCore();
    const a = { windowId: 'a', pageId: 'pa' };
    const b = { windowId: 'b', pageId: 'pb' };
    await core.load(a);
    await core.load(b);
    await core.save(a, 'a-tab');
    core.pass(1000);
    await core.save(b, 'b-tab');
    // While both are open, a third window starts empty (as a browser's new window does).
    const third = await core.load({ windowId: 'third', pageId: 'p3' });
    expect({ windowId: third.windowId, tabs: ids(third) }).toEqual({ windowId: 'third', tabs: [] });
    await core.release(a);
    await core.release(b);
    const first = await core.load({ windowId: 'n1', pageId: 'n1' });
    const second = await core.load({ windowId: 'n2', pageId: 'n2' });
    const last = await core.load({ windowId: 'n3', pageId: 'n3' });
    expect([first, second, last].map((w) => [w.windowId, ids(w)])).toEqual([
      ['b', ['b-tab']],
      ['a', ['a-tab']],
      ['n3', []],
    ]);
  });

  it('after a restart nothing is live: a new window gets the last window back', async () => {
    const before = await sessionCore();
    await before.load({ windowId: 'a', pageId: 'pa' });
    await before.save({ windowId: 'a', pageId: 'pa' }, 'a-tab');
    before.pass(1000);
    await before.load({ windowId: 'b', pageId: 'pb' });
    await before.save({ windowId: 'b', pageId: 'pb' }, 'b-tab');
    // No release: the app quit with both windows open.
    const after = await sessionCore(before.root);
    const loaded = await after.load({ windowId: 'fresh', pageId: 'fresh' });
    expect([loaded.windowId, ids(loaded)]).toEqual(['b', ['b-tab']]);
  });

  it('takes a window for closed a minute after its last heartbeat, and moves it to a new slot when it comes back', async () => {
    const core = await sessionCore();
    const sleeper = { windowId: 'sleeper', pageId: 'ps' };
    await core.load(sleeper);
    await core.save(sleeper, 'sleeper-tab');
    core.pass(slotLimits.liveMs - 1);
    expect((await core.load({ windowId: 'early', pageId: 'pe' })).tabs).toEqual([]);
    expect(await core.touch(sleeper)).toEqual({ windowId: 'sleeper' });
    core.pass(slotLimits.liveMs);
    const newcomer = await core.load({ windowId: 'late', pageId: 'pl' });
    expect([newcomer.windowId, ids(newcomer)]).toEqual(['sleeper', ['sleeper-tab']]);
    // The sleeper wakes: its slot is the newcomer's now, so it goes on in a new one, and both keep their tabs.
    const moved = await core.touch(sleeper);
    expect(moved.windowId).not.toBe('sleeper');
    const saved = await core.save(sleeper, 'sleeper-tab', 'typed-while-asleep');
    expect(saved.windowId).not.toBe('sleeper');
    await core.save({ windowId: 'sleeper', pageId: 'pl' }, 'sleeper-tab', 'newcomer-tab');
    expect((await core.file()).windows.map((w) => w.windowId)).toEqual(expect.arrayContaining(['sleeper', saved.windowId]));
  });

  it('gives a duplicated tab (same window id, another page, the first still open) a copy under a new id', async () => {
    const core = await sessionCore();
    const original = { windowId: 'w', pageId: 'p1' };
    await core.load(original);
    await core.save(original, 'shared-tab');
    const duplicate = await core.load({ windowId: 'w', pageId: 'p2' });
    expect(ids(duplicate)).toEqual(['shared-tab']);
    expect(duplicate.windowId).not.toBe('w');
    await core.save({ windowId: duplicate.windowId, pageId: 'p2' }, 'shared-tab', 'only-in-duplicate');
    await core.save(original, 'shared-tab', 'only-in-original');
    expect((await core.file()).windows).toHaveLength(2);
  });

  it('heartbeats and releases never write to disk', async () => {
    const core = await sessionCore();
    const page = { windowId: 'w', pageId: 'p' };
    await core.load(page);
    await core.touch(page);
    await core.release(page);
    await expect(stat(join(core.root, sessionFileName))).rejects.toMatchObject({ code: 'ENOENT' });
    await core.save(page, 'tab');
    const written = await stat(join(core.root, sessionFileName));
    await core.touch(page);
    expect((await stat(join(core.root, sessionFileName))).mtimeMs).toBe(written.mtimeMs);
  });

  it('reads the single-session file of earlier versions as one free slot, and keeps it through the first save', async () => {
    const core = await sessionCore();
    const legacy = { tabs: [{ draft: { id: 'old', kind: 'a2a' } }], activeId: 'old' };
    await writeFile(join(core.root, sessionFileName), JSON.stringify(legacy));
    const upgraded = await core.load({ windowId: 'upgraded', pageId: 'pu' });
    expect([upgraded.windowId, ids(upgraded), upgraded.activeId]).toEqual([legacyWindowId, ['old'], 'old']);
    // A second window saving before the first one did must not wipe the old tabs.
    const other = await core.load({ windowId: 'other', pageId: 'po' });
    expect([other.windowId, ids(other)]).toEqual(['other', []]);
    await core.save({ windowId: 'other', pageId: 'po' }, 'other-tab');
    expect((await core.file()).windows.map((w) => w.windowId)).toEqual([legacyWindowId, 'other']);
    const afterRestart = await (await sessionCore(core.root)).load({ windowId: 'later', pageId: 'pl' });
    expect(ids(afterRestart)).toEqual(['other-tab']);
  });

  it('refuses a call without a valid window and page id, and writes nothing', async () => {
    const core = await sessionCore();
    for (const bad of [{}, { windowId: 'w' }, { windowId: '../x', pageId: 'p' }, { windowId: 'w', pageId: 'p'.repeat(129) }])
      await expect(core.save(bad as SessionWindow, 'tab')).rejects.toMatchObject({ code: 'bad-request', message: expect.stringContaining('windowId') });
    await expect(core.load({} as SessionWindow)).rejects.toMatchObject({ code: 'bad-request' });
    await expect(stat(join(core.root, sessionFileName))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
