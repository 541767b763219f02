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

/** The packaged renderer is loaded from file://, which cannot reach the network: connect-src stays 'none'. */
export function electronCsp(): string {
  return contentSecurityPolicy({ connectSelf: false });
}

/** Navigation away from the app's own file is never allowed; links open nowhere (users copy URLs). */
export function isAllowedNavigation(target: string, appUrl: string): boolean {
  return target === appUrl;
}
