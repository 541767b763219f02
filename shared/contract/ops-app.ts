import type { Op, StreamOp } from './op';

export interface AppCapabilities {
  grpc: boolean;
  /** Secrets are encrypted by the OS keychain (Electron safeStorage) rather than a 0600 file. */
  osSecretStorage: boolean;
  /** The host can write files chosen by the user (save response, export). */
  fileSystem: boolean;
  /** MCP stdio servers may be started here (not in the browser host unless it was started with --allow-stdio). */
  stdio: boolean;
}

export interface AppInfo {
  name: string;
  version: string;
  host: 'electron' | 'web' | 'cli' | 'test';
  dataDir: string;
  capabilities: AppCapabilities;
}

export interface EchoStreamRequest {
  count: number;
  /** Delay between events, so cancellation can be exercised mid-stream. */
  intervalMs?: number;
  text?: string;
}

export interface AppOps {
  'app.info': Op<Record<string, never>, AppInfo>;
  /** Stops a running stream by requestId: aborts it in the core (local only, no remote call). */
  'stream.cancel': Op<{ requestId: string }, { cancelled: boolean }>;
}

export interface AppStreams {
  'debug.echoStream': StreamOp<EchoStreamRequest, { index: number; text: string }, { count: number; cancelled: boolean }>;
}

export const appOpNames = ['app.info', 'stream.cancel'] as const satisfies readonly (keyof AppOps)[];
export const appStreamNames = ['debug.echoStream'] as const satisfies readonly (keyof AppStreams)[];
