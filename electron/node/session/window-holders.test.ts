import { describe, expect, it } from 'vitest';
import { createWindowHolders } from './window-holders';

function clock(): { now: () => number; pass(ms: number): void } {
  let at = 1_000_000;
  return { now: () => at, pass: (ms) => void (at += ms) };
}

describe('window holders', () => {
  it('keeps a window live while its page touches, and takes it for closed a minute after the last touch', () => {
    const time = clock();
    const holders = createWindowHolders(time.now, { liveMs: 60_000 });
    holders.take('w', 'p');
    time.pass(59_000);
    expect(holders.isLive('w')).toBe(true);
    expect(holders.visit('w', 'p', 'touch')).toBe(true);
    time.pass(59_000);
    expect(holders.isLive('w')).toBe(true);
    time.pass(1_000);
    expect(holders.isLive('w')).toBe(false);
    // Stale is not forgotten: the core still knows the window (its reload gets its own slot).
    expect(holders.isKnown('w')).toBe(true);
    expect(holders.isLive('never-seen')).toBe(false);
  });

  it('frees a window at once on release, and a late save of the leaving page does not hold it again', () => {
    const time = clock();
    const holders = createWindowHolders(time.now);
    holders.take('w', 'p');
    holders.release('w', 'p');
    expect(holders.isLive('w')).toBe(false);
    expect(holders.visit('w', 'p', 'save')).toBe(true);
    expect(holders.isLive('w')).toBe(false);
    // Back from the back/forward cache: a touch holds it again.
    expect(holders.visit('w', 'p', 'touch')).toBe(true);
    expect(holders.isLive('w')).toBe(true);
  });

  it('refuses a page whose window another page took meanwhile, and ignores its release', () => {
    const time = clock();
    const holders = createWindowHolders(time.now);
    holders.take('w', 'asleep');
    time.pass(120_000);
    holders.take('w', 'newcomer');
    expect(holders.visit('w', 'asleep', 'touch')).toBe(false);
    expect(holders.visit('w', 'asleep', 'save')).toBe(false);
    holders.release('w', 'asleep');
    expect(holders.isLive('w')).toBe(true);
    expect(holders.isHeldBy('w', 'newcomer')).toBe(true);
  });

  it('remembers a bounded number of windows, forgetting the least recently seen', () => {
    const time = clock();
    const holders = createWindowHolders(time.now, { maxWindows: 3 });
    for (const id of ['a', 'b', 'c']) holders.take(id, `page-${id}`);
    holders.visit('a', 'page-a', 'touch');
    holders.take('d', 'page-d');
    expect(['a', 'b', 'c', 'd'].filter((id) => holders.isKnown(id))).toEqual(['a', 'c', 'd']);
  });
});
