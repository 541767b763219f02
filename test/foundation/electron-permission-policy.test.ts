import { describe, expect, it } from 'vitest';
import { clipboardWritePermission, isPermissionAllowed } from '../../electron/main/permission-policy';

const top = (origin: string | undefined) => ({ origin, isMainFrame: true });

describe('Electron permission policy', () => {
  it('lets the app’s own top frame write to the clipboard, from a request (URL) or a check (origin)', () => {
    expect(clipboardWritePermission).toBe('clipboard-sanitized-write');
    expect(isPermissionAllowed('clipboard-sanitized-write', top('app://powerduck/index.html'))).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', top('app://powerduck/index.html#/history'))).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', top('app://powerduck'))).toBe(true);
  });

  it('refuses clipboard writes to iframes, other origins, look-alikes and callers without a document', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', { origin: 'app://powerduck/index.html', isMainFrame: false })).toBe(false);
    for (const origin of [
      'https://evil.example',
      'https://powerduck',
      'app://powerduck.evil',
      'app://evil/index.html',
      'app://powerduck:8080/index.html',
      'app://x@evil/index.html',
      'file:///app/index.html',
      'null',
      '',
      'not a url',
      undefined,
    ]) {
      expect(isPermissionAllowed('clipboard-sanitized-write', top(origin)), String(origin)).toBe(false);
    }
  });

  it('refuses every other permission, even to the app’s own top frame', () => {
    for (const permission of [
      'clipboard-read',
      'deprecated-sync-clipboard-read',
      'clipboard-write',
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fullscreen',
      'pointerLock',
      'hid',
      'serial',
      'usb',
      'fileSystem',
      'local-fonts',
      'unknown',
      'CLIPBOARD-SANITIZED-WRITE',
      '',
    ]) {
      expect(isPermissionAllowed(permission, top('app://powerduck/index.html')), permission).toBe(false);
    }
  });
});
