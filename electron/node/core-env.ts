import type { Connections } from './connections';
import type { DataDirLayout } from './data-dir';
import type { HistoryStore } from './history/history-store';
import type { SecretStore } from './secret-store';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Everything the core needs from its surroundings, injected so tests, CLI, browser host and Electron share it. */
export interface CoreEnv {
  host: 'electron' | 'web' | 'cli' | 'test';
  version: string;
  dataDir: DataDirLayout;
  secrets: SecretStore;
  /** Used for process environment lookups (`{env: NAME}` secret sources, spec --env values). */
  environment: Record<string, string | undefined>;
  now: () => number;
  logger: Logger;
  /** Keep-alive HTTP connections, gRPC sessions and the A2A protos' folder; closed with the core. */
  connections: Connections;
  /**
   * The history this core records into and reads; default: a store of its own on
   * `dataDir.historyDir` (closed with the core).
   */
  historyStore?: HistoryStore;
  /** The servergen template folder; default: next to the sources. */
  templateDir?: string;
  /**
   * May MCP stdio servers be started (a process on this machine)? Default: yes in the desktop app,
   * the CLI and tests; no in the browser host unless it was started with --allow-stdio.
   */
  allowStdio?: boolean;
  /**
   * Opens a URL in the system browser (the OAuth sign-in). Resolves false when it cannot; absent
   * in the browser host, whose page opens a new tab instead.
   */
  openBrowser?: (url: string) => Promise<boolean>;
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Whether MCP stdio servers may start here: CoreEnv.allowStdio, or by default everywhere but the browser host. */
export function stdioAllowed(env: Pick<CoreEnv, 'allowStdio' | 'host'>): boolean {
  return env.allowStdio ?? env.host !== 'web';
}
