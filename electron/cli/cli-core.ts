import { openCore, type Core } from '../node/core';
import type { CliIo } from './cli-types';
import { cliBrowserOpener, processBrowserContext } from './system-browser';

/**
 * The core a CLI command works on, the same for every command: the data folder is POWERDUCK_HOME or
 * the platform's default (openCore reads it from the environment it is given), and sign-ins that
 * need a browser (an OAuth authorization code flow, only when the user asked for one) use the
 * system browser.
 */
export async function openCliCore(io: CliIo): Promise<Core> {
  const core = await openCore({ host: 'cli', environment: io.env, openBrowser: cliBrowserOpener(processBrowserContext(io.env)) });
  opened.add(core);
  return core;
}

/** The cores opened by this process's commands and not closed yet (the CLI's main closes them). */
const opened = new Set<Core>();

/**
 * Closes every core a command opened: history appends are batched, and the last batch is written
 * before the command returns. Never rejects (the command's answer is already out).
 */
export async function closeCliCores(): Promise<void> {
  const cores = [...opened];
  opened.clear();
  await Promise.all(cores.map((core) => core.close().catch(() => undefined)));
}
