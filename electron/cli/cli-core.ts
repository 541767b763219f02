import { openCore, type Core } from '../node/core';
import type { CliIo } from './cli-types';
import { cliBrowserOpener, processBrowserContext } from './system-browser';

/**
 * The core a CLI command works on, the same for every command: the data folder is POWERDUCK_HOME or
 * the platform's default (openCore reads it from the environment it is given), and sign-ins that
 * need a browser (an OAuth authorization code flow, only when the user asked for one) use the
 * system browser.
 */
export function openCliCore(io: CliIo): Promise<Core> {
  return openCore({ host: 'cli', environment: io.env, openBrowser: cliBrowserOpener(processBrowserContext(io.env)) });
}
