import { describe, expect, it } from 'vitest';
import { electronCsp, isAllowedNavigation, secureWindowOptions } from '../../electron/main/window-options';

describe('Electron window options', () => {
  it('isolates the page from Node', () => {
    const { webPreferences } = secureWindowOptions('/app/preload.cjs', false);
    expect(webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(webPreferences.preload).toBe('/app/preload.cjs');
  });

  it('uses a strict CSP without remote scripts or network access from the page', () => {
    const csp = electronCsp();
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('media-src data:');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('blocks navigation away from the app', () => {
    expect(isAllowedNavigation('https://evil.example/', 'app://powerduck/index.html')).toBe(false);
    expect(isAllowedNavigation('app://evil/index.html', 'app://powerduck/index.html')).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', 'file:///app/index.html')).toBe(false);
    expect(isAllowedNavigation('app://powerduck/index.html#/tab', 'app://powerduck/index.html')).toBe(true);
  });
});
