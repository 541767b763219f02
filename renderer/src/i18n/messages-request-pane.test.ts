import { describe, expect, it } from 'vitest';
import { paneEn, paneKo, translatePane, type PaneKey } from './messages-request-pane';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
// Lines made only of placeholders read the same in both languages.
const sameInBoth = new Set<PaneKey>(['restored.line']);

describe('request pane strings', () => {
  it('has a Korean string for every English key, with the same placeholders, translated', () => {
    for (const key of Object.keys(paneEn) as PaneKey[]) {
      expect(paneKo[key], key).toBeTruthy();
      expect(placeholders(paneKo[key]), key).toEqual(placeholders(paneEn[key]));
      if (!sameInBoth.has(key)) expect(paneKo[key], key).not.toBe(paneEn[key]);
    }
  });

  it('keeps the names the issue gives', () => {
    expect(translatePane('en', 'notKept.title')).toBe('Body not kept');
    expect(translatePane('en', 'copy.button')).toBe('Copy response');
    expect(translatePane('en', 'code.button')).toBe('Code');
  });
});
