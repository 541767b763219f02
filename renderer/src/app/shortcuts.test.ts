import { describe, expect, it } from 'vitest';
import { keyPlatform, pagePlatformName, reopenTabDisplay, shortcutFor, shortcutList } from './shortcuts';

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
    expect(key({ key: 'ñ', code: 'KeyN', ctrlKey: true, altKey: true })).toBe('new-a2a');
    expect(key({ code: 'KeyU', ctrlKey: true, altKey: true })).toBe('new-http');
    expect(key({ code: 'KeyM', ctrlKey: true, altKey: true })).toBe('new-mcp');
    expect(key({ key: 'Enter', ctrlKey: true })).toBe('send');
    expect(key({ key: 'Enter', metaKey: true })).toBe('send');
    expect(key({ key: 's', code: 'KeyS', ctrlKey: true })).toBe('save');
    expect(key({ key: 'w', code: 'KeyW', ctrlKey: true })).toBe('close-tab');
    expect(key({ code: 'KeyW', ctrlKey: true, altKey: true })).toBe('close-tab');
    expect(key({ key: 'T', code: 'KeyT', ctrlKey: true, shiftKey: true })).toBe('reopen-tab');
    expect(key({ key: 'T', code: 'KeyT', metaKey: true, shiftKey: true })).toBe('reopen-tab');
    expect(key({ key: 'T', code: 'KeyT', ctrlKey: true, altKey: true, shiftKey: true })).toBe('reopen-tab');
  });

  it('reopens a closed tab only with Shift held (Ctrl+T and Ctrl+Alt+T are not ours)', () => {
    expect(key({ key: 't', code: 'KeyT', ctrlKey: true })).toBeUndefined();
    expect(key({ key: 't', code: 'KeyT', ctrlKey: true, altKey: true })).toBeUndefined();
    expect(key({ key: 'T', code: 'KeyT', shiftKey: true })).toBeUndefined();
  });

  it('sends from any field, the body editor included (the request pane only sees keys inside it)', () => {
    const input = { tagName: 'INPUT', isContentEditable: false, closest: () => null } as unknown as EventTarget;
    expect(key({ key: 'Enter', ctrlKey: true, target: input })).toBe('send');
    expect(key({ key: 'Enter', ctrlKey: true, shiftKey: true })).toBeUndefined();
    expect(key({ key: 'Enter' })).toBeUndefined();
  });

  it('leaves typing and the browser’s own keys alone', () => {
    const input = { tagName: 'INPUT', isContentEditable: false, closest: () => null } as unknown as EventTarget;
    expect(key({ key: '?', target: input })).toBeUndefined();
    expect(key({ code: 'KeyC', ctrlKey: true })).toBeUndefined();
    expect(key({ code: 'KeyN', ctrlKey: true })).toBeUndefined();
    expect(key({ code: 'KeyS', ctrlKey: true, shiftKey: true })).toBeUndefined();
  });

  it('lists every shortcut it handles in the help panel', () => {
    const listed = shortcutList.map((s) => s.keys);
    for (const keys of [
      'Control+Alt+C',
      'Control+Alt+S',
      'Control+Alt+H',
      'Control+Alt+K',
      'Control+,',
      'F1',
      'Control+Alt+N',
      'Control+Alt+U',
      'Control+Alt+M',
      'Control+Enter',
      'Control+S',
      'Control+W Control+Alt+W',
      'Control+Shift+T Meta+Shift+T Control+Alt+Shift+T',
      'Shift+F10 ContextMenu',
    ]) {
      expect(listed).toContain(keys);
    }
  });

  it('shows Reopen closed tab in the platform’s notation, and in a browser the keys the browser leaves to the page', () => {
    expect(reopenTabDisplay(keyPlatform('Win32', 'electron'))).toBe('Ctrl+Shift+T');
    expect(reopenTabDisplay(keyPlatform('Linux x86_64', 'electron'))).toBe('Ctrl+Shift+T');
    expect(reopenTabDisplay(keyPlatform('MacIntel', 'electron'))).toBe('⌘⇧T');
    expect(reopenTabDisplay(keyPlatform('Linux x86_64', 'web'))).toBe('Ctrl+Alt+Shift+T');
    expect(reopenTabDisplay(keyPlatform('macOS', 'web'))).toBe('⌃⌥⇧T');
    // Each shown combination is one the app acts on (Ctrl+Alt+Shift+T is, on every keyboard).
    expect(key({ code: 'KeyT', metaKey: true, shiftKey: true })).toBe('reopen-tab');
    expect(key({ code: 'KeyT', ctrlKey: true, altKey: true, shiftKey: true })).toBe('reopen-tab');
    // Before the app says which host it is, it is not taken for a browser; an unknown platform is not Apple.
    expect(keyPlatform('', undefined)).toEqual({ apple: false, browser: false });
    expect(keyPlatform('iPad', 'web')).toEqual({ apple: true, browser: true });
  });

  it('reads the platform from userAgentData when the browser has it, else navigator.platform', () => {
    expect(pagePlatformName({ platform: 'MacIntel' })).toBe('MacIntel');
    expect(pagePlatformName({ platform: 'Linux x86_64', userAgentData: { platform: 'macOS' } })).toBe('macOS');
    expect(pagePlatformName({ platform: 'Win32', userAgentData: { platform: '' } })).toBe('Win32');
  });
});
