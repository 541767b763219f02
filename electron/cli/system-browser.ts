/**
 * Opening the authorization URL in the system browser from the terminal, only where that is cheap
 * and safe: a person is at the terminal (stderr is a TTY), there is a desktop to show a browser on,
 * and the platform opener takes the URL as one argument (no shell, so nothing in the URL is ever
 * interpreted). Anywhere else — CI, SSH without a display, tests — the CLI only prints the URL
 * and the person opens it (RFC 8252 §7.3 works the same either way).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface BrowserContext {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** stderr is a terminal (someone is there to see the browser and the printed URL). */
  interactive: boolean;
}

/** The opener command and its arguments for this context, or undefined when no browser should be opened. */
export function browserCommand(url: string, context: BrowserContext): { command: string; args: string[] } | undefined {
  const { env, platform } = context;
  if (!context.interactive) return undefined;
  if (env['POWERDUCK_NO_BROWSER'] && env['POWERDUCK_NO_BROWSER'] !== '0') return undefined;
  if (env['CI']) return undefined;
  // Only web URLs: the opener would also start whatever a file: or custom scheme names.
  if (!/^https?:\/\//i.test(url)) return undefined;
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // rundll32 takes the URL as its own argument; `start` would need cmd.exe and its quoting.
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') {
    if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return undefined;
    return { command: 'xdg-open', args: [url] };
  }
  return undefined;
}

/**
 * The core's `openBrowser` hook for the CLI: resolves true once the opener started (it does not
 * wait for the browser), false when it is not used here or could not start.
 */
export function cliBrowserOpener(context: BrowserContext): (url: string) => Promise<boolean> {
  return async (url) => {
    const chosen = browserCommand(url, context);
    if (!chosen) return false;
    try {
      const child = spawn(chosen.command, chosen.args, { stdio: 'ignore', detached: true, shell: false });
      child.unref();
      // Rejects with the 'error' event when the opener is not installed.
      await once(child, 'spawn');
      return true;
    } catch {
      return false;
    }
  };
}

/** The context of this process: its platform, the CLI's environment, whether stderr is a terminal. */
export function processBrowserContext(env: Record<string, string | undefined>): BrowserContext {
  return { platform: process.platform, env, interactive: Boolean(process.stderr.isTTY) };
}
