import { describe, expect, it } from 'vitest';
import { browserCommand, cliBrowserOpener } from './system-browser';

const url = 'https://issuer.example/auth?client_id=a&state=b';

describe('opening the system browser from the CLI', () => {
  it('only with a person at a terminal on a desktop, the URL as one argument (no shell)', () => {
    expect(browserCommand(url, { platform: 'darwin', env: {}, interactive: true })).toEqual({ command: 'open', args: [url] });
    expect(browserCommand(url, { platform: 'linux', env: { DISPLAY: ':0' }, interactive: true })).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand(url, { platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' }, interactive: true })?.command).toBe('xdg-open');
    expect(browserCommand(url, { platform: 'win32', env: {}, interactive: true })).toEqual({
      command: 'rundll32',
      args: ['url.dll,FileProtocolHandler', url],
    });
  });

  it('never without a terminal, a display, in CI, when turned off, or for a URL that is not http(s)', () => {
    expect(browserCommand(url, { platform: 'darwin', env: {}, interactive: false })).toBeUndefined();
    expect(browserCommand(url, { platform: 'linux', env: {}, interactive: true })).toBeUndefined();
    expect(browserCommand(url, { platform: 'darwin', env: { CI: 'true' }, interactive: true })).toBeUndefined();
    expect(browserCommand(url, { platform: 'darwin', env: { POWERDUCK_NO_BROWSER: '1' }, interactive: true })).toBeUndefined();
    expect(browserCommand(url, { platform: 'darwin', env: { POWERDUCK_NO_BROWSER: '0' }, interactive: true })?.command).toBe('open');
    expect(browserCommand('file:///etc/passwd', { platform: 'darwin', env: {}, interactive: true })).toBeUndefined();
    expect(browserCommand('javascript:alert(1)', { platform: 'linux', env: { DISPLAY: ':0' }, interactive: true })).toBeUndefined();
  });

  it('the hook answers false when it does not open anything, so the printed URL is the way', async () => {
    await expect(cliBrowserOpener({ platform: 'linux', env: {}, interactive: false })(url)).resolves.toBe(false);
  });
});
