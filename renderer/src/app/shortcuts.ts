import { type MessageKey } from '../i18n/i18n';

export interface ShortcutInfo {
  /** As written for aria-keyshortcuts (WAI-ARIA). */
  keys: string;
  /** What the person presses, for display. */
  display: string;
  action: MessageKey;
  /** Which part of the app it works in. */
  scope: MessageKey;
}

/**
 * Reopen closed tab, as in browsers and VS Code. A browser keeps Ctrl+Shift+T for itself (it reopens a
 * browser tab), so Ctrl+Alt+Shift+T does the same there, as Ctrl+Alt+W stands in for Ctrl+W.
 */
export const reopenTabShortcut = 'Control+Shift+T Meta+Shift+T Control+Alt+Shift+T';

/** What decides which keys a hint shows: an Apple keyboard (⌘ for Ctrl), and a browser's tab (it keeps some keys). */
export interface KeyPlatform {
  apple: boolean;
  browser: boolean;
}

/**
 * The platform a hint is written for: Apple by the browser's platform name (userAgentData where the
 * browser has it, else navigator.platform: "MacIntel", "iPad"…), in a browser by the host serving the page.
 */
export function keyPlatform(platformName: string, host: string | undefined): KeyPlatform {
  return { apple: /^(mac|iphone|ipad|ipod)/i.test(platformName.trim()), browser: host === 'web' };
}

/** The page's platform name, as keyPlatform reads it. */
export function pagePlatformName(nav: Pick<Navigator, 'platform'> & { userAgentData?: { platform?: string } }): string {
  return nav.userAgentData?.platform || nav.platform || '';
}

/**
 * Reopen closed tab as it works here, in the platform's own notation: Ctrl+Shift+T, on macOS ⌘⇧T; in a
 * browser (which keeps both for its own tabs) the stand-in Ctrl+Alt+Shift+T, on macOS ⌃⌥⇧T.
 */
export function reopenTabDisplay({ apple, browser }: KeyPlatform): string {
  if (browser) return apple ? '⌃⌥⇧T' : 'Ctrl+Alt+Shift+T';
  return apple ? '⌘⇧T' : 'Ctrl+Shift+T';
}

/** Every keyboard shortcut in the app, for the help panel. */
export const shortcutList: readonly ShortcutInfo[] = [
  { keys: 'Control+Alt+N', display: 'Ctrl+Alt+N', action: 'keys.newRequest', scope: 'keys.scope.global' },
  { keys: 'Control+Alt+U', display: 'Ctrl+Alt+U', action: 'keys.newHttp', scope: 'keys.scope.global' },
  { keys: 'Control+Alt+M', display: 'Ctrl+Alt+M', action: 'keys.newMcp', scope: 'keys.scope.global' },
  { keys: 'Control+Enter', display: 'Ctrl+Enter / ⌘+Enter', action: 'keys.send', scope: 'keys.scope.global' },
  { keys: 'Control+S', display: 'Ctrl+S / ⌘+S', action: 'keys.save', scope: 'keys.scope.global' },
  { keys: 'Control+W Control+Alt+W', display: 'Ctrl+W · Ctrl+Alt+W', action: 'keys.closeActive', scope: 'keys.scope.global' },
  { keys: reopenTabShortcut, display: 'Ctrl+Shift+T / ⌘+Shift+T · Ctrl+Alt+Shift+T', action: 'keys.reopenTab', scope: 'keys.scope.global' },
  { keys: 'Tab Shift+Tab Control+M', display: 'Tab / Shift+Tab · Ctrl+M', action: 'keys.editorTab', scope: 'keys.scope.request' },
  { keys: 'Enter Shift+Enter', display: 'Enter / Shift+Enter', action: 'keys.findResponse', scope: 'keys.scope.request' },
  { keys: 'Control+Alt+C', display: 'Ctrl+Alt+C', action: 'keys.cards', scope: 'keys.scope.global' },
  { keys: 'Control+Alt+S', display: 'Ctrl+Alt+S', action: 'keys.specs', scope: 'keys.scope.global' },
  { keys: 'Control+Alt+H', display: 'Ctrl+Alt+H', action: 'keys.history', scope: 'keys.scope.global' },
  { keys: 'Control+Alt+K', display: 'Ctrl+Alt+K', action: 'keys.checks', scope: 'keys.scope.global' },
  { keys: 'Control+,', display: 'Ctrl+,', action: 'keys.settings', scope: 'keys.scope.global' },
  { keys: 'F1', display: 'F1 / ?', action: 'keys.help', scope: 'keys.scope.global' },
  { keys: 'Escape', display: 'Esc', action: 'keys.closeView', scope: 'keys.scope.view' },
  { keys: 'ArrowLeft ArrowRight Home End', display: '← → Home End', action: 'keys.tabs', scope: 'keys.scope.tabs' },
  { keys: 'Delete', display: 'Delete', action: 'keys.closeTab', scope: 'keys.scope.tabs' },
  { keys: 'Shift+F10 ContextMenu', display: 'Shift+F10 · ☰ (Menu key)', action: 'keys.tabMenu', scope: 'keys.scope.tabs' },
  { keys: 'ArrowLeft ArrowRight', display: '← → (Shift: ×4)', action: 'keys.resize', scope: 'keys.scope.splitter' },
];

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || Boolean(el.closest?.('.monaco-editor'));
}

export type ShortcutAction =
  'cards' | 'specs' | 'history' | 'checks' | 'settings' | 'help' | 'send' | 'save' | 'close-tab' | 'reopen-tab' | 'new-a2a' | 'new-http' | 'new-mcp';

/**
 * Maps a keydown to an app-wide action. Send, Save and Close act on the shown request wherever the
 * focus is; the caller ignores every key while a dialog is open (a dialog has its own Ctrl+Enter).
 * Ctrl+W is one a browser keeps for itself (it closes the browser tab), so Ctrl+Alt+W does the same.
 */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>): ShortcutAction | undefined {
  const mod = event.ctrlKey || event.metaKey;
  if (event.key === 'F1') return 'help';
  if (event.key === '?' && !mod && !event.altKey && !typingIn(event.target)) return 'help';
  if (mod && !event.altKey && event.key === ',') return 'settings';
  if (mod && !event.altKey && !event.shiftKey && event.key === 'Enter') return 'send';
  if (mod && !event.altKey && !event.shiftKey && event.code === 'KeyS') return 'save';
  if (mod && !event.altKey && !event.shiftKey && event.code === 'KeyW') return 'close-tab';
  if (mod && event.shiftKey && event.code === 'KeyT' && (!event.altKey || event.ctrlKey)) return 'reopen-tab';
  if (event.ctrlKey && event.altKey) {
    // event.code, not key: with Alt held some layouts produce another character.
    switch (event.code) {
      case 'KeyC':
        return 'cards';
      case 'KeyS':
        return 'specs';
      case 'KeyH':
        return 'history';
      case 'KeyK':
        return 'checks';
      case 'KeyN':
        return 'new-a2a';
      case 'KeyU':
        return 'new-http';
      case 'KeyM':
        return 'new-mcp';
      case 'KeyW':
        return 'close-tab';
    }
  }
  return undefined;
}
