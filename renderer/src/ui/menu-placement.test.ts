import { describe, expect, it } from 'vitest';
import { menuMargin, placeMenu } from './menu-placement';

const inside = (
  place: { left: number; top: number; maxHeight: number },
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
) => place.left >= 0 && place.top >= 0 && place.left + menu.width <= viewport.width && place.top + Math.min(menu.height, place.maxHeight) <= viewport.height;

describe('placeMenu', () => {
  const viewport = { width: 1024, height: 700 };

  it('opens below its button, aligned with the edge asked for, when it fits', () => {
    const anchor = { left: 200, top: 6, width: 80, height: 28 };
    const menu = { width: 300, height: 160 };
    expect(placeMenu(menu, anchor, viewport, 'start')).toEqual({ left: 200, top: 38, maxHeight: 700 - menuMargin - 38 });
    expect(placeMenu(menu, { ...anchor, left: 600 }, viewport, 'end').left).toBe(680 - 300);
  });

  it('moves sideways into the window rather than past its edge', () => {
    // The Tools button near the right edge: a start-aligned menu would run off the window.
    const anchor = { left: 772, top: 6, width: 54, height: 28 };
    const menu = { width: 380, height: 110 };
    const place = placeMenu(menu, anchor, viewport, 'start');
    expect(place.left).toBe(1024 - 380 - menuMargin);
    expect(inside(place, menu, viewport)).toBe(true);
    // End-aligned from a button at the left edge: moved right to the margin.
    expect(placeMenu(menu, { left: 2, top: 6, width: 40, height: 28 }, viewport, 'end').left).toBe(menuMargin);
  });

  it('flips above its button when there is more room there, and scrolls when neither side holds it', () => {
    const low = { left: 100, top: 600, width: 80, height: 28 };
    const flipped = placeMenu({ width: 200, height: 300 }, low, viewport, 'start');
    expect(flipped.top + 300).toBe(600 - menuMargin);
    expect(inside(flipped, { width: 200, height: 300 }, viewport)).toBe(true);
    const tall = { width: 200, height: 5000 };
    const scrolled = placeMenu(tall, { left: 100, top: 6, width: 80, height: 28 }, viewport, 'start');
    expect(scrolled.maxHeight).toBe(700 - menuMargin - 38);
    expect(inside(scrolled, tall, viewport)).toBe(true);
  });
});
