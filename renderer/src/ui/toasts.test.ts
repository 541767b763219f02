import { describe, expect, it } from 'vitest';
import { toastLifetimeMs, useToastStore } from './toasts';

describe('toasts', () => {
  it('every toast goes away by itself: about 5 s, longer when it carries warnings or notes', () => {
    expect(toastLifetimeMs({})).toBe(5_000);
    expect(toastLifetimeMs({ details: [] })).toBe(5_000);
    expect(toastLifetimeMs({ details: ['Note: …'] })).toBeGreaterThan(5_000);
    expect(toastLifetimeMs({ sticky: true })).toBeGreaterThan(5_000);
    expect(Number.isFinite(toastLifetimeMs({ sticky: true }))).toBe(true);
  });

  it('keeps at most four, newest last, and dismisses by id', () => {
    const { show, dismiss } = useToastStore.getState();
    const ids = [1, 2, 3, 4, 5].map((n) => show({ text: `t${n}` }));
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['t2', 't3', 't4', 't5']);
    dismiss(ids[4] ?? 0);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['t2', 't3', 't4']);
  });
});
