import { describe, expect, it } from 'vitest';
import { shortcutFor, shortcutList } from './shortcuts';

const key = (init: Partial<Parameters<typeof shortcutFor>[0]>) =>
  shortcutFor({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: null, ...init });

describe('keyboard shortcuts', () => {
  it('maps the documented keys to actions', () => {
    expect(key({ key: 'F1' })).toBe('help');
    expect(key({ key: '?', shiftKey: true })).toBe('help');
    expect(key({ key: ',', ctrlKey: true })).toBe('settings');
    expect(key({ key: ',', metaKey: true })).toBe('settings');
    expect(key({ key: 'ç', code: 'KeyC', ctrlKey: true, altKey: true })).toBe('cards');
    expect(key({ code: 'KeyS', ctrlKey: true, altKey: true })).toBe('specs');
    expect(key({ code: 'KeyH', ctrlKey: true, altKey: true })).toBe('history');
    expect(key({ code: 'KeyK', ctrlKey: true, altKey: true })).toBe('checks');
  });

  it('leaves typing and the new-request key alone', () => {
    const input = { tagName: 'INPUT', isContentEditable: false, closest: () => null } as unknown as EventTarget;
    expect(key({ key: '?', target: input })).toBeUndefined();
    expect(key({ code: 'KeyN', ctrlKey: true, altKey: true })).toBeUndefined();
    expect(key({ key: 'Enter', ctrlKey: true })).toBeUndefined();
    expect(key({ code: 'KeyC', ctrlKey: true })).toBeUndefined();
  });

  it('lists every shortcut it handles in the help panel', () => {
    const listed = shortcutList.map((s) => s.keys);
    for (const keys of ['Control+Alt+C', 'Control+Alt+S', 'Control+Alt+H', 'Control+Alt+K', 'Control+,', 'F1', 'Control+Alt+N', 'Control+Enter']) {
      expect(listed).toContain(keys);
    }
  });
});
