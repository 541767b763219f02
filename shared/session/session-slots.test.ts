import { describe, expect, it } from 'vitest';
import { chooseSlot, legacyWindowId, putSlot, readSlots, slotLimits, writeSlots, type SessionSlot, type SlotContext } from './session-slots';

function slot(windowId: string, savedAt: string, tabIds: string[] = [`${windowId}-tab`]): SessionSlot {
  return { windowId, savedAt, tabs: tabIds.map((id) => ({ draft: { id, kind: 'a2a' } })) };
}

/** The core's view of open windows, written out: which are live, which it has seen. */
function context(live: string[] = [], known: string[] = live): SlotContext {
  let n = 0;
  return { isLive: (id) => live.includes(id), isKnown: (id) => known.includes(id), mintId: () => `minted-${++n}` };
}

const t = (minute: number): string => new Date(Date.UTC(2026, 11, 2, 10, minute)).toISOString();

describe('chooseSlot', () => {
  const slots = [slot('a', t(1)), slot('b', t(5)), slot('c', t(3))];

  it('gives a known window its own slot back (a reload), whatever is newer', () => {
    expect(chooseSlot(slots, 'a', context(['b']))).toEqual({ kind: 'own', windowId: 'a', slot: slots[0] });
  });

  it('gives a new window the most recently saved slot no live window holds, under that slot id', () => {
    expect(chooseSlot(slots, 'new', context(['b']))).toEqual({ kind: 'adopted', windowId: 'c', slot: slots[2] });
    // After a restart nothing is live: the most recent slot of all.
    expect(chooseSlot(slots, 'new', context())).toEqual({ kind: 'adopted', windowId: 'b', slot: slots[1] });
  });

  it('starts a new window empty when every slot is held by a live window', () => {
    expect(chooseSlot(slots, 'new', context(['a', 'b', 'c']))).toEqual({ kind: 'empty', windowId: 'new' });
    expect(chooseSlot([], 'new', context())).toEqual({ kind: 'empty', windowId: 'new' });
  });

  it('never adopts an empty slot: a closed window with no tabs has nothing to give', () => {
    expect(chooseSlot([slot('old', t(1)), slot('blank', t(9), [])], 'new', context())).toMatchObject({ kind: 'adopted', windowId: 'old' });
  });

  it('copies the tabs under a new id when another live page holds the window (a duplicated browser tab)', () => {
    expect(chooseSlot(slots, 'b', context(['b']))).toEqual({ kind: 'copy', windowId: 'minted-1', slot: slots[1] });
  });

  it('keeps a window the core has seen in its own (empty) state instead of adopting another window', () => {
    expect(chooseSlot(slots, 'emptied', context([], ['emptied']))).toEqual({ kind: 'own', windowId: 'emptied' });
  });
});

describe('putSlot', () => {
  it('replaces only the caller slot and keeps the others in place', () => {
    const before = [slot('a', t(1)), slot('b', t(2))];
    const after = putSlot(before, slot('a', t(3), ['a-new']), () => true);
    expect(after.map((s) => [s.windowId, s.tabs.map((tab) => tab.draft.id)])).toEqual([
      ['a', ['a-new']],
      ['b', ['b-tab']],
    ]);
    expect(putSlot(before, slot('c', t(4)), () => true).map((s) => s.windowId)).toEqual(['a', 'b', 'c']);
  });

  it('removes an empty slot of a closed window, keeps an empty one still open', () => {
    const before = [slot('closed-empty', t(1), []), slot('open-empty', t(1), []), slot('closed-full', t(1))];
    const live = (id: string): boolean => id === 'open-empty';
    expect(putSlot(before, slot('me', t(2)), live).map((s) => s.windowId)).toEqual(['open-empty', 'closed-full', 'me']);
  });

  it('is bounded: the oldest closed slots go first, live ones stay', () => {
    const before = Array.from({ length: slotLimits.maxSlots }, (_, i) => slot(`w${i}`, t(i)));
    const live = (id: string): boolean => id === 'w0' || id === 'w1';
    const after = putSlot(before, slot('new', t(30)), live);
    expect(after).toHaveLength(slotLimits.maxSlots);
    // w2 is the oldest closed slot (w0 and w1 are older but open).
    expect(after.map((s) => s.windowId)).toEqual(['w0', 'w1', 'w3', 'w4', 'w5', 'w6', 'w7', 'new']);
  });

  it('with more live windows than slots, the least recently saved give way (their pages save again), the caller never', () => {
    const before = Array.from({ length: 4 }, (_, i) => slot(`w${i}`, t(i + 1)));
    const after = putSlot(before, slot('me', t(0)), () => true, 3);
    expect(after.map((s) => s.windowId)).toEqual(['w2', 'w3', 'me']);
  });
});

describe('readSlots / writeSlots', () => {
  it('reads a file of the old single-session format as one closed slot, so an upgrade loses nothing', () => {
    const legacy = { tabs: [{ draft: { id: 'old-1', kind: 'a2a' } }, { draft: { id: 'old-2', kind: 'http' } }], activeId: 'old-2', environment: 'dev' };
    const slots = readSlots(legacy);
    expect(slots).toEqual([{ windowId: legacyWindowId, savedAt: new Date(0).toISOString(), tabs: legacy.tabs, activeId: 'old-2', environment: 'dev' }]);
    // Any window adopts it: nothing holds it.
    expect(chooseSlot(slots, 'first-window', context())).toMatchObject({ kind: 'adopted', windowId: legacyWindowId });
    expect(readSlots({ tabs: [] })).toEqual([]);
  });

  it('round-trips slots and sanitises each again (secrets, bad ids, duplicates)', () => {
    const written = writeSlots([slot('a', t(1)), slot('b', t(2))]);
    expect(readSlots(JSON.parse(written))).toEqual([slot('a', t(1)), slot('b', t(2))]);
    const hostile = {
      version: 2,
      windows: [
        { windowId: 'a', savedAt: 'not a date', tabs: [{ draft: { id: 'x', kind: 'a2a', auth: { type: 'bearer', token: { value: 'sk-live-1' } } } }] },
        { windowId: 'a', savedAt: t(1), tabs: [{ draft: { id: 'dup', kind: 'a2a' } }] },
        { windowId: '../etc', savedAt: t(1), tabs: [] },
        { windowId: 7, tabs: [] },
        null,
      ],
    };
    const slots = readSlots(hostile);
    expect(slots.map((s) => s.windowId)).toEqual(['a']);
    expect(slots[0]?.savedAt).toBe(new Date(0).toISOString());
    expect(JSON.stringify(slots)).not.toContain('sk-live-1');
    expect(readSlots('nope')).toEqual([]);
  });
});
