import type { CoreEnv, Logger } from './core-env';
import { silentLogger } from './core-env';
import { ensureDataDir, resolveDataDir } from './data-dir';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { createHandlerTable } from './handlers/index';
import { LazyGroups } from './handlers/lazy-handlers';
import { createHistoryStore } from './history/history-store';
import { Connections } from './connections';
import { createFileSecretStore, type SecretStore } from './secret-store';

export interface Core {
  env: CoreEnv;
  dispatcher: Dispatcher;
  /** Closes its connections and writes what the history still holds in memory; call before the process quits. */
  close(): Promise<void>;
  /**
   * Loads the handler groups that load on first use (gRPC, the schema library, MCP, …) now: a long-running
   * host calls it once it is listening, so the first click does not wait for them. Never rejects.
   */
  warm(): Promise<void>;
}

export function createCore(env: CoreEnv): Core {
  const lazy = new LazyGroups();
  const history = env.historyStore ?? createHistoryStore(env.dataDir.historyDir);
  return {
    env,
    dispatcher: createDispatcher(createHandlerTable(env, history, lazy)),
    close: async () => {
      env.connections.close();
      await history.close();
    },
    warm: () => lazy.warm(),
  };
}

import { packageVersion } from './package-version';

export { packageVersion };

export interface OpenCoreOptions {
  host: CoreEnv['host'];
  /** Electron passes app.getVersion(); elsewhere package.json is read. */
  version?: string;
  dataDir?: string;
  secrets?: SecretStore;
  logger?: Logger;
  environment?: Record<string, string | undefined>;
  /** See CoreEnv.allowStdio. */
  allowStdio?: boolean;
  openBrowser?: CoreEnv['openBrowser'];
  /** The A2A protos' folder; default POWERDUCK_PROTO_DIR in `environment`, else next to the code. */
  protoDir?: string;
  /** The servergen template folder; default POWERDUCK_SERVERGEN_TEMPLATE_DIR in `environment`, else next to the code. */
  templateDir?: string;
}

/** Resolves the data dir, creates the default workspace on first run, and builds the core. */
export async function openCore(options: OpenCoreOptions): Promise<Core> {
  // The one place the core's surroundings are read: everything below receives them.
  const environment = options.environment ?? process.env;
  const dataDir = await ensureDataDir(options.dataDir ?? resolveDataDir(environment));
  const protoDir = options.protoDir ?? (environment['POWERDUCK_PROTO_DIR'] || undefined);
  const templateDir = options.templateDir ?? (environment['POWERDUCK_SERVERGEN_TEMPLATE_DIR'] || undefined);
  const historyStore = createHistoryStore(dataDir.historyDir);
  // Last resort for a process that exits without closing its core (an uncaught error, a process.exit):
  // the history entries still queued are written synchronously. Closing the core removes the hook.
  const onExit = (): void => historyStore.flushSync();
  process.once('exit', onExit);
  const core = createCore({
    host: options.host,
    version: options.version ?? packageVersion(),
    dataDir,
    secrets: options.secrets ?? createFileSecretStore(dataDir.secretsFile),
    environment,
    now: () => Date.now(),
    logger: options.logger ?? silentLogger,
    connections: new Connections(protoDir ? { protoDir } : {}),
    ...(templateDir ? { templateDir } : {}),
    ...(options.allowStdio !== undefined ? { allowStdio: options.allowStdio } : {}),
    ...(options.openBrowser ? { openBrowser: options.openBrowser } : {}),
    historyStore,
  });
  return {
    ...core,
    close: async () => {
      process.off('exit', onExit);
      await core.close();
    },
  };
}
