import { appOrigin } from './window-options';

/**
 * The only permission the page needs: `navigator.clipboard.writeText` (every Copy button) asks Chromium for it,
 * and a session that denies it makes every copy fail (electron/electron#37158 documents the name).
 */
export const clipboardWritePermission = 'clipboard-sanitized-write';

/** Who asks: the origin or URL of the asking frame, and whether that frame is the top frame of its page. */
export interface PermissionAsker {
  /** An origin (`app://powerduck`, what a permission check gets) or a URL (what a permission request gets). */
  origin: string | undefined;
  isMainFrame: boolean;
}

/** scheme://host of a URL or origin; URL.origin cannot be used: it is 'null' for custom schemes such as app:. */
function originOf(urlOrOrigin: string | undefined): string | undefined {
  if (urlOrOrigin === undefined) return undefined;
  try {
    const url = new URL(urlOrOrigin);
    return url.host === '' ? undefined : `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

/**
 * Allows clipboard writes to the app's own top frame and nothing else to anyone: no other permission, and no
 * iframe, other origin or caller without a document (a service worker has no URL) may write to the clipboard.
 */
export function isPermissionAllowed(permission: string, asker: PermissionAsker): boolean {
  return permission === clipboardWritePermission && asker.isMainFrame === true && originOf(asker.origin) === appOrigin;
}
