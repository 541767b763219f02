import { contentSecurityPolicy } from '../../shared/security/csp';

/** Only what the BrowserWindow needs; kept as plain data so a unit test can check it without Electron. */
export interface SecureWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  title: string;
  backgroundColor: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    spellcheck: false;
  };
}

export function secureWindowOptions(preloadPath: string, dark: boolean): SecureWindowOptions {
  return {
    width: 1360,
    height: 880,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Powerduck',
    backgroundColor: dark ? '#16181d' : '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/** The renderer's own origin in the desktop app (a privileged custom scheme, see main.ts). */
export const appScheme = 'app';
export const appOrigin = `${appScheme}://powerduck`;

/** The desktop page reaches the core over IPC only, never the network: connect-src stays 'none'. */
export function electronCsp(): string {
  return contentSecurityPolicy({ connectSelf: false });
}

/** Navigation away from the app's own origin is never allowed; links open nowhere (users copy URLs). */
export function isAllowedNavigation(target: string, appUrl: string): boolean {
  try {
    const to = new URL(target);
    const app = new URL(appUrl);
    // Compare scheme and host: URL.origin is 'null' for custom schemes, and file: has no host to pin.
    return app.host !== '' && to.protocol === app.protocol && to.host === app.host;
  } catch {
    return false;
  }
}
